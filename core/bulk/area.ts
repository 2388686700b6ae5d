import { defineArea } from '../area';
import { bulkContract, bulkRoutes } from './routes';
import { bulkHandlers } from './console';

/** Bulk customer imports: their routes and console handlers. */
export const bulkArea = defineArea({
  name: 'bulk',
  contract: bulkContract,
  routes: ({ services: s }) => [bulkRoutes(s.bulkImports)],
  handlers: ({ services: s }) => bulkHandlers(s.bulkImports),
});
