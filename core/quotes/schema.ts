import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';

/** Every payment rail name the API accepts. */
export const PAYMENT_RAILS = ['ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW', 'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE'] as const;

/** Crypto networks named by the spec (plus TRON). */
export const CRYPTO_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'SPARK', 'LIGHTNING', 'BITCOIN', 'TRON'] as const;

/** The purposes of payment the spec lists. */
export const PURPOSES = ['GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT', 'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER'] as const;

/** QuoteSource, by `sourceType`. */
export const quoteSourceSchema = z.discriminatedUnion('sourceType', [
  z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string().min(1), customerId: z.string().min(1).optional() }).strict(),
  z.object({ sourceType: z.literal('REALTIME_FUNDING'), currency: z.string().min(3).max(5), customerId: z.string().min(1).optional(), cryptoNetwork: z.enum(CRYPTO_NETWORKS).optional() }).strict(),
]);

/** QuoteDestination, by `destinationType`. */
export const quoteDestinationSchema = z.discriminatedUnion('destinationType', [
  z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string().min(1), paymentRail: z.enum(PAYMENT_RAILS).optional() }).strict(),
  z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string().min(3), currency: z.string().min(3).max(5).optional() }).strict(),
]);

/** `POST /quotes` body (the same as the spec's `POST /agents/me/quotes`). */
export const createQuoteSchema = z.object({
  source: quoteSourceSchema,
  destination: quoteDestinationSchema,
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
  lockedCurrencyAmount: z.number().int('must be an integer in the smallest unit of the locked currency').positive().max(MAX_AMOUNT, `must not exceed ${MAX_AMOUNT}`),
  lookupId: z.string().min(1).optional(),
  immediatelyExecute: z.boolean().default(false),
  description: z.string().max(500).optional(),
  purposeOfPayment: z.enum(PURPOSES).optional(),
  senderCustomerInfo: z.record(z.string(), z.string()).optional(),
}).strict();

/** `POST /quotes/{id}/execute` body: optional and empty. */
export const executeQuoteSchema = z.object({}).strict().optional();

/** The Quote resource. */
export interface Quote {
  id: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
  createdAt: string;
  expiresAt: string;
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  sendingCurrency: unknown;
  receivingCurrency: unknown;
  totalSendingAmount: number;
  totalReceivingAmount: number;
  exchangeRate: number;
  feesIncluded: number;
  transactionId: string;
  paymentInstructions?: unknown[];
  counterpartyInformation?: Record<string, string>;
  rateDetails: unknown;
}
