import type { z } from 'zod';
import type { Db } from '../kernel/db';
import { selectPage, type Page } from '../kernel/pagination';
import { txFromRow, type TxRow } from './repo';
import type { listTransactionsQuery, Transaction, TxStatus } from './schema';

/** The explorer's filters: one search term plus status, type, currency and dates. */
export interface ExplorerFilter {
  q?: string | undefined;
  /** The identifier of the external account `q` names, if it names one (accounts are the accounts area's). */
  qAccountIdentifier?: string | undefined;
  status?: TxStatus[] | undefined;
  type?: 'INCOMING' | 'OUTGOING' | undefined;
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sortOrder: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** A transaction as the global search shows it. */
export interface TransactionSummary {
  id: string;
  type: 'INCOMING' | 'OUTGOING';
  status: TxStatus;
  reference: string | null;
  receiverIdentifier: string | null;
  customerId: string | null;
}

function page(db: Db, where: string[], params: unknown[], q: { limit: number; cursor?: string | undefined; sortOrder: 'asc' | 'desc' }): Page<Transaction> {
  return selectPage<TxRow, Transaction>(db, {
    select: 'SELECT * FROM transactions', from: 'FROM transactions', where, params, limit: q.limit, cursor: q.cursor,
    order: q.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: txFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
  });
}

/** The SQL of transaction lists (the API's list, the console's explorer and global search), prepared once where it is fixed. */
export function transactionListRepo(db: Db) {
  const search = db.prepare<{ q: string; limit: number }, TransactionSummary>(
    `SELECT id, type, status, reference, receiver_identifier AS receiverIdentifier, customer_id AS customerId FROM transactions
     WHERE id = @q OR quote_id = @q OR reference = upper(@q) OR receiver_identifier = @q OR sender_identifier = @q
     ORDER BY created_at DESC LIMIT @limit`,
  );
  return {
    /** The API's filtered, keyset-paged list in either order, with the total count of matches. */
    list(q: z.infer<typeof listTransactionsQuery>): Page<Transaction> {
      const where: string[] = [];
      const params: unknown[] = [];
      const eq = (col: string, v: string | undefined) => { if (v !== undefined) (where.push(`${col} = ?`), params.push(v)); };
      eq('customer_id', q.customerId);
      eq('platform_customer_id', q.platformCustomerId);
      eq('sender_identifier', q.senderAccountIdentifier);
      eq('receiver_identifier', q.receiverAccountIdentifier);
      eq('status', q.status);
      eq('type', q.type);
      eq('reference', q.reference);
      if (q.accountIdentifier) (where.push('(sender_identifier = ? OR receiver_identifier = ?)'), params.push(q.accountIdentifier, q.accountIdentifier));
      if (q.startDate) (where.push('created_at >= ?'), params.push(Date.parse(q.startDate)));
      if (q.endDate) (where.push('created_at <= ?'), params.push(Date.parse(q.endDate)));
      return page(db, where, params, q);
    },
    /** The console's explorer: whatever is pasted (an id, quote id, reference, customer, account or identifier) finds its transactions. */
    explore(f: ExplorerFilter): Page<Transaction> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.q) {
        // Each alternative is an equality on an indexed column, so the OR stays an index lookup.
        const byAccount = f.qAccountIdentifier === undefined ? '' : ' OR receiver_identifier = ? OR sender_identifier = ?';
        where.push(`(id = ? OR quote_id = ? OR reference = ? OR customer_id = ? OR platform_customer_id = ? OR sender_identifier = ? OR receiver_identifier = ?${byAccount})`);
        params.push(f.q, f.q, f.q.toUpperCase(), f.q, f.q, f.q, f.q);
        if (f.qAccountIdentifier !== undefined) params.push(f.qAccountIdentifier, f.qAccountIdentifier);
      }
      if (f.status?.length) (where.push(`status IN (${f.status.map(() => '?').join(', ')})`), params.push(...f.status));
      if (f.type) (where.push('type = ?'), params.push(f.type));
      if (f.currency) (where.push('(sending_currency = ? OR receiving_currency = ?)'), params.push(f.currency.toUpperCase(), f.currency.toUpperCase()));
      if (f.from) (where.push('created_at >= ?'), params.push(Date.parse(f.from)));
      if (f.to) (where.push('created_at <= ?'), params.push(Date.parse(f.to)));
      return page(db, where, params, f);
    },
    /** The newest transactions named by id, quote id, reference or either identifier (the global search). */
    search(q: string, limit: number): TransactionSummary[] {
      return search.all({ q, limit });
    },
  };
}
