import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError, unauthorized } from '../kernel/errors';
import { randomHex } from '../kernel/ids';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from '../customers/service';
import type { PlatformService } from '../platform/service';
import type { ReceiverService } from '../receivers/service';
import type { TransactionService } from '../transactions/service';
import type { PaymentRunner } from '../transactions/runner';
import type { SignedRetry } from '../wallet/signed-retry';
import { counterpartyFixedFee, price } from './pricing';
import { draftQuote } from './draft';
import { walletPayload } from './wallet-funding';
import { quoteRepo, type QuoteHistoryFilter, type QuoteHistoryItem, type QuoteSummary, type StoredQuote } from './repo';
import type { Page } from '../kernel/pagination';
import { resolveDestination, resolveSource, scenarioOf } from './resolve';
import type { createQuoteSchema, Quote } from './schema';
import type { ScaChallenge, ScaFactorType } from '../payments/sca-challenge';

/** How long a quote's price is locked. Clients must read `expiresAt`, never assume this. */
export const QUOTE_TTL_SECONDS = 300;
const EXPIRE_JOB = 'quote.expire';

const QUOTE_TRANSITIONS: Record<Quote['status'], readonly Quote['status'][]> = {
  PENDING_AUTHORIZATION: ['PENDING', 'EXPIRED'],
  PENDING: ['PROCESSING', 'EXPIRED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
  EXPIRED: [],
};

/** Collaborators of the quote service. */
export interface QuoteDeps {
  platform: PlatformService;
  customers: CustomerService;
  internal: InternalAccountService;
  external: ExternalAccountService;
  receivers: ReceiverService;
  transactions: TransactionService;
  runner: PaymentRunner;
  signedRetry: SignedRetry;
}

/**
 * The SCA area, as quotes see it (a port: the SCA area sits above quotes and plugs itself in).
 * Without one, no quote needs authorization.
 */
export interface QuoteAuthorizer {
  /** Inside the creation transaction: the challenge a new quote must answer first, or undefined when it needs no SCA. */
  challengeFor(q: { quoteId: string; customerId: string | null; destinationAccountId: string | null; factor?: ScaFactorType | undefined; expiresAtMs: number; executeOnAuthorize: boolean }): ScaChallenge | undefined;
  /** The open challenge of a quote waiting for authorization. */
  openChallenge(quoteId: string): ScaChallenge | undefined;
}

/** Quotes: pricing, creation with their transaction, execution, real-time funding and expiry on the workspace clock. */
export class QuoteService {
  private readonly repo;
  private authorizer: QuoteAuthorizer | undefined;

  constructor(private readonly ctx: Ctx, private readonly d: QuoteDeps) {
    this.repo = quoteRepo(ctx.db);
    ctx.scheduler.register(EXPIRE_JOB, (job) => this.expire(String(job.payload['quoteId'])));
    d.runner.onStatus((txId, status) => {
      const q = this.repo.findByTransaction(txId)?.quote;
      if (!q || q.status !== 'PROCESSING') return;
      if (status === 'COMPLETED') this.setStatus(q.id, 'COMPLETED', 'QUOTE.COMPLETED');
      else if (status === 'FAILED' || status === 'REJECTED' || status === 'REFUNDED') this.setStatus(q.id, 'FAILED', 'QUOTE.FAILED');
    });
  }

  /** Plugs in the SCA area (done once by createServices). */
  setAuthorizer(a: QuoteAuthorizer): void {
    this.authorizer = a;
  }

  /**
   * Prices and stores a quote and its PENDING transaction; executes at once when asked and allowed.
   * A quote that needs SCA is stored PENDING_AUTHORIZATION with its challenge, and runs only once authorized.
   * An agent's quote never does: the contract gives POST /agents/me/quotes no 202 and agents no authorize
   * route; what guards an agent's payments is its policy and the platform's approvals.
   */
  create(body: z.infer<typeof createQuoteSchema>, opts: { byAgent?: boolean } = {}): Quote {
    const src = resolveSource(body, this.d.internal, this.d.customers);
    const dst = resolveDestination(body, this.d.external, this.d.receivers);
    if (body.immediatelyExecute && src.kind !== 'ACCOUNT') throw invalidInput('immediatelyExecute', 'applies only to internal-account sources; a REALTIME_FUNDING quote executes when its funds arrive');
    if (body.immediatelyExecute && src.kind === 'ACCOUNT' && src.accountType === 'EMBEDDED_WALLET') {
      throw invalidInput('immediatelyExecute', 'is not supported for an EMBEDDED_WALLET source: create the quote, then execute it with Svc-Wallet-Signature over the payloadToSign of its EMBEDDED_WALLET payment instruction');
    }
    if (src.kind === 'ACCOUNT' && dst.kind === 'ACCOUNT' && src.currency === dst.currency) {
      throw invalidInput('destination.accountId', `source and destination are both ${src.currency}: use POST /transfer-out for same-currency transfers`);
    }
    const config = this.d.platform.get();
    const now = this.ctx.clock.nowMs();
    const p = price({
      sending: src.currency, receiving: dst.currency, lockedSide: body.lockedCurrencySide, lockedAmount: body.lockedCurrencyAmount,
      ...platformFees(body.platformFeeOverride, src.currency, config.fees),
      counterpartyFixedFee: counterpartyFixedFee(dst.currency), atMs: now,
    });
    if ('error' in p) throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `lockedCurrencyAmount: ${p.error}`, { field: 'lockedCurrencyAmount' });
    const limits = config.supportedCurrencies.find((c) => c.currencyCode === src.currency);
    if (limits && (p.totalSendingAmount < limits.minAmount || p.totalSendingAmount > limits.maxAmount)) {
      throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `The sending amount ${p.totalSendingAmount} is outside the platform's ${src.currency} range ${limits.minAmount}-${limits.maxAmount}`, { field: 'lockedCurrencyAmount' });
    }
    const quoteId = this.ctx.ids('Quote');
    const transactionId = this.ctx.ids('Transaction');
    const reference = `Q${randomHex(5).toUpperCase()}`;
    const expiresAt = now + QUOTE_TTL_SECONDS * 1000;
    const platformCustomerId = src.customerId ? this.d.customers.get(src.customerId).platformCustomerId : null;
    const draft = draftQuote({ body, src, dst, price: p, config, quoteId, transactionId, reference, platformCustomerId, nowMs: now, expiresAtMs: expiresAt });
    return this.ctx.transaction(() => {
      const quote = this.repo.insert(draft.quote);
      const destinationAccountId = body.destination.destinationType === 'ACCOUNT' ? body.destination.accountId : null;
      const challenge = opts.byAgent ? undefined : this.authorizer?.challengeFor({ quoteId, customerId: src.customerId, destinationAccountId, factor: body.scaFactor, expiresAtMs: expiresAt, executeOnAuthorize: body.immediatelyExecute });
      // A payment that needs SCA is born in the contract's waiting status, so its first webhook says so.
      this.d.transactions.create(challenge ? { ...draft.transaction, status: 'PENDING_AUTHORIZATION' } : draft.transaction, 'QUOTE_CREATED');
      this.ctx.scheduler.schedule(EXPIRE_JOB, expiresAt, { quoteId }, quoteId);
      if (challenge) {
        // Born waiting (not a transition of an existing quote, so written directly), and announced as it is.
        this.repo.setStatus(quoteId, 'PENDING_AUTHORIZATION', now);
        const waiting = this.get(quoteId);
        this.ctx.events.append('QUOTE.CREATED', 'Quote', quoteId, waiting);
        return waiting;
      }
      this.ctx.events.append('QUOTE.CREATED', 'Quote', quoteId, quote);
      return body.immediatelyExecute ? this.execute(quoteId) : quote;
    });
  }

  /** One quote (404 QUOTE_NOT_FOUND); while PENDING_AUTHORIZATION it carries its open challenge. */
  get(id: string): Quote {
    const q = this.stored(id).quote;
    const challenge = q.status === 'PENDING_AUTHORIZATION' ? this.authorizer?.openChallenge(id) : undefined;
    return challenge ? { ...q, scaChallenge: challenge } : q;
  }

  /** A PENDING_AUTHORIZATION quote's challenge was answered: it and its transaction become PENDING (executable until expiresAt). */
  authorized(id: string): Quote {
    return this.ctx.transaction(() => {
      this.setStatus(id, 'PENDING', 'QUOTE.AUTHORIZED');
      this.d.transactions.transition(this.stored(id).quote.transactionId, 'PENDING', 'SCA_AUTHORIZED');
      return this.get(id);
    });
  }

  /** The quote a transaction came from, if any. */
  ofTransaction(transactionId: string): Quote | undefined {
    return this.repo.findByTransaction(transactionId)?.quote;
  }

  /** Past quotes, made in the console or through the API, filtered and newest first. */
  history(f: QuoteHistoryFilter): Page<QuoteHistoryItem> {
    return this.repo.history(f);
  }

  /** A quote as the global search shows it, if `id` names one. */
  summary(id: string): QuoteSummary | undefined {
    return this.repo.summary(id);
  }

  /** The stored quote with its scenario (404 QUOTE_NOT_FOUND). */
  private stored(id: string): StoredQuote {
    const found = this.repo.find(id);
    if (!found) throw notFound('QUOTE_NOT_FOUND', `Quote ${id} not found`);
    return found;
  }

  /**
   * Executes a PENDING internal-account quote: holds the source funds and starts the payment (409 when
   * not executable). An EMBEDDED_WALLET source also needs a stamp over its instruction's payloadToSign.
   */
  execute(id: string, walletSignature?: string): Quote {
    const stored = this.stored(id);
    const q = stored.quote;
    const sourceAccountId = sourceAccountOf(q);
    this.checkWalletSignature(q, walletSignature);
    if ((q.status === 'PENDING' || q.status === 'PENDING_AUTHORIZATION') && this.ctx.clock.nowMs() >= Date.parse(q.expiresAt)) {
      this.expire(id);
      throw conflict(`Quote ${id} expired at ${q.expiresAt} and can no longer be executed`, 'CONFLICT', { status: 'EXPIRED' });
    }
    if (q.status === 'PENDING_AUTHORIZATION') {
      throw conflict(`Quote ${id} waits for Strong Customer Authentication: answer its scaChallenge with POST /quotes/{quoteId}/authorize first`, 'CONFLICT', { status: q.status });
    }
    if (q.status !== 'PENDING') throw conflict(`Quote ${id} is ${q.status} and cannot be executed`, 'CONFLICT', { status: q.status });
    if (!sourceAccountId) throw invalidInput('quoteId', 'a REALTIME_FUNDING quote executes when its funds arrive (sandbox: POST /sandbox/send), not through execute');
    const available = this.d.internal.get(sourceAccountId).balance.amount;
    if (available < q.totalSendingAmount) {
      throw new ServiceError(400, 'INSUFFICIENT_FUNDS', `The source account holds ${available} but the quote needs ${q.totalSendingAmount} (${q.sendingCurrency.code} minor units)`, { available, required: q.totalSendingAmount });
    }
    return this.start(stored, 'QUOTE_EXECUTED');
  }

  /** Sandbox: pays a REALTIME_FUNDING quote as its payer would, which starts it. */
  fundRealtime(id: string, currencyCode: string, amount?: number): Quote {
    const stored = this.stored(id);
    const q = stored.quote;
    if (sourceAccountOf(q)) throw invalidInput('quoteId', 'is funded from an internal account; execute it instead');
    if (q.status === 'PENDING' && this.ctx.clock.nowMs() >= Date.parse(q.expiresAt)) this.expire(id);
    const current = this.get(id);
    if (current.status !== 'PENDING') throw conflict(`Quote ${id} is ${current.status} and cannot be funded`, 'CONFLICT', { status: current.status });
    if (currencyCode.toUpperCase() !== q.sendingCurrency.code) throw invalidInput('currencyCode', `must be the quote's sending currency ${q.sendingCurrency.code}`);
    if (amount !== undefined && amount !== q.totalSendingAmount) throw new ServiceError(400, 'INVALID_AMOUNT', `The payment of ${amount} does not match the quoted ${q.totalSendingAmount}`, { field: 'currencyAmount' });
    return this.start(stored, 'REALTIME_FUNDS_RECEIVED');
  }

  private checkWalletSignature(q: Quote, signature: string | undefined): void {
    const payload = walletPayload(q.paymentInstructions);
    const sourceAccountId = sourceAccountOf(q);
    if (payload === undefined || !sourceAccountId) return;
    if (!signature) throw unauthorized('Svc-Wallet-Signature is required to execute a quote funded from an embedded wallet', 'WALLET_SIGNATURE_MISSING');
    this.d.signedRetry.check(signature, payload, { kind: 'SESSION' }, sourceAccountId);
  }

  private start({ quote: q, scenario }: StoredQuote, cause: string): Quote {
    return this.ctx.transaction(() => {
      this.d.runner.mover.place(this.d.runner.funds(q.transactionId), q.transactionId, cause);
      this.ctx.scheduler.cancel(EXPIRE_JOB, q.id);
      this.repo.setExecuted(q.id, this.ctx.clock.nowMs());
      this.setStatus(q.id, 'PROCESSING', 'QUOTE.PROCESSING');
      this.d.transactions.transition(q.transactionId, 'PROCESSING', cause);
      this.d.runner.start(q.transactionId, scenarioOf(scenario));
      return this.get(q.id);
    });
  }

  private expire(id: string): void {
    this.ctx.transaction(() => {
      const q = this.get(id);
      if (q.status !== 'PENDING' && q.status !== 'PENDING_AUTHORIZATION') return;
      this.setStatus(id, 'EXPIRED', 'QUOTE.EXPIRED');
      this.d.transactions.transition(q.transactionId, 'EXPIRED', 'QUOTE_EXPIRED', { failureReason: 'QUOTE_EXPIRED' });
    });
  }

  private setStatus(id: string, to: Quote['status'], event: string): void {
    const q = this.get(id);
    if (!QUOTE_TRANSITIONS[q.status].includes(to)) throw new Error(`illegal quote transition ${q.status} -> ${to} for ${id}`);
    this.repo.setStatus(id, to, this.ctx.clock.nowMs());
    this.ctx.events.append(event, 'Quote', id, this.get(id));
  }
}

/** The internal account that pays a quote (null for a REALTIME_FUNDING source). */
/**
 * The platform's fees for one quote: its platformFeeOverride when sent (the contract lets a platform price
 * one payment differently), else the schedule of GET /config. The override's fixed fee is in the sending currency.
 */
function platformFees(override: z.infer<typeof createQuoteSchema>['platformFeeOverride'], sending: string, schedule: { fixedFees: Record<string, number>; variableFeeRate: number }) {
  if (!override) return { fixedFee: schedule.fixedFees[sending] ?? 0, variableFeeRate: schedule.variableFeeRate };
  if (override.platformFixedFee.currency.toUpperCase() !== sending) {
    throw invalidInput('platformFeeOverride.platformFixedFee.currency', `must be ${sending}, the sending currency`);
  }
  return { fixedFee: override.platformFixedFee.amount, variableFeeRate: override.platformVariableFeeBps / 10_000 };
}

function sourceAccountOf(q: Quote): string | null {
  return q.source.sourceType === 'ACCOUNT' ? q.source.accountId : null;
}
