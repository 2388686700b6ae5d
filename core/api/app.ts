import { Hono } from 'hono';
import type { Ctx } from '../context';
import { ServiceError, toServiceError } from '../kernel/errors';
import type { TokenService } from '../tokens/service';
import { idempotency } from './idempotency';
import { API_BASE, PERMISSIONS, type ApiApp, type ApiBindings, type ApiVariables } from './types';

/** A function that adds one area's routes to the API. */
export type RouteModule = (app: ApiApp) => void;

function errorResponse(err: ServiceError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const retryAfter = err.details?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return new Response(JSON.stringify(err.toBody()), { status: err.status, headers });
}

/**
 * Builds the versioned API: authentication, idempotency and the spec's error object for every
 * failure (unknown routes included). Request logging wraps this app in `createApiHandler`.
 */
export function createApiApp(ctx: Ctx, tokens: TokenService, modules: RouteModule[]): ApiApp {
  const app: ApiApp = new Hono<{ Bindings: ApiBindings; Variables: ApiVariables }>().basePath(API_BASE);

  app.onError((err) => {
    const e = toServiceError(err);
    if (e.status >= 500) console.error('[api] internal error:', err);
    return errorResponse(e);
  });
  app.notFound((c) =>
    errorResponse(new ServiceError(404, 'NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`)),
  );

  app.use('*', async (c, next) => {
    // Why: console calls arrive through an authenticated bridge (per-run token or IPC sender check),
    // never from the network, so they act with the workspace's full authority.
    if (c.env?.consoleCall) c.set('principal', { kind: 'CONSOLE', id: 'console', permissions: [...PERMISSIONS] });
    else c.set('principal', tokens.authenticate(c.req.header('Authorization')));
    c.set('rawBody', undefined);
    await next();
  });
  app.use('*', idempotency(ctx));

  for (const register of modules) register(app);
  return app;
}

/** A JSON response with the spec's conventions. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export { errorResponse };
