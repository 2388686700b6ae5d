import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput } from '../kernel/errors';
import { formatMinor } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CardTransaction } from '../transactions/card-schema';
import type { CardRecord } from './repo';
import { cardTxOf, type CardTxRecord } from './transaction-repo';
import type { CardService } from './service';
import { refused, type CardSimulator } from './simulator';
import type { CardTransactionService } from './transactions';
import { authorizationOutcome } from './sandbox';
import type { simulateAuthorizationSchema } from './schema';

type AuthorizationBody = z.infer<typeof simulateAuthorizationSchema>;

/**
 * The sandbox's other network messages: the single-message (financial) authorizations, settled as they
 * are approved, and the credits, money the network pays into the card's funding account (a merchant's
 * refund authorized as a credit, a payout to the card). Each answers the card transaction it made, and
 * each is one SQLite transaction whose money moves only through ledger journals.
 *
 * DECIDED, where upstream says only the names: a credit authorization moves no money until its
 * clearing (the existing clearing simulation, which pays a credit into the account); credits are
 * approved whatever the balance, so the descriptor suffix 002 (insufficient funds) does not apply to
 * them and maxSpendPerTransaction limits spending only; 003 still declines as paused. An advice reports
 * what the network already approved in the issuer's stead, so it is recorded even on a FROZEN card
 * and whatever the suffix; a card not issued yet or CLOSED refuses it (CARD_NOT_ACTIVE).
 */
export class FinancialAndCreditSimulator {
  constructor(
    private readonly ctx: Ctx,
    private readonly cards: CardService,
    private readonly txs: CardTransactionService,
    private readonly internal: InternalAccountService,
    private readonly simulator: CardSimulator,
  ) {}

  /**
   * A financial authorization (single message: an ATM withdrawal): declined as an authorization is, or
   * approved and SETTLED at once: the network is paid and the amount is pulled from the first funding
   * source that holds it. The descriptor's suffix decides that pull (005 pending 30 s, 006 EXCEPTION).
   */
  financialAuthorize(cardId: string, body: AuthorizationBody): CardTransaction {
    const card = this.simulator.usableCard(cardId);
    const code = this.currencyOf(card, body);
    const { outcome, accountId } = this.simulator.approveDebit(card, body, code);
    return this.ctx.transaction(() => {
      const rec = this.simulator.newRecord(card.id, card.cardholderId, accountId, code, body.merchant, body.amount, outcome.idSuffix);
      this.txs.create(rec);
      const p = this.txs.positions(rec);
      rec.settled = body.amount;
      rec.settlementCount = 1;
      // The network is paid at once from the transaction's pull account, which the settlement pull then refills.
      this.txs.post(rec, 'CARD_CLEARING', `Card financial authorization paid to the merchant: ${formatMinor(body.amount, code)}`, [p.pullAccount(-body.amount), p.network(body.amount)]);
      this.txs.note(rec, 'CLEARING', body.amount, 'SETTLED', { note: 'single message: authorized and cleared at once' });
      const pulled = this.txs.pull(rec, body.amount, 'SETTLEMENT', outcome.pull, 'SETTLED');
      this.txs.move(rec, 'SETTLED');
      if (!pulled) this.txs.move(rec, 'EXCEPTION');
      return cardTxOf(rec);
    });
  }

  /** A credit authorization: a CREDIT card transaction, AUTHORIZED; the money arrives with its clearing. */
  creditAuthorize(cardId: string, body: AuthorizationBody): CardTransaction {
    const card = this.simulator.usableCard(cardId);
    this.declineIfPaused(body);
    return this.credit(card, body, 'AUTHORIZED');
  }

  /** A financial credit authorization (single message: a payout to the card): a CREDIT paid into the account at once, SETTLED. */
  financialCreditAuthorize(cardId: string, body: AuthorizationBody): CardTransaction {
    const card = this.simulator.usableCard(cardId);
    this.declineIfPaused(body);
    return this.credit(card, body, 'SETTLED');
  }

  /** A credit authorization advice: a credit the network approved in the issuer's stead, recorded AUTHORIZED even on a FROZEN card. */
  creditAuthorizationAdvice(cardId: string, body: AuthorizationBody): CardTransaction {
    const card = this.cards.record(cardId);
    if (card.state !== 'ACTIVE' && card.state !== 'FROZEN') {
      throw refused('CARD_NOT_ACTIVE', `Card ${cardId} is ${card.state}: an advice is recorded only on an ACTIVE or FROZEN card`, { declined: true, reason: 'CARD_NOT_ACTIVE', state: card.state });
    }
    return this.credit(card, body, 'AUTHORIZED', 'credit authorization advice: approved by the network in stand-in');
  }

  private declineIfPaused(body: AuthorizationBody): void {
    if (authorizationOutcome(body.merchant.descriptor).decline === 'CARD_PAUSED') {
      throw refused('CARD_PAUSED', 'Declined: the card is paused (sandbox descriptor suffix 003)', { declined: true, reason: 'CARD_PAUSED' });
    }
  }

  // A CREDIT to the card's first ACTIVE funding account: AUTHORIZED (nothing moves yet) or SETTLED (paid in now).
  private credit(card: CardRecord, body: AuthorizationBody, status: 'AUTHORIZED' | 'SETTLED', note?: string): CardTransaction {
    const code = this.currencyOf(card, body);
    const accountId = card.fundingSources.find((a) => this.internal.record(a).status === 'ACTIVE');
    if (!accountId) throw refused('CARD_NOT_ACTIVE', `Declined: card ${card.id} has no ACTIVE funding account to credit`, { declined: true, reason: 'CARD_NOT_ACTIVE' });
    return this.ctx.transaction(() => {
      // Credits pull nothing, so their id needs no suffix: a random one that ends in no pull suffix.
      const rec: CardTxRecord = { ...this.simulator.newRecord(card.id, card.cardholderId, accountId, code, body.merchant, body.amount, undefined), direction: 'CREDIT' };
      this.txs.create(rec);
      if (note) this.txs.note(rec, 'AUTHORIZATION_ADVICE', body.amount, status, { note });
      if (status === 'SETTLED') {
        const p = this.txs.positions(rec);
        rec.settled = body.amount;
        rec.settlementCount = 1;
        this.txs.post(rec, 'CARD_CREDIT', `Card financial credit paid into the account: ${formatMinor(body.amount, code)}`, [p.network(-body.amount), p.available(body.amount)]);
        this.txs.note(rec, 'CLEARING', body.amount, 'SETTLED', { note: 'single message credit: authorized and paid at once' });
      }
      this.txs.move(rec, status);
      return cardTxOf(rec);
    });
  }

  private currencyOf(card: CardRecord, body: AuthorizationBody): string {
    const code = body.currency.code.toUpperCase();
    if (code !== card.currency) throw invalidInput('currency.code', `must be ${card.currency}, the card's currency`);
    return code;
  }
}
