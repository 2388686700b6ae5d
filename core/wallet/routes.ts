import type { Context } from 'hono';
import type { ApiApp, ApiBindings, ApiVariables } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody, queryOf, rawBody } from '../api/validate';
import { json } from '../api/app';
import type { CredentialService, Signed } from './credentials';
import type { VerificationService } from './verify';
import type { SessionService } from './sessions';
import type { WalletActions } from './actions';
import type { SignedRequest } from './signed-retry';
import { accountQuery, challengeSchema, createCredentialSchema, createWalletSchema, exportSchema, privacySchema, refreshSchema, verifyCredentialSchema } from './schema';

type C = Context<{ Bindings: ApiBindings; Variables: ApiVariables }>;

/** The parts of a request the signed-retry exchange binds: method, decoded path, body and the two headers. */
export async function signedRequestOf(c: C): Promise<SignedRequest> {
  let path = c.req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  return { method: c.req.method, path, body: await rawBody(c), signature: c.req.header('Svc-Wallet-Signature'), requestId: c.req.header('Request-Id') };
}

/** Turns a signed action's outcome into its response (202 challenge, 204, or the body with its status). */
export function signedResponse<T>(r: Signed<T>): Response {
  if (r.status === 204) return new Response(null, { status: 204 });
  return json(r.body, r.status);
}

/** Services behind the wallet routes. */
export interface WalletRouteDeps {
  credentials: CredentialService;
  verification: VerificationService;
  sessions: SessionService;
  actions: WalletActions;
}

/** Embedded-wallet authentication routes: credentials, challenges, verification, sessions, export and privacy. */
export function walletRoutes(d: WalletRouteDeps) {
  return (app: ApiApp) => {
    app.post('/auth/credentials', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(await d.credentials.create(await jsonBody(c, createCredentialSchema), await signedRequestOf(c)));
    });
    app.get('/auth/credentials', (c) => {
      requirePermission(c, 'VIEW');
      return json(d.credentials.list(queryOf(c, accountQuery).accountId));
    });
    app.post('/auth/credentials/:id/challenge', async (c) => {
      requirePermission(c, 'MANAGE');
      return json(d.verification.challenge(c.req.param('id'), await jsonBody(c, challengeSchema)));
    });
    app.post('/auth/credentials/:id/verify', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(await d.verification.verify(c.req.param('id'), await jsonBody(c, verifyCredentialSchema), await signedRequestOf(c)));
    });
    app.delete('/auth/credentials/:id', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(d.credentials.revoke(c.req.param('id'), await signedRequestOf(c)));
    });
    app.get('/auth/sessions', (c) => {
      requirePermission(c, 'VIEW');
      return json({ data: d.sessions.list(queryOf(c, accountQuery).accountId) });
    });
    app.delete('/auth/sessions/:id', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(d.actions.revokeSession(c.req.param('id'), await signedRequestOf(c)));
    });
    app.post('/auth/sessions/:id/refresh', async (c) => {
      requirePermission(c, 'MANAGE');
      const body = await jsonBody(c, refreshSchema);
      return signedResponse(await d.actions.refreshSession(c.req.param('id'), body.clientPublicKey, await signedRequestOf(c)));
    });
    app.post('/internal-accounts/:id/export', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(await d.actions.exportWallet(c.req.param('id'), await jsonBody(c, exportSchema), await signedRequestOf(c)));
    });
    app.patch('/internal-accounts/:id', async (c) => {
      requirePermission(c, 'MANAGE');
      return signedResponse(d.actions.updatePrivacy(c.req.param('id'), await jsonBody(c, privacySchema), await signedRequestOf(c)));
    });
    app.post('/sandbox/customers/:customerId/embedded-wallet', async (c) => {
      requirePermission(c, 'MANAGE');
      const body = await jsonBody(c, createWalletSchema);
      return json(d.actions.createWallet(c.req.param('customerId'), body?.currency ?? 'USDC'), 201);
    });
  };
}
