import { z } from 'zod';
import { defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { listRoute, type PagedQuery } from '../api/list-route';
import {
  internalAccountPageSchema, listExternalAccountsQuery, listInternalAccountsQuery, listPlatformInternalAccountsQuery,
} from './schema';
import { createExternalAccountSchema, externalAccountPageSchema, externalAccountSchema } from './external-schema';
import type { InternalAccountService } from './internal-service';
import type { ExternalAccountService } from './external-service';

const externalAccountId = z.object({ externalAccountId: idParam('The external account id', 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const notFound = { 404: 'REFERENCE_NOT_FOUND: no such live external account on this path' };

/** The four external account routes of one owner path (`/customers` or `/platform`). */
function externalRoutes<const P extends '/customers' | '/platform', Q extends PagedQuery>(prefix: P, whose: string, query: Q) {
  const createErrors: Record<number, string> = {
    400: 'INVALID_BANK_ACCOUNT: the receiving institution reports the account invalid (sandbox suffix 105)',
    409: 'CONFLICT: the owner already has this account',
  };
  if (prefix === '/customers') Object.assign(createErrors, { 404: 'USER_NOT_FOUND: no such customer', 410: 'CUSTOMER_DELETED: the customer has been deleted' });
  return {
    list: listRoute({
      path: `${prefix}/external-accounts`, tag: 'External accounts', permission: 'VIEW',
      summary: `Lists the external accounts of ${whose}, newest first`,
      query,
      page: externalAccountPageSchema, items: 'external accounts',
    }),
    create: defineRoute({
      method: 'post', path: `${prefix}/external-accounts`, tag: 'External accounts', permission: 'MANAGE',
      summary: `Adds an external account of ${whose}`,
      description: 'accountInfo is checked by accountType; bank variants without paymentRails get every rail of their type. '
        + 'In the sandbox the last 3 digits of the account identifier choose outcomes: 105 is refused as INVALID_BANK_ACCOUNT, 102-107 set beneficiaryVerificationStatus.',
      body: createExternalAccountSchema,
      responses: { 201: { description: 'The new account', schema: externalAccountSchema } },
      errors: createErrors,
    }),
    get: defineRoute({
      method: 'get', path: `${prefix}/external-accounts/{externalAccountId}`, tag: 'External accounts', permission: 'VIEW',
      summary: `One external account of ${whose}`,
      params: externalAccountId,
      responses: { 200: { description: 'The account', schema: externalAccountSchema } },
      errors: notFound,
    }),
    delete: defineRoute({
      method: 'delete', path: `${prefix}/external-accounts/{externalAccountId}`, tag: 'External accounts', permission: 'MANAGE',
      summary: `Deletes an external account of ${whose}`,
      description: 'The account leaves lists and reads; transactions that used it keep naming it.',
      params: externalAccountId,
      responses: { 204: { description: 'Deleted' } },
      errors: notFound,
    }),
  };
}

const customerExternal = externalRoutes('/customers', 'customers', listExternalAccountsQuery);
const platformExternal = externalRoutes('/platform', 'the platform itself', listExternalAccountsQuery.omit({ customerId: true }));

/** Internal and external account routes of customers and of the platform, declared once. */
export const accountContract = {
  listCustomerInternalAccounts: listRoute({
    path: '/customers/internal-accounts', tag: 'Internal accounts', permission: 'VIEW',
    summary: "Lists customers' internal accounts with their balances, newest first",
    description: 'Accounts of deleted customers are left out unless `includeDeleted=true`. Balances come from the ledger: '
      + '`balance` can be spent now, `totalBalance` adds money held for payments in progress.',
    query: listInternalAccountsQuery,
    page: internalAccountPageSchema, items: 'internal accounts',
  }),
  listPlatformInternalAccounts: listRoute({
    path: '/platform/internal-accounts', tag: 'Internal accounts', permission: 'VIEW',
    summary: "Lists the platform's own internal accounts, newest first",
    query: listPlatformInternalAccountsQuery,
    page: internalAccountPageSchema, items: 'internal accounts',
  }),
  listCustomerExternalAccounts: customerExternal.list,
  createCustomerExternalAccount: customerExternal.create,
  getCustomerExternalAccountById: customerExternal.get,
  deleteCustomerExternalAccountById: customerExternal.delete,
  listPlatformExternalAccounts: platformExternal.list,
  createPlatformExternalAccount: platformExternal.create,
  getPlatformExternalAccountById: platformExternal.get,
  deletePlatformExternalAccountById: platformExternal.delete,
};

/** Serves the internal and external account routes. */
export function accountRoutes(internal: InternalAccountService, external: ExternalAccountService) {
  return implement(accountContract, {
    listCustomerInternalAccounts: ({ query: { includeDeleted, ...q } }) =>
      reply(200, internal.list({ owner: 'CUSTOMERS', ...q, includeDeleted: includeDeleted === 'true' })),
    listPlatformInternalAccounts: ({ query }) => reply(200, internal.list({ owner: 'PLATFORM', ...query })),
    listCustomerExternalAccounts: ({ query }) => reply(200, external.list('CUSTOMER', query)),
    createCustomerExternalAccount: ({ body }) => reply(201, external.create(body, 'CUSTOMER')),
    getCustomerExternalAccountById: ({ params }) => reply(200, external.get(params.externalAccountId, 'CUSTOMER')),
    deleteCustomerExternalAccountById: ({ params }) => (external.delete(params.externalAccountId, 'CUSTOMER'), noContent()),
    listPlatformExternalAccounts: ({ query }) => reply(200, external.list('PLATFORM', query)),
    createPlatformExternalAccount: ({ body }) => reply(201, external.create(body, 'PLATFORM')),
    getPlatformExternalAccountById: ({ params }) => reply(200, external.get(params.externalAccountId, 'PLATFORM')),
    deletePlatformExternalAccountById: ({ params }) => (external.delete(params.externalAccountId, 'PLATFORM'), noContent()),
  });
}
