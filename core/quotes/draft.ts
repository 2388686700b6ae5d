import type { z } from 'zod';
import { currencyAmount } from '../kernel/money';
import { outgoingFromAccount, outgoingRealtime } from '../payments/funds';
import { collectionAccountType, instructionFor } from '../payments/instructions';
import type { PlatformConfig } from '../platform/schema';
import type { NewOutgoing } from '../transactions/service';
import type { NewQuote } from './repo';
import type { ResolvedDestination, ResolvedSource } from './resolve';
import type { Price } from './pricing';
import type { createQuoteSchema, QuoteSource } from './schema';
import { walletInstructions } from './wallet-funding';

/** What a priced quote is drafted from. */
export interface QuoteDraftInput {
  body: z.infer<typeof createQuoteSchema>;
  src: ResolvedSource;
  dst: ResolvedDestination;
  price: Price;
  config: PlatformConfig;
  quoteId: string;
  transactionId: string;
  /** The payment reference (reconciliationInstructions.reference). */
  reference: string;
  platformCustomerId: string | null;
  nowMs: number;
  expiresAtMs: number;
}

/**
 * A priced quote and its PENDING outgoing transaction, as they will be stored: the funding
 * instructions (just-in-time or embedded wallet), the resources' source and destination, and where the
 * money will sit while the payment is in flight. Pure: the service stores both in one transaction.
 */
export function draftQuote(d: QuoteDraftInput): { quote: NewQuote; transaction: NewOutgoing } {
  const { body, src, dst, price: p, config } = d;
  const instructions = src.kind === 'REALTIME_FUNDING'
    ? [instructionFor({ accountType: collectionAccountType(src.currency, src.cryptoNetwork), currency: src.currency, amount: p.totalSendingAmount, reference: d.reference, seed: d.quoteId, platformName: config.name, cryptoNetwork: src.cryptoNetwork })]
    : src.accountType === 'EMBEDDED_WALLET'
      ? walletInstructions({ quoteId: d.quoteId, accountId: src.accountId, currency: src.currency, amount: p.totalSendingAmount, reference: d.reference, organizationId: config.id, platformName: config.name, nowMs: d.nowMs })
      : null;
  const source: QuoteSource = src.kind === 'ACCOUNT'
    ? { sourceType: 'ACCOUNT', accountId: src.accountId, ...(body.source.customerId ? { customerId: body.source.customerId } : {}) }
    : { sourceType: 'REALTIME_FUNDING', currency: src.currency, ...(src.customerId ? { customerId: src.customerId } : {}), ...(src.cryptoNetwork ? { cryptoNetwork: src.cryptoNetwork } : {}) };
  const counterparty = body.senderCustomerInfo && Object.keys(body.senderCustomerInfo).length ? body.senderCustomerInfo : null;
  const funds = src.kind === 'ACCOUNT' ? outgoingFromAccount(src.accountId, src.currency, p.totalSendingAmount) : outgoingRealtime(d.transactionId, src.currency, p.totalSendingAmount);
  const quote: NewQuote = {
    id: d.quoteId, transactionId: d.transactionId, customerId: src.customerId, source, destination: dst.resource,
    sourceAccountId: src.kind === 'ACCOUNT' ? src.accountId : null, destinationAccountId: dst.accountId,
    sendingCurrency: src.currency, receivingCurrency: dst.currency, totalSendingAmount: p.totalSendingAmount,
    totalReceivingAmount: p.totalReceivingAmount, exchangeRate: p.exchangeRate, feesIncluded: p.feesIncluded, rateDetails: p.rateDetails,
    paymentInstructions: instructions, counterpartyInfo: counterparty, lockedSide: body.lockedCurrencySide,
    lockedAmount: body.lockedCurrencyAmount, request: body, scenario: dst.scenario, expiresAt: d.expiresAtMs, createdAt: d.nowMs,
  };
  const transaction: NewOutgoing = {
    id: d.transactionId, type: 'OUTGOING', status: 'PENDING', direction: 'DEBIT', kind: 'QUOTE', customerId: src.customerId,
    platformCustomerId: d.platformCustomerId, quoteId: d.quoteId, senderIdentifier: src.kind === 'ACCOUNT' ? src.accountId : null,
    receiverIdentifier: dst.receiverIdentifier, reference: d.reference, sendingCurrency: src.currency, sentAmount: p.totalSendingAmount,
    receivingCurrency: dst.currency, receivedAmount: p.totalReceivingAmount, fees: p.feesIncluded, scenario: dst.scenario, funds,
    data: {
      source: source.sourceType === 'ACCOUNT' ? { sourceType: 'ACCOUNT', accountId: source.accountId, currency: src.currency } : source,
      destination: dst.resource, sentAmount: currencyAmount(p.totalSendingAmount, src.currency),
      receivedAmount: currencyAmount(p.totalReceivingAmount, dst.currency), exchangeRate: p.exchangeRate, fees: p.feesIncluded,
      rateDetails: p.rateDetails, reconciliationInstructions: { reference: d.reference }, paymentRail: dst.paymentRail, railSelectionMode: dst.railSelectionMode,
      ...(instructions ? { paymentInstructions: instructions } : {}), ...(body.description ? { description: body.description } : {}),
      ...(body.purposeOfPayment ? { purposeOfPayment: body.purposeOfPayment } : {}), ...(counterparty ? { counterpartyInformation: counterparty } : {}),
      ...(body.remittanceInformation ? { remittanceInformation: body.remittanceInformation } : {}),
    },
  };
  return { quote, transaction };
}
