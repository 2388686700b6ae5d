import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Ctx } from '../context';
import { conflict, invalidInput } from '../kernel/errors';
import { rawBody } from './validate';
import { redactBody } from '../kernel/redact';
import type { ApiBindings, ApiVariables } from './types';
import { idempotencyRepo } from './idempotency-repo';

/**
 * The one idempotency mechanism for every mutating route: the same `Idempotency-Key` on the same
 * route replays the first status and body; the same key with a different body is a 409. Keys are
 * scoped to the calling principal. A 5xx (or a 202 signed-retry challenge) is not remembered, so a retry can succeed.
 */
export function idempotency(ctx: Ctx): MiddlewareHandler<{ Bindings: ApiBindings; Variables: ApiVariables }> {
  const keys = idempotencyRepo(ctx.db);
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined || c.req.method === 'GET') return next();
    // Why: a key is never recorded for a caller who is not authenticated (the route refuses them,
    // or, for a PUBLIC route, the answer is not scoped to anyone).
    const principal = c.get('principal')?.id;
    if (principal === undefined) return next();
    if (key.length === 0 || key.length > 255) throw invalidInput('Idempotency-Key', 'must be 1 to 255 characters');
    // Keyed on the decoded path: `Quote:x` and `Quote%3Ax` name the same resource.
    const route = `${c.req.method} ${safeDecode(c.req.path)}`;
    const hash = createHash('sha256').update(await rawBody(c)).digest('hex');
    const scope = { principal, route, key };
    const existing = keys.find(scope);
    if (existing) {
      if (existing.requestHash !== hash) {
        throw conflict(`Idempotency-Key "${key}" was already used on ${route} with a different request body`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_REUSED' });
      }
      if (existing.status === null) throw conflict(`A request with Idempotency-Key "${key}" is still in progress`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
      return new Response(existing.body, {
        status: existing.status,
        headers: { 'content-type': 'application/json', 'Idempotent-Replayed': 'true' },
      });
    }
    keys.begin(scope, hash, ctx.clock.nowMs());
    try {
      await next();
    } catch (err) {
      // The error handler turns this into a response later; remember it only if it is a client error.
      keys.forget(scope);
      throw err;
    }
    const status = c.res.status;
    // A 202 signed-retry challenge is not a final answer: the retry legitimately repeats the same
    // request (and often the same key) and must reach the handler, so only final answers are kept.
    if (status >= 500 || status === 202) {
      keys.forget(scope);
      return;
    }
    // Why redacted: a stored replay must never keep a token secret or key material in plaintext;
    // a replayed token creation therefore shows the secret as redacted.
    const body = redactBody(await c.res.clone().text(), Number.MAX_SAFE_INTEGER);
    keys.finish(scope, status, body);
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
