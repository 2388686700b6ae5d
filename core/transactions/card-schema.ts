import { z } from 'zod';
import { currencyAmountSchema } from '../payments/schema';

/** Card transaction statuses (the spec's "Card transaction status"). */
export const CARD_TX_STATUSES = ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'] as const;
/** A card transaction status. */
export type CardTxStatus = (typeof CARD_TX_STATUSES)[number];

const timestamp = z.iso.datetime();
const count = z.number().int().min(0);
const minor = z.number().int().min(0).meta({ description: 'In the smallest unit of the transaction currency' });

/** The merchant of a card authorization. */
export const cardMerchantSchema = z.object({
  descriptor: z.string().min(1).max(200).meta({ description: "The merchant's name as the network sends it; in the sandbox its last 3 characters choose the outcome", example: 'BLUE BOTTLE COFFEE SF 000' }),
  mcc: z.string().regex(/^\d{4}$/, 'must be a 4-digit merchant category code').optional().meta({ example: '5814' }),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').optional().meta({ example: 'US' }),
}).strict().meta({ id: 'CardMerchant' });

/** The card transaction resource: the parent record of an authorization and what was reconciled against it. */
export const cardTransactionSchema = z.object({
  type: z.literal('CARD'),
  id: z.string().meta({ example: 'CardTransaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8000' }),
  customerId: z.string().meta({ description: 'The cardholder' }),
  platformCustomerId: z.string().meta({ description: 'Platform-side id of the cardholder' }),
  status: z.enum(CARD_TX_STATUSES),
  direction: z.enum(['CREDIT', 'DEBIT']).meta({ description: 'DEBIT: a purchase or withdrawal from the funding account; CREDIT: a merchant credit or a payout into it' }),
  merchant: cardMerchantSchema,
  authorizedAmount: currencyAmountSchema.meta({ description: 'The amount the authorization approved (changed only by an authorization advice)' }),
  accountId: z.string().meta({ description: 'The internal account that funded the transaction' }),
  authorizedAt: timestamp,
  createdAt: timestamp.meta({ description: 'Equals authorizedAt' }),
  updatedAt: timestamp,
  cardId: z.string().optional().meta({ description: 'The card used' }),
  issuerTransactionToken: z.string().optional().meta({ description: 'Opaque issuer-side identifier' }),
  settledAmount: currencyAmountSchema.optional().meta({ description: 'Sum of the clearings posted' }),
  refundedAmount: currencyAmountSchema.optional().meta({ description: 'Sum of the merchant returns, less reversed returns' }),
  pullSummary: z.object({
    count: count.meta({ description: 'Pulls from the funding account, pending ones included; more than 1 means post-hoc pulls happened' }),
    totalAmount: minor.meta({ description: 'Amount pulled and confirmed' }),
    pendingCount: count.optional().meta({ description: 'Pulls not confirmed yet' }),
  }).strict().optional(),
  refundSummary: z.object({ count, totalAmount: minor }).strict().optional(),
  settlementSummary: z.object({ count, totalAmount: minor }).strict().optional(),
  lastEventAt: timestamp.optional().meta({ description: 'Most recent pull, clearing or refund event' }),
}).strict().meta({ id: 'CardTransaction', description: 'A card authorization with the pulls, settlements and refunds reconciled against it' });

/** A card transaction as the API returns it. */
export type CardTransaction = z.infer<typeof cardTransactionSchema>;
/** The merchant of a card transaction. */
export type CardMerchant = z.infer<typeof cardMerchantSchema>;
