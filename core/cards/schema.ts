import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { pageSchema, pageQuerySchema } from '../kernel/pagination';
import { cardMerchantSchema } from '../transactions/card-schema';

/** Card states (upstream's). */
export const CARD_STATES = ['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
/** A card state. */
export type CardState = (typeof CARD_STATES)[number];
/**
 * Why a card is CLOSED, when the state alone does not say (upstream's set: a FROZEN card has no reason,
 * its state says it all; CLOSED_BY_SVC is the service's own closing, which the sandbox never does).
 */
export const CARD_STATE_REASONS = ['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SVC'] as const;
/** A card's state reason. */
export type CardStateReason = (typeof CARD_STATE_REASONS)[number];

const amount = z.number().int('must be an integer in the smallest unit of the currency').positive('must be positive').max(MAX_AMOUNT);
const accountId = z.string().min(1).meta({ example: 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });

/** The card resource. */
export const cardSchema = z.object({
  id: z.string().meta({ example: 'Card:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  cardholderId: z.string().meta({ description: 'The customer the card is issued to' }),
  platformCardId: z.string().optional().meta({ description: "The platform's own id for the card" }),
  form: z.enum(['VIRTUAL']),
  state: z.enum(CARD_STATES),
  stateReason: z.enum(CARD_STATE_REASONS).nullable().optional().meta({ description: 'Why the card is CLOSED (absent otherwise)' }),
  brand: z.enum(['VISA']),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12).meta({ description: 'The month the card expires (1-12)', example: 11 }),
  expYear: z.number().int().meta({ description: 'The year the card expires', example: 2029 }),
  expirationMonth: z.number().int().min(1).max(12).meta({ description: 'Deprecated: the same as expMonth (upstream\'s name), kept for clients of earlier builds', deprecated: true }),
  expirationYear: z.number().int().meta({ description: 'Deprecated: the same as expYear (upstream\'s name), kept for clients of earlier builds', deprecated: true }),
  currency: z.string().meta({ description: 'The currency of the funding sources, in which the card spends', example: 'USD' }),
  fundingSources: z.array(z.string()).meta({ description: "The cardholder's internal accounts that fund authorizations, in priority order" }),
  maxSpendPerTransaction: z.number().int().min(1).nullable().meta({ description: 'The largest authorization the card approves, in minor units of its currency; null for no limit' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict().meta({ id: 'Card', description: 'A card issued to a customer and funded by their internal accounts' });

/** `POST /cards/{id}/reveal` answer (upstream's CardRevealResponse). */
export const cardRevealSchema = z.object({
  panEmbedUrl: z.url().meta({ description: "A single-use page showing the card's number, expiry and CVV (for an iframe)", example: 'http://127.0.0.1:4100/2025-10-13/card-reveals/Zm9v' }),
  expiresAt: z.iso.datetime().meta({ description: 'After this the link opens nothing' }),
}).strict().meta({ id: 'CardRevealResponse' });

/** A card as the API returns it. */
export type Card = z.infer<typeof cardSchema>;
/** A page of cards. */
export const cardPageSchema = pageSchema(cardSchema, 'CardList');

/** `POST /cards` body. */
export const createCardSchema = z.object({
  cardholderId: z.string().min(1).meta({ description: 'A customer whose KYC is APPROVED' }),
  form: z.enum(['VIRTUAL']),
  fundingSources: z.array(accountId).min(1, 'must name at least one internal account').max(10)
    .meta({ description: "The cardholder's internal accounts (one currency), in priority order; in the sandbox ids ending 002 or 003 are ineligible" }),
  platformCardId: z.string().min(1).max(100).optional()
    .meta({ description: 'In the sandbox its last 3 characters choose the issuance: 001 stays PROCESSING, 002 is rejected (CLOSED), 005 activates after 30 seconds', example: 'card-alice-000' }),
  maxSpendPerTransaction: amount.optional().meta({ description: 'The largest authorization the card approves; no limit when absent' }),
  threeDSecurePassword: z.string().min(1).max(100).optional()
    .meta({ description: "Upstream's 3-D Secure static password: accepted so upstream's bodies pass; the sandbox has no 3-D Secure step and does not keep it" }),
}).strict().meta({ id: 'CreateCardRequest' });

/** `PATCH /cards/{id}` body. */
export const updateCardSchema = z.object({
  state: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']).optional().meta({ description: 'ACTIVE and FROZEN swap; either may be CLOSED, which is final' }),
  fundingSources: createCardSchema.shape.fundingSources.optional(),
  maxSpendPerTransaction: amount.nullable().optional().meta({ description: 'null removes the limit' }),
}).strict().refine((b) => Object.keys(b).length > 0, { message: 'must change state, fundingSources or maxSpendPerTransaction' })
  .meta({ id: 'UpdateCardRequest' });

/** `GET /cards` query. */
export const listCardsQuery = pageQuerySchema.extend({
  cardholderId: z.string().optional(),
  platformCardId: z.string().optional(),
  state: z.enum(CARD_STATES).optional(),
  accountId: z.string().optional().meta({ description: "Cards funded by this internal account (the contract's name)" }),
  fundingAccountId: z.string().optional().meta({ description: 'Older name of accountId, still accepted' }),
  sortOrder: z.enum(['asc', 'desc']).optional().meta({ description: 'By creation time; newest first (desc) when absent' }),
});

/** Path of the card routes. */
export const cardIdParams = z.object({ id: z.string().min(1).meta({ description: 'The card id', example: 'Card:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }) });

const txId = z.string().min(1).meta({ description: 'A card transaction of this card', example: 'CardTransaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8000' });
const currencyRef = z.object({ code: z.string().min(3).max(5) }).loose()
  .meta({ description: 'The Currency object; only code is read', example: { code: 'USD' } });

/** Authorization simulation body. */
export const simulateAuthorizationSchema = z.object({
  amount: amount.meta({ example: 1250 }),
  currency: currencyRef,
  merchant: cardMerchantSchema,
}).strict().meta({ id: 'SimulateCardAuthorizationRequest' });

/** Clearing simulation body (the spec's). */
export const simulateClearingSchema = z.object({
  cardTransactionId: txId,
  amount: z.number().int('must be an integer in the smallest unit of the currency').min(0, 'must be 0 or more').max(MAX_AMOUNT)
    .meta({ description: '0 simulates AUTHORIZATION_EXPIRY with no clearing; above the authorized amount pulls the difference after the fact', example: 1500 }),
}).strict().meta({ id: 'SimulateCardClearingRequest' });

/** Return (merchant refund) simulation body. */
export const simulateReturnSchema = z.object({ cardTransactionId: txId, amount }).strict().meta({ id: 'SimulateCardReturnRequest' });

/** Return reversal simulation body. */
export const simulateReturnReversalSchema = z.object({ cardTransactionId: txId }).strict().meta({ id: 'SimulateCardReturnReversalRequest' });

/** Authorization advice simulation body: the new total authorized amount. */
export const simulateAdviceSchema = z.object({
  cardTransactionId: txId,
  amount: amount.meta({ description: 'The new TOTAL authorized amount' }),
}).strict().meta({ id: 'SimulateCardAuthorizationAdviceRequest' });

/** Balance inquiry simulation body. */
export const simulateBalanceInquirySchema = z.object({ merchant: cardMerchantSchema }).strict().meta({ id: 'SimulateCardBalanceInquiryRequest' });
