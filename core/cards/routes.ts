import { z } from 'zod';
import { defineRoute, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { unloggedResponse } from '../api/known-body';
import { publicApiUrl } from '../api/public-url';
import { cardTransactionSchema } from '../transactions/card-schema';
import {
  cardIdParams, cardPageSchema, cardRevealSchema, cardSchema, createCardSchema, listCardsQuery, simulateAdviceSchema, simulateAuthorizationSchema,
  simulateBalanceInquirySchema, simulateClearingSchema, simulateReturnReversalSchema, simulateReturnSchema, updateCardSchema,
} from './schema';
import type { FinancialAndCreditSimulator } from './financial-and-credit';
import { REVEAL_TTL_SECONDS, revealPage, type CardReveal } from './reveal';
import type { CardService } from './service';
import type { CardSimulator } from './simulator';

const TAG = 'Cards';
const SANDBOX = 'Sandbox';
// The spec answers the clearing 200 with the updated card transaction (the spec wins over upstream's 202 there).
const updated = { 200: { description: 'The updated card transaction', schema: cardTransactionSchema } } as const;
// Upstream answers its other simulations 202 with {issuerTransactionToken}; the card transaction made or changed carries that token and is answered whole.
const accepted = (what: string) => ({ 202: { description: `${what}; its issuerTransactionToken is upstream's whole 202 answer`, schema: cardTransactionSchema } }) as const;
const onCard = { 404: 'REFERENCE_NOT_FOUND: no such card; TRANSACTION_NOT_FOUND: no such card transaction on this card' };
const declines = 'Declines (nothing is stored): INSUFFICIENT_FUNDS (no funding source holds the amount, or descriptor suffix 002), CARD_PAUSED (a FROZEN card, or suffix 003), '
  + 'CARD_NOT_ACTIVE (a PROCESSING or CLOSED card), TRANSACTION_SIZE_LIMIT_EXCEEDED (above maxSpendPerTransaction)';

const creditDeclines = 'Declines (nothing is stored): CARD_PAUSED (a FROZEN card, or descriptor suffix 003), CARD_NOT_ACTIVE (a PROCESSING or CLOSED card, or no ACTIVE funding account); INVALID_INPUT: currency.code is not the card\'s';

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
      400: 'CARDHOLDER_KYC_NOT_APPROVED; FUNDING_SOURCE_INELIGIBLE (sandbox: an account id ending 002 or 003); INVALID_INPUT: no such cardholder, '
        + 'a deleted cardholder, a platformCardId already taken, or a funding source of another customer, inactive, or in another currency (upstream lists only 400 here)',
    },
  }),
  listCards: listRoute({
    path: '/cards', tag: TAG, permission: 'VIEW',
    summary: 'Lists cards, newest first',
    query: listCardsQuery,
    page: cardPageSchema, items: 'cards',
  }),
  getCardById: defineRoute({
    method: 'get', path: '/cards/{id}', tag: TAG, permission: 'VIEW',
    summary: 'One card with its state and funding sources',
    params: cardIdParams,
    responses: { 200: { description: 'The card', schema: cardSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  updateCardById: defineRoute({
    method: 'patch', path: '/cards/{id}', tag: TAG, permission: 'MANAGE',
    summary: "Freezes, unfreezes or closes a card, or changes its funding sources or limit",
    description: 'ACTIVE and FROZEN swap; either may be CLOSED, which is final.',
    params: cardIdParams,
    body: updateCardSchema,
    responses: { 200: { description: 'The card after the change', schema: cardSchema } },
    errors: {
      404: 'REFERENCE_NOT_FOUND: no such card',
      409: 'CARD_ALREADY_CLOSED; CARD_NOT_MUTABLE (PROCESSING or PENDING_KYC); INVALID_STATE_TRANSITION',
    },
  }),
  revealCard: defineRoute({
    method: 'post', path: '/cards/{id}/reveal', tag: TAG, permission: 'MANAGE',
    summary: "A short-lived link to a page that shows the card's number, expiry and CVV",
    description: `The number never travels in a JSON answer: panEmbedUrl opens a page (for an iframe) that shows it, once, within ${REVEAL_TTL_SECONDS / 60} minutes `
      + 'on the workspace clock. Needs the MANAGE permission. The request log keeps neither the link nor the page.',
    params: cardIdParams,
    responses: { 200: { description: 'The reveal link and when it expires', schema: cardRevealSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  getCardRevealPage: defineRoute({
    method: 'get', path: '/card-reveals/{token}', tag: TAG, permission: 'PUBLIC',
    summary: "The page a reveal link opens: the card's number, expiry and CVV (text/html; a sandbox extension, where panEmbedUrl points)",
    description: 'The token in the path is the credential: it opens the page once, before it expires.',
    params: z.object({ token: z.string().min(1).max(100) }),
    responses: { 200: { description: 'The card details page (text/html)' } },
    errors: { 404: 'NOT_FOUND: no such link', 410: 'REVEAL_LINK_USED: already opened; REVEAL_LINK_EXPIRED: past its expiresAt' },
  }),
  sandboxSimulateCardAuthorization: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/authorization', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a card authorization at a merchant; answers the new card transaction',
    description: 'The last 3 characters of merchant.descriptor choose the outcome: 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_PAUSED, '
      + '005 approves with the pull pending about 30 seconds, 006 approves but the pull is reported FAILED (EXCEPTION), '
      + '102 and 106 approve and make a transaction id ending 002 or 006, whose post-hoc pulls fail. Anything else approves.',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: accepted('The card transaction, AUTHORIZED (or EXCEPTION for suffix 006)'),
    errors: { 400: declines, 404: 'REFERENCE_NOT_FOUND: no such card' },
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
    responses: accepted('The card transaction after the return'),
    errors: { 400: 'CARD_TRANSACTION_NOT_REFUNDABLE: not SETTLED, or settled with no clearing; INVALID_INPUT: amount above what can be returned; PULL_PENDING', ...onCard },
  }),
  sandboxSimulateCardReturnReversal: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/return_reversal', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates the reversal of a merchant return: the refunded money is pulled again',
    params: cardIdParams,
    body: simulateReturnReversalSchema,
    responses: accepted('The card transaction after the reversal'),
    errors: { 400: 'CARD_TRANSACTION_NOT_REVERSIBLE: the transaction is not REFUNDED', ...onCard },
  }),
  sandboxSimulateCardAuthorizationAdvice: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/authorization_advice', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates an authorization advice: the new total authorized amount',
    description: 'An increase pulls the difference into the hold; a decrease releases it. Not below what has settled.',
    params: cardIdParams,
    body: simulateAdviceSchema,
    responses: accepted('The card transaction with its new authorized amount'),
    errors: { 400: 'CARD_TRANSACTION_NOT_ADJUSTABLE: not AUTHORIZED or PARTIALLY_SETTLED; INVALID_INPUT: below the settled amount; PULL_PENDING', ...onCard },
  }),
  sandboxSimulateCardCreditAuthorization: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/credit_authorization', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a credit authorization (a merchant credit to the card): a CREDIT card transaction, AUTHORIZED',
    description: 'No money moves until its clearing (simulate/clearing), which pays the credit into the funding account. '
      + 'Credits need no funds and no limit applies; descriptor suffix 003 declines CARD_PAUSED.',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: accepted('The CREDIT card transaction, AUTHORIZED'),
    errors: { 400: creditDeclines, 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  sandboxSimulateCardFinancialAuthorization: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/financial_authorization', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a financial (single-message) authorization such as an ATM withdrawal: authorized and SETTLED at once',
    description: 'The merchant is paid at once and the amount pulled from the first funding source that holds it. Descriptor suffixes as for an authorization: '
      + '002 and 003 decline, 005 leaves the pull pending about 30 seconds, 006 reports the pull FAILED (EXCEPTION).',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: accepted('The DEBIT card transaction, SETTLED (or EXCEPTION for suffix 006)'),
    errors: { 400: declines, 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  sandboxSimulateCardFinancialCreditAuthorization: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/financial_credit_authorization', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a financial (single-message) credit such as a payout to the card: paid into the funding account at once, SETTLED',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: accepted('The CREDIT card transaction, SETTLED'),
    errors: { 400: creditDeclines, 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  sandboxSimulateCardCreditAuthorizationAdvice: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/credit_authorization_advice', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a credit authorization advice: a credit the network approved in the issuer\'s stead, recorded AUTHORIZED',
    description: 'An advice is not declined: it is recorded on an ACTIVE or FROZEN card whatever the descriptor. Its clearing pays it into the funding account.',
    params: cardIdParams,
    body: simulateAuthorizationSchema,
    responses: accepted('The CREDIT card transaction, AUTHORIZED'),
    errors: { 400: 'CARD_NOT_ACTIVE: the card is PROCESSING or CLOSED, or has no ACTIVE funding account; INVALID_INPUT: currency.code is not the card\'s', 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
  sandboxSimulateCardBalanceInquiry: defineRoute({
    method: 'post', path: '/sandbox/cards/{id}/simulate/balance_inquiry', tag: SANDBOX, permission: 'TRANSACT',
    summary: 'Simulates a balance inquiry (a zero-amount authorization), recorded as a SETTLED card transaction of 0',
    params: cardIdParams,
    body: simulateBalanceInquirySchema,
    responses: accepted('The card transaction of 0, SETTLED'),
    errors: { 400: declines, 404: 'REFERENCE_NOT_FOUND: no such card' },
  }),
};

/** What the card routes serve from. */
export interface CardRouteServices {
  cards: CardService;
  cardSimulator: CardSimulator;
  cardNetwork: FinancialAndCreditSimulator;
  cardReveal: CardReveal;
  /** The host's origins, for links handed out on console calls. */
  hostOrigins: readonly string[];
}

/** Serves the card routes and the sandbox's card simulations. */
export function cardRoutes({ cards, cardSimulator: simulator, cardNetwork, cardReveal, hostOrigins }: CardRouteServices) {
  return implement(cardContract, {
    createCard: ({ body }) => reply(201, cards.create(body)),
    listCards: ({ query }) => reply(200, cards.list(query)),
    getCardById: ({ params }) => reply(200, cards.get(params.id)),
    updateCardById: ({ params, body }) => reply(200, cards.update(params.id, body)),
    sandboxSimulateCardAuthorization: ({ params, body }) => reply(202, simulator.authorize(params.id, body)),
    sandboxSimulateCardClearing: ({ params, body }) => reply(200, simulator.clear(params.id, body)),
    sandboxSimulateCardReturn: ({ params, body }) => reply(202, simulator.refund(params.id, body)),
    sandboxSimulateCardReturnReversal: ({ params, body }) => reply(202, simulator.reverseReturn(params.id, body)),
    sandboxSimulateCardAuthorizationAdvice: ({ params, body }) => reply(202, simulator.advise(params.id, body)),
    sandboxSimulateCardBalanceInquiry: ({ params, body }) => reply(202, simulator.balanceInquiry(params.id, body)),
    sandboxSimulateCardCreditAuthorization: ({ params, body }) => reply(202, cardNetwork.creditAuthorize(params.id, body)),
    sandboxSimulateCardFinancialAuthorization: ({ params, body }) => reply(202, cardNetwork.financialAuthorize(params.id, body)),
    sandboxSimulateCardFinancialCreditAuthorization: ({ params, body }) => reply(202, cardNetwork.financialCreditAuthorize(params.id, body)),
    sandboxSimulateCardCreditAuthorizationAdvice: ({ params, body }) => reply(202, cardNetwork.creditAuthorizationAdvice(params.id, body)),
    revealCard: ({ params, c }) => {
      const link = cardReveal.issue(params.id);
      return reply(200, { panEmbedUrl: publicApiUrl(c, hostOrigins, `/card-reveals/${link.token}`), expiresAt: link.expiresAt });
    },
    getCardRevealPage: ({ params }) => unloggedResponse(revealPage(cardReveal.open(params.token)), {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // Why: the page holds a card number: never cached, no script, no referrer, nothing loaded from elsewhere.
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    }, '(card details page: not logged)') as never,
  });
}
