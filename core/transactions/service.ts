import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import type { Page } from '../kernel/pagination';
import { INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS } from '../payments/vocabulary';
import { transactionRepo, type NewIncoming, type NewOutgoing, type NewTransaction, type TransactionRecord, type TxHistoryEntry } from './repo';
import { transactionListRepo, type ExplorerFilter, type NamedIdentifiers, type TransactionSummary } from './list-repo';
import type { listTransactionsQuery, IncomingTransaction, ListedTransaction, OutgoingTransaction, Refund, Transaction, TxStatus } from './schema';
import { mergePages, type TransactionSource } from './sources';
import { transactionSearchRepo } from './search-repo';
import type { TxMatch } from './search-match';

/** What a new transaction carries, what is stored of one, and its history (declared with their SQL in repo.ts). */
export type { IncomingTxData, NewIncoming, NewOutgoing, NewTransaction, OutgoingTxData, TransactionRecord, TxHistoryEntry } from './repo';
/** The explorer's filters and the global search's hits (declared with their SQL in list-repo.ts). */
export type { ExplorerFilter, TransactionSummary } from './list-repo';

/** The allowed status changes. Anything else is a bug and throws (never a silent no-op). */
const TRANSITIONS: Record<TxStatus, readonly TxStatus[]> = {
  CREATED: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING', 'COMPLETED', 'EXPIRED', 'FAILED', 'REJECTED', 'REFUNDED'], // REFUNDED: cancelled before processing
  PENDING_AUTHORIZATION: ['PENDING', 'EXPIRED'], // the payer answers its SCA challenge, or its quote expires first
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
  private readonly finder;
  /** Other kinds the lists show (card transactions), plugged in by createServices. */
  private readonly sources: TransactionSource[] = [];
  /** Set by `actingFor` while an agent's action creates transactions. */
  private actingAgent: string | undefined;

  /** `identifierOf` answers the identifier of an external account id (accounts sit above transactions, so it is passed in). */
  constructor(private readonly ctx: Ctx, private readonly identifierOf: (externalAccountId: string) => string | undefined) {
    this.repo = transactionRepo(ctx.db);
    this.lists = transactionListRepo(ctx.db);
    this.finder = transactionSearchRepo(ctx.db);
  }

  /** Stores a new transaction in its initial status, with its first history entry and event. */
  create(tx: NewOutgoing, cause: string): OutgoingTransaction;
  create(tx: NewIncoming, cause: string): IncomingTransaction;
  create(tx: NewTransaction, cause: string): Transaction;
  create(tx: NewTransaction, cause: string): Transaction {
    checkFailureReason(tx.type, tx.failureReason, tx.id);
    const now = this.ctx.clock.nowMs();
    return this.ctx.transaction(() => {
      let created = this.repo.insert(tx, now);
      // Stamped before the first event, so even the CREATED webhook of an agent's payment names the agent.
      if (this.actingAgent) created = this.repo.setAgent(tx.id, this.actingAgent);
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

  /**
   * Records that the receipt of a completed incoming payment reached its recipient (`receiptDeliveryConfirmedAt`,
   * the workspace time unless given). The first confirmation stands: confirming again answers the transaction unchanged.
   */
  confirmReceipt(id: string, at: string | undefined): Transaction {
    return this.ctx.transaction(() => {
      const current = this.get(id);
      // Upstream's confirm lists no 409: a transaction without a receipt to confirm is its 400 naming transactionId.
      const refuse = (why: string) => {
        const message = `${id} cannot have its receipt confirmed: ${why}`;
        return new ServiceError(400, 'INVALID_INPUT', `transactionId: ${message}`, { errors: [{ field: 'transactionId', message }], status: current.status, type: current.type });
      };
      if (current.type !== 'INCOMING') throw refuse('only incoming payments have a receipt to deliver');
      if (current.status !== 'COMPLETED') throw refuse(`it is ${current.status}, and only a COMPLETED payment has a receipt`);
      if (current.receiptDeliveryConfirmedAt) return current;
      const now = this.ctx.clock.nowMs();
      const atMs = at === undefined ? now : Date.parse(at);
      if (atMs > now) throw invalidInput('receiptDeliveryConfirmedAt', `is in the future (the workspace time is ${isoOf(now)})`);
      const settled = Date.parse(current.settledAt ?? current.createdAt);
      if (atMs < settled) throw invalidInput('receiptDeliveryConfirmedAt', `is before the payment settled (${isoOf(settled)})`);
      const tx = this.repo.setReceiptConfirmed(id, isoOf(atMs), now);
      this.repo.addHistory(id, current.status, 'RECEIPT_DELIVERY_CONFIRMED', { receiptDeliveryConfirmedAt: isoOf(atMs) }, now);
      // Not an upstream webhook (core/webhooks/event-map.ts leaves it out): the console's timeline shows it.
      this.ctx.events.append('INCOMING_PAYMENT.RECEIPT_CONFIRMED', 'Transaction', id, tx);
      return tx;
    });
  }

  /**
   * Runs `fn` (synchronous: no other request can interleave) with every transaction it creates
   * stamped as initiated by `agentId`, from its first event on.
   */
  actingFor<T>(agentId: string, fn: () => T): T {
    const previous = this.actingAgent;
    this.actingAgent = agentId;
    try {
      return fn();
    } finally {
      this.actingAgent = previous;
    }
  }

  /** Records that an agent initiated the transaction (call in the transaction that creates it). */
  assignAgent(id: string, agentId: string): Transaction {
    return this.ctx.transaction(() => this.repo.setAgent(id, agentId));
  }

  /** Adds another kind of transaction to the lists, the search and `getAny` (the cards area's card transactions). */
  addSource(source: TransactionSource): void {
    this.sources.push(source);
  }

  /** One transaction of any kind, card transactions included (404 TRANSACTION_NOT_FOUND). */
  getAny(id: string): ListedTransaction {
    const found = this.repo.find(id)?.transaction ?? this.sources.map((s) => s.find(id)).find((t) => t !== undefined);
    if (!found) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
    return found;
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
  list(q: z.infer<typeof listTransactionsQuery>): Page<ListedTransaction> {
    const named: NamedIdentifiers = {};
    for (const f of ['senderAccountIdentifier', 'receiverAccountIdentifier', 'accountIdentifier'] as const) {
      const identifier = q[f] ? this.identifierOf(q[f]) : undefined;
      if (identifier !== undefined) named[f] = identifier;
    }
    return mergePages<ListedTransaction>([this.lists.list(q, named), ...this.sources.map((s) => s.list(q))], q.limit, q.sortOrder);
  }

  /** The console's explorer: whatever support staff paste finds its transactions. */
  explore(f: ExplorerFilter): Page<ListedTransaction> {
    return mergePages<ListedTransaction>([this.lists.explore(f), ...this.sources.map((s) => s.explore(f))], f.limit, f.sortOrder);
  }

  /**
   * The global search's transactions of every kind matching every part of `m`, ranked as each kind
   * ranks them (closest amount, then newest) and merged by the same rule. `closeness` is the ranking's
   * first key: how far the amount is from the target, in major units (0 without an amount).
   */
  searchMatching(m: TxMatch, closeness: (t: ListedTransaction) => number): ListedTransaction[] {
    const all: ListedTransaction[] = [...this.finder.search(m), ...this.sources.flatMap((s) => s.match(m))];
    return all
      .map((t) => ({ t, c: closeness(t), at: Date.parse(t.createdAt) }))
      .sort((a, b) => a.c - b.c || b.at - a.at)
      .slice(0, m.limit)
      .map((x) => x.t);
  }

  /** The query plan of the payments' part of a search (the index test reads it). */
  searchPlan(m: TxMatch): string[] {
    return this.finder.plan(m);
  }

  /** Transactions named by id, quote id, reference or identifier (the global search). */
  search(q: string, limit: number): TransactionSummary[] {
    return [...this.lists.search(q, limit), ...this.sources.flatMap((s) => s.search(q, limit))].slice(0, limit);
  }
}
