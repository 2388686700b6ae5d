import { z } from 'zod';
import { commit, defineRoute, idParam, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { signedRequestOf, signedRetryChallengeSchema, type Signed, type SignedRequest } from '../api/signed-request';
import { createCustomerSchema, customerPageSchema, customerSchema, listCustomersQuery, updateCustomerSchema, type Customer } from './schema';
import type { CustomerService } from './service';

/**
 * Contacts tied to wallet credentials: an email behind an EMAIL_OTP credential (or a phone behind
 * SMS_OTP) changes only by a signed wallet action. The wallet area implements this port; customers
 * sit below wallets and never import them.
 */
export interface TiedContacts {
  /** The changes of a patch that touch tied credentials (empty when the patch needs no signature). */
  tiedChanges(customerId: string, patch: z.infer<typeof updateCustomerSchema>): unknown[];
  /** The signed update: 202 with a challenge, then the customer and its tied credentials changed together. */
  updateTiedContact(customerId: string, patch: z.infer<typeof updateCustomerSchema>, req: SignedRequest): Signed<{ status: 200; body: Customer }>;
}

const customerId = z.object({ customerId: idParam('The customer id', 'Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const deleted = { 404: 'USER_NOT_FOUND: no such customer', 410: 'CUSTOMER_DELETED: the customer has been deleted' };

/** `/customers` CRUD, declared once (mounted after the `/customers/...-accounts` routes, whose paths it would shadow). */
export const customerContract = {
  createCustomer: defineRoute({
    method: 'post', path: '/customers', tag: 'Customers', permission: 'MANAGE',
    summary: 'Creates a customer and its internal accounts',
    description: 'One internal account is opened per currency (default: the platform\'s first). In the sandbox individuals are KYC APPROVED at once '
      + 'and their accounts ACTIVE; businesses start KYB UNVERIFIED with PENDING accounts.',
    body: createCustomerSchema,
    responses: { 201: { description: 'The new customer', schema: customerSchema } },
    errors: { 409: 'CONFLICT: a live customer has this platformCustomerId; UMA_ADDRESS_EXISTS: the UMA address is taken' },
  }),
  listCustomers: listRoute({
    path: '/customers', tag: 'Customers', permission: 'VIEW',
    summary: 'Lists customers, newest first',
    description: 'Deleted customers are left out unless `includeDeleted=true`.',
    query: listCustomersQuery,
    page: customerPageSchema, items: 'customers',
  }),
  getCustomerById: defineRoute({
    method: 'get', path: '/customers/{customerId}', tag: 'Customers', permission: 'VIEW',
    summary: 'One customer (a deleted one answers with isDeleted true)',
    params: customerId,
    responses: { 200: { description: 'The customer', schema: customerSchema } },
    errors: { 404: 'USER_NOT_FOUND: no such customer' },
  }),
  updateCustomerById: defineRoute({
    method: 'patch', path: '/customers/{customerId}', tag: 'Customers', permission: 'MANAGE',
    summary: "Changes a customer's fields",
    description: '`customerType` may be sent (upstream clients always do) but must be the customer\'s own type. Changing an email tied to an '
      + 'embedded wallet\'s EMAIL_OTP credential (or a phone tied to SMS_OTP) is a signed wallet action: the first call answers 202 with a '
      + 'challenge, and the identical retry stamped by a wallet session changes the customer and the credential together.',
    params: customerId,
    body: updateCustomerSchema,
    signed: true,
    responses: {
      200: { description: 'The updated customer', schema: customerSchema },
      202: { description: 'The change touches a tied wallet credential: sign payloadToSign and retry', schema: signedRetryChallengeSchema },
    },
    errors: {
      ...deleted,
      401: 'WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_BODY_MISMATCH, WALLET_SIGNATURE_INVALID, REQUEST_ID_MISSING: the signed retry failed',
      409: 'CONFLICT: another live customer has this platformCustomerId; UMA_ADDRESS_EXISTS: the UMA address is taken',
    },
  }),
  deleteCustomerById: defineRoute({
    method: 'delete', path: '/customers/{customerId}', tag: 'Customers', permission: 'MANAGE',
    summary: 'Deletes a customer (soft: it still answers reads)',
    description: 'Its platformCustomerId and UMA address become free; it leaves the customer and internal account lists unless `includeDeleted=true`.',
    params: customerId,
    responses: { 200: { description: 'The deleted customer, isDeleted true', schema: customerSchema } },
    errors: deleted,
  }),
};

/** Serves the customer routes. */
export function customerRoutes(customers: CustomerService, wallets: TiedContacts) {
  return implement(customerContract, {
    createCustomer: ({ body }) => reply(201, customers.create(body)),
    listCustomers: ({ query }) => reply(200, customers.list(query)),
    getCustomerById: ({ params }) => reply(200, customers.get(params.customerId)),
    updateCustomerById: async ({ params: { customerId: id }, body, c }) => {
      customers.checkPatch(id, body);
      // Why: a contact tied to an embedded wallet's OTP credential is changed by a signed wallet action.
      if (wallets.tiedChanges(id, body).length) {
        const req = await signedRequestOf(c);
        return commit(() => wallets.updateTiedContact(id, body, req));
      }
      return reply(200, customers.update(id, body));
    },
    deleteCustomerById: ({ params }) => reply(200, customers.delete(params.customerId)),
  });
}
