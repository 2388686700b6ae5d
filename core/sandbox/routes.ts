import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody } from '../api/validate';
import { json } from '../api/app';
import { fundSchema } from '../accounts/schema';
import type { InternalAccountService } from '../accounts/internal-service';
import { advanceSchema, sandboxSendSchema, umaReceiveSchema } from './schema';
import type { QuoteService } from '../quotes/service';
import type { TransactionService } from '../transactions/service';
import type { IncomingPaymentSimulator } from './incoming';
import type { ClockService } from './service';

/** Sandbox endpoints: account funding, real-time quote payment, incoming UMA payments and the test clock. */
export function sandboxRoutes(clock: ClockService, internal: InternalAccountService, quotes: QuoteService, transactions: TransactionService, incoming: IncomingPaymentSimulator) {
  return (app: ApiApp) => {
    app.post('/sandbox/send', async (c) => {
      requirePermission(c, 'TRANSACT');
      const body = await jsonBody(c, sandboxSendSchema);
      const quote = quotes.fundRealtime(body.quoteId, body.currencyCode, body.currencyAmount);
      return json(transactions.get(quote.transactionId));
    });
    app.post('/sandbox/uma/receive', async (c) => {
      requirePermission(c, 'TRANSACT');
      return json(incoming.receive(await jsonBody(c, umaReceiveSchema)));
    });
    app.post('/sandbox/internal-accounts/:accountId/fund', async (c) => {
      requirePermission(c, 'TRANSACT');
      const body = await jsonBody(c, fundSchema);
      return json(internal.fund(c.req.param('accountId'), body.amount));
    });
    app.get('/sandbox/clock', (c) => {
      requirePermission(c, 'VIEW');
      return json(clock.state());
    });
    app.post('/sandbox/clock/advance', async (c) => {
      requirePermission(c, 'MANAGE');
      return json(clock.advance((await jsonBody(c, advanceSchema)).seconds));
    });
    app.post('/sandbox/clock/freeze', (c) => {
      requirePermission(c, 'MANAGE');
      return json(clock.freeze());
    });
    app.post('/sandbox/clock/resume', (c) => {
      requirePermission(c, 'MANAGE');
      return json(clock.resume());
    });
  };
}
