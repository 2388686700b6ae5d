import type { z } from 'zod';
import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { currencyAmount } from '../kernel/money';
import { selectPage, type Page } from '../kernel/pagination';
import type { CardMerchant, CardTransaction, CardTxStatus } from '../transactions/card-schema';
import { amountCandidates, type ExplorerFilter, type TransactionSummary } from '../transactions/sources';
import { amountAndDaysSql, amountSql, type TxMatch } from '../transactions/search-match';
import type { listTransactionsQuery } from '../transactions/schema';

/** A stored card transaction with its running amounts (all in minor units of `currency`). */
export interface CardTxRecord {
  id: string;
  cardId: string;
  status: CardTxStatus;
  /** DEBIT spends from the funding account; CREDIT pays into it (a merchant credit, a payout to the card). */
  direction: 'DEBIT' | 'CREDIT';
  customerId: string;
  platformCustomerId: string;
  accountId: string;
  currency: string;
  merchant: CardMerchant;
  issuerToken: string;
  authorized: number;
  /** Pulled from the funding account and not yet settled or released (the hold). */
  held: number;
  settled: number;
  settlementCount: number;
  refunded: number;
  refundCount: number;
  pullCount: number;
  /** Confirmed pulls. */
  pullAmount: number;
  pullPendingCount: number;
  pullPendingAmount: number;
  lastEventAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What happened to a card transaction, one line of its reconciliation timeline. */
export type CardTxEventKind = 'AUTHORIZATION' | 'PULL' | 'CLEARING' | 'EXPIRY' | 'REFUND' | 'RETURN_REVERSAL' | 'AUTHORIZATION_ADVICE';
/** A pull's outcome, or DONE for events that have none. */
export type CardTxEventOutcome = 'DONE' | 'PENDING' | 'CONFIRMED' | 'FAILED';

/** One stored event of a card transaction. */
export interface CardTxEvent {
  seq: number;
  kind: CardTxEventKind;
  outcome: CardTxEventOutcome;
  amount: number;
  statusAfter: CardTxStatus;
  note: string | null;
  at: string;
  resolvedAt: string | null;
}

interface CardTxRow {
  id: string; card_id: string; status: CardTxStatus; direction: 'DEBIT' | 'CREDIT'; customer_id: string; platform_customer_id: string; account_id: string;
  currency: string; merchant: string; descriptor: string; issuer_token: string; authorized_amount: number; held_amount: number;
  settled_amount: number; settlement_count: number; refunded_amount: number; refund_count: number; pull_count: number;
  pull_amount: number; pull_pending_count: number; pull_pending_amount: number; last_event_at: number | null;
  created_at: number; updated_at: number;
}

function recordOf(r: CardTxRow): CardTxRecord {
  return {
    id: r.id, cardId: r.card_id, status: r.status, direction: r.direction, customerId: r.customer_id, platformCustomerId: r.platform_customer_id,
    accountId: r.account_id, currency: r.currency, merchant: JSON.parse(r.merchant) as CardMerchant, issuerToken: r.issuer_token,
    authorized: r.authorized_amount, held: r.held_amount, settled: r.settled_amount, settlementCount: r.settlement_count,
    refunded: r.refunded_amount, refundCount: r.refund_count, pullCount: r.pull_count, pullAmount: r.pull_amount,
    pullPendingCount: r.pull_pending_count, pullPendingAmount: r.pull_pending_amount, lastEventAt: r.last_event_at,
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

function rowOf(c: CardTxRecord): CardTxRow {
  return {
    id: c.id, card_id: c.cardId, status: c.status, direction: c.direction, customer_id: c.customerId, platform_customer_id: c.platformCustomerId,
    account_id: c.accountId, currency: c.currency, merchant: JSON.stringify(c.merchant), descriptor: c.merchant.descriptor,
    issuer_token: c.issuerToken, authorized_amount: c.authorized, held_amount: c.held, settled_amount: c.settled,
    settlement_count: c.settlementCount, refunded_amount: c.refunded, refund_count: c.refundCount, pull_count: c.pullCount,
    pull_amount: c.pullAmount, pull_pending_count: c.pullPendingCount, pull_pending_amount: c.pullPendingAmount,
    last_event_at: c.lastEventAt, created_at: c.createdAt, updated_at: c.updatedAt,
  };
}

/** The API resource of a stored card transaction; the summaries are always present, zero when nothing happened. */
export function cardTxOf(c: CardTxRecord): CardTransaction {
  const tx: CardTransaction = {
    type: 'CARD', id: c.id, customerId: c.customerId, platformCustomerId: c.platformCustomerId, status: c.status, direction: c.direction,
    merchant: c.merchant, authorizedAmount: currencyAmount(c.authorized, c.currency), accountId: c.accountId,
    authorizedAt: isoOf(c.createdAt), createdAt: isoOf(c.createdAt), updatedAt: isoOf(c.updatedAt), cardId: c.cardId,
    issuerTransactionToken: c.issuerToken,
    settledAmount: currencyAmount(c.settled, c.currency), refundedAmount: currencyAmount(c.refunded, c.currency),
    pullSummary: { count: c.pullCount, totalAmount: c.pullAmount, pendingCount: c.pullPendingCount },
    settlementSummary: { count: c.settlementCount, totalAmount: c.settled },
    refundSummary: { count: c.refundCount, totalAmount: c.refunded },
  };
  if (c.lastEventAt !== null) tx.lastEventAt = isoOf(c.lastEventAt);
  return tx;
}

const CARD_STATUSES = new Set<string>(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']);
const EMPTY: Page<CardTransaction> = { data: [], hasMore: false, totalCount: 0 };

/** The SQL of card transactions and their events, prepared once over a workspace's database. */
export function cardTransactionRepo(db: Db) {
  const cols = 'id, card_id, status, direction, customer_id, platform_customer_id, account_id, currency, merchant, descriptor, issuer_token, authorized_amount, held_amount, settled_amount, settlement_count, refunded_amount, refund_count, pull_count, pull_amount, pull_pending_count, pull_pending_amount, last_event_at, created_at, updated_at';
  const insert = db.prepare(`INSERT INTO card_transactions (${cols}) VALUES (${cols.split(', ').map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(`UPDATE card_transactions SET ${cols.split(', ').filter((c) => c !== 'id').map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const byId = db.prepare<[string], CardTxRow>('SELECT * FROM card_transactions WHERE id = ?');
  const addEvent = db.prepare('INSERT INTO card_transaction_events (card_transaction_id, kind, outcome, amount, status_after, note, at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const resolve = db.prepare('UPDATE card_transaction_events SET outcome = ?, resolved_at = ? WHERE seq = ?');
  const events = db.prepare<[string], { seq: number; kind: CardTxEventKind; outcome: CardTxEventOutcome; amount: number; status_after: CardTxStatus; note: string | null; at: number; resolved_at: number | null }>(
    'SELECT seq, kind, outcome, amount, status_after, note, at, resolved_at FROM card_transaction_events WHERE card_transaction_id = ? ORDER BY seq',
  );
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM card_transactions');

  const page = (where: string[], params: unknown[], q: { limit: number; cursor?: string | undefined; sortOrder: 'asc' | 'desc' }) =>
    selectPage<CardTxRow, CardTransaction>(db, {
      select: 'SELECT * FROM card_transactions', from: 'FROM card_transactions', where, params, limit: q.limit, cursor: q.cursor,
      order: q.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: (r) => cardTxOf(recordOf(r)), position: (r) => ({ k: r.created_at, id: r.id }),
    });

  // What one search term matches: ids and customers exactly, the merchant's name as a substring, the amounts it may mean.
  const term = (q: string, customerIds: string[] = []) => {
    const parts = ['id = ?', 'card_id = ?', 'customer_id = ?', 'platform_customer_id = ?', 'account_id = ?', 'issuer_token = ?'];
    const params: unknown[] = [q, q, q, q, q, q];
    if (q.length >= 3) (parts.push("descriptor LIKE ? ESCAPE '\\'"), params.push(`%${q.replace(/[%_\\]/g, '\\$&')}%`));
    const amounts = amountCandidates(q);
    if (amounts.length) {
      const list = amounts.map(() => '?').join(', ');
      parts.push(`authorized_amount IN (${list})`, `settled_amount IN (${list})`);
      params.push(...amounts, ...amounts);
    }
    if (customerIds.length) (parts.push(`customer_id IN (${customerIds.map(() => '?').join(', ')})`), params.push(...customerIds));
    return { sql: `(${parts.join(' OR ')})`, params };
  };

  return {
    /** Stores a new card transaction. */
    insert(c: CardTxRecord): void {
      insert.run(rowOf(c));
    },
    /** Writes a card transaction's status and running amounts. */
    save(c: CardTxRecord): void {
      update.run(rowOf(c));
    },
    /** One card transaction by id. */
    find(id: string): CardTxRecord | undefined {
      const r = byId.get(id);
      return r && recordOf(r);
    },
    /** Appends an event to a card transaction's timeline; returns its sequence number. */
    addEvent(id: string, e: { kind: CardTxEventKind; outcome: CardTxEventOutcome; amount: number; statusAfter: CardTxStatus; note?: string | null }, atMs: number): number {
      return Number(addEvent.run(id, e.kind, e.outcome, e.amount, e.statusAfter, e.note ?? null, atMs).lastInsertRowid);
    },
    /** Records the outcome of a pending pull. */
    resolveEvent(seq: number, outcome: CardTxEventOutcome, atMs: number): void {
      resolve.run(outcome, atMs, seq);
    },
    /** The timeline of a card transaction, oldest first. */
    events(id: string): CardTxEvent[] {
      return events.all(id).map((r) => ({
        seq: r.seq, kind: r.kind, outcome: r.outcome, amount: r.amount, statusAfter: r.status_after, note: r.note,
        at: isoOf(r.at), resolvedAt: r.resolved_at === null ? null : isoOf(r.resolved_at),
      }));
    },
    /** The API list's filters applied to card transactions (a filter they cannot match gives an empty page). */
    list(q: z.infer<typeof listTransactionsQuery>): Page<CardTransaction> {
      if ((q.type && q.type !== 'CARD') || (q.status && !CARD_STATUSES.has(q.status))) return EMPTY;
      const where: string[] = [];
      const params: unknown[] = [];
      const eq = (col: string, v: string | undefined) => { if (v !== undefined) (where.push(`${col} = ?`), params.push(v)); };
      eq('customer_id', q.customerId);
      eq('platform_customer_id', q.platformCustomerId);
      eq('account_id', q.senderAccountIdentifier);
      eq('descriptor', q.receiverAccountIdentifier);
      eq('status', q.status);
      eq('issuer_token', q.reference);
      if (q.accountIdentifier) (where.push('(account_id = ? OR card_id = ? OR descriptor = ?)'), params.push(q.accountIdentifier, q.accountIdentifier, q.accountIdentifier));
      if (q.startDate) (where.push('created_at >= ?'), params.push(Date.parse(q.startDate)));
      if (q.endDate) (where.push('created_at <= ?'), params.push(Date.parse(q.endDate)));
      return page(where, params, q);
    },
    /** The console explorer's filters applied to card transactions. */
    explore(f: ExplorerFilter): Page<CardTransaction> {
      const statuses = f.status?.filter((s) => CARD_STATUSES.has(s));
      if ((f.type && f.type !== 'CARD') || (f.status?.length && !statuses?.length)) return EMPTY;
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.q) {
        const t = term(f.q, f.qCustomerIds);
        where.push(t.sql);
        params.push(...t.params);
      }
      if (statuses?.length) (where.push(`status IN (${statuses.map(() => '?').join(', ')})`), params.push(...statuses));
      if (f.currency) (where.push('currency = ?'), params.push(f.currency.toUpperCase()));
      if (f.from) (where.push('created_at >= ?'), params.push(Date.parse(f.from)));
      if (f.to) (where.push('created_at <= ?'), params.push(Date.parse(f.to)));
      if (f.amounts?.length) {
        const a = amountSql([{ amount: 'authorized_amount', currency: 'currency' }, { amount: 'settled_amount', currency: 'currency' }], f.amounts);
        where.push(a.where);
        params.push(...a.whereParams);
      }
      return page(where, params, f);
    },
    /** The card transactions of one card (optionally of one status), newest first. */
    ofCard(cardId: string, status: CardTxStatus | undefined, limit: number, cursor?: string): Page<CardTransaction> {
      const where = ['card_id = ?'];
      const params: unknown[] = [cardId];
      if (status) (where.push('status = ?'), params.push(status));
      return page(where, params, { limit, cursor, sortOrder: 'desc' });
    },
    /** The global search's card transaction hits, newest first. */
    search(q: string, limit: number): TransactionSummary[] {
      const t = term(q);
      return db.prepare<unknown[], { id: string; status: CardTxStatus; descriptor: string; customer_id: string }>(
        `SELECT id, status, descriptor, customer_id FROM card_transactions WHERE ${t.sql} ORDER BY created_at DESC LIMIT ?`,
      ).all(...t.params, limit).map((r) => ({ id: r.id, type: 'CARD' as const, status: r.status, reference: null, receiverIdentifier: r.descriptor, customerId: r.customer_id, description: r.descriptor }));
    },
    /** The global search's card transactions matching every part of `m`: closest amount (held or settled) first, then newest. */
    match(m: TxMatch): CardTransaction[] {
      const where: string[] = [];
      const params: unknown[] = [];
      if (m.id) (where.push('id = ?'), params.push(m.id));
      if (m.idTail) (where.push('substr(id, -12) = ?'), params.push(m.idTail));
      if (m.text) {
        const t = term(m.text);
        where.push(t.sql);
        params.push(...t.params);
      }
      if (m.customerIds) {
        if (!m.customerIds.length) return [];
        where.push(`customer_id IN (${m.customerIds.map(() => '?').join(', ')})`);
        params.push(...m.customerIds);
      }
      const narrow = amountAndDaysSql([{ amount: 'authorized_amount', currency: 'currency' }, { amount: 'settled_amount', currency: 'currency' }], m, 'created_at DESC, id DESC');
      where.push(...narrow.where);
      params.push(...narrow.params);
      if (!where.length) return [];
      return db.prepare<unknown[], CardTxRow>(`SELECT * FROM card_transactions WHERE ${where.join(' AND ')} ORDER BY ${narrow.order} LIMIT ?`)
        .all(...params, ...narrow.orderParams, m.limit).map((r) => cardTxOf(recordOf(r)));
    },
    /** How many card transactions exist. */
    count(): number {
      return countAll.get()!.n;
    },
  };
}
