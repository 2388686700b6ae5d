import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, ServiceError } from '../kernel/errors';
import { formatMinor } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import type { CardMerchant, CardTransaction } from '../transactions/card-schema';
import type { CardRecord } from './repo';
import { cardTxOf, type CardTxRecord } from './transaction-repo';
import type { CardService } from './service';
import type { CardTransactionService } from './transactions';
import { authorizationOutcome, postHocPullOutcome, withSuffix, type AuthorizationOutcome } from './sandbox';
import type {
  simulateAdviceSchema, simulateAuthorizationSchema, simulateBalanceInquirySchema, simulateClearingSchema, simulateReturnReversalSchema, simulateReturnSchema,
} from './schema';

const CLEARABLE = ['AUTHORIZED', 'PARTIALLY_SETTLED'] as const;

/** The card network's refusal of a message: 400 with its code (a decline says `declined: true` in its details). */
export function refused(code: string, message: string, details: Record<string, unknown>): ServiceError {
  return new ServiceError(400, code, message, details);
}

/**
 * The sandbox's card network: authorizations, clearings, returns and the rest, each answered at once
 * with the card transaction it made or changed (the spec's 200 for clearing; upstream's 202 for the
 * others, whose whole upstream body, issuerTransactionToken, the transaction carries). Every call is one
 * SQLite transaction.
 */
export class CardSimulator {
  constructor(
    private readonly ctx: Ctx,
    private readonly cards: CardService,
    private readonly txs: CardTransactionService,
    private readonly customers: CustomerService,
    private readonly internal: InternalAccountService,
  ) {}

  /**
   * An authorization: declined (400 with the decline code, nothing stored) or approved, which makes a
   * card transaction AUTHORIZED and pulls the amount from the first funding source that holds it.
   */
  authorize(cardId: string, body: z.infer<typeof simulateAuthorizationSchema>): CardTransaction {
    const card = this.usableCard(cardId);
    const code = body.currency.code.toUpperCase();
    if (code !== card.currency) throw invalidInput('currency.code', `must be ${card.currency}, the card's currency`);
    const { outcome, accountId } = this.approveDebit(card, body, code);
    return this.ctx.transaction(() => {
      const rec = this.newRecord(card.id, card.cardholderId, accountId, code, body.merchant, body.amount, outcome.idSuffix);
      this.txs.create(rec);
      const pulled = this.txs.pull(rec, body.amount, 'HOLD', outcome.pull, 'AUTHORIZED');
      this.txs.move(rec, 'AUTHORIZED');
      if (!pulled) this.txs.move(rec, 'EXCEPTION');
      return cardTxOf(rec);
    });
  }

  /**
   * The spec's clearing: only from AUTHORIZED or PARTIALLY_SETTLED. A positive amount posts a clearing
   * (PARTIALLY_SETTLED while the total stays below the authorized amount, SETTLED once it reaches it);
   * beyond what was pulled, the difference is pulled after the fact, and the transaction id's suffix
   * decides that pull. Amount 0 is AUTHORIZATION_EXPIRY: no clearing, the hold is released, and
   * (DECIDED) the transaction closes as SETTLED with what was settled so far, since nothing more will clear.
   */
  clear(cardId: string, body: z.infer<typeof simulateClearingSchema>): CardTransaction {
    this.cards.record(cardId);
    return this.ctx.transaction(() => {
      const rec = this.txs.record(body.cardTransactionId, cardId);
      if (!(CLEARABLE as readonly string[]).includes(rec.status)) {
        throw refused('CARD_TRANSACTION_NOT_CLEARABLE', `Card transaction ${rec.id} is ${rec.status}; a clearing needs AUTHORIZED or PARTIALLY_SETTLED`, { status: rec.status, allowed: CLEARABLE });
      }
      if (rec.direction === 'CREDIT') return this.clearCredit(rec, body.amount);
      this.txs.assertNoPendingPull(rec);
      const p = this.txs.positions(rec);
      if (body.amount === 0) {
        const released = rec.held;
        rec.held = 0;
        this.txs.post(rec, 'CARD_HOLD_RELEASE', `Card authorization expired, hold released: ${formatMinor(released, rec.currency)}`, [p.held(-released), p.available(released)]);
        this.txs.note(rec, 'EXPIRY', released, 'SETTLED', { note: 'authorization expired without clearing' });
        this.txs.move(rec, 'SETTLED');
        return cardTxOf(rec);
      }
      const fromHold = Math.min(body.amount, rec.held);
      const beyond = body.amount - fromHold;
      rec.held -= fromHold;
      rec.settled += body.amount;
      rec.settlementCount += 1;
      const status = rec.settled >= rec.authorized ? 'SETTLED' : 'PARTIALLY_SETTLED';
      this.txs.post(rec, 'CARD_CLEARING', `Card clearing paid to the merchant: ${formatMinor(body.amount, rec.currency)}`, [p.held(-fromHold), p.pullAccount(-beyond), p.network(body.amount)]);
      this.txs.note(rec, 'CLEARING', body.amount, status);
      if (status === 'SETTLED' && rec.held > 0) this.release(rec, 'what the clearings did not use');
      const pulled = beyond === 0 || this.txs.pull(rec, beyond, 'POST_HOC', postHocPullOutcome(rec.id), status);
      this.txs.move(rec, status);
      if (!pulled) this.txs.move(rec, 'EXCEPTION');
      return cardTxOf(rec);
    });
  }

