import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError, unauthorized } from '../kernel/errors';
import { currencyAmount } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from '../customers/service';
import type { PlatformService } from '../platform/service';
import type { ReceiverService } from '../receivers/service';
import type { TransactionService } from '../transactions/service';
import type { PaymentRunner } from '../payments/runner';
import type { SignedRetry } from '../wallet/signed-retry';
import { outgoingFromAccount, outgoingRealtime, type Funds } from '../payments/funds';
import { counterpartyFixedFee, price } from './pricing';
import { collectionAccountType, instructionFor } from '../payments/instructions';
import type { PaymentInstructionsResource } from '../payments/schema';
import { walletInstructions, walletPayload } from './wallet-funding';
import { findQuote, findQuoteByTransaction, insertQuote, quoteFromRow, type QuoteRow } from './repo';
import { resolveDestination, resolveSource, scenarioOf } from './resolve';
import type { createQuoteSchema, Quote, QuoteSource } from './schema';

/** How long a quote's price is locked. Clients must read `expiresAt`, never assume this. */
export const QUOTE_TTL_SECONDS = 300;
const EXPIRE_JOB = 'quote.expire';

const QUOTE_TRANSITIONS: Record<Quote['status'], readonly Quote['status'][]> = {
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

/** Quotes: pricing, creation with their transaction, execution, real-time funding and expiry on the workspace clock. */
export class QuoteService {
  constructor(private readonly ctx: Ctx, private readonly d: QuoteDeps) {
    ctx.scheduler.register(EXPIRE_JOB, (job) => this.expire(String(job.payload['quoteId'])));
    d.runner.onStatus((txId, status) => {
      const q = findQuoteByTransaction(ctx.db, txId);
      if (!q || q.status !== 'PROCESSING') return;
      if (status === 'COMPLETED') this.setStatus(q.id, 'COMPLETED', 'QUOTE.COMPLETED');
      else if (status === 'FAILED' || status === 'REJECTED' || status === 'REFUNDED') this.setStatus(q.id, 'FAILED', 'QUOTE.FAILED');
    });
  }

  /** Prices and stores a quote and its PENDING transaction; executes at once when asked and allowed. */
  create(body: z.infer<typeof createQuoteSchema>): Quote {
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
      fixedFee: config.fees.fixedFees[src.currency] ?? 0, variableFeeRate: config.fees.variableFeeRate,
      counterpartyFixedFee: counterpartyFixedFee(dst.currency), atMs: now,
    });
    if ('error' in p) throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `lockedCurrencyAmount: ${p.error}`, { field: 'lockedCurrencyAmount' });
    const limits = config.supportedCurrencies.find((c) => c.currencyCode === src.currency);
    if (limits && (p.totalSendingAmount < limits.minAmount || p.totalSendingAmount > limits.maxAmount)) {
      throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `The sending amount ${p.totalSendingAmount} is outside the platform's ${src.currency} range ${limits.minAmount}-${limits.maxAmount}`, { field: 'lockedCurrencyAmount' });
    }
    const quoteId = this.ctx.ids('Quote');
    const txId = this.ctx.ids('Transaction');
    const reference = `Q${randomBytes(5).toString('hex').toUpperCase()}`;
    const instructions = src.kind === 'REALTIME_FUNDING'
      ? [instructionFor({ accountType: collectionAccountType(src.currency, src.cryptoNetwork), currency: src.currency, amount: p.totalSendingAmount, reference, seed: quoteId, platformName: config.name, cryptoNetwork: src.cryptoNetwork })]
      : src.accountType === 'EMBEDDED_WALLET'
        ? walletInstructions({ quoteId, accountId: src.accountId, currency: src.currency, amount: p.totalSendingAmount, reference, organizationId: config.id, platformName: config.name, nowMs: now })
        : null;
    const sourceResource: QuoteSource = src.kind === 'ACCOUNT'
      ? { sourceType: 'ACCOUNT', accountId: src.accountId, ...(body.source.customerId ? { customerId: body.source.customerId } : {}) }
      : { sourceType: 'REALTIME_FUNDING', currency: src.currency, ...(src.customerId ? { customerId: src.customerId } : {}), ...(src.cryptoNetwork ? { cryptoNetwork: src.cryptoNetwork } : {}) };
    const counterparty = body.senderCustomerInfo && Object.keys(body.senderCustomerInfo).length ? body.senderCustomerInfo : null;
    const funds: Funds = src.kind === 'ACCOUNT' ? outgoingFromAccount(src.accountId, src.currency, p.totalSendingAmount) : outgoingRealtime(txId, src.currency, p.totalSendingAmount);
    const row: QuoteRow = {
      id: quoteId, status: 'PENDING', transaction_id: txId, customer_id: src.customerId, source: JSON.stringify(sourceResource),
      destination: JSON.stringify(dst.resource), source_account_id: src.kind === 'ACCOUNT' ? src.accountId : null, destination_account_id: dst.accountId,
      sending_currency: src.currency, receiving_currency: dst.currency, total_sending_amount: p.totalSendingAmount,
      total_receiving_amount: p.totalReceivingAmount, exchange_rate: p.exchangeRate, fees_included: p.feesIncluded,
      rate_details: JSON.stringify(p.rateDetails), payment_instructions: instructions ? JSON.stringify(instructions) : null,
      counterparty_info: counterparty ? JSON.stringify(counterparty) : null, locked_side: body.lockedCurrencySide,
      locked_amount: body.lockedCurrencyAmount, request: JSON.stringify(body), scenario: dst.scenario,
      expires_at: now + QUOTE_TTL_SECONDS * 1000, executed_at: null, created_at: now, updated_at: now,
    };
    const platformCustomerId = src.customerId ? this.d.customers.row(src.customerId).platform_customer_id : null;
    return this.ctx.transaction(() => {
      insertQuote(this.ctx.db, row);
      this.d.transactions.create({
        id: txId, type: 'OUTGOING', status: 'PENDING', direction: 'DEBIT', kind: 'QUOTE', customer_id: src.customerId,
        platform_customer_id: platformCustomerId, quote_id: quoteId, sender_identifier: src.kind === 'ACCOUNT' ? src.accountId : null,
        receiver_identifier: dst.receiverIdentifier, reference, sending_currency: src.currency, sent_amount: p.totalSendingAmount,
        receiving_currency: dst.currency, received_amount: p.totalReceivingAmount, fees: p.feesIncluded, scenario: dst.scenario,
        funds: JSON.stringify(funds),
        data: {
          source: sourceResource.sourceType === 'ACCOUNT' ? { sourceType: 'ACCOUNT', accountId: sourceResource.accountId, currency: src.currency } : sourceResource,
          destination: dst.resource, sentAmount: currencyAmount(p.totalSendingAmount, src.currency),
          receivedAmount: currencyAmount(p.totalReceivingAmount, dst.currency), exchangeRate: p.exchangeRate, fees: p.feesIncluded,
          rateDetails: p.rateDetails, reconciliationInstructions: { reference }, paymentRail: dst.paymentRail, railSelectionMode: dst.railSelectionMode,
          ...(instructions ? { paymentInstructions: instructions } : {}), ...(body.description ? { description: body.description } : {}),
          ...(body.purposeOfPayment ? { purposeOfPayment: body.purposeOfPayment } : {}), ...(counterparty ? { counterpartyInformation: counterparty } : {}),
        },
      }, 'QUOTE_CREATED');
      this.ctx.scheduler.schedule(EXPIRE_JOB, row.expires_at, { quoteId }, quoteId);
      this.ctx.events.append('QUOTE.CREATED', 'Quote', quoteId, quoteFromRow(row));
      return body.immediatelyExecute ? this.execute(quoteId) : quoteFromRow(row);
    });
  }

  /** One quote (404 QUOTE_NOT_FOUND). */
  get(id: string): Quote {
    return quoteFromRow(this.row(id));
  }

  /** The stored row (404 QUOTE_NOT_FOUND). */
  row(id: string): QuoteRow {
    const r = findQuote(this.ctx.db, id);
    if (!r) throw notFound('QUOTE_NOT_FOUND', `Quote ${id} not found`);
    return r;
  }

  /**
   * Executes a PENDING internal-account quote: holds the source funds and starts the payment (409 when
   * not executable). An EMBEDDED_WALLET source also needs a stamp over its instruction's payloadToSign.
   */
  execute(id: string, walletSignature?: string): Quote {
    const q = this.row(id);
    this.checkWalletSignature(q, walletSignature);
    if (q.status === 'PENDING' && this.ctx.clock.nowMs() >= q.expires_at) {
      this.expire(id);
      throw conflict(`Quote ${id} expired at ${new Date(q.expires_at).toISOString()} and can no longer be executed`, 'CONFLICT', { status: 'EXPIRED' });
    }
    if (q.status !== 'PENDING') throw conflict(`Quote ${id} is ${q.status} and cannot be executed`, 'CONFLICT', { status: q.status });
    if (!q.source_account_id) throw invalidInput('quoteId', 'a REALTIME_FUNDING quote executes when its funds arrive (sandbox: POST /sandbox/send), not through execute');
    const available = this.d.internal.get(q.source_account_id).balance.amount;
    if (available < q.total_sending_amount) {
      throw new ServiceError(400, 'INSUFFICIENT_FUNDS', `The source account holds ${available} but the quote needs ${q.total_sending_amount} (${q.sending_currency} minor units)`, { available, required: q.total_sending_amount });
    }
    return this.start(q, 'QUOTE_EXECUTED');
  }

  /** Sandbox: pays a REALTIME_FUNDING quote as its payer would, which starts it. */
  fundRealtime(id: string, currencyCode: string, amount?: number): Quote {
    const q = this.row(id);
    if (q.source_account_id) throw invalidInput('quoteId', 'is funded from an internal account; execute it instead');
    if (q.status === 'PENDING' && this.ctx.clock.nowMs() >= q.expires_at) this.expire(id);
    const current = this.row(id);
    if (current.status !== 'PENDING') throw conflict(`Quote ${id} is ${current.status} and cannot be funded`, 'CONFLICT', { status: current.status });
    if (currencyCode.toUpperCase() !== q.sending_currency) throw invalidInput('currencyCode', `must be the quote's sending currency ${q.sending_currency}`);
    if (amount !== undefined && amount !== q.total_sending_amount) throw new ServiceError(400, 'INVALID_AMOUNT', `The payment of ${amount} does not match the quoted ${q.total_sending_amount}`, { field: 'currencyAmount' });
    return this.start(q, 'REALTIME_FUNDS_RECEIVED');
  }

  private checkWalletSignature(q: QuoteRow, signature: string | undefined): void {
    const payload = walletPayload(q.payment_instructions ? JSON.parse(q.payment_instructions) as PaymentInstructionsResource[] : undefined);
    if (payload === undefined || !q.source_account_id) return;
    if (!signature) throw unauthorized('Svc-Wallet-Signature is required to execute a quote funded from an embedded wallet', 'WALLET_SIGNATURE_MISSING');
    this.d.signedRetry.check(signature, payload, { kind: 'SESSION' }, q.source_account_id);
  }

  private start(q: QuoteRow, cause: string): Quote {
    return this.ctx.transaction(() => {
      this.d.runner.mover.place(this.d.runner.funds(q.transaction_id), q.transaction_id, cause);
      this.ctx.scheduler.cancel(EXPIRE_JOB, q.id);
      this.ctx.db.prepare('UPDATE quotes SET executed_at = ? WHERE id = ?').run(this.ctx.clock.nowMs(), q.id);
      this.setStatus(q.id, 'PROCESSING', 'QUOTE.PROCESSING');
      this.d.transactions.transition(q.transaction_id, 'PROCESSING', cause);
      this.d.runner.start(q.transaction_id, scenarioOf(q.scenario));
      return this.get(q.id);
    });
  }

  private expire(id: string): void {
    this.ctx.transaction(() => {
      const q = this.row(id);
      if (q.status !== 'PENDING') return;
      this.setStatus(id, 'EXPIRED', 'QUOTE.EXPIRED');
      this.d.transactions.transition(q.transaction_id, 'EXPIRED', 'QUOTE_EXPIRED', { failureReason: 'QUOTE_EXPIRED' });
    });
  }

  private setStatus(id: string, to: Quote['status'], event: string): void {
    const q = this.row(id);
    if (!QUOTE_TRANSITIONS[q.status].includes(to)) throw new Error(`illegal quote transition ${q.status} -> ${to} for ${id}`);
    this.ctx.db.prepare('UPDATE quotes SET status = ?, updated_at = ? WHERE id = ?').run(to, this.ctx.clock.nowMs(), id);
    this.ctx.events.append(event, 'Quote', id, this.get(id));
  }
}
