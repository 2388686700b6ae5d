import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../api/console-handler';
import type { LedgerService } from '../ledger/service';
import type { QuoteService } from '../quotes/service';
import type { TransactionService } from '../transactions/service';
import { describeJob } from '../workspaces/jobs';

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
 *
 * `scheduled` is what the workspace clock will still do to it (the sandbox's settlement steps, due at
 * their workspace instants), and `expectedArrivalAt` the instant its pending completion is due: the
 * console's own answer, since the public Transaction has no expected time (and upstream gives none).
 */
export function transactionDetailHandlers(d: TransactionDetailDeps) {
  return {
    'transactions/detail': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const { transaction, scenario } = d.transactions.record(id);
      const quote = d.quotes.ofTransaction(id);
      const ids = [id, ...(quote ? [quote.id] : [])];
      const now = d.ctx.clock.nowMs();
      const jobs = d.ctx.scheduler.pendingFor(id);
      const completion = jobs.find((j) => j.kind === 'payment.step' && (j.payload['step'] as { kind?: string } | undefined)?.kind === 'COMPLETE');
      return {
        transaction,
        history: d.transactions.history(id),
        quote: quote ?? null,
        scenario,
        scheduled: jobs.map((j) => describeJob(j, now)),
        expectedArrivalAt: completion ? new Date(completion.dueAt).toISOString() : null,
        ledger: d.ledger.entriesFor(ids),
        apiCalls: d.ctx.requestLog.read.touching(ids),
        events: d.ctx.events.about(ids),
      };
    }),
  };
}
