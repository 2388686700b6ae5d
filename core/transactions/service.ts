import type { z } from 'zod';
import type { Ctx } from '../context';
import { notFound } from '../kernel/errors';
import { selectPage, type Page } from '../kernel/pagination';
import { findTx, insertTx, txFromRow, txHistory, type IncomingTxData, type OutgoingTxData, type TxHistoryEntry, type TxRow } from './repo';
import { INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS, type listTransactionsQuery, type IncomingTransaction, type OutgoingTransaction, type Refund, type Transaction, type TxStatus } from './schema';

/** The allowed status changes. Anything else is a bug and throws (never a silent no-op). */
const TRANSITIONS: Record<TxStatus, readonly TxStatus[]> = {
  CREATED: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING', 'COMPLETED', 'EXPIRED', 'FAILED', 'REJECTED'],
  PROCESSING: ['COMPLETED', 'FAILED', 'REJECTED', 'REFUNDED'],
  COMPLETED: ['FAILED'], // a receiving bank returned the payment
  FAILED: [],
  REJECTED: [],
  REFUNDED: [],
  EXPIRED: [],
};

/** Changes that travel with a status change. */
export interface TxChanges {
  failureReason?: string;
  settled?: boolean;
}

type RowFields = Omit<TxRow, 'type' | 'data' | 'created_at' | 'updated_at' | 'settled_at' | 'failure_reason' | 'refund'> & { failure_reason?: string | null };

/** An outgoing transaction to create: its row fields and its resource fields (stored as `data`). */
export type NewOutgoing = RowFields & { type: 'OUTGOING'; data: OutgoingTxData };
/** An incoming transaction to create. */
export type NewIncoming = RowFields & { type: 'INCOMING'; data: IncomingTxData };
/** A transaction of either kind to create. */
export type NewTransaction = NewOutgoing | NewIncoming;

const FAILURE_REASONS: Record<TxRow['type'], readonly string[]> = { OUTGOING: OUTGOING_FAILURE_REASONS, INCOMING: INCOMING_FAILURE_REASONS };

// The resource declares each kind's failure reasons as an enum; a reason outside it is a bug in a scenario table.
function checkFailureReason(type: TxRow['type'], reason: string | null | undefined, id: string): void {
  if (reason && !FAILURE_REASONS[type].includes(reason)) throw new Error(`failure reason ${reason} is not one of an ${type} transaction's (${id})`);
}

function eventPrefix(type: 'INCOMING' | 'OUTGOING'): string {
  return type === 'OUTGOING' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT';
}

/** Transactions: creation, the explicit state machine with a history entry per change, refunds and the filtered list. */
export class TransactionService {
  constructor(private readonly ctx: Ctx) {}

  /** Stores a new transaction in its initial status, with its first history entry and event. */
  create(tx: NewOutgoing, cause: string): OutgoingTransaction;
  create(tx: NewIncoming, cause: string): IncomingTransaction;
  create(tx: NewTransaction, cause: string): Transaction;
  create(tx: NewTransaction, cause: string): Transaction {
    checkFailureReason(tx.type, tx.failure_reason, tx.id);
    const now = this.ctx.clock.nowMs();
    const full: TxRow = { ...tx, data: JSON.stringify(tx.data), failure_reason: tx.failure_reason ?? null, refund: null, settled_at: null, created_at: now, updated_at: now };
    return this.ctx.transaction(() => {
      insertTx(this.ctx.db, full);
      this.history(full.id, full.status, cause, full.failure_reason ? { failureReason: full.failure_reason } : {});
      const tx = txFromRow(full);
      this.ctx.events.append(`${eventPrefix(full.type)}.${full.status}`, 'Transaction', full.id, tx);
      return tx;
    });
  }

  /** Moves a transaction to `to`, recording why; throws on a transition the table does not allow. */
  transition(id: string, to: TxStatus, cause: string, changes: TxChanges = {}): Transaction {
    return this.ctx.transaction(() => {
      const row = this.row(id);
      if (!TRANSITIONS[row.status].includes(to)) throw new Error(`illegal transaction transition ${row.status} -> ${to} for ${id}`);
      checkFailureReason(row.type, changes.failureReason, id);
      const now = this.ctx.clock.nowMs();
      const next: TxRow = {
        ...row, status: to, updated_at: now,
        failure_reason: changes.failureReason ?? row.failure_reason,
        settled_at: changes.settled ? now : row.settled_at,
      };
      this.ctx.db
        .prepare('UPDATE transactions SET status = ?, failure_reason = ?, settled_at = ?, updated_at = ? WHERE id = ?')
        .run(next.status, next.failure_reason, next.settled_at, now, id);
      this.history(id, to, cause, changes.failureReason ? { failureReason: changes.failureReason } : {});
      const tx = txFromRow(next);
      this.ctx.events.append(`${eventPrefix(row.type)}.${to}`, 'Transaction', id, tx);
      return tx;
    });
  }

  /** Sets or advances the refund of a transaction (REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED events). */
  setRefund(id: string, refund: Refund, cause: string): Transaction {
    return this.ctx.transaction(() => {
      const row = this.row(id);
      const now = this.ctx.clock.nowMs();
      this.ctx.db.prepare('UPDATE transactions SET refund = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(refund), now, id);
      this.history(id, row.status, cause, { refundStatus: refund.status });
      const tx = txFromRow({ ...row, refund: JSON.stringify(refund), updated_at: now });
      this.ctx.events.append(`${eventPrefix(row.type)}.REFUND_${refund.status}`, 'Transaction', id, tx);
      return tx;
    });
  }

  /** One transaction (404 TRANSACTION_NOT_FOUND). */
  get(id: string): Transaction {
    return txFromRow(this.row(id));
  }

  /** The stored row (404 TRANSACTION_NOT_FOUND). */
  row(id: string): TxRow {
    const r = findTx(this.ctx.db, id);
    if (!r) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
    return r;
  }

  /** Every status change of a transaction with its time and cause. */
  history(id: string): TxHistoryEntry[];
  history(id: string, status: string, cause: string, details: Record<string, unknown>): void;
  history(id: string, status?: string, cause?: string, details?: Record<string, unknown>): TxHistoryEntry[] | void {
    if (status === undefined) return txHistory(this.ctx.db, id);
    this.ctx.db
      .prepare('INSERT INTO transaction_history (transaction_id, status, cause, details, at) VALUES (?, ?, ?, ?, ?)')
      .run(id, status, cause ?? '', JSON.stringify(details ?? {}), this.ctx.clock.nowMs());
  }

  /** A filtered, keyset-paged list in either order, with the total count of matches. */
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
    return selectPage<TxRow, Transaction>(this.ctx.db, {
      select: 'SELECT * FROM transactions', from: 'FROM transactions', where, params, limit: q.limit, cursor: q.cursor,
      order: q.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: txFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
    });
  }
}
