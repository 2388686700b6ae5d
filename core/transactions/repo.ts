import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { Funds } from '../payments/funds';
import type { IncomingTransaction, OutgoingTransaction, Refund, Transaction, TxStatus } from './schema';
import { tableGeneration } from '../kernel/write-generation';

/** Fields of a transaction held in columns; everything else of the resource is in the `data` JSON. */
type ColumnFields = 'id' | 'type' | 'status' | 'direction' | 'customerId' | 'platformCustomerId' | 'quoteId' | 'agentId' | 'failureReason' | 'refund' | 'settledAt' | 'createdAt' | 'updatedAt';
/** The `data` of an outgoing transaction. */
export type OutgoingTxData = Omit<OutgoingTransaction, ColumnFields>;
/** The `data` of an incoming transaction. */
export type IncomingTxData = Omit<IncomingTransaction, ColumnFields>;

/** What made a transaction: a quote, a transfer either way, or an incoming UMA payment. */
export type TxKind = 'QUOTE' | 'TRANSFER_IN' | 'TRANSFER_OUT' | 'UMA_RECEIVE';

/** The indexed fields of a new transaction; the rest of the resource travels in `data`. */
interface NewTxFields {
  id: string;
  status: TxStatus;
  direction: 'CREDIT' | 'DEBIT';
  kind: TxKind;
  customerId: string | null;
  platformCustomerId: string | null;
  quoteId: string | null;
  senderIdentifier: string | null;
  receiverIdentifier: string | null;
  reference: string | null;
  sendingCurrency: string | null;
  sentAmount: number | null;
  receivingCurrency: string;
  receivedAmount: number | null;
  fees: number;
  /** The sandbox scenario the payment plays (`QUOTE:<key>`, `TRANSFER:<key>`, ...). */
  scenario: string;
  /** Where the payment's money sits while it is in flight (see payments/funds.ts); never exposed. */
  funds: Funds;
  failureReason?: string | null;
}
/** An outgoing transaction to create. */
export type NewOutgoing = NewTxFields & { type: 'OUTGOING'; data: OutgoingTxData };
/** An incoming transaction to create. */
export type NewIncoming = NewTxFields & { type: 'INCOMING'; data: IncomingTxData };
/** A transaction of either kind to create. */
export type NewTransaction = NewOutgoing | NewIncoming;

/** A stored transaction: the resource, with the scenario it plays and its money in flight. */
export interface TransactionRecord {
  transaction: Transaction;
  scenario: string;
  funds: Funds;
}

/** One entry of a transaction's history (its timeline). */
export interface TxHistoryEntry {
  status: string;
  cause: string;
  details: Record<string, unknown>;
  at: string;
}

/** A transaction row: indexed columns plus the resource's remaining fields in `data`. */
export interface TxRow {
  id: string; type: 'INCOMING' | 'OUTGOING'; status: TxStatus; direction: 'CREDIT' | 'DEBIT'; kind: TxKind;
  customer_id: string | null; platform_customer_id: string | null; quote_id: string | null;
  sender_identifier: string | null; receiver_identifier: string | null; reference: string | null;
  sending_currency: string | null; sent_amount: number | null; receiving_currency: string; received_amount: number | null;
  fees: number; scenario: string; failure_reason: string | null; refund: string | null; funds: string; data: string;
  settled_at: number | null; created_at: number; updated_at: number;
  /** The agent that initiated it (set by the agents area, right after creation, in the same transaction). */
  agent_id?: string | null;
}

/**
 * Maps a row to the API resource: `data` holds the kind-specific fields, columns hold the mutable ones.
 * The casts are safe because TransactionService is the only writer and checks each failure reason
 * against its kind's list.
 */
export function txFromRow(r: TxRow): Transaction {
  // Why assignments, not spreads of conditional objects: this runs for every transaction a list or a
  // payment reads, and the spreads were its largest cost. The key order is the same.
  const tx: Record<string, unknown> = { id: r.id, status: outgoingStatus(r), direction: r.direction, type: r.type };
  Object.assign(tx, JSON.parse(r.data) as OutgoingTxData | IncomingTxData);
  tx.createdAt = isoOf(r.created_at);
  tx.updatedAt = isoOf(r.updated_at);
  if (r.customer_id) tx.customerId = r.customer_id;
  if (r.platform_customer_id) tx.platformCustomerId = r.platform_customer_id;
  if (r.quote_id) tx.quoteId = r.quote_id;
  if (r.agent_id) tx.agentId = r.agent_id;
  if (r.refund) tx.refund = JSON.parse(r.refund) as Refund;
  if (r.settled_at !== null) tx.settledAt = isoOf(r.settled_at);
  if (r.failure_reason) tx.failureReason = r.failure_reason;
  return tx as unknown as Transaction;
}

/**
 * The status an answer carries. Upstream's outgoing status set has no REJECTED or REFUNDED: an outgoing
 * payment the receiver rejected or the user cancelled is FAILED there, its failureReason and its refund
 * (reason USER_CANCELLATION for a cancellation) saying why. The stored status and the history keep the
 * finer word, which the console shows.
 */
function outgoingStatus(r: TxRow): TxStatus {
  return r.type === 'OUTGOING' && (r.status === 'REJECTED' || r.status === 'REFUNDED') ? 'FAILED' : r.status;
}

