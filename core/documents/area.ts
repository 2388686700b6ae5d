import { defineArea } from '../area';
import { documentContract, documentRoutes } from './routes';
import { documentHandlers } from './console';

/** Documents: their routes and console handlers. */
export const documentsArea = defineArea({
  name: 'documents',
  contract: documentContract,
  routes: ({ services: s }) => [documentRoutes(s.documents)],
  handlers: ({ services: s }) => documentHandlers(s.documents),
});
