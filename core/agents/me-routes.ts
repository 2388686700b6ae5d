import { z } from 'zod';
import { defineRoute, idParam, implement, noContent, reply, type HandlerInput, type RouteSpec } from '../api/contract';
import { listRoute } from '../api/list-route';
import { unauthorized } from '../kernel/errors';
import { createQuoteSchema, executeQuoteSchema, quoteSchema } from '../quotes/schema';
import { listTransactionsQuery, transactionPageSchema, transactionSchema } from '../transactions/schema';
import { transferInSchema, transferOutSchema } from '../transfers/schema';
import { internalAccountPageSchema, listExternalAccountsQuery, listPlatformInternalAccountsQuery } from '../accounts/schema';
import { createExternalAccountSchema, externalAccountPageSchema, externalAccountSchema } from '../accounts/external-schema';
import { agentActionPageSchema, agentActionSchema, agentSchema, listActionsQuery } from './schema';
import type { AgentOperations } from './operations';

const TAG = 'Agent operations';
const POLICY_403 = 'FORBIDDEN: the agent is paused, or its policy refuses the action (details.rule: PAUSED, PERMISSION, ACCOUNT_NOT_ALLOWED, PER_TRANSACTION_LIMIT, ACCOUNT_PER_TRANSACTION_LIMIT, DAILY_LIMIT, DAILY_TRANSACTION_LIMIT, MONTHLY_LIMIT)';
const quoteParams = z.object({ quoteId: idParam('The quote id', 'Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const externalParams = z.object({ externalAccountId: idParam('The external account id') });
const transferAction = { 201: { description: 'The action: APPROVED (executed, with its transaction) or PENDING_APPROVAL', schema: agentActionSchema } };

/** Everything an agent does with its bearer access token, for its own customer only, declared once. */
export const agentMeContract = {
  getAgentMe: defineRoute({
    method: 'get', path: '/agents/me', tag: TAG, permission: 'AGENT',
    summary: 'The calling agent with its policy and usage',
    responses: { 200: { description: 'The agent', schema: agentSchema } },
  }),
  agentListTransactions: listRoute({
    path: '/agents/me/transactions', tag: TAG, permission: 'AGENT',
    summary: "The agent's customer's transactions, newest first unless sortOrder=asc (needs VIEW_TRANSACTIONS)",
    query: listTransactionsQuery.omit({ customerId: true, platformCustomerId: true }),
    page: transactionPageSchema, items: 'transactions',
    errors: { 403: POLICY_403 },
  }),
  agentGetTransaction: defineRoute({
    method: 'get', path: '/agents/me/transactions/{transactionId}', tag: TAG, permission: 'AGENT',
    summary: "One transaction of the agent's customer (another customer's is a 404)",
    params: z.object({ transactionId: idParam('The transaction id') }),
    responses: { 200: { description: 'The transaction', schema: transactionSchema } },
    errors: { 403: POLICY_403, 404: 'TRANSACTION_NOT_FOUND' },
  }),
  agentCreateQuote: defineRoute({
    method: 'post', path: '/agents/me/quotes', tag: TAG, permission: 'AGENT',
    summary: "Prices a transfer from the agent's customer's account (needs CREATE_QUOTES; immediatelyExecute also EXECUTE_QUOTES)",
    description: 'The same quote as POST /quotes, for the agent\'s customer only. Idempotency-Key replays the first answer. With immediatelyExecute '
      + 'the quote is submitted as an action at once: it comes back PROCESSING when the policy let it run, PENDING while it waits for approval.',
    body: createQuoteSchema,
    responses: { 201: { description: 'The quote', schema: quoteSchema } },
    errors: {
      400: 'AMOUNT_OUT_OF_RANGE, INSUFFICIENT_FUNDS', 403: POLICY_403,
      404: "NOT_FOUND: an account that is not the agent's customer's; USER_NOT_FOUND; LOOKUP_REQUEST_NOT_FOUND; UMA_NOT_FOUND",
      410: 'CUSTOMER_DELETED', 412: 'UNSUPPORTED_UMA_VERSION',
    },
  }),
  agentGetQuote: defineRoute({
    method: 'get', path: '/agents/me/quotes/{quoteId}', tag: TAG, permission: 'AGENT',
    summary: 'One quote the agent created',
    params: quoteParams,
    responses: { 200: { description: 'The quote', schema: quoteSchema } },
    errors: { 403: POLICY_403, 404: 'QUOTE_NOT_FOUND: no such quote of this agent' },
  }),
  agentExecuteQuote: defineRoute({
    method: 'post', path: '/agents/me/quotes/{quoteId}/execute', tag: TAG, permission: 'AGENT',
    summary: 'Executes one of its quotes as an action, judged by the policy (needs EXECUTE_QUOTES)',
    description: 'Within the limits and below the approval threshold the quote executes at once (action APPROVED, with its transaction); '
      + 'otherwise the action waits in PENDING_APPROVAL with its transaction PENDING until the platform approves or rejects it.',
    params: quoteParams,
    body: executeQuoteSchema,
    responses: { 200: { description: 'The action', schema: agentActionSchema } },
    errors: {
      400: 'INSUFFICIENT_FUNDS', 403: POLICY_403, 404: 'QUOTE_NOT_FOUND',
      409: 'CONFLICT: the quote expired, was executed, or was already submitted as an action',
    },
  }),
  agentListActions: listRoute({
    path: '/agents/me/actions', tag: TAG, permission: 'AGENT',
    summary: "The agent's actions, newest first",
    query: listActionsQuery,
    page: agentActionPageSchema, items: 'actions',
    errors: { 403: POLICY_403 },
  }),
  agentGetAction: defineRoute({
    method: 'get', path: '/agents/me/actions/{actionId}', tag: TAG, permission: 'AGENT',
    summary: 'One of its actions',
    params: z.object({ actionId: idParam('The action id') }),
    responses: { 200: { description: 'The action', schema: agentActionSchema } },
    errors: { 403: POLICY_403, 404: 'REFERENCE_NOT_FOUND' },
  }),
  agentCreateTransferIn: defineRoute({
    method: 'post', path: '/agents/me/transfer-in', tag: TAG, permission: 'AGENT',
    summary: "Pulls money from the customer's bank account into its internal account, as an action (needs CREATE_TRANSFERS)",
    body: transferInSchema,
    responses: transferAction,
    errors: { 403: POLICY_403, 404: "NOT_FOUND: an account that is not the agent's customer's" },
  }),
  agentCreateTransferOut: defineRoute({
    method: 'post', path: '/agents/me/transfer-out', tag: TAG, permission: 'AGENT',
    summary: "Pays from the customer's internal account to its external account of the same currency, as an action (needs CREATE_TRANSFERS)",
    body: transferOutSchema,
    responses: transferAction,
    errors: { 400: 'INSUFFICIENT_FUNDS', 403: POLICY_403, 404: "NOT_FOUND: an account that is not the agent's customer's" },
  }),
  agentListInternalAccounts: listRoute({
    path: '/agents/me/internal-accounts', tag: TAG, permission: 'AGENT',
    summary: "The customer's internal accounts with balances (needs VIEW_TRANSACTIONS)",
    query: listPlatformInternalAccountsQuery,
    page: internalAccountPageSchema, items: 'internal accounts',
    errors: { 403: POLICY_403 },
  }),
  agentListExternalAccounts: listRoute({
    path: '/agents/me/external-accounts', tag: TAG, permission: 'AGENT',
    summary: "The customer's external accounts (needs MANAGE_EXTERNAL_ACCOUNTS)",
    query: listExternalAccountsQuery.omit({ customerId: true }),
    page: externalAccountPageSchema, items: 'external accounts',
    errors: { 403: POLICY_403 },
  }),
  agentCreateExternalAccount: defineRoute({
    method: 'post', path: '/agents/me/external-accounts', tag: TAG, permission: 'AGENT',
    summary: 'Adds an external account to the customer (customerId may be left out; needs MANAGE_EXTERNAL_ACCOUNTS)',
    body: createExternalAccountSchema,
    responses: { 201: { description: 'The account', schema: externalAccountSchema } },
    errors: { 403: POLICY_403, 404: 'USER_NOT_FOUND: another customer', 409: 'CONFLICT: the account already exists' },
  }),
  agentGetExternalAccount: defineRoute({
    method: 'get', path: '/agents/me/external-accounts/{externalAccountId}', tag: TAG, permission: 'AGENT',
    summary: 'One external account of the customer',
    params: externalParams,
    responses: { 200: { description: 'The account', schema: externalAccountSchema } },
    errors: { 403: POLICY_403, 404: 'REFERENCE_NOT_FOUND' },
  }),
  agentDeleteExternalAccount: defineRoute({
    method: 'delete', path: '/agents/me/external-accounts/{externalAccountId}', tag: TAG, permission: 'AGENT',
    summary: 'Deletes an external account of the customer',
    params: externalParams,
    responses: { 204: { description: 'Deleted' } },
    errors: { 403: POLICY_403, 404: 'REFERENCE_NOT_FOUND' },
  }),
};

/** The calling agent's id (the route's AGENT permission has already admitted only agents). */
function me(input: { principal: HandlerInput<RouteSpec>['principal'] }): string {
  if (input.principal?.kind !== 'AGENT') throw unauthorized('This route takes an agent access token');
  return input.principal.id;
}

/** Serves the agent's own routes. */
export function agentMeRoutes(ops: AgentOperations) {
  return implement(agentMeContract, {
    getAgentMe: (i) => reply(200, ops.me(me(i))),
    agentListTransactions: (i) => reply(200, ops.transactions(me(i), i.query)),
    agentGetTransaction: (i) => reply(200, ops.transaction(me(i), i.params.transactionId)),
    agentCreateQuote: (i) => reply(201, ops.createQuote(me(i), i.body)),
    agentGetQuote: (i) => reply(200, ops.quote(me(i), i.params.quoteId)),
    agentExecuteQuote: (i) => reply(200, ops.executeQuote(me(i), i.params.quoteId)),
    agentListActions: (i) => reply(200, ops.actions(me(i), i.query)),
    agentGetAction: (i) => reply(200, ops.action(me(i), i.params.actionId)),
    agentCreateTransferIn: (i) => reply(201, ops.transferIn(me(i), i.body)),
    agentCreateTransferOut: (i) => reply(201, ops.transferOut(me(i), i.body)),
    agentListInternalAccounts: (i) => reply(200, ops.internalAccounts(me(i), i.query)),
    agentListExternalAccounts: (i) => reply(200, ops.externalAccounts(me(i), i.query)),
    agentCreateExternalAccount: (i) => reply(201, ops.createExternalAccount(me(i), i.body)),
    agentGetExternalAccount: (i) => reply(200, ops.externalAccount(me(i), i.params.externalAccountId)),
    agentDeleteExternalAccount: (i) => (ops.deleteExternalAccount(me(i), i.params.externalAccountId), noContent()),
  });
}
