import { defineArea } from '../area';
import { accountContract, accountRoutes } from './routes';
import { accountHandlers } from './console';

/** Internal and external accounts: their routes and console handlers. */
export const accountsArea = defineArea({
  name: 'accounts',
  contract: accountContract,
  routes: ({ services: s }) => [accountRoutes(s.internal, s.external)],
  handlers: ({ services: s }) => accountHandlers(s.internal, s.external, s.ledger),
});
