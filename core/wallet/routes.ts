import { z } from 'zod';
import { commit, defineRoute, idParam, implement, reply, type Deferred } from '../api/contract';
import { signedRequestOf, signedRetryChallengeSchema, type Signed } from '../api/signed-request';
import { internalAccountSchema } from '../accounts/schema';
import type { CredentialService } from './credential-service';
import type { SignInService } from './sign-in-service';
import type { SessionService } from './sessions';
import type { WalletActions } from './actions';
import {
  accountQuery, authMethodListSchema, authMethodSchema, authSessionListSchema, authSessionSchema, challengeSchema, createCredentialSchema,
  createWalletSchema, credentialChallengeSchema, exportSchema, privacySchema, refreshSchema, verifyCredentialSchema,
  walletExportSchema,
} from './schema';

/**
 * A signed action's last step (the stamp check, the writes and the reply), deferred so that a keyed
 * request's writes commit with its stored answer: a retry after a crash replays or runs once.
 */
export function signedCommit<R extends { status: number; body?: unknown }>(step: () => Signed<R>): Deferred<Signed<R>> {
  return commit(step);
}

const AUTH = 'Embedded wallet auth';
const ACCOUNTS = 'Internal accounts';
const credentialId = z.object({ id: idParam('The credential id', 'AuthMethod:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const sessionId = z.object({ id: idParam('The session id', 'Session:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const walletId = z.object({ id: idParam('The embedded wallet (an EMBEDDED_WALLET internal account)', 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const customerId = z.object({ customerId: idParam('The customer', 'Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });

const challenge = { description: 'Stamp payloadToSign with a session key, then repeat the same request with Svc-Wallet-Signature and Request-Id', schema: signedRetryChallengeSchema };
const SIGNED_401 = 'WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_BODY_MISMATCH, WALLET_SIGNATURE_INVALID, REQUEST_ID_MISSING, REQUEST_ID_REUSED: the signed retry failed (`reason` names the check)';

/** The embedded-wallet routes: credentials, sign-in, sessions, export and privacy, and the sandbox's wallet creation. */
export const walletContract = {
  createAuthCredential: defineRoute({
    method: 'post', path: '/auth/credentials', tag: AUTH, permission: 'MANAGE', signed: true,
    summary: 'Adds a credential to a wallet (signed by a session of the wallet)',
    description: 'OTP credentials send their first code in the answer; an OAUTH nickname comes from the token email; a PASSKEY brings its WebAuthn registration.',
    body: createCredentialSchema,
    responses: { 201: { description: 'The new credential', schema: authMethodSchema }, 202: challenge },
    errors: {
      400: 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS, SMS_OTP_CREDENTIAL_ALREADY_EXISTS, PASSKEY_CREDENTIAL_ALREADY_EXISTS, PASSKEY_CHALLENGE_ALREADY_USED; INVALID_INPUT for a malformed OIDC token',
      401: `${SIGNED_401}; UNAUTHORIZED when an OIDC claim check fails`,
      404: 'REFERENCE_NOT_FOUND: no internal account has this accountId',
      409: 'CONFLICT: the wallet already has an OAUTH credential for this issuer and subject',
    },
  }),
  listAuthCredentials: defineRoute({
    method: 'get', path: '/auth/credentials', tag: AUTH, permission: 'VIEW',
    summary: "A wallet's live credentials (not paginated)",
    query: accountQuery,
    responses: { 200: { description: 'The credentials, oldest first', schema: authMethodListSchema } },
  }),
  challengeAuthCredential: defineRoute({
    method: 'post', path: '/auth/credentials/{id}/challenge', tag: AUTH, permission: 'MANAGE',
    summary: 'Sends a fresh code (EMAIL_OTP, SMS_OTP) or starts a passkey sign-in (PASSKEY, with clientPublicKey)',
    params: credentialId, body: challengeSchema,
    responses: { 200: { description: "The code's target bundle, or the WebAuthn challenge", schema: credentialChallengeSchema } },
    errors: { 429: 'RATE_LIMITED: too many challenges for this credential; wait the Retry-After seconds' },
  }),
  verifyAuthCredential: defineRoute({
    method: 'post', path: '/auth/credentials/{id}/verify', tag: AUTH, permission: 'MANAGE', signed: true,
    summary: 'Signs in with a credential and opens a session',
    description: 'EMAIL_OTP and SMS_OTP answer 202 first: stamp the payload with the key sealed in the code bundle. OAUTH and PASSKEY answer 200 at once; PASSKEY sends the challenge\'s requestId as Request-Id.',
    params: credentialId, body: verifyCredentialSchema,
    responses: { 200: { description: 'The new session', schema: authSessionSchema }, 202: challenge },
    errors: { 401: `${SIGNED_401}; UNAUTHORIZED for a wrong code, OIDC token or passkey assertion` },
  }),
  revokeAuthCredential: defineRoute({
    method: 'delete', path: '/auth/credentials/{id}', tag: AUTH, permission: 'MANAGE', signed: true,
    summary: 'Revokes a credential and its sessions (signed by a session of another credential)',
    params: credentialId,
    responses: { 202: challenge, 204: { description: 'Revoked' } },
    errors: { 400: 'INVALID_INPUT: this is the last credential of the wallet', 401: SIGNED_401 },
  }),
  listAuthSessions: defineRoute({
    method: 'get', path: '/auth/sessions', tag: AUTH, permission: 'VIEW',
    summary: "A wallet's active sessions (not paginated)",
    query: accountQuery,
    responses: { 200: { description: 'The active sessions, oldest first', schema: authSessionListSchema } },
  }),
  revokeAuthSession: defineRoute({
    method: 'delete', path: '/auth/sessions/{id}', tag: AUTH, permission: 'MANAGE', signed: true,
    summary: 'Revokes a session (signed by any active session of the wallet)',
    params: sessionId,
    responses: { 202: challenge, 204: { description: 'Revoked' } },
    errors: { 401: SIGNED_401, 404: 'REFERENCE_NOT_FOUND: not an active session' },
  }),
  refreshAuthSession: defineRoute({
    method: 'post', path: '/auth/sessions/{id}/refresh', tag: AUTH, permission: 'MANAGE', signed: true,
    summary: 'Opens a new session before this one expires (signed by this session)',
    params: sessionId, body: refreshSchema,
    responses: { 201: { description: 'The new session, its key sealed to clientPublicKey', schema: authSessionSchema }, 202: challenge },
    errors: { 401: `${SIGNED_401}; UNAUTHORIZED when the session is no longer active` },
  }),
  exportInternalAccount: defineRoute({
    method: 'post', path: '/internal-accounts/{id}/export', tag: ACCOUNTS, permission: 'MANAGE', signed: true,
    summary: "Exports an embedded wallet's secret, sealed to the client's key",
    params: walletId, body: exportSchema,
    responses: { 200: { description: 'The sealed wallet secret', schema: walletExportSchema }, 202: challenge },
    errors: { 401: SIGNED_401 },
  }),
  updateInternalAccount: defineRoute({
    method: 'patch', path: '/internal-accounts/{id}', tag: ACCOUNTS, permission: 'MANAGE', signed: true,
    summary: "Changes an embedded wallet's privacy setting",
    params: walletId, body: privacySchema,
    responses: { 200: { description: 'The updated account', schema: internalAccountSchema }, 202: challenge },
    errors: { 401: SIGNED_401 },
  }),
  sandboxCreateEmbeddedWallet: defineRoute({
    method: 'post', path: '/sandbox/customers/{customerId}/embedded-wallet', tag: 'Sandbox', permission: 'MANAGE',
    summary: 'Creates an embedded wallet for a customer, born with an EMAIL_OTP credential tied to their email',
    params: customerId, body: createWalletSchema,
    responses: { 201: { description: 'The new wallet', schema: internalAccountSchema } },
    errors: { 400: 'INVALID_INPUT: the customer has no email', 409: 'CONFLICT: the customer already has an embedded wallet in this currency' },
  }),
};

/** Services behind the wallet routes. */
export interface WalletRouteDeps {
  credentials: CredentialService;
  signIn: SignInService;
  sessions: SessionService;
  actions: WalletActions;
}

/** Serves the embedded-wallet routes. */
export function walletRoutes(d: WalletRouteDeps) {
  return implement(walletContract, {
    createAuthCredential: async ({ body, c }) => signedCommit(await d.credentials.create(body, await signedRequestOf(c))),
    listAuthCredentials: ({ query }) => reply(200, d.credentials.list(query.accountId)),
    challengeAuthCredential: ({ params, body }) => reply(200, d.signIn.challenge(params.id, body)),
    verifyAuthCredential: async ({ params, body, c }) => signedCommit(await d.signIn.verify(params.id, body, await signedRequestOf(c))),
    revokeAuthCredential: async ({ params, c }) => {
      const req = await signedRequestOf(c);
      return signedCommit(() => d.credentials.revoke(params.id, req));
    },
    listAuthSessions: ({ query }) => reply(200, { data: d.sessions.list(query.accountId) }),
    revokeAuthSession: async ({ params, c }) => {
      const req = await signedRequestOf(c);
      return signedCommit(() => d.actions.revokeSession(params.id, req));
    },
    refreshAuthSession: async ({ params, body, c }) => signedCommit(await d.actions.refreshSession(params.id, body.clientPublicKey, await signedRequestOf(c))),
    exportInternalAccount: async ({ params, body, c }) => signedCommit(await d.actions.exportWallet(params.id, body, await signedRequestOf(c))),
    updateInternalAccount: async ({ params, body, c }) => {
      const req = await signedRequestOf(c);
      return signedCommit(() => d.actions.updatePrivacy(params.id, body, req));
    },
    sandboxCreateEmbeddedWallet: ({ params, body }) => reply(201, d.actions.createWallet(params.customerId, body?.currency ?? 'USDC')),
  });
}
