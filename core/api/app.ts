import { Hono, type MiddlewareHandler } from 'hono';
import type { Ctx } from '../context';
import { ServiceError, toServiceError } from '../kernel/errors';
import { bodyLimits, DEFAULT_MAX_BODY_BYTES, limitBodies } from './body-limit';
import { idempotency } from './idempotency';
import { reclaimWalAfter } from '../kernel/wal-reclaim';
import { textResponse } from './known-body';
import { mergeContracts, type Contract, type RouteModule } from './contract';
import type { DocumentOptions } from './openapi';
import { referenceRoutes } from './reference-routes';
import { API_BASE, PERMISSIONS, type ApiApp, type ApiBindings, type ApiVariables, type Authenticator, type Principal } from './types';

/** Limits the API applies to every call, and what may stand in for a handler. */
export interface ApiLimits {
  /** The largest request body of an operation that declares no limit of its own (default 1 MB). */
  maxBodyBytes?: number;
  /**
   * Middleware that runs after authentication and before idempotency and every handler, given the way to
   * answer an error object (the workspace's fault rules): areas plug in here so the API never imports them.
   */
  interceptors?: ((respond: (err: ServiceError) => Response) => MiddlewareHandler<{ Bindings: ApiBindings; Variables: ApiVariables }>)[];
}

/** Where the served OpenAPI document takes its server origin and examples from (read on each build). */
export type DocumentSource = () => DocumentOptions | Promise<DocumentOptions>;

function errorResponse(err: ServiceError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const retryAfter = err.details?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return textResponse(JSON.stringify(err.toBody()), { status: err.status, headers });
}

/**
 * Builds the versioned API: authentication, idempotency and the spec's error object for every
 * failure (unknown routes included). Request logging wraps this app in `createApiHandler`.
 */
export function createApiApp(ctx: Ctx, tokens: Authenticator, modules: (RouteModule | ((app: ApiApp) => void))[], documentSource: DocumentSource = () => ({}), limits: ApiLimits = {}): ApiApp {
  const app: ApiApp = new Hono<{ Bindings: ApiBindings; Variables: ApiVariables }>().basePath(API_BASE);
  const all = [referenceRoutes(() => contract, documentSource), ...modules];
  const contract: Contract = mergeContracts(...all.map((m) => ('contract' in m ? m.contract : {})));

  app.onError((err) => {
    const e = toServiceError(err);
    reclaimWalAfter(ctx.db, err);
    // A full disk refuses every write until space returns: one line each, not a stack trace each.
    if (e.code === 'INTERNAL_ERROR') console.error('[api] internal error:', err);
    else if (e.status >= 500) console.error(`[api] ${e.code}: ${err instanceof Error ? err.message : String(err)}`);
    return errorResponse(e);
  });
  app.notFound((c) => {
    // Why: an unauthenticated caller learns nothing about which routes exist.
    const authError = c.get('authError');
    if (authError) return errorResponse(toServiceError(authError));
    return errorResponse(new ServiceError(404, 'NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`));
  });

  // First of all: a body beyond its limit is refused before anything (authentication, idempotency) reads it.
  app.use('*', limitBodies(bodyLimits(contract, limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), errorResponse));
  app.use('*', async (c, next) => {
    // Why: console calls arrive through an authenticated bridge (per-run token or IPC sender check),
    // never from the network, so they act with the workspace's full authority.
    c.set('authError', undefined);
    c.set('principal', undefined);
    // The one exception: the console's "act as the agent" panel sends the agent's own bearer token,
    // and then the call is the agent's, judged by its policy like any other.
    const bearer = /^Bearer\s/i.test(c.req.header('Authorization') ?? '');
    // Why only here: `asToken` is a binding the console bridges set, so no HTTP request can name it;
    // the console is trusted in-process, so it may act as any live token without its secret.
    if (c.env?.consoleCall && !bearer && c.env.asToken !== undefined) c.set('principal', asToken(tokens, c.env.asToken));
    else if (c.env?.consoleCall && !bearer) c.set('principal', { kind: 'CONSOLE', id: c.env.caller ?? 'console', permissions: [...PERMISSIONS] });
    else {
      // Authentication failures are kept, not thrown, so PUBLIC routes (the reference, device-code
      // redemption) answer without credentials; every other route throws them first.
      try {
        c.set('principal', tokens.authenticate(c.req.header('Authorization')));
      } catch (err) {
        c.set('authError', err instanceof Error ? err : new Error(String(err)));
      }
    }
    c.set('rawBody', undefined);
    const seen = c.env?.seen;
    if (seen) seen.principal = c.get('principal')?.id;
    await next();
  });
  // Before idempotency and every handler: a faulted call stores nothing, not even its key.
  for (const intercept of limits.interceptors ?? []) app.use('*', intercept(errorResponse));
  app.use('*', idempotency(ctx));

  for (const m of all) ('register' in m ? m.register(app) : m(app));
  return app;
}

function asToken(tokens: Authenticator, tokenId: string): Principal {
  if (!tokens.tokenPrincipal) throw new ServiceError(400, 'INVALID_INPUT', 'asToken: this API cannot send as an API token', { field: 'asToken' });
  return tokens.tokenPrincipal(tokenId);
}

/** A JSON response with the spec's conventions. */
export function json(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export { errorResponse };
