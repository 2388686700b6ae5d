import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { formatMinor } from '../kernel/money';
import type { Page } from '../kernel/pagination';
import { edgeAccount, type JournalLine, type LedgerEntry, type LedgerService } from '../ledger/service';
import type { CardTransaction, CardTxStatus } from '../transactions/card-schema';
import type { TransactionSource } from '../transactions/sources';
import { cardTransactionRepo, cardTxOf, type CardTxEvent, type CardTxEventKind, type CardTxRecord } from './transaction-repo';
import { PULL_DELAY_SECONDS, type PullOutcome } from './sandbox';
import { cardActivityParts, CARD_IN_PROGRESS } from './activity-repo';
import type { ActivityParts } from '../transactions/activity';

/** A stored card transaction and one line of its timeline (declared with their SQL in transaction-repo.ts). */
export type { CardTxEvent, CardTxRecord } from './transaction-repo';

const PULL_JOB = 'card.pull';

/**
 * The allowed status changes of a card transaction. A status may also follow itself: a second partial
 * clearing, a confirmed pull or a partial return change the amounts but not the status, and still
 * travel on the event stream. Anything else is a bug and throws.
 */
const TRANSITIONS: Record<CardTxStatus, readonly CardTxStatus[]> = {
  AUTHORIZED: ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'EXCEPTION'],
  PARTIALLY_SETTLED: ['PARTIALLY_SETTLED', 'SETTLED', 'EXCEPTION'],
  SETTLED: ['SETTLED', 'REFUNDED', 'EXCEPTION'],
  REFUNDED: ['SETTLED', 'EXCEPTION'], // a return reversal puts the refunded money back on the merchant's side
  EXCEPTION: ['EXCEPTION'], // needs manual resolution; nothing automatic leaves it
};

/**
 * What a pull is for: the hold of an authorization, paying back what a clearing took beyond the hold,
 * or paying for a single-message (financial) authorization, settled as it was approved.
 */
export type PullPurpose = 'HOLD' | 'POST_HOC' | 'SETTLEMENT';

/** A card transaction with what is reconciled against it, for the console's reconciliation view. */
export interface CardReconciliation {
  transaction: CardTransaction;
  events: CardTxEvent[];
  ledger: LedgerEntry[];
  /**
   * Where the money stands, from the ledger: what left the funding account's balance equals what the
   * merchant was paid (net of refunds) plus what is still held, less what is still owed after a failed
   * or pending pull.
   */
  totals: { leftBalance: number; paidToMerchant: number; held: number; owed: number };
}

/**
 * Card transactions: the explicit state machine, the ledger journals of holds, pulls, clearings and
 * refunds against the funding account, and one event on the transaction stream per change.
 *
 * The money: a pull moves the amount from the funding account's balance into its HELD bucket (the
 * hold); a clearing pays the card network (`edge:card-network:<CUR>`) from the hold, and from the
 * transaction's pull account (`card-pull:<id>`) for any part beyond it, which a post-hoc pull then
 * refills from the funding account; a failed post-hoc pull leaves that account negative, the amount
 * the platform is owed (EXCEPTION). A return pays the money back from the network to the balance.
 */
export class CardTransactionService implements TransactionSource {
  readonly repo;

  constructor(private readonly ctx: Ctx, private readonly ledger: LedgerService) {
    this.repo = cardTransactionRepo(ctx.db);
    ctx.scheduler.register(PULL_JOB, (job) => this.resolvePull(
      String(job.payload['cardTransactionId']), Number(job.payload['seq']), Number(job.payload['amount']), job.payload['purpose'] as PullPurpose,
    ));
  }

  /** Card payments' share of the Overview's activity since `firstDay` (epoch ms), with the statuses still in progress. */
  activityParts(firstDay: number): ActivityParts & { inProgressStatuses: string[] } {
    return { ...cardActivityParts(this.ctx.db, firstDay), inProgressStatuses: CARD_IN_PROGRESS };
  }

  /** One card transaction (404 TRANSACTION_NOT_FOUND), optionally checked to belong to a card. */
  record(id: string, cardId?: string): CardTxRecord {
    const r = this.repo.find(id);
    if (!r || (cardId !== undefined && r.cardId !== cardId)) throw notFound('TRANSACTION_NOT_FOUND', `Card transaction ${id} not found${cardId ? ` on card ${cardId}` : ''}`);
    return r;
  }

