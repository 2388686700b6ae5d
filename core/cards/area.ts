import { defineArea } from '../area';
import { cardContract, cardRoutes } from './routes';
import { cardHandlers } from './console';

/** Cards and card transactions: their routes and console handlers. */
export const cardsArea = defineArea({
  name: 'cards',
  contract: cardContract,
  routes: ({ services: s }) => [cardRoutes(s)],
  handlers: ({ services: s }) => cardHandlers(s.cards, s.cardTransactions, s.customers, s.internal),
});
