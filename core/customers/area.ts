import { mergeContracts } from '../api/contract';
import { defineArea } from '../area';
import { customerContract, customerRoutes } from './routes';
import { endUserTermsContract, endUserTermsRoutes } from './end-user-terms';
import { customerHandlers } from './console';

/** Customers and the end-user terms: their routes (in the order core/areas.ts explains) and console handlers. */
export const customersArea = defineArea({
  name: 'customers',
  contract: mergeContracts(endUserTermsContract, customerContract),
  routes: ({ services: s }) => [endUserTermsRoutes(s.hostOrigins), customerRoutes(s.customers, s.walletActions)],
  handlers: ({ services: s }) => customerHandlers(s.customers, s.internal, s.external),
});
