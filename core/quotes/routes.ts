import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody } from '../api/validate';
import { json } from '../api/app';
import { createQuoteSchema, executeQuoteSchema } from './schema';
import type { QuoteService } from './service';

/** `POST /quotes`, `GET /quotes/{quoteId}`, `POST /quotes/{quoteId}/execute`. */
export function quoteRoutes(quotes: QuoteService) {
  return (app: ApiApp) => {
    app.post('/quotes', async (c) => {
      requirePermission(c, 'TRANSACT');
      return json(quotes.create(await jsonBody(c, createQuoteSchema)), 201);
    });
    app.get('/quotes/:quoteId', (c) => {
      requirePermission(c, 'VIEW');
      return json(quotes.get(c.req.param('quoteId')));
    });
    app.post('/quotes/:quoteId/execute', async (c) => {
      requirePermission(c, 'TRANSACT');
      await jsonBody(c, executeQuoteSchema);
      return json(quotes.execute(c.req.param('quoteId'), c.req.header('Svc-Wallet-Signature')));
    });
  };
}
