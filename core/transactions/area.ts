import { defineArea } from '../area';
import type { Services } from '../services';
import { transactionContract, transactionRoutes } from './routes';
import { transactionHandlers } from './console';

/** Transactions: their routes and console handlers. */
export const transactionsArea = defineArea({
  name: 'transactions',
  contract: transactionContract,
  routes: ({ services: s }) => [
    // Agents' payments and incoming payments both wait for the platform on the same two routes.
    transactionRoutes(s.transactions, {
      approve: (id) => s.agentActions.approveTransaction(id, s.webhooks.approvals),
      reject: (id, reason) => s.agentActions.rejectTransaction(id, reason, s.webhooks.approvals),
    }, s.runner),
  ],
  handlers: ({ services: s }) => transactionHandlers(s.transactions, (id) => s.external.identifierOf(id), (q) => customersNamed(s, q)),
});

/** The customers a search term names (by name, contact or id), for the explorer's "customer name" search. */
function customersNamed(s: Services, q: string): string[] {
  return q.length >= 2 ? s.customers.search(q, 50).map((c) => c.id) : [];
}
