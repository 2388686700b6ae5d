import { defineArea } from '../area';
import { quoteContract, quoteRoutes } from './routes';
import { quoteHandlers } from './console';

/** Quotes: their routes and console handlers. */
export const quotesArea = defineArea({
  name: 'quotes',
  contract: quoteContract,
  routes: ({ services: s }) => [quoteRoutes(s.quotes)],
  handlers: ({ services: s }) => quoteHandlers(s.quotes, s.internal, s.external, s.customers),
});
