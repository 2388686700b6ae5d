import { defineRoute, implement, reply } from '../api/contract';
import { cardTransactionSchema } from '../transactions/card-schema';
import {
  cardIdParams, cardPageSchema, cardSchema, createCardSchema, listCardsQuery, simulateAdviceSchema, simulateAuthorizationSchema,
  simulateBalanceInquirySchema, simulateClearingSchema, simulateReturnReversalSchema, simulateReturnSchema, updateCardSchema,
} from './schema';
import type { CardService } from './service';
import type { CardSimulator } from './simulator';

const TAG = 'Cards';
const SANDBOX = 'Sandbox';
const updated = { 200: { description: 'The updated card transaction', schema: cardTransactionSchema } } as const;
const onCard = { 404: 'CARD_NOT_FOUND: no such card; TRANSACTION_NOT_FOUND: no such card transaction on this card' };
const declines = 'Declines (nothing is stored): INSUFFICIENT_FUNDS (no funding source holds the amount, or descriptor suffix 002), CARD_PAUSED (a FROZEN card, or suffix 003), '
  + 'CARD_NOT_ACTIVE (a PROCESSING or CLOSED card), TRANSACTION_SIZE_LIMIT_EXCEEDED (above maxSpendPerTransaction)';

/** The card routes and the sandbox's card network simulations, declared once. */
export const cardContract = {
  createCard: defineRoute({
    method: 'post', path: '/cards', tag: TAG, permission: 'MANAGE',
    summary: 'Issues a virtual card to a customer, funded by their internal accounts',
    description: 'In the sandbox the last 3 characters of platformCardId (or of cardholderId) choose the issuance: 001 stays PROCESSING, '
      + '002 is rejected (CLOSED, stateReason ISSUER_REJECTED), 005 becomes ACTIVE 30 seconds later, anything else is ACTIVE at once.',
    body: createCardSchema,
    responses: { 201: { description: 'The new card', schema: cardSchema } },
    errors: {
      400: 'CARDHOLDER_KYC_NOT_APPROVED; FUNDING_SOURCE_INELIGIBLE (sandbox: an account id ending 002 or 003); INVALID_INPUT: a funding source of another customer, inactive, or in another currency',
      404: 'USER_NOT_FOUND: no such cardholder',
      409: 'CONFLICT: platformCardId is taken',
      410: 'CUSTOMER_DELETED',
    },
  }),
  listCards: defineRoute({
    method: 'get', path: '/cards', tag: TAG, permission: 'VIEW',
    summary: 'Lists cards, newest first',
    query: listCardsQuery,
    responses: { 200: { description: 'A page of cards', schema: cardPageSchema } },
  }),
  getCardById: defineRoute({
    method: 'get', path: '/cards/{id}', tag: TAG, permission: 'VIEW',
    summary: 'One card with its state and funding sources',
    params: cardIdParams,
    responses: { 200: { description: 'The card', schema: cardSchema } },
    errors: { 404: 'CARD_NOT_FOUND' },
  }),
  updateCardById: defineRoute({
    method: 'patch', path: '/cards/{id}', tag: TAG, permission: 'MANAGE',
    summary: "Freezes, unfreezes or closes a card, or changes its funding sources or limit",
    description: 'ACTIVE and FROZEN swap; either may be CLOSED, which is final.',
    params: cardIdParams,
    body: updateCardSchema,
    responses: { 200: { description: 'The card after the change', schema: cardSchema } },
    errors: {
      404: 'CARD_NOT_FOUND',
      409: 'CARD_ALREADY_CLOSED; CARD_NOT_MUTABLE (PROCESSING or PENDING_KYC); INVALID_STATE_TRANSITION',
    },
  }),
  sandboxSimulateCardAuthorization: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/authorization', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a card authorization at a merchant; answers the new card transaction',
    description: 'The last 3 characters of merchant.descriptor choose the outcome: 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_PAUSED, '
      + '005 approves with the pull pending about 30 seconds, 006 approves but the pull is reported FAILED (EXCEPTION), '
      + '102 and 106 approve and make a transaction id ending 002 or 006, whose post-hoc pulls fail. Anything else approves.',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: { 200: { description: 'The card transaction, AUTHORIZED (or EXCEPTION for suffix 006)', schema: cardTransactionSchema } },
    errors: { 400: declines, 404: 'CARD_NOT_FOUND' },
  }),
  sandboxSimulateCardClearing: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/clearing', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a clearing (settlement) of a card transaction',
    description: 'Only from AUTHORIZED or PARTIALLY_SETTLED. Below the authorized amount in total: PARTIALLY_SETTLED; reaching it: SETTLED. '
      + 'Above what was pulled, the difference is pulled after the fact; the transaction id suffix decides that pull (002 fails and 006 is reported FAILED: EXCEPTION; 005 stays pending 30 seconds). '
      + 'Amount 0 is AUTHORIZATION_EXPIRY: no clearing, the hold is released and the transaction closes as SETTLED.',
    params: cardIdParams,
    body: simulateClearingSchema,
    responses: updated,
    errors: { 400: 'CARD_TRANSACTION_NOT_CLEARABLE: the transaction is SETTLED, REFUNDED or EXCEPTION; PULL_PENDING: a pull is still pending', ...onCard },
  }),
  sandboxSimulateCardReturn: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/return', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a merchant return (refund) of a settled card transaction',
    description: 'At most what was settled less what was already returned. All of it: REFUNDED; part of it: stays SETTLED with refundedAmount.',
    params: cardIdParams,
    body: simulateReturnSchema,
    responses: updated,
    errors: { 400: 'CARD_TRANSACTION_NOT_REFUNDABLE: not SETTLED, or settled with no clearing; INVALID_INPUT: amount above what can be returned; PULL_PENDING', ...onCard },
  }),
  sandboxSimulateCardReturnReversal: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/return_reversal', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates the reversal of a merchant return: the refunded money is pulled again',
    params: cardIdParams,
    body: simulateReturnReversalSchema,
    responses: updated,
    errors: { 400: 'CARD_TRANSACTION_NOT_REVERSIBLE: the transaction is not REFUNDED', ...onCard },
  }),
  sandboxSimulateCardAuthorizationAdvice: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/authorization_advice', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates an authorization advice: the new total authorized amount',
    description: 'An increase pulls the difference into the hold; a decrease releases it. Not below what has settled.',
    params: cardIdParams,
    body: simulateAdviceSchema,
    responses: updated,
    errors: { 400: 'CARD_TRANSACTION_NOT_ADJUSTABLE: not AUTHORIZED or PARTIALLY_SETTLED; INVALID_INPUT: below the settled amount; PULL_PENDING', ...onCard },
  }),
  sandboxSimulateCardBalanceInquiry: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/balance_inquiry', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a balance inquiry (a zero-amount authorization), recorded as a SETTLED card transaction of 0',
    params: cardIdParams,
    body: simulateBalanceInquirySchema,
    responses: { 200: { description: 'The card transaction of 0, SETTLED', schema: cardTransactionSchema } },
    errors: { 400: declines, 404: 'CARD_NOT_FOUND' },
  }),
};

/** Serves the card routes and the sandbox's card simulations. */
export function cardRoutes(cards: CardService, simulator: CardSimulator) {
  return implement(cardContract, {
    createCard: ({ body }) => reply(201, cards.create(body)),
    listCards: ({ query }) => reply(200, cards.list(query)),
    getCardById: ({ params }) => reply(200, cards.get(params.id)),
    updateCardById: ({ params, body }) => reply(200, cards.update(params.id, body)),
    sandboxSimulateCardAuthorization: ({ params, body }) => reply(200, simulator.authorize(params.id, body)),
    sandboxSimulateCardClearing: ({ params, body }) => reply(200, simulator.clear(params.id, body)),
    sandboxSimulateCardReturn: ({ params, body }) => reply(200, simulator.refund(params.id, body)),
    sandboxSimulateCardReturnReversal: ({ params, body }) => reply(200, simulator.reverseReturn(params.id, body)),
    sandboxSimulateCardAuthorizationAdvice: ({ params, body }) => reply(200, simulator.advise(params.id, body)),
    sandboxSimulateCardBalanceInquiry: ({ params, body }) => reply(200, simulator.balanceInquiry(params.id, body)),
  });
}
