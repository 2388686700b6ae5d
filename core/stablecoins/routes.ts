import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import {
  linkProviderAccountSchema, listOperationsQuery, listProviderAccountsQuery, operationPageSchema, operationSchema,
  providerAccountPageSchema, providerAccountSchema, registerStablecoinSchema, listStablecoinsQuery, mintRequestSchema, burnRequestSchema, stablecoinPageSchema, stablecoinSchema, withdrawalFeeRequestSchema, withdrawalFeeSchema,
} from './schema';
import type { StablecoinService } from './service';

const TAG = 'Stablecoins';
const coinParam = z.object({ stablecoinId: idParam('The stablecoin id', 'Stablecoin:019542f5-b3e7-1d02-0000-000000000002') });
const ACCOUNT_400 = 'STABLECOIN_PROVIDER_ACCOUNT_INVALID, STABLECOIN_PROVIDER_ACCOUNT_REVOKED';
const STEPS = 'PENDING_FUNDING while the funds are awaited (the sandbox receives them 30 s later), PENDING_PROVIDER, PROCESSING 2 s later, COMPLETED (or FAILED) 10 s after that';
const operation = <B extends z.ZodType>(type: 'mint' | 'burn', body: B) => defineRoute({
  method: 'post', path: `/stablecoins/{stablecoinId}/${type}s` as const, tag: TAG, permission: 'TRANSACT',
  summary: type === 'mint'
    ? `Mints coins, funded by wire, ACH debit, an internal account (held at once) or the provider's balance, to a SPARK_WALLET or an internal account's custody: ${STEPS}; COMPLETED funds the reserve and raises the supply`
    : `Burns coins from an outside wallet, the provider's balance or an internal account's custody, paying the reserve out to a bank account: ${STEPS}; COMPLETED lowers the supply`,
  params: coinParam,
  body,
  responses: { 201: { description: 'The operation, PENDING_FUNDING or PENDING_PROVIDER', schema: operationSchema } },
  errors: {
    400: `INVALID_INPUT naming the field (amount not whole cents, an account of the wrong kind or currency); INVALID_AMOUNT when the ${type === 'mint' ? 'funding account' : 'supply, custody or reserve'} cannot cover it; ${ACCOUNT_400}`,
    404: 'REFERENCE_NOT_FOUND: no such stablecoin, or no such account named in the body',
    409: 'CONFLICT: the coin\'s operations are not ENABLED (coins registered on another network than SPARK)',
  },
});

