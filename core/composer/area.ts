import { defineArea } from '../area';
import { composerHandlers } from './console';

/** The request composer's saved requests: their console handlers. */
export const composerArea = defineArea({
  name: 'composer',
  handlers: ({ services: s }) => composerHandlers(s.ctx),
});
