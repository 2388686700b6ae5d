import { defineArea } from '../area';
import { sandboxContract, sandboxRoutes } from './routes';

/** The sandbox's payment simulators and its test clock: their routes. */
export const sandboxArea = defineArea({
  name: 'sandbox',
  contract: sandboxContract,
  routes: ({ services: s }) => [sandboxRoutes(s.clock, s.internal, s.quotes, s.transactions, s.incoming)],
});
