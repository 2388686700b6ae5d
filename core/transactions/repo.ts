import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { IncomingTransaction, OutgoingTransaction, Refund, Transaction, TxStatus } from './schema';

/** Fields of a transaction held in columns; everything else of the resource is in the `data` JSON. */
type ColumnFields = 'id' | 'type' | 'status' | 'direction' | 'customerId' | 'platformCustomerId' | 'quoteId' | 'failureReason' | 'refund' | 'settledAt' | 'createdAt' | 'updatedAt';
/** The `data` of an outgoing transaction. */
export type OutgoingTxData = Omit<OutgoingTransaction, ColumnFields>;
/** The `data` of an incoming transaction. */
export type IncomingTxData = Omit<IncomingTransaction, ColumnFields>;

/** A transaction row: indexed columns plus the resource's remaining fields in `data`. */
export interface TxRow {
  id: string;
  type: 'INCOMING' | 'OUTGOING';
  status: TxStatus;
  direction: 'CREDIT' | 'DEBIT';
  kind: 'QUOTE' | 'TRANSFER_IN' | 'TRANSFER_OUT' | 'UMA_RECEIVE';
  customer_id: string | null;
  platform_customer_id: string | null;
  quote_id: string | null;
  sender_identifier: string | null;
  receiver_identifier: string | null;
  reference: string | null;
  sending_currency: string | null;
  sent_amount: number | null;
  receiving_currency: string;
  received_amount: number | null;
  fees: number;
  scenario: string;
  failure_reason: string | null;
  refund: string | null;
  /** Where the payment's money sits while it is in flight (see payments/funds.ts); never exposed. */
  funds: string;
  data: string;
  settled_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * Maps a row to the API resource: `data` holds the kind-specific fields, columns hold the mutable ones.
 * The casts are safe because TransactionService is the only writer and checks each failure reason
 * against its kind's list.
 */
export function txFromRow(r: TxRow): Transaction {
  const head = { id: r.id, status: r.status, direction: r.direction };
  const tail = {
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
    ...(r.customer_id ? { customerId: r.customer_id } : {}),
    ...(r.platform_customer_id ? { platformCustomerId: r.platform_customer_id } : {}),
    ...(r.quote_id ? { quoteId: r.quote_id } : {}),
    ...(r.refund ? { refund: JSON.parse(r.refund) as Refund } : {}),
    ...(r.settled_at !== null ? { settledAt: isoOf(r.settled_at) } : {}),
  };
  if (r.type === 'OUTGOING') {
    const tx: OutgoingTransaction = { ...head, type: 'OUTGOING', ...(JSON.parse(r.data) as OutgoingTxData), ...tail };
    if (r.failure_reason) tx.failureReason = r.failure_reason as NonNullable<OutgoingTransaction['failureReason']>;
    return tx;
  }
  const tx: IncomingTransaction = { ...head, type: 'INCOMING', ...(JSON.parse(r.data) as IncomingTxData), ...tail };
  if (r.failure_reason) tx.failureReason = r.failure_reason as NonNullable<IncomingTransaction['failureReason']>;
  return tx;
}

/** Inserts a transaction row. */
export function insertTx(db: Db, r: TxRow): void {
  db.prepare(
    `INSERT INTO transactions (id, type, status, direction, kind, customer_id, platform_customer_id, quote_id, sender_identifier,
       receiver_identifier, reference, sending_currency, sent_amount, receiving_currency, received_amount, fees, scenario,
       failure_reason, refund, funds, data, settled_at, created_at, updated_at)
     VALUES (@id, @type, @status, @direction, @kind, @customer_id, @platform_customer_id, @quote_id, @sender_identifier,
       @receiver_identifier, @reference, @sending_currency, @sent_amount, @receiving_currency, @received_amount, @fees, @scenario,
       @failure_reason, @refund, @funds, @data, @settled_at, @created_at, @updated_at)`,
  ).run(r);
}

/** A transaction row by id. */
export function findTx(db: Db, id: string): TxRow | undefined {
  return db.prepare('SELECT * FROM transactions WHERE id = ?').get(id) as TxRow | undefined;
}

/** One entry of a transaction's history (its timeline). */
export interface TxHistoryEntry {
  status: string;
  cause: string;
  details: Record<string, unknown>;
  at: string;
}

/** The status history of a transaction, oldest first. */
export function txHistory(db: Db, id: string): TxHistoryEntry[] {
  const rows = db.prepare('SELECT status, cause, details, at FROM transaction_history WHERE transaction_id = ? ORDER BY seq').all(id) as { status: string; cause: string; details: string; at: number }[];
  return rows.map((r) => ({ status: r.status, cause: r.cause, details: JSON.parse(r.details) as Record<string, unknown>, at: isoOf(r.at) }));
}
