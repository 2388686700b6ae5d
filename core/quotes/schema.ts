import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { currencySchema, paymentInstructionsSchema } from '../payments/schema';
import { CRYPTO_NETWORKS, outgoingRateDetailsSchema, PAYMENT_RAILS, PURPOSES } from '../payments/vocabulary';
import { scaChallengeSchema, scaFactorSchema } from '../payments/sca-challenge';

/** Every status of a quote. */
export const QUOTE_STATUSES = ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;

const currencyCode = z.string().min(3).max(5).meta({ example: 'USD' });

/** QuoteSource, by `sourceType`: as sent in `POST /quotes` and as the quote returns it. */
export const quoteSourceSchema = z.discriminatedUnion('sourceType', [
  z.object({
    sourceType: z.literal('ACCOUNT'),
    accountId: z.string().min(1).meta({ description: 'The internal account that pays', example: 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
    customerId: z.string().min(1).optional().meta({ description: 'Funding from a platform (FBO) account: the customer on whose behalf the transfer is made' }),
  }).strict().meta({ id: 'AccountQuoteSource', description: 'Pays from an internal account' }),
  z.object({
    sourceType: z.literal('REALTIME_FUNDING'),
    currency: currencyCode.meta({ description: 'Currency of the just-in-time payment' }),
    customerId: z.string().min(1).optional().meta({ description: 'The customer the quote is for; absent for the platform itself' }),
    cryptoNetwork: z.enum(CRYPTO_NETWORKS).optional().meta({ description: 'Required when the currency is a stablecoin (USDC, USDT)' }),
  }).strict().meta({ id: 'RealtimeFundingQuoteSource', description: 'Paid just in time by the payer, over an instant rail, following paymentInstructions' }),
]).meta({ id: 'QuoteSource', description: 'Where the money of a quote comes from' });

/** QuoteDestination, by `destinationType`, as sent in `POST /quotes`. */
export const quoteDestinationSchema = z.discriminatedUnion('destinationType', [
  z.object({
    destinationType: z.literal('ACCOUNT'),
    accountId: z.string().min(1).meta({ description: 'The external account that receives', example: 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
    paymentRail: z.enum(PAYMENT_RAILS).optional().meta({ description: 'A rail the account receives on; a default is chosen when absent' }),
  }).strict().meta({ id: 'AccountQuoteDestination', description: 'Pays out to an external account' }),
  z.object({
    destinationType: z.literal('UMA_ADDRESS'),
    umaAddress: z.string().min(3).meta({ example: '$success.usd@sandbox.uma.example' }),
    currency: currencyCode.optional().meta({ description: 'One of the currencies the receiver lookup listed; its first when absent' }),
  }).strict().meta({ id: 'UmaQuoteDestination', description: 'Pays a UMA address (needs a lookupId from GET /receiver/uma/{receiverUmaAddress})' }),
]).meta({ id: 'QuoteDestination', description: 'Where the money of a quote goes' });

/** The destination as a quote returns it: the currency it pays in and, for accounts, the rail chosen. */
export const resolvedQuoteDestinationSchema = z.discriminatedUnion('destinationType', [
  z.object({
    destinationType: z.literal('ACCOUNT'),
    accountId: z.string(),
    currency: z.string().meta({ description: "The external account's currency", example: 'MXN' }),
    paymentRail: z.enum(PAYMENT_RAILS).meta({ description: 'The rail named in the request, or the default chosen for the account' }),
  }).strict(),
  z.object({
    destinationType: z.literal('UMA_ADDRESS'),
    umaAddress: z.string(),
    currency: z.string().meta({ description: 'The currency the receiver is paid in', example: 'USD' }),
  }).strict(),
]).meta({ id: 'ResolvedQuoteDestination', description: 'The destination of a quote with its currency and rail filled in' });

/** `POST /quotes` body (the same as the spec's `POST /agents/me/quotes`). */
export const createQuoteSchema = z.object({
  source: quoteSourceSchema,
  destination: quoteDestinationSchema,
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']).meta({ description: 'Which side lockedCurrencyAmount fixes' }),
  lockedCurrencyAmount: z.number().int('must be an integer in the smallest unit of the locked currency').positive().max(MAX_AMOUNT, `must not exceed ${MAX_AMOUNT}`)
    .meta({ description: 'In the smallest unit of the locked side\'s currency', example: 10000 }),
  lookupId: z.string().min(1).optional().meta({ description: 'From a receiver lookup; required for UMA_ADDRESS destinations' }),
  immediatelyExecute: z.boolean().default(false).meta({ description: 'Execute at once (internal-account sources other than embedded wallets only)' }),
  description: z.string().max(500).optional(),
  purposeOfPayment: z.enum(PURPOSES).optional(),
  remittanceInformation: z.string().max(80).optional().meta({ description: 'Travels with the payment (kept on its transaction)', example: '12345' }),
  platformFeeOverride: z.object({
    platformFixedFee: z.object({
      amount: z.number().int().min(0).max(MAX_AMOUNT).meta({ description: 'In the smallest unit of currency' }),
      currency: z.string().min(3).max(5).meta({ description: 'The sending currency', example: 'USD' }),
    }).strict(),
    platformVariableFeeBps: z.number().int().min(0).max(10_000).meta({ description: 'Basis points of the sending amount', example: 30 }),
  }).strict().optional().meta({ id: 'PlatformFeeOverride', description: "This quote's platform fees instead of the schedule in GET /config" }),
  senderCustomerInfo: z.record(z.string(), z.string()).optional()
    .meta({ description: 'Payer data the receiver asked for (requiredPayerDataFields of the lookup)', example: { FULL_NAME: 'Alice Doe', BIRTH_DATE: '1990-01-01' } }),
  scaFactor: scaFactorSchema.optional().meta({ description: 'The factor of the SCA challenge, when the quote needs one (the customer enrolled a factor and the destination is not a trusted beneficiary)' }),
}).strict().meta({ id: 'QuoteRequest' });

/** `POST /quotes/{id}/execute` body: optional and empty. */
export const executeQuoteSchema = z.object({ scaFactor: scaFactorSchema.optional().meta({ description: 'Accepted for upstream clients; the factor is chosen when the quote is created' }) }).strict().optional()
  .meta({ id: 'ExecuteQuoteRequest', description: 'Empty; clients may send `{}` or nothing' });


const timestamp = z.iso.datetime();

/** The Quote resource: a price-locked offer, with the id of the transaction it creates. */
export const quoteSchema = z.object({
  id: z.string().meta({ example: 'Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  status: z.enum(QUOTE_STATUSES),
  createdAt: timestamp,
  expiresAt: timestamp.meta({ description: 'After this instant the rate is no longer valid and the quote cannot be executed; read it, never assume a window' }),
  source: quoteSourceSchema,
  destination: resolvedQuoteDestinationSchema,
  sendingCurrency: currencySchema,
  receivingCurrency: currencySchema,
  totalSendingAmount: z.number().int().positive().meta({ description: "What the payer pays, fees included, in the sending currency's smallest unit", example: 10000 }),
  totalReceivingAmount: z.number().int().positive().meta({ description: "What the receiver gets, in the receiving currency's smallest unit", example: 171234 }),
  exchangeRate: z.number().positive().meta({ description: 'Sending currency units per one receiving currency unit', example: 0.0584 }),
  feesIncluded: z.number().int().min(0).meta({ description: "All fees, in the sending currency's smallest unit; locked only for this quote", example: 90 }),
  transactionId: z.string().meta({ description: 'The transaction this quote creates', example: 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  paymentInstructions: z.array(paymentInstructionsSchema).optional()
    .meta({ description: 'How to fund the quote: for REALTIME_FUNDING sources, and for embedded wallets (whose EMBEDDED_WALLET entry carries the payloadToSign)' }),
  counterpartyInformation: z.record(z.string(), z.string()).optional().meta({ description: 'Payer data passed to the counterparty (FULL_NAME, BIRTH_DATE, ...)' }),
  // The spec lets rateDetails be absent; this service always computes and returns it.
  rateDetails: outgoingRateDetailsSchema,
  scaChallenge: scaChallengeSchema.optional().meta({ description: 'While PENDING_AUTHORIZATION: the challenge to answer with POST /quotes/{quoteId}/authorize' }),
}).strict().meta({ id: 'Quote', description: 'A price-locked offer for a transfer from a source to a destination' });

/** The Quote resource. */
export type Quote = z.infer<typeof quoteSchema>;
/** A quote's source. */
export type QuoteSource = z.infer<typeof quoteSourceSchema>;
/** A quote's destination as returned. */
export type ResolvedQuoteDestination = z.infer<typeof resolvedQuoteDestinationSchema>;
