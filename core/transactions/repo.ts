import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { Refund, Transaction, TxStatus } from './schema';

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

/** Maps a row to the API resource: `data` holds the kind-specific fields, columns hold the mutable ones. */
export function txFromRow(r: TxRow): Transaction {
  const data = JSON.parse(r.data) as Record<string, unknown>;
  const tx: Transaction = {
    id: r.id, type: r.type, status: r.status, direction: r.direction, ...data,
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  if (r.customer_id) tx['customerId'] = r.customer_id;
  if (r.platform_customer_id) tx['platformCustomerId'] = r.platform_customer_id;
  if (r.quote_id) tx['quoteId'] = r.quote_id;
  if (r.failure_reason) tx['failureReason'] = r.failure_reason;
  if (r.refund) tx['refund'] = JSON.parse(r.refund) as Refund;
  if (r.settled_at !== null) tx['settledAt'] = isoOf(r.settled_at);
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