/** The stablecoin routes and the crypto withdrawal-fee estimate, declared once. */
export const stablecoinContract = {
  linkStablecoinProviderAccount: defineRoute({
    method: 'post', path: '/stablecoin-provider-accounts', tag: TAG, permission: 'MANAGE',
    summary: 'Links stablecoin provider credentials (the secret is stored hashed and never returned)',
    body: linkProviderAccountSchema,
    responses: { 201: { description: 'The ACTIVE link', schema: providerAccountSchema } },
    errors: { 400: 'STABLECOIN_PROVIDER_ACCOUNT_INVALID: the provider refused the credentials (sandbox: a secret starting with "invalid")', 409: 'CONFLICT: that provider account is already linked' },
  }),
  listStablecoinProviderAccounts: listRoute({
    path: '/stablecoin-provider-accounts', tag: TAG, permission: 'VIEW',
    summary: 'Lists provider account links, newest first', query: listProviderAccountsQuery,
    page: providerAccountPageSchema, items: 'links',
  }),
  getStablecoinProviderAccount: defineRoute({
    method: 'get', path: '/stablecoin-provider-accounts/{stablecoinProviderAccountId}', tag: TAG, permission: 'VIEW',
    summary: 'One provider account link',
    params: z.object({ stablecoinProviderAccountId: idParam('The link id', 'StablecoinProviderAccount:019542f5-b3e7-1d02-0000-000000000001') }),
    responses: { 200: { description: 'The link', schema: providerAccountSchema } },
    errors: { 404: 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND' },
  }),
  registerStablecoin: defineRoute({
    method: 'post', path: '/stablecoins', tag: TAG, permission: 'MANAGE',
    summary: 'Registers a stablecoin created at the provider: PROVISIONED and ENABLED at once in the sandbox, backed 1:1 by USD',
    body: registerStablecoinSchema,
    responses: { 201: { description: 'The stablecoin, with a supply of 0', schema: stablecoinSchema } },
    errors: {
      400: `${ACCOUNT_400}; STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED when several links are ACTIVE and none is named`,
      404: 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: the named link does not exist', 409: 'CONFLICT: the symbol is already registered on that network',
    },
  }),
  listStablecoins: listRoute({
    path: '/stablecoins', tag: TAG, permission: 'VIEW', summary: 'Lists stablecoins, newest first, by issuance status, operations status and provider', query: listStablecoinsQuery,
    page: stablecoinPageSchema, items: 'stablecoins',
  }),
  getStablecoin: defineRoute({
    method: 'get', path: '/stablecoins/{stablecoinId}', tag: TAG, permission: 'VIEW', summary: 'One stablecoin with its supply', params: coinParam,
    responses: { 200: { description: 'The stablecoin', schema: stablecoinSchema } }, errors: { 404: 'REFERENCE_NOT_FOUND' },
  }),
  createStablecoinMint: operation('mint', mintRequestSchema),
  createStablecoinBurn: operation('burn', burnRequestSchema),
  listStablecoinOperations: listRoute({
    path: '/stablecoins/{stablecoinId}/operations', tag: TAG, permission: 'VIEW', summary: 'A stablecoin’s mints and burns, newest first',
    params: coinParam, query: listOperationsQuery,
    page: operationPageSchema, items: 'operations', errors: { 404: 'REFERENCE_NOT_FOUND: no such stablecoin' },
  }),
  getStablecoinOperation: defineRoute({
    method: 'get', path: '/stablecoin-operations/{stablecoinOperationId}', tag: TAG, permission: 'VIEW', summary: 'One mint or burn',
    params: z.object({ stablecoinOperationId: idParam('The operation id', 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000003') }),
    responses: { 200: { description: 'The operation', schema: operationSchema } }, errors: { 404: 'REFERENCE_NOT_FOUND' },
  }),
  estimateCryptoWithdrawalFee: defineRoute({
    method: 'post', path: '/crypto/estimate-withdrawal-fee', tag: 'Cross-currency transfers', permission: 'VIEW',
    summary: 'Estimates the network fee of a crypto withdrawal (the sandbox’s fixed fee table)',
    body: withdrawalFeeRequestSchema,
    responses: { 200: { description: 'The estimate', schema: withdrawalFeeSchema } },
    errors: {
      400: 'INVALID_INPUT naming cryptoNetwork (the currency does not travel on it) or internalAccountId (another currency); AMOUNT_OUT_OF_RANGE when the fee would take it all',
      404: 'REFERENCE_NOT_FOUND: no internal account has internalAccountId',
    },
  }),
};

/** Serves the stablecoin routes. */
export function stablecoinRoutes(s: StablecoinService) {
  return implement(stablecoinContract, {
    linkStablecoinProviderAccount: ({ body }) => reply(201, s.link(body)),
    listStablecoinProviderAccounts: ({ query }) => reply(200, s.accounts(query)),
    getStablecoinProviderAccount: ({ params }) => reply(200, s.account(params.stablecoinProviderAccountId)),
    registerStablecoin: ({ body }) => reply(201, s.register(body)),
    listStablecoins: ({ query }) => reply(200, s.list(query)),
    getStablecoin: ({ params }) => reply(200, s.get(params.stablecoinId)),
    createStablecoinMint: ({ params, body }) => reply(201, s.mint(params.stablecoinId, body)),
    createStablecoinBurn: ({ params, body }) => reply(201, s.burn(params.stablecoinId, body)),
    listStablecoinOperations: ({ params, query }) => reply(200, s.operations(params.stablecoinId, query)),
    getStablecoinOperation: ({ params }) => reply(200, s.operation(params.stablecoinOperationId)),
    estimateCryptoWithdrawalFee: ({ body }) => reply(200, s.estimateWithdrawalFee(body)),
  });
}