  /** Stores a new card transaction with its authorization on the timeline (the caller's `move` announces it). */
  create(rec: CardTxRecord): void {
    this.repo.insert(rec);
    this.repo.addEvent(rec.id, { kind: 'AUTHORIZATION', outcome: 'DONE', amount: rec.authorized, statusAfter: rec.status, note: rec.merchant.descriptor }, rec.createdAt);
  }

  /** Moves the transaction to `to` (or keeps its status), saves it and emits its event; throws on a transition the table refuses. */
  move(rec: CardTxRecord, to: CardTxStatus): void {
    if (!TRANSITIONS[rec.status].includes(to)) throw new Error(`illegal card transaction transition ${rec.status} -> ${to} for ${rec.id}`);
    rec.status = to;
    rec.updatedAt = this.ctx.clock.nowMs();
    this.repo.save(rec);
    this.emit(rec);
  }

  /** Appends a timeline event (and marks the transaction's last event time). */
  note(rec: CardTxRecord, kind: CardTxEventKind, amount: number, statusAfter: CardTxStatus, extra: { outcome?: 'DONE' | 'PENDING' | 'CONFIRMED' | 'FAILED'; note?: string } = {}): number {
    const now = this.ctx.clock.nowMs();
    rec.lastEventAt = now;
    return this.repo.addEvent(rec.id, { kind, outcome: extra.outcome ?? 'DONE', amount, statusAfter, note: extra.note ?? null }, now);
  }

  /**
   * Pulls `amount` from the funding account. HOLD pulls move it into the hold; POST_HOC pulls pay back
   * the transaction's pull account. Returns false when the pull failed (the caller moves to EXCEPTION).
   */
  pull(rec: CardTxRecord, amount: number, purpose: PullPurpose, outcome: PullOutcome, statusAfter: CardTxStatus): boolean {
    rec.pullCount += 1;
    const why = purpose === 'HOLD' ? 'hold' : purpose === 'POST_HOC' ? 'post-hoc' : 'settlement';
    if (outcome === 'CONFIRMED' && this.available(rec.accountId) < amount) outcome = 'FAILS';
    if (outcome === 'FAILS' || outcome === 'FAILS_AFTER_SUCCESS') {
      const note = outcome === 'FAILS' ? `${why} pull failed: insufficient funds in the funding account` : `${why} pull reported FAILED after the fact`;
      this.note(rec, 'PULL', amount, 'EXCEPTION', { outcome: 'FAILED', note });
      return false;
    }
    if (outcome === 'DELAYED') {
      rec.pullPendingCount += 1;
      rec.pullPendingAmount += amount;
      const seq = this.note(rec, 'PULL', amount, statusAfter, { outcome: 'PENDING', note: `${why} pull pending about ${PULL_DELAY_SECONDS} s` });
      this.ctx.scheduler.schedule(PULL_JOB, this.ctx.clock.nowMs() + PULL_DELAY_SECONDS * 1000, { cardTransactionId: rec.id, seq, amount, purpose }, rec.id);
      return true;
    }
    this.postPull(rec, amount, purpose);
    this.note(rec, 'PULL', amount, statusAfter, { outcome: 'CONFIRMED', note: `${why} pull` });
    return true;
  }

  /** Posts a balanced journal about this card transaction. */
  post(rec: CardTxRecord, kind: string, what: string, lines: JournalLine[]): void {
    this.ledger.post(kind, rec.id, what, lines.filter((l) => l.amount !== 0));
  }

  /** The funding account's spendable balance. */
  available(accountId: string): number {
    return this.ledger.balances(accountId).balance;
  }

  /** The positions a card transaction's journals use. */
  positions(rec: CardTxRecord) {
    return {
      available: (amount: number): JournalLine => ({ accountId: rec.accountId, bucket: 'AVAILABLE', currency: rec.currency, amount }),
      held: (amount: number): JournalLine => ({ accountId: rec.accountId, bucket: 'HELD', currency: rec.currency, amount }),
      network: (amount: number): JournalLine => ({ accountId: edgeAccount('card-network', rec.currency), currency: rec.currency, amount }),
      pullAccount: (amount: number): JournalLine => ({ accountId: `card-pull:${rec.id}`, currency: rec.currency, amount }),
    };
  }

  /** The resource of a card transaction. */
  get(id: string): CardTransaction {
    return cardTxOf(this.record(id));
  }

  /** A card's transactions, newest first. */
  ofCard(cardId: string, status: CardTxStatus | undefined, limit: number, cursor?: string): Page<CardTransaction> {
    return this.repo.ofCard(cardId, status, limit, cursor);
  }

