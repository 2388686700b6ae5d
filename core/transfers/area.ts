import { defineArea } from '../area';
import { transferContract, transferRoutes } from './routes';
import { transferHandlers } from './console';

/** Transfers between accounts: their routes and console handlers. */
export const transfersArea = defineArea({
  name: 'transfers',
  contract: transferContract,
  routes: ({ services: s }) => [transferRoutes(s.transfers)],
  handlers: ({ services: s }) => transferHandlers(s.internal, s.external),
});
