import type { z } from 'zod';
import type { Db } from '../kernel/db';
import { selectPage, type Page } from '../kernel/pagination';
import { txFromRow, type TxRow } from './repo';
import type { LISTED_TX_STATUSES, listTransactionsQuery, Transaction } from './schema';
import { tableGeneration } from '../kernel/write-generation';
import { amountSql, type AmountRange } from './search-match';

/** The explorer's filters: one search term plus status, type, currency and dates. */
export interface ExplorerFilter {
  q?: string | undefined;
  /** The identifier of the external account `q` names, if it names one (accounts are the accounts area's). */
  qAccountIdentifier?: string | undefined;
  /** Customers whose name `q` matches (customers are the customers area's). */
  qCustomerIds?: string[] | undefined;
  status?: (typeof LISTED_TX_STATUSES)[number][] | undefined;
  type?: 'INCOMING' | 'OUTGOING' | 'CARD' | undefined;
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Amount ranges in minor units (search-match.ts): the sent or received amount falls in one of them. */
  amounts?: AmountRange[] | undefined;
  sortOrder: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** A transaction as the global search shows it. */
export interface TransactionSummary {
  id: string;
  type: 'INCOMING' | 'OUTGOING' | 'CARD';
  status: (typeof LISTED_TX_STATUSES)[number];
  reference: string | null;
  receiverIdentifier: string | null;
  customerId: string | null;
  description: string | null;
}

/** Amounts in minor units that a typed amount may mean (`250`, `250.00`, `1,234.56 USD`), for 0, 2, 6 and 8 decimals. */
export function amountCandidates(q: string): number[] {
  const m = /^\s*(?:[A-Z]{3,4}\s*)?([\d][\d,  ]*)(?:[.](\d{1,8}))?\s*(?:[A-Z]{3,4})?\s*$/i.exec(q);
  if (!m) return [];
  const whole = m[1]!.replace(/[,  ]/g, '');
  const fraction = m[2] ?? '';
  if (whole.length > 15) return [];
  const out = new Set<number>();
  for (const d of [0, 2, 6, 8]) {
    if (fraction.length > d) continue;
    const minor = Number(whole + fraction.padEnd(d, '0'));
    if (Number.isSafeInteger(minor) && minor > 0) out.add(minor);
  }
  return [...out];
}

/**
 * What one search term matches: ids, references and identifiers exactly (indexed equalities), words of
 * the description (the trigram index, from three characters), the amounts it may mean, and the
 * customers whose names it matched.
 */
function termClause(q: string, customerIds: string[] = [], accountIdentifier?: string): { sql: string; params: unknown[] } {
  const parts = ['id = ?', 'quote_id = ?', 'reference = ?', 'customer_id = ?', 'platform_customer_id = ?', 'sender_identifier = ?', 'receiver_identifier = ?'];
  const params: unknown[] = [q, q, q.toUpperCase(), q, q, q, q];
  if (accountIdentifier !== undefined) (parts.push('receiver_identifier = ?', 'sender_identifier = ?'), params.push(accountIdentifier, accountIdentifier));
  if (q.length >= 3) (parts.push('rowid IN (SELECT rowid FROM transactions_text WHERE transactions_text MATCH ?)'), params.push(`"${q.replace(/"/g, '""')}"`));
  const amounts = amountCandidates(q);
  if (amounts.length) {
    const list = amounts.map(() => '?').join(', ');
    parts.push(`sent_amount IN (${list})`, `received_amount IN (${list})`);
    params.push(...amounts, ...amounts);
  }
  if (customerIds.length) (parts.push(`customer_id IN (${customerIds.map(() => '?').join(', ')})`), params.push(...customerIds));
  return { sql: `(${parts.join(' OR ')})`, params };
}

/** How many distinct filters keep their total between writes. */
const CACHED_TOTALS = 64;

/**
 * Totals of the lists, kept while the table is unchanged: paging through a filter of hundreds of
 * thousands of rows counted them all again for every page. Never inside a transaction, whose
 * uncommitted rows a rollback may take back.
 */
function countCache(db: Db): (sql: string, params: unknown[]) => number {
  const generation = tableGeneration(db, 'transactions');
  const totals = new Map<string, { at: number; n: number }>();
  return (sql, params) => {
    const count = () => (db.prepare(sql).get(...params) as { n: number }).n;
    if (db.inTransaction) return count();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const hit = totals.get(key);
    if (hit && hit.at === generation.n) return hit.n;
    const n = count();
    totals.delete(key);
    totals.set(key, { at: generation.n, n });
    if (totals.size > CACHED_TOTALS) totals.delete(totals.keys().next().value!);
    return n;
  };
}

/**
 * Adds the API's status filter, matching the status answers carry: an outgoing payment stored REJECTED or
 * REFUNDED is answered FAILED (repo.ts, outgoingStatus), so FAILED finds it and REJECTED/REFUNDED do not.
 * Returns the status when the clause is a plain equality (the kept totals can count it), else undefined.
 */
function statusFilter(where: string[], params: unknown[], status: string | undefined): string | undefined {
  if (status === undefined) return undefined;
  if (status === 'FAILED') {
    where.push(`(status = 'FAILED' OR (type = 'OUTGOING' AND status IN ('REJECTED', 'REFUNDED')))`);
    return undefined;
  }
  if (status === 'REJECTED' || status === 'REFUNDED') {
    where.push(`(status = ? AND type = 'INCOMING')`);
    params.push(status);
    return undefined;
  }
  where.push('status = ?');
  params.push(status);
  return status;
}

/**
 * The total of a filter on status and type alone (or on nothing), summed from the counts the triggers
 * keep (migration 023) instead of counting the index range; callers use it for no other filter.
 */
function keptTotal(db: Db, statuses: readonly string[] | undefined, type: string | undefined): () => number {
  const where: string[] = [];
  const params: string[] = [];
  if (statuses?.length) (where.push(`status IN (${statuses.map(() => '?').join(', ')})`), params.push(...statuses));
  if (type !== undefined) (where.push('type = ?'), params.push(type));
  const sql = `SELECT coalesce(sum(n), 0) AS n FROM transaction_counts${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return () => (db.prepare(sql).get(...params) as { n: number }).n;
}

function page(db: Db, where: string[], params: unknown[], q: { limit: number; cursor?: string | undefined; sortOrder: 'asc' | 'desc' }, count: (sql: string, params: unknown[]) => number): Page<Transaction> {
  return selectPage<TxRow, Transaction>(db, {
    count,
    select: 'SELECT * FROM transactions', from: 'FROM transactions', where, params, limit: q.limit, cursor: q.cursor,
    order: q.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: txFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
  });
}

/** The SQL of transaction lists (the API's list, the console's explorer and global search), prepared once where it is fixed. */
/** The identifier of the external account each account filter names, when its value is an ExternalAccount id. */
export type NamedIdentifiers = Partial<Record<'senderAccountIdentifier' | 'receiverAccountIdentifier' | 'accountIdentifier', string>>;

export function transactionListRepo(db: Db) {
  const count = countCache(db);
  /**
   * The kept total when `where` filters on status and type alone (or on nothing), else a counted one. Why
   * the length test: each filter adds exactly one clause, so clauses beyond the status and type ones mean
   * a filter the kept counts cannot answer.
   */
  const totalOf = (where: string[], statuses: readonly string[] | undefined, type: string | undefined) =>
    where.length === (statuses?.length ? 1 : 0) + (type ? 1 : 0) ? keptTotal(db, statuses, type || undefined) : count;
  return {
    /** The API's filtered, keyset-paged list in either order, with the total count of matches. */
    list(q: z.infer<typeof listTransactionsQuery>, named: NamedIdentifiers = {}): Page<Transaction> {
      const where: string[] = [];
      const params: unknown[] = [];
      const eq = (col: string, v: string | undefined) => { if (v !== undefined) (where.push(`${col} = ?`), params.push(v)); };
      eq('customer_id', q.customerId);
      eq('platform_customer_id', q.platformCustomerId);
      // Payments record an external account by its identifier (account number, IBAN, address), so an
      // ExternalAccount id also names that identifier: `named` carries it, resolved by the accounts area.
      const by = (cols: string[], v: string | undefined, identifier: string | undefined) => {
        if (v === undefined) return;
        where.push(`(${cols.map((col) => `(${col} = ? OR ${col} = ?)`).join(' OR ')})`);
        for (const _ of cols) params.push(v, identifier ?? null); // `= NULL` matches nothing, as an unknown id did
      };
      by(['sender_identifier'], q.senderAccountIdentifier, named.senderAccountIdentifier);
      by(['receiver_identifier'], q.receiverAccountIdentifier, named.receiverAccountIdentifier);
      const plainStatus = statusFilter(where, params, q.status);
      eq('type', q.type);
      eq('reference', q.reference);
      by(['sender_identifier', 'receiver_identifier'], q.accountIdentifier || undefined, named.accountIdentifier);
      if (q.startDate) (where.push('created_at >= ?'), params.push(Date.parse(q.startDate)));
      if (q.endDate) (where.push('created_at <= ?'), params.push(Date.parse(q.endDate)));
      return page(db, where, params, q, totalOf(where, plainStatus ? [plainStatus] : undefined, q.type));
    },
    /** The console's explorer: whatever is pasted (an id, quote id, reference, customer, account or identifier) finds its transactions. */
    explore(f: ExplorerFilter): Page<Transaction> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.q) {
        // Each alternative is an indexed lookup (equality, IN, or the full-text index), so the OR stays fast.
        const term = termClause(f.q, f.qCustomerIds, f.qAccountIdentifier);
        where.push(term.sql);
        params.push(...term.params);
      }
      if (f.status?.length) (where.push(`status IN (${f.status.map(() => '?').join(', ')})`), params.push(...f.status));
      if (f.type) (where.push('type = ?'), params.push(f.type));
      if (f.currency) (where.push('(sending_currency = ? OR receiving_currency = ?)'), params.push(f.currency.toUpperCase(), f.currency.toUpperCase()));
      if (f.from) (where.push('created_at >= ?'), params.push(Date.parse(f.from)));
      if (f.to) (where.push('created_at <= ?'), params.push(Date.parse(f.to)));
      if (f.amounts?.length) {
        const a = amountSql([{ amount: 'sent_amount', currency: 'sending_currency' }, { amount: 'received_amount', currency: 'receiving_currency' }], f.amounts);
        where.push(a.where);
        params.push(...a.whereParams);
      }
      return page(db, where, params, f, totalOf(where, f.status, f.type));
    },
    /** The newest transactions the term names (id, quote id, reference, identifier, description words, amount, customer): the global search. */
    search(q: string, limit: number, customerIds: string[] = []): TransactionSummary[] {
      const term = termClause(q, customerIds);
      return db.prepare<unknown[], TransactionSummary>(
        `SELECT id, type, status, reference, receiver_identifier AS receiverIdentifier, customer_id AS customerId, description FROM transactions
         WHERE ${term.sql} ORDER BY created_at DESC LIMIT ?`,
      ).all(...term.params, limit);
    },
  };
}
