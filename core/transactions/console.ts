import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../console/registry';
import { selectPage } from '../kernel/pagination';
import { entryFromRow, ENTRY_SELECT, type LedgerEntryRow } from '../ledger/repo';
import { findQuoteByTransaction, quoteFromRow } from '../quotes/repo';
import { txFromRow, type TxRow } from './repo';
import { TX_STATUSES, type Transaction } from './schema';
import type { TransactionService } from './service';

/** The explorer's query: one search box plus filters. */
export const explorerQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.array(z.enum(TX_STATUSES)).optional(),
  type: z.enum(['INCOMING', 'OUTGOING']).optional(),
  currency: z.string().min(3).max(5).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

/**
 * Console handlers for support staff: the transaction explorer (whatever they paste finds the
 * transaction: its id, its quote id, its reference, a customer id or platform id, an account id or
 * account number, a UMA address) and the whole story of one transaction.
 */
export function transactionHandlers(ctx: Ctx, transactions: TransactionService) {
  return {
    'transactions/search': handler(explorerQuery, (q) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.q) {
        // Each alternative is an equality on an indexed column, so the OR stays an index lookup.
        where.push(`(id = ? OR quote_id = ? OR reference = ? OR customer_id = ? OR platform_customer_id = ? OR sender_identifier = ? OR receiver_identifier = ?
          OR receiver_identifier IN (SELECT primary_identifier FROM external_accounts WHERE id = ?)
          OR sender_identifier IN (SELECT primary_identifier FROM external_accounts WHERE id = ?))`);
        params.push(q.q, q.q, q.q.toUpperCase(), q.q, q.q, q.q, q.q, q.q, q.q);
      }
      if (q.status?.length) (where.push(`status IN (${q.status.map(() => '?').join(', ')})`), params.push(...q.status));
      if (q.type) (where.push('type = ?'), params.push(q.type));
      if (q.currency) (where.push('(sending_currency = ? OR receiving_currency = ?)'), params.push(q.currency.toUpperCase(), q.currency.toUpperCase()));
      if (q.from) (where.push('created_at >= ?'), params.push(Date.parse(q.from)));
      if (q.to) (where.push('created_at <= ?'), params.push(Date.parse(q.to)));
      return selectPage<TxRow, Transaction>(ctx.db, {
        select: 'SELECT * FROM transactions', from: 'FROM transactions', where, params, limit: q.limit, cursor: q.cursor,
        order: q.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: txFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    }),
    'transactions/detail': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const transaction = transactions.get(id);
      const quoteRow = findQuoteByTransaction(ctx.db, id);
      const ids = [id, ...(quoteRow ? [quoteRow.id] : [])];
      const ledger = (ctx.db.prepare(`${ENTRY_SELECT} WHERE j.ref_id IN (${ids.map(() => '?').join(', ')}) ORDER BY e.seq`).all(...ids) as LedgerEntryRow[]).map(entryFromRow);
      const calls = ctx.db
        .prepare(`SELECT l.id, l.method, l.path, l.status, l.source, l.created_at FROM request_log l
                  WHERE l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id IN (${ids.map(() => '?').join(', ')})) ORDER BY l.seq`)
        .all(...ids) as { id: string; method: string; path: string; status: number; source: string; created_at: number }[];
      const events = ctx.db.prepare(`SELECT type, created_at FROM events WHERE resource_id IN (${ids.map(() => '?').join(', ')}) ORDER BY seq`).all(...ids) as { type: string; created_at: number }[];
      return {
        transaction,
        history: transactions.history(id),
        quote: quoteRow ? quoteFromRow(quoteRow) : null,
        scenario: transactions.row(id).scenario,
        ledger,
        apiCalls: calls.map((c) => ({ ...c, createdAt: new Date(c.created_at).toISOString() })),
        events: events.map((e) => ({ type: e.type, createdAt: new Date(e.created_at).toISOString() })),
      };
    }),
  };
}