  /**
   * A merchant return: only on a SETTLED transaction (DECIDED: a partially settled one must settle or
   * expire first), at most what was settled less what was already returned. Returning all of it makes
   * the transaction REFUNDED; a partial return keeps it SETTLED with a refundedAmount.
   */
  refund(cardId: string, body: z.infer<typeof simulateReturnSchema>): CardTransaction {
    this.cards.record(cardId);
    return this.ctx.transaction(() => {
      const rec = this.txs.record(body.cardTransactionId, cardId);
      if (rec.direction === 'CREDIT') throw refused('CARD_TRANSACTION_NOT_REFUNDABLE', `Card transaction ${rec.id} is a CREDIT; only a purchase (DEBIT) can be returned`, { direction: rec.direction });
      if (rec.status !== 'SETTLED' || rec.settlementCount === 0) {
        throw refused('CARD_TRANSACTION_NOT_REFUNDABLE', `Card transaction ${rec.id} is ${rec.status}${rec.status === 'SETTLED' ? ' with no clearing' : ''}; a return needs a SETTLED transaction with at least one clearing`, { status: rec.status });
      }
      this.txs.assertNoPendingPull(rec);
      const returnable = rec.settled - rec.refunded;
      if (body.amount > returnable) throw this.txs.badAmount(`must be at most ${returnable}, what was settled less what was already returned`);
      const p = this.txs.positions(rec);
      rec.refunded += body.amount;
      rec.refundCount += 1;
      const status = rec.refunded === rec.settled ? 'REFUNDED' : 'SETTLED';
      this.txs.post(rec, 'CARD_REFUND', `Card return from the merchant: ${formatMinor(body.amount, rec.currency)}`, [p.network(-body.amount), p.available(body.amount)]);
      this.txs.note(rec, 'REFUND', body.amount, status);
      this.txs.move(rec, status);
      return cardTxOf(rec);
    });
  }

  /**
   * A return reversal: only from REFUNDED; the merchant takes back everything returned, which is pulled
   * from the funding account again (the suffix table applies; a failed pull gives EXCEPTION). The
   * transaction goes back to SETTLED with no refunded amount.
   */
  reverseReturn(cardId: string, body: z.infer<typeof simulateReturnReversalSchema>): CardTransaction {
    this.cards.record(cardId);
    return this.ctx.transaction(() => {
      const rec = this.txs.record(body.cardTransactionId, cardId);
      if (rec.status !== 'REFUNDED') {
        throw refused('CARD_TRANSACTION_NOT_REVERSIBLE', `Card transaction ${rec.id} is ${rec.status}; a return reversal needs REFUNDED`, { status: rec.status });
      }
      this.txs.assertNoPendingPull(rec);
      const amount = rec.refunded;
      const p = this.txs.positions(rec);
      rec.refunded = 0;
      this.txs.post(rec, 'CARD_RETURN_REVERSAL', `Card return reversed by the merchant: ${formatMinor(amount, rec.currency)}`, [p.pullAccount(-amount), p.network(amount)]);
      this.txs.note(rec, 'RETURN_REVERSAL', amount, 'SETTLED');
      const pulled = this.txs.pull(rec, amount, 'POST_HOC', postHocPullOutcome(rec.id), 'SETTLED');
      this.txs.move(rec, 'SETTLED');
      if (!pulled) this.txs.move(rec, 'EXCEPTION');
      return cardTxOf(rec);
    });
  }

