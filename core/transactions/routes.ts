import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { listTransactionsQuery, transactionPageSchema, transactionSchema } from './schema';
import type { TransactionService } from './service';

const TAG = 'Transactions';

/** `GET /transactions` and `GET /transactions/{transactionId}`, declared once. */
export const transactionContract = {
  listTransactions: defineRoute({
    method: 'get', path: '/transactions', tag: TAG, permission: 'VIEW',
    summary: 'Lists incoming and outgoing transactions, newest first unless sortOrder=asc',
    description: 'Filters combine with AND. totalCount counts every match across pages; pass nextCursor as cursor for the next page.',
    query: listTransactionsQuery,
    responses: { 200: { description: 'A page of transactions', schema: transactionPageSchema } },
  }),
  getTransactionById: defineRoute({
    method: 'get', path: '/transactions/{transactionId}', tag: TAG, permission: 'VIEW',
    summary: 'One transaction with its status, amounts, failure reason and refund',
    params: z.object({ transactionId: idParam('The transaction id', 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    responses: { 200: { description: 'The transaction', schema: transactionSchema } },
    errors: { 404: 'TRANSACTION_NOT_FOUND' },
  }),
};

/** Serves the transaction routes. */
export function transactionRoutes(transactions: TransactionService) {
  return implement(transactionContract, {
    listTransactions: ({ query }) => reply(200, transactions.list(query)),
    getTransactionById: ({ params }) => reply(200, transactions.get(params.transactionId)),
  });
}