  /** The timeline, the ledger entries and the totals of one card transaction. */
  reconciliation(id: string): CardReconciliation {
    const rec = this.record(id);
    const ledger = this.ledger.entriesFor([id]);
    const sum = (f: (e: LedgerEntry) => boolean) => ledger.filter(f).reduce((n, e) => n + e.amount, 0);
    const held = sum((e) => e.accountId === rec.accountId && e.bucket === 'HELD');
    const leftBalance = 0 - sum((e) => e.accountId === rec.accountId && e.bucket === 'AVAILABLE');
    const paidToMerchant = sum((e) => e.accountId.startsWith('edge:card-network:'));
    const owed = 0 - sum((e) => e.accountId === `card-pull:${id}`);
    return { transaction: cardTxOf(rec), events: this.repo.events(id), ledger, totals: { leftBalance, paidToMerchant, held, owed } };
  }

  /** TransactionSource: the API list's filters over card transactions. */
  list(q: Parameters<TransactionSource['list']>[0]): Page<CardTransaction> {
    return this.repo.list(q);
  }

  /** TransactionSource: the console explorer over card transactions. */
  explore(f: Parameters<TransactionSource['explore']>[0]): Page<CardTransaction> {
    return this.repo.explore(f);
  }

  /** TransactionSource: the global search over card transactions. */
  search(q: string, limit: number): ReturnType<TransactionSource['search']> {
    return this.repo.search(q, limit);
  }

  /** TransactionSource: the global search's card transactions matching every part of `m`. */
  match(m: Parameters<TransactionSource['match']>[0]): CardTransaction[] {
    return this.repo.match(m);
  }

  /** TransactionSource: one card transaction by id. */
  find(id: string): CardTransaction | undefined {
    const r = this.repo.find(id);
    return r && cardTxOf(r);
  }

  /** Refuses a change while a pull is still pending: its money is not in place yet (DECIDED: wait for it rather than guess). */
  assertNoPendingPull(rec: CardTxRecord): void {
    if (rec.pullPendingCount > 0) {
      throw new ServiceError(400, 'PULL_PENDING', `Card transaction ${rec.id} has a pull from the funding account still pending; it resolves about ${PULL_DELAY_SECONDS} seconds after it started (advance the sandbox clock)`, { pendingCount: rec.pullPendingCount });
    }
  }

  /** A 400 naming an amount field. */
  badAmount(message: string): ServiceError {
    return invalidInput('amount', message);
  }

  private postPull(rec: CardTxRecord, amount: number, purpose: PullPurpose): void {
    const p = this.positions(rec);
    rec.pullAmount += amount;
    if (purpose === 'HOLD') {
      rec.held += amount;
      this.post(rec, 'CARD_PULL', `Card pull into the hold: ${formatMinor(amount, rec.currency)}`, [p.available(-amount), p.held(amount)]);
    } else {
      this.post(rec, 'CARD_PULL_POST_HOC', `Card ${purpose === 'POST_HOC' ? 'post-hoc' : 'settlement'} pull: ${formatMinor(amount, rec.currency)}`, [p.available(-amount), p.pullAccount(amount)]);
    }
  }

  // A delayed pull resolves: it confirms when the funding account still holds the amount, and fails (EXCEPTION) otherwise.
  private resolvePull(id: string, seq: number, amount: number, purpose: PullPurpose): void {
    this.ctx.transaction(() => {
      const rec = this.record(id);
      const now = this.ctx.clock.nowMs();
      rec.pullPendingCount = Math.max(0, rec.pullPendingCount - 1);
      rec.pullPendingAmount = Math.max(0, rec.pullPendingAmount - amount);
      rec.lastEventAt = now;
      if (rec.status !== 'EXCEPTION' && this.available(rec.accountId) >= amount) {
        this.postPull(rec, amount, purpose);
        this.repo.resolveEvent(seq, 'CONFIRMED', now);
        this.move(rec, rec.status);
      } else {
        this.repo.resolveEvent(seq, 'FAILED', now);
        this.move(rec, 'EXCEPTION');
      }
    });
  }

  private emit(rec: CardTxRecord): void {
    // The spec: card transactions ride the generic transaction event stream, on every transition.
    this.ctx.events.append(`CARD_TRANSACTION.${rec.status}`, 'Transaction', rec.id, cardTxOf(rec));
  }
}

