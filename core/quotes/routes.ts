import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { createQuoteSchema, executeQuoteSchema, quoteSchema } from './schema';
import type { QuoteService } from './service';

const quoteId = z.object({ quoteId: idParam('The quote id', 'Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const TAG = 'Cross-currency transfers';

/** `POST /quotes`, `GET /quotes/{quoteId}`, `POST /quotes/{quoteId}/execute`, declared once. */
export const quoteContract = {
  createQuote: defineRoute({
    method: 'post', path: '/quotes', tag: TAG, permission: 'TRANSACT',
    summary: 'Prices a transfer and locks the price until expiresAt',
    description: 'Creates the quote with its PENDING transaction. A REALTIME_FUNDING quote carries paymentInstructions and starts when '
      + 'its funds arrive; an internal-account quote is executed with POST /quotes/{quoteId}/execute, or at once with immediatelyExecute. '
      + 'UMA_ADDRESS destinations need the lookupId of GET /receiver/uma/{receiverUmaAddress}. Same-currency transfers belong on /transfer-out.',
    body: createQuoteSchema,
    responses: {
      201: { description: 'The quote (PROCESSING when immediatelyExecute started it)', schema: quoteSchema },
      202: { description: 'The quote waits for Strong Customer Authentication (PENDING_AUTHORIZATION): answer its scaChallenge with POST /quotes/{quoteId}/authorize', schema: quoteSchema },
    },
    errors: {
      400: 'AMOUNT_OUT_OF_RANGE: the amount does not cover the fees or leaves the platform range; INSUFFICIENT_FUNDS: immediatelyExecute without the balance',
      404: 'NOT_FOUND (source or destination account), USER_NOT_FOUND, LOOKUP_REQUEST_NOT_FOUND, UMA_NOT_FOUND',
      410: 'CUSTOMER_DELETED: the customer of the quote has been deleted',
    },
  }),
  getQuoteById: defineRoute({
    method: 'get', path: '/quotes/{quoteId}', tag: TAG, permission: 'VIEW',
    summary: 'One quote with its current status',
    params: quoteId,
    responses: { 200: { description: 'The quote', schema: quoteSchema } },
    errors: { 404: 'QUOTE_NOT_FOUND' },
  }),
  executeQuote: defineRoute({
    method: 'post', path: '/quotes/{quoteId}/execute', tag: TAG, permission: 'TRANSACT',
    summary: 'Executes a pending quote funded from an internal account',
    // Not a signed-retry route: the payload to stamp already came with the quote, so there is no 202 leg.
    description: 'Holds the source funds and starts the payment (the quote moves to PROCESSING). When the source is an EMBEDDED_WALLET '
      + 'account, send the header Svc-Wallet-Signature: a wallet session key\'s stamp over the payloadToSign of the quote\'s EMBEDDED_WALLET '
      + 'payment instruction (no Request-Id, no 202 challenge). REALTIME_FUNDING quotes are not executed here: they start when paid.',
    params: quoteId,
    body: executeQuoteSchema,
    responses: { 200: { description: 'The quote, now PROCESSING', schema: quoteSchema } },
    errors: {
      400: 'INSUFFICIENT_FUNDS: the source balance is below totalSendingAmount; INVALID_INPUT: a REALTIME_FUNDING quote',
      401: 'WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_INVALID: the embedded wallet\'s stamp is absent or wrong',
      404: 'QUOTE_NOT_FOUND',
      409: 'CONFLICT: the quote is expired, already executed, waiting for SCA authorization (PENDING_AUTHORIZATION) or otherwise not PENDING (details.status)',
    },
  }),
};

/** Serves the quote routes. */
export function quoteRoutes(quotes: QuoteService) {
  return implement(quoteContract, {
    createQuote: ({ body }) => {
      const q = quotes.create(body);
      return q.status === 'PENDING_AUTHORIZATION' ? reply(202, q) : reply(201, q);
    },
    getQuoteById: ({ params }) => reply(200, quotes.get(params.quoteId)),
    executeQuote: ({ params, c }) => reply(200, quotes.execute(params.quoteId, c.req.header('Svc-Wallet-Signature'))),
  });
}
