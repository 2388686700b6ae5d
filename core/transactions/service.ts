import type { z } from 'zod';
import type { Ctx } from '../context';
import { notFound } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS } from '../payments/vocabulary';
import { transactionRepo, type NewIncoming, type NewOutgoing, type NewTransaction, type TransactionRecord, type TxHistoryEntry } from './repo';
import { transactionListRepo, type ExplorerFilter, type TransactionSummary } from './list-repo';
import type { listTransactionsQuery, IncomingTransaction, OutgoingTransaction, Refund, Transaction, TxStatus } from './schema';

/** What a new transaction carries, what is stored of one, and its history (declared with their SQL in repo.ts). */
export type { IncomingTxData, NewIncoming, NewOutgoing, NewTransaction, OutgoingTxData, TransactionRecord, TxHistoryEntry } from './repo';
/** The explorer's filters and the global search's hits (declared with their SQL in list-repo.ts). */
export type { ExplorerFilter, TransactionSummary } from './list-repo';

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

const FAILURE_REASONS: Record<Transaction['type'], readonly string[]> = { OUTGOING: OUTGOING_FAILURE_REASONS, INCOMING: INCOMING_FAILURE_REASONS };

// The resource declares each kind's failure reasons as an enum; a reason outside it is a bug in a scenario table.
function checkFailureReason(type: Transaction['type'], reason: string | null | undefined, id: string): void {
  if (reason && !FAILURE_REASONS[type].includes(reason)) throw new Error(`failure reason ${reason} is not one of an ${type} transaction's (${id})`);
}

function eventPrefix(type: 'INCOMING' | 'OUTGOING'): string {
  return type === 'OUTGOING' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT';
}

/** Transactions: creation, the explicit state machine with a history entry per change, refunds and the filtered list. */
export class TransactionService {
  private readonly repo;
  private readonly lists;

  constructor(private readonly ctx: Ctx) {
    this.repo = transactionRepo(ctx.db);
    this.lists = transactionListRepo(ctx.db);
  }

  /** Stores a new transaction in its initial status, with its first history entry and event. */
  create(tx: NewOutgoing, cause: string): OutgoingTransaction;
  create(tx: NewIncoming, cause: string): IncomingTransaction;
  create(tx: NewTransaction, cause: string): Transaction;
  create(tx: NewTransaction, cause: string): Transaction {
    checkFailureReason(tx.type, tx.failureReason, tx.id);
    const now = this.ctx.clock.nowMs();
    return this.ctx.transaction(() => {
      const created = this.repo.insert(tx, now);
      this.repo.addHistory(tx.id, tx.status, cause, tx.failureReason ? { failureReason: tx.failureReason } : {}, now);
      this.ctx.events.append(`${eventPrefix(tx.type)}.${tx.status}`, 'Transaction', tx.id, created);
      return created;
    });
  }

  /** Moves a transaction to `to`, recording why; throws on a transition the table does not allow. */
  transition(id: string, to: TxStatus, cause: string, changes: TxChanges = {}): Transaction {
    return this.ctx.transaction(() => {
      const current = this.get(id);
      if (!TRANSITIONS[current.status].includes(to)) throw new Error(`illegal transaction transition ${current.status} -> ${to} for ${id}`);
      checkFailureReason(current.type, changes.failureReason, id);
      const now = this.ctx.clock.nowMs();
      const tx = this.repo.setStatus(id, to, { failureReason: changes.failureReason ?? null, settledAt: changes.settled ? now : null }, now);
      this.repo.addHistory(id, to, cause, changes.failureReason ? { failureReason: changes.failureReason } : {}, now);
      this.ctx.events.append(`${eventPrefix(current.type)}.${to}`, 'Transaction', id, tx);
      return tx;
    });
  }

  /** Sets or advances the refund of a transaction (REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED events). */
  setRefund(id: string, refund: Refund, cause: string): Transaction {
    return this.ctx.transaction(() => {
      const current = this.get(id);
      const now = this.ctx.clock.nowMs();
      const tx = this.repo.setRefund(id, refund, now);
      this.repo.addHistory(id, current.status, cause, { refundStatus: refund.status }, now);
      this.ctx.events.append(`${eventPrefix(current.type)}.REFUND_${refund.status}`, 'Transaction', id, tx);
      return tx;
    });
  }

  /** One transaction (404 TRANSACTION_NOT_FOUND). */
  get(id: string): Transaction {
    return this.record(id).transaction;
  }

  /** The stored transaction with its scenario and money in flight (404 TRANSACTION_NOT_FOUND). */
  record(id: string): TransactionRecord {
    const r = this.repo.find(id);
    if (!r) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
    return r;
  }

  /** Every status change of a transaction with its time and cause. */
  history(id: string): TxHistoryEntry[] {
    return this.repo.history(id);
  }

  /** A filtered, keyset-paged list in either order, with the total count of matches. */
  list(q: z.infer<typeof listTransactionsQuery>): Page<Transaction> {
    return this.lists.list(q);
  }

  /** The console's explorer: whatever support staff paste finds its transactions. */
  explore(f: ExplorerFilter): Page<Transaction> {
    return this.lists.explore(f);
  }

  /** Transactions named by id, quote id, reference or identifier (the global search). */
  search(q: string, limit: number): TransactionSummary[] {
    return this.lists.search(q, limit);
  }
}