  /**
   * An authorization advice: the new TOTAL authorized amount, on AUTHORIZED or PARTIALLY_SETTLED. An
   * increase pulls the difference into the hold (the id's suffix decides, as for post-hoc pulls); a
   * decrease releases it. It may not go below what has already settled; reaching it settles the transaction.
   */
  advise(cardId: string, body: z.infer<typeof simulateAdviceSchema>): CardTransaction {
    this.cards.record(cardId);
    return this.ctx.transaction(() => {
      const rec = this.txs.record(body.cardTransactionId, cardId);
      if (rec.direction === 'CREDIT') throw refused('CARD_TRANSACTION_NOT_ADJUSTABLE', `Card transaction ${rec.id} is a CREDIT; an authorization advice adjusts only a purchase (DEBIT)`, { direction: rec.direction });
      if (!(CLEARABLE as readonly string[]).includes(rec.status)) {
        throw refused('CARD_TRANSACTION_NOT_ADJUSTABLE', `Card transaction ${rec.id} is ${rec.status}; an authorization advice needs AUTHORIZED or PARTIALLY_SETTLED`, { status: rec.status, allowed: CLEARABLE });
      }
      this.txs.assertNoPendingPull(rec);
      if (body.amount < rec.settled) throw this.txs.badAmount(`must be at least ${rec.settled}, what has already settled`);
      const before = rec.authorized;
      const delta = body.amount - before;
      rec.authorized = body.amount;
      const status = rec.settlementCount > 0 && rec.settled >= rec.authorized ? 'SETTLED' : rec.status;
      this.txs.note(rec, 'AUTHORIZATION_ADVICE', body.amount, status, { note: `authorized amount changed from ${formatMinor(before, rec.currency)}` });
      if (delta < 0) this.release(rec, 'the authorization was lowered', Math.min(-delta, rec.held));
      if (status === 'SETTLED' && rec.held > 0) this.release(rec, 'what the clearings did not use');
      if (delta > 0 && !this.txs.pull(rec, delta, 'HOLD', postHocPullOutcome(rec.id), status)) this.txs.move(rec, 'EXCEPTION');
      else this.txs.move(rec, status);
      return cardTxOf(rec);
    });
  }

  /**
   * A balance inquiry: a zero-amount authorization. DECIDED: it is recorded as a card transaction of 0
   * that is SETTLED at once (nothing is held and nothing will clear), so it appears in the lists.
   */
  balanceInquiry(cardId: string, body: z.infer<typeof simulateBalanceInquirySchema>): CardTransaction {
    const card = this.usableCard(cardId);
    const outcome = authorizationOutcome(body.merchant.descriptor);
    if (outcome.decline) throw refused(outcome.decline, `Declined: ${outcome.decline === 'CARD_PAUSED' ? 'the card is paused' : 'insufficient funds'} (sandbox descriptor suffix)`, { declined: true, reason: outcome.decline });
    const accountId = card.fundingSources.find((a) => this.internal.record(a).status === 'ACTIVE') ?? card.fundingSources[0]!;
    return this.ctx.transaction(() => {
      const rec = this.newRecord(card.id, card.cardholderId, accountId, card.currency, body.merchant, 0, outcome.idSuffix);
      rec.status = 'SETTLED';
      this.txs.create(rec);
      this.txs.move(rec, 'SETTLED');
      return cardTxOf(rec);
    });
  }

  /**
   * The clearing of a credit: the network pays the amount into the funding account (nothing was held).
   * As for debits, below the authorized amount in total it is PARTIALLY_SETTLED; 0 is the expiry, which
   * closes it as SETTLED with what was credited so far.
   */
  private clearCredit(rec: CardTxRecord, amount: number): CardTransaction {
    if (amount === 0) {
      this.txs.note(rec, 'EXPIRY', 0, 'SETTLED', { note: 'credit authorization expired without clearing' });
      this.txs.move(rec, 'SETTLED');
      return cardTxOf(rec);
    }
    const p = this.txs.positions(rec);
    rec.settled += amount;
    rec.settlementCount += 1;
    const status = rec.settled >= rec.authorized ? 'SETTLED' : 'PARTIALLY_SETTLED';
    this.txs.post(rec, 'CARD_CREDIT', `Card credit paid into the account: ${formatMinor(amount, rec.currency)}`, [p.network(-amount), p.available(amount)]);
    this.txs.note(rec, 'CLEARING', amount, status, { note: 'credit' });
    this.txs.move(rec, status);
    return cardTxOf(rec);
  }

