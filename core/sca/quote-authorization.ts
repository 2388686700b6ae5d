import type { Ctx } from '../context';
import { conflict } from '../kernel/errors';
import type { Quote } from '../quotes/schema';
import type { QuoteAuthorizer, QuoteService } from '../quotes/service';
import type { ScaChallenges } from './challenges';
import type { ScaRepo } from './repo';
import type { ChallengeAnswer, ScaChallenge, ScaFactorType } from './schema';
import type { BeneficiaryTrust } from './trust';

/**
 * The effect of SCA on money: a quote of a customer who enrolled a factor waits in
 * PENDING_AUTHORIZATION (and cannot execute) until its challenge is answered, unless it pays a
 * trusted beneficiary. Customers without a factor (every seeded one) are not affected.
 */
export class QuoteAuthorization implements QuoteAuthorizer {
  constructor(
    private readonly ctx: Ctx,
    private readonly repo: ScaRepo,
    private readonly challenges: ScaChallenges,
    private readonly trust: BeneficiaryTrust,
    private readonly quotes: QuoteService,
  ) {}

  /** Whether a new quote needs SCA, and if so its first challenge (called inside the quote's creation). */
  challengeFor(q: { quoteId: string; customerId: string | null; destinationAccountId: string | null; factor?: ScaFactorType | undefined; expiresAtMs: number; executeOnAuthorize: boolean }): ScaChallenge | undefined {
    if (!q.customerId || !this.challenges.enrolled(q.customerId)) return undefined;
    if (q.destinationAccountId && this.trust.isTrustedBy(q.destinationAccountId, q.customerId)) return undefined;
    this.repo.insertAuthorization(q.quoteId, q.customerId, q.executeOnAuthorize);
    return this.challenges.issue({ customerId: q.customerId, purpose: 'PAYOUT', subjectId: q.quoteId, factor: q.factor, expiresAtMs: q.expiresAtMs });
  }

  /** The latest challenge of a waiting quote, unless it was spent. */
  openChallenge(quoteId: string): ScaChallenge | undefined {
    const a = this.repo.authorization(quoteId);
    const c = a && this.repo.latestChallenge(a.customerId, 'PAYOUT', quoteId);
    return c?.status === 'OPEN' ? this.challenges.view(c) : undefined;
  }

  /**
   * Answers a waiting quote's challenge: the quote becomes PENDING (executable), and runs at once when
   * it was created with immediatelyExecute. Wrong codes: 401, and 429 with Retry-After past the limit.
   */
  async authorize(quoteId: string, answer: ChallengeAnswer): Promise<Quote> {
    const { customerId, executeOnAuthorize } = this.waiting(quoteId);
    const c = this.challenges.find(customerId, 'PAYOUT', quoteId, answer.challengeId);
    await this.challenges.answer(c, answer, 'RATE_LIMIT');
    const authorized = this.ctx.transaction(() => {
      this.repo.setAuthorized(quoteId, this.ctx.clock.nowMs());
      return this.quotes.authorized(quoteId);
    });
    // Executed after the authorization is stored: a refusal (funds) leaves an authorized PENDING quote to execute later.
    return executeOnAuthorize ? this.quotes.execute(quoteId) : authorized;
  }

  /** Sends a new challenge for a waiting quote (the previous one stops working); 429 with Retry-After when sent too often. */
  resend(quoteId: string): void {
    const { customerId, quote } = this.waiting(quoteId);
    const previous = this.repo.latestChallenge(customerId, 'PAYOUT', quoteId);
    this.challenges.issue({ customerId, purpose: 'PAYOUT', subjectId: quoteId, factor: previous?.factor, expiresAtMs: Date.parse(quote.expiresAt), limitIssues: true });
  }

  /** A quote waiting for SCA (409 CONFLICT otherwise, 404 QUOTE_NOT_FOUND when unknown). */
  private waiting(quoteId: string): { quote: Quote; customerId: string; executeOnAuthorize: boolean } {
    const quote = this.quotes.get(quoteId);
    if (quote.status === 'PENDING_AUTHORIZATION' && this.ctx.clock.nowMs() >= Date.parse(quote.expiresAt)) {
      throw conflict(`Quote ${quoteId} expired at ${quote.expiresAt}`, 'CONFLICT', { status: 'EXPIRED' });
    }
    const a = this.repo.authorization(quoteId);
    if (quote.status !== 'PENDING_AUTHORIZATION' || !a) {
      throw conflict(`Quote ${quoteId} is ${quote.status} and does not wait for authorization`, 'CONFLICT', { status: quote.status });
    }
    return { quote, customerId: a.customerId, executeOnAuthorize: a.executeOnAuthorize };
  }
}
