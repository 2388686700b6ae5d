import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { queryOf } from '../api/validate';
import { json } from '../api/app';
import { listTransactionsQuery } from './schema';
import type { TransactionService } from './service';

/** `GET /transactions` and `GET /transactions/{transactionId}`. */
export function transactionRoutes(transactions: TransactionService) {
  return (app: ApiApp) => {
    app.get('/transactions', (c) => {
      requirePermission(c, 'VIEW');
      return json(transactions.list(queryOf(c, listTransactionsQuery)));
    });
    app.get('/transactions/:transactionId', (c) => {
      requirePermission(c, 'VIEW');
      return json(transactions.get(c.req.param('transactionId')));
    });
  };
}