/** The SQL of one transaction at a time (creation, status, refund, history), prepared once over a workspace's database. */
export function transactionRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO transactions (id, type, status, direction, kind, customer_id, platform_customer_id, quote_id, sender_identifier,
       receiver_identifier, reference, sending_currency, sent_amount, receiving_currency, received_amount, fees, scenario,
       failure_reason, refund, funds, data, settled_at, created_at, updated_at, description)
     VALUES (@id, @type, @status, @direction, @kind, @customer_id, @platform_customer_id, @quote_id, @sender_identifier,
       @receiver_identifier, @reference, @sending_currency, @sent_amount, @receiving_currency, @received_amount, @fees, @scenario,
       @failure_reason, @refund, @funds, @data, @settled_at, @created_at, @updated_at, json_extract(@data, '$.description'))`,
  );
  const byId = db.prepare<[string], TxRow>('SELECT * FROM transactions WHERE id = ?');
  // A change keeps the failure reason and settlement time it does not name (coalesce with the stored ones).
  const status = db.prepare('UPDATE transactions SET status = ?, failure_reason = coalesce(?, failure_reason), settled_at = coalesce(?, settled_at), updated_at = ? WHERE id = ?');
  const refund = db.prepare('UPDATE transactions SET refund = ?, updated_at = ? WHERE id = ?');
  const agent = db.prepare('UPDATE transactions SET agent_id = ? WHERE id = ?');
  const receipt = db.prepare("UPDATE transactions SET data = json_set(data, '$.receiptDeliveryConfirmedAt', ?), updated_at = ? WHERE id = ?");
  const addHistory = db.prepare('INSERT INTO transaction_history (transaction_id, status, cause, details, at) VALUES (?, ?, ?, ?, ?)');
  const history = db.prepare<[string], { status: string; cause: string; details: string; at: number }>(
    'SELECT status, cause, details, at FROM transaction_history WHERE transaction_id = ? ORDER BY seq',
  );
  const read = (id: string): Transaction => txFromRow(byId.get(id)!);
  // Every write of the table moves the generation, so cached totals of the lists are never stale.
  const generation = tableGeneration(db, 'transactions');
  const written = <A extends unknown[]>(stmt: { run(...a: A): unknown }) => (...a: A): void => {
    generation.n++;
    stmt.run(...a);
  };
  const [insertRow, setStatusRow, setRefundRow, setAgentRow, setReceiptRow] = [written(insert), written(status), written(refund), written(agent), written(receipt)];
  return {
    /** Stores a new transaction and returns its resource. */
    insert(tx: NewTransaction, atMs: number): Transaction {
      const row: TxRow = {
        id: tx.id, type: tx.type, status: tx.status, direction: tx.direction, kind: tx.kind, customer_id: tx.customerId,
        platform_customer_id: tx.platformCustomerId, quote_id: tx.quoteId, sender_identifier: tx.senderIdentifier,
        receiver_identifier: tx.receiverIdentifier, reference: tx.reference, sending_currency: tx.sendingCurrency, sent_amount: tx.sentAmount,
        receiving_currency: tx.receivingCurrency, received_amount: tx.receivedAmount, fees: tx.fees, scenario: tx.scenario,
        failure_reason: tx.failureReason ?? null, refund: null, funds: JSON.stringify(tx.funds), data: JSON.stringify(tx.data),
        settled_at: null, created_at: atMs, updated_at: atMs,
      };
      insertRow(row);
      return txFromRow(row);
    },
    /** A transaction with its scenario and money in flight. */
    find(id: string): TransactionRecord | undefined {
      const row = byId.get(id);
      return row && { transaction: txFromRow(row), scenario: row.scenario, funds: JSON.parse(row.funds) as Funds };
    },
    /** Changes the status (and the failure reason or settlement time when given); returns the transaction as it now stands. */
    setStatus(id: string, to: TxStatus, change: { failureReason: string | null; settledAt: number | null }, atMs: number): Transaction {
      setStatusRow(to, change.failureReason, change.settledAt, atMs, id);
      return read(id);
    },
    /** Sets or advances the refund; returns the transaction as it now stands. */
    setRefund(id: string, r: Refund, atMs: number): Transaction {
      setRefundRow(JSON.stringify(r), atMs, id);
      return read(id);
    },
    /** Marks the transaction as initiated by an agent; returns it as it now stands. */
    setAgent(id: string, agentId: string): Transaction {
      setAgentRow(agentId, id);
      return read(id);
    },
    /** Records when the receipt of an incoming payment was confirmed delivered; returns the transaction as it now stands. */
    setReceiptConfirmed(id: string, confirmedAt: string, atMs: number): Transaction {
      setReceiptRow(confirmedAt, atMs, id);
      return read(id);
    },
    /** Appends an entry to a transaction's history. */
    addHistory(id: string, status: string, cause: string, details: Record<string, unknown>, atMs: number): void {
      addHistory.run(id, status, cause, JSON.stringify(details), atMs);
    },
    /** The status history of a transaction, oldest first. */
    history(id: string): TxHistoryEntry[] {
      return history.all(id).map((r) => ({ status: r.status, cause: r.cause, details: JSON.parse(r.details) as Record<string, unknown>, at: isoOf(r.at) }));
    },
  };
}
