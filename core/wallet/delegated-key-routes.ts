import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { signedRequestOf, signedRetryChallengeSchema } from '../api/signed-request';
import { createDelegatedKeySchema, delegatedKeyPageSchema, delegatedKeySchema, listDelegatedKeysQuery } from './delegated-key-schema';
import type { DelegatedKeys } from './delegated-keys';
import { signedCommit } from './routes';

const TAG = 'Embedded wallet auth';
const keyId = z.object({ id: idParam('The delegated key id', 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000004') });

/** The delegated-key routes of embedded wallets, declared once. */
export const delegatedKeyContract = {
  createDelegatedKey: defineRoute({
    method: 'post', path: '/auth/delegated-keys', tag: TAG, permission: 'MANAGE', signed: true,
    summary: "Creates a server-held P-256 key that lets a card debit the embedded wallet funding it (authorized by a session of the wallet)",
    description: 'Answers 202 with the ACTIVITY_TYPE_CREATE_API_KEYS payload to stamp; the same request repeated with Svc-Wallet-Signature and Request-Id '
      + 'answers 201 with the key the server generated (only its public half is ever shown).',
    body: createDelegatedKeySchema,
    responses: {
      201: { description: 'The delegated key', schema: delegatedKeySchema },
      202: { description: 'Stamp payloadToSign with a session key, then repeat the same request with Svc-Wallet-Signature and Request-Id', schema: signedRetryChallengeSchema },
    },
    errors: {
      400: 'INVALID_INPUT naming internalAccountId (not an embedded wallet, or not a funding source of the card) or cardId (a CLOSED card)',
      401: 'WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_BODY_MISMATCH, WALLET_SIGNATURE_INVALID, REQUEST_ID_MISSING: the signed retry failed',
      404: 'REFERENCE_NOT_FOUND: no card has cardId; REFERENCE_NOT_FOUND: no internal account has internalAccountId',
    },
  }),
  listDelegatedKeys: listRoute({
    path: '/auth/delegated-keys', tag: TAG, permission: 'VIEW',
    summary: 'Delegated keys, oldest first, filtered by wallet, card or funding source', query: listDelegatedKeysQuery,
    page: delegatedKeyPageSchema, items: 'keys',
    errors: { 400: 'INVALID_INPUT naming accountId when it is not an embedded wallet' },
  }),
  getDelegatedKeyById: defineRoute({
    method: 'get', path: '/auth/delegated-keys/{id}', tag: TAG, permission: 'VIEW', summary: 'One delegated key', params: keyId,
    responses: { 200: { description: 'The key', schema: delegatedKeySchema } }, errors: { 404: 'REFERENCE_NOT_FOUND' },
  }),
  revokeDelegatedKey: defineRoute({
    method: 'delete', path: '/auth/delegated-keys/{id}', tag: TAG, permission: 'MANAGE', summary: 'Revokes a delegated key at once', params: keyId,
    responses: { 204: { description: 'Revoked' } }, errors: { 404: 'REFERENCE_NOT_FOUND' },
  }),
};

/** Serves the delegated-key routes. */
export function delegatedKeyRoutes(keys: DelegatedKeys) {
  return implement(delegatedKeyContract, {
    createDelegatedKey: async ({ body, c }) => {
      const req = await signedRequestOf(c);
      return signedCommit(() => keys.create(body, req));
    },
    listDelegatedKeys: ({ query }) => reply(200, keys.list(query)),
    getDelegatedKeyById: ({ params }) => reply(200, keys.get(params.id)),
    revokeDelegatedKey: ({ params }) => keys.revoke(params.id),
  });
}