  private release(rec: CardTxRecord, why: string, amount = rec.held): void {
    if (amount <= 0) return;
    const p = this.txs.positions(rec);
    rec.held -= amount;
    this.txs.post(rec, 'CARD_HOLD_RELEASE', `Card hold released (${why}): ${formatMinor(amount, rec.currency)}`, [p.held(-amount), p.available(amount)]);
  }

  /**
   * What a debit authorization checks before it stores anything: the card's limit per transaction, the
   * descriptor's sandbox decline, and a funding source that holds the amount. Answers the descriptor's outcome
   * and that account, or throws the decline.
   */
  approveDebit(card: CardRecord, body: Pick<z.infer<typeof simulateAuthorizationSchema>, 'amount' | 'merchant'>, code: string): { outcome: AuthorizationOutcome; accountId: string } {
    if (card.maxSpendPerTransaction !== null && body.amount > card.maxSpendPerTransaction) {
      throw refused('TRANSACTION_SIZE_LIMIT_EXCEEDED', `Declined: ${formatMinor(body.amount, code)} is above the card's limit of ${formatMinor(card.maxSpendPerTransaction, code)} per transaction`, { declined: true, limit: card.maxSpendPerTransaction });
    }
    const outcome = authorizationOutcome(body.merchant.descriptor);
    if (outcome.decline === 'CARD_PAUSED') throw refused('CARD_PAUSED', 'Declined: the card is paused (sandbox descriptor suffix 003)', { declined: true, reason: 'CARD_PAUSED' });
    const accountId = outcome.decline ? undefined : card.fundingSources.find((a) => this.internal.record(a).status === 'ACTIVE' && this.txs.available(a) >= body.amount);
    if (!accountId) {
      throw refused('INSUFFICIENT_FUNDS', `Declined: no funding source of the card holds ${formatMinor(body.amount, code)}${outcome.decline ? ' (sandbox descriptor suffix 002)' : ''}`, { declined: true, reason: 'INSUFFICIENT_FUNDS' });
    }
    return { outcome, accountId };
  }

  /** The card, when it may authorize: only an ACTIVE card does; a frozen one declines as paused, others are not usable yet or any more. */
  usableCard(cardId: string) {
    const card = this.cards.record(cardId);
    if (card.state === 'FROZEN') throw refused('CARD_PAUSED', `Declined: card ${cardId} is FROZEN`, { declined: true, reason: 'CARD_PAUSED', state: card.state });
    if (card.state !== 'ACTIVE') throw refused('CARD_NOT_ACTIVE', `Declined: card ${cardId} is ${card.state}`, { declined: true, reason: 'CARD_NOT_ACTIVE', state: card.state });
    return card;
  }

  /** A new card transaction (AUTHORIZED, DEBIT, not stored yet) whose id ends in `idSuffix`, or a random id that ends in no pull suffix. */
  newRecord(cardId: string, customerId: string, accountId: string, currency: string, merchant: CardMerchant, amount: number, idSuffix: string | undefined): CardTxRecord {
    const now = this.ctx.clock.nowMs();
    const raw = this.ctx.ids('CardTransaction');
    const id = withSuffix(raw, idSuffix ?? plainSuffix(raw));
    return {
      id, cardId, status: 'AUTHORIZED', direction: 'DEBIT', customerId, platformCustomerId: this.customers.get(customerId).platformCustomerId,
      accountId, currency, merchant, issuerToken: `itt_${id.slice(-12).replace(/-/g, '')}`, authorized: amount, held: 0,
      settled: 0, settlementCount: 0, refunded: 0, refundCount: 0, pullCount: 0, pullAmount: 0, pullPendingCount: 0,
      pullPendingAmount: 0, lastEventAt: null, createdAt: now, updatedAt: now,
    };
  }
}

// A random id must not happen to end in a post-hoc suffix (1 in 1,365 would): its pulls would misbehave by chance.
function plainSuffix(id: string): string {
  const tail = id.slice(-3);
  return ['002', '005', '006'].includes(tail) ? `${tail.slice(0, 2)}0` : tail;
}
