import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { accountLookupSchema, lookupQuery, umaLookupSchema } from './schema';
import type { ReceiverService } from './service';

/** `GET /receiver/uma/{receiverUmaAddress}` and `GET /receiver/external-account/{accountId}`, declared once. */
export const receiverContract = {
  lookupUma: defineRoute({
    method: 'get', path: '/receiver/uma/{receiverUmaAddress}', tag: 'Cross-currency transfers', permission: 'VIEW',
    summary: 'Looks up the receiver of a UMA address before quoting a payment to it',
    description: 'Returns a `lookupId` for the quote, the currencies the receiver accepts and the payer data it requires. '
      + 'The address may be percent-encoded and is matched in any letter case.',
    params: z.object({ receiverUmaAddress: idParam('The UMA address, such as $success.mxn@sandbox.uma.example', '$success.mxn@sandbox.uma.example') }),
    query: lookupQuery,
    responses: { 200: { description: 'The receiver', schema: umaLookupSchema } },
    errors: {
      400: 'INVALID_UMA_ADDRESS: not a $name@domain address',
      404: 'UMA_NOT_FOUND: no receiver at that address',
      412: "UNSUPPORTED_UMA_VERSION: the receiver's VASP speaks a UMA version this service does not",
    },
  }),
  lookupExternalAccount: defineRoute({
    method: 'get', path: '/receiver/external-account/{accountId}', tag: 'Cross-currency transfers', permission: 'VIEW',
    summary: 'Looks up an external account as the destination of a cross-currency payment',
    params: z.object({ accountId: idParam('The external account id', 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    query: lookupQuery,
    responses: { 200: { description: 'The destination', schema: accountLookupSchema } },
    errors: { 404: 'NOT_FOUND: no such external account' },
  }),
};

/** Serves the receiver lookup routes. */
export function receiverRoutes(receivers: ReceiverService) {
  return implement(receiverContract, {
    lookupUma: ({ params, query }) => reply(200, receivers.lookupUma(params.receiverUmaAddress, query.senderCurrency, query.customerId)),
    lookupExternalAccount: ({ params, query }) => reply(200, receivers.lookupExternalAccount(params.accountId, query.senderCurrency)),
  });
}
