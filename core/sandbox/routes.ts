import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { fundSchema, internalAccountSchema } from '../accounts/schema';
import type { InternalAccountService } from '../accounts/internal-service';
import { incomingTransactionSchema, transactionSchema } from '../transactions/schema';
import type { QuoteService } from '../quotes/service';
import type { TransactionService } from '../transactions/service';
import { advanceSchema, clockReportSchema, sandboxSendSchema, umaReceiveSchema } from './schema';
import type { IncomingPaymentSimulator } from './incoming';
import type { ClockService } from './clock';

const TAG = 'Sandbox';
const clockAnswer = { 200: { description: 'The clock after the change', schema: clockReportSchema } } as const;

/** The sandbox's payment simulators (upstream's operations) and its test clock (this service's own). */
export const sandboxContract = {
  sandboxSend: defineRoute({
    method: 'post', path: '/sandbox/send', tag: TAG, permission: 'TRANSACT',
    summary: 'Pays a REALTIME_FUNDING quote as its payer would, which starts it',
    body: sandboxSendSchema,
    responses: { 200: { description: "The quote's transaction, now PROCESSING", schema: transactionSchema } },
    errors: {
      400: "INVALID_AMOUNT: currencyAmount differs from the quote's totalSendingAmount; INVALID_INPUT: another currency, or a quote funded from an internal account",
      404: 'QUOTE_NOT_FOUND',
      409: 'CONFLICT: the quote is expired or already paid (details.status)',
    },
  }),
  sandboxReceive: defineRoute({
    method: 'post', path: '/sandbox/uma/receive', tag: TAG, permission: 'TRANSACT',
    summary: "Simulates an incoming UMA payment to one of the platform's customers",
    description: 'Name the receiver by receiverUmaAddress or by customerId (its UMA address is then implied); both may be given if they agree. '
      + "The money lands on the customer's internal account in that currency (provisioned when missing) and completes about 5 seconds later.",
    body: umaReceiveSchema,
    responses: { 200: { description: 'The INCOMING transaction, PENDING', schema: incomingTransactionSchema } },
    errors: {
      404: 'UMA_NOT_FOUND: no live customer has receiverUmaAddress; USER_NOT_FOUND: no customer has customerId',
      410: 'CUSTOMER_DELETED: customerId names a deleted customer',
    },
  }),
  sandboxFundInternalAccount: defineRoute({
    method: 'post', path: '/sandbox/internal-accounts/{accountId}/fund', tag: TAG, permission: 'TRANSACT',
    summary: 'Credits an internal account at once (up to 100000000000 minor units per call)',
    params: z.object({ accountId: idParam('The internal account id', 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    body: fundSchema,
    responses: { 200: { description: 'The account with its new balance', schema: internalAccountSchema } },
    errors: { 404: 'NOT_FOUND', 409: 'INVALID_STATE_TRANSITION: the account is CLOSED, FROZEN or FAILED' },
  }),
  getSandboxClock: defineRoute({
    method: 'get', path: '/sandbox/clock', tag: TAG, permission: 'VIEW',
    summary: 'The workspace clock and the queue of scheduled jobs',
    responses: { 200: { description: 'The clock', schema: clockReportSchema } },
  }),
  advanceSandboxClock: defineRoute({
    method: 'post', path: '/sandbox/clock/advance', tag: TAG, permission: 'MANAGE',
    summary: 'Moves the clock forward, running every job that falls due on the way, in order',
    description: 'Quote expiries and delayed sandbox outcomes (30 seconds, 6 minutes) happen as the clock passes them, so a long scenario plays in one call.',
    body: advanceSchema,
    responses: clockAnswer,
    errors: { 409: 'CLOCK_ADVANCE_IN_PROGRESS: another advance is still running' },
  }),
  cancelSandboxClockAdvance: defineRoute({
    method: 'post', path: '/sandbox/clock/advance/cancel', tag: TAG, permission: 'MANAGE',
    summary: 'Stops the running advance after its current batch of jobs',
    description: 'The advance then answers with `cancelled: true`; the clock stays at the last job it ran, and the jobs not yet run stay scheduled.',
    responses: clockAnswer,
    errors: { 409: 'NO_CLOCK_ADVANCE: no advance is running' },
  }),
  freezeSandboxClock: defineRoute({
    method: 'post', path: '/sandbox/clock/freeze', tag: TAG, permission: 'MANAGE',
    summary: 'Stops the clock at the current workspace instant',
    responses: clockAnswer,
  }),
  resumeSandboxClock: defineRoute({
    method: 'post', path: '/sandbox/clock/resume', tag: TAG, permission: 'MANAGE',
    summary: 'Lets real time run again from the current workspace instant, running whatever is due',
    responses: clockAnswer,
  }),
};

/** Serves the sandbox routes. */
export function sandboxRoutes(clock: ClockService, internal: InternalAccountService, quotes: QuoteService, transactions: TransactionService, incoming: IncomingPaymentSimulator) {
  return implement(sandboxContract, {
    sandboxSend: ({ body }) => {
      const quote = quotes.fundRealtime(body.quoteId, body.currencyCode, body.currencyAmount);
      return reply(200, transactions.get(quote.transactionId));
    },
    sandboxReceive: ({ body }) => reply(200, incoming.receive(body)),
    sandboxFundInternalAccount: ({ params, body }) => reply(200, internal.fund(params.accountId, body.amount)),
    getSandboxClock: () => reply(200, clock.state()),
    advanceSandboxClock: async ({ body, c }) => reply(200, await clock.advanceInBatches(body.seconds, c.get('keyedAnswer'))),
    cancelSandboxClockAdvance: () => reply(200, clock.cancelAdvance()),
    freezeSandboxClock: () => reply(200, clock.freeze()),
    resumeSandboxClock: () => reply(200, clock.resume()),
  });
}
