import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../api/console-handler';
import type { LedgerService } from '../ledger/service';
import type { QuoteService } from '../quotes/service';
import type { TransactionService } from '../transactions/service';

/** What the story of one transaction is read from. */
export interface TransactionDetailDeps {
  ctx: Ctx;
  transactions: TransactionService;
  quotes: QuoteService;
  ledger: LedgerService;
}

/**
 * The whole story of one transaction, for support staff: its history and scenario, the quote it came
 * from, its ledger entries, and the API calls and events that named it or its quote. It spans areas
 * (and the kernel's logs), so it lives here rather than in the transactions area.
 */
export function transactionDetailHandlers(d: TransactionDetailDeps) {
  return {
    'transactions/detail': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const { transaction, scenario } = d.transactions.record(id);
      const quote = d.quotes.ofTransaction(id);
      const ids = [id, ...(quote ? [quote.id] : [])];
      return {
        transaction,
        history: d.transactions.history(id),
        quote: quote ?? null,
        scenario,
        ledger: d.ledger.entriesFor(ids),
        apiCalls: d.ctx.requestLog.read.touching(ids),
        events: d.ctx.events.about(ids),
      };
    }),
  };
}
