import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Ctx } from '../context';
import { conflict, invalidInput } from '../kernel/errors';
import { rawBody } from './validate';
import { redactBody } from '../kernel/redact';
import type { ApiBindings, ApiVariables } from './types';
import { idempotencyRepo, type RememberedKey } from './idempotency-repo';
import { knownText, textResponse } from './known-body';

/** How long a duplicate waits for the first request with its key, running in this process, to answer. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 5;

/** Given by the idempotency middleware to the route of a keyed request: one transaction for its work and its stored answer. */
export interface KeyedAnswer {
  transaction: <T>(fn: () => T) => T;
  /** Stores the final answer; called inside that transaction, so the answer commits with the writes it reports. */
  finish(status: number, body: string): void;
}

/** What a route handler returns: a declared reply, or a ready Response. */
type Reply = { status: number; body?: unknown } | Response;

/** True for answers a replay repeats: not a 5xx (a retry may succeed) nor a 202 signed-retry challenge (the retry must reach the handler). */
const remembered = (status: number) => status < 500 && status !== 202;

/**
 * The one idempotency mechanism for every mutating route: the same `Idempotency-Key` on the same
 * route replays the first status and body; the same key with a different body is a 409. Keys are
 * scoped to the calling principal. A duplicate sent while the first is still running waits for its
 * answer. A key left unfinished by an earlier process (a crash mid-request) counts as unused: for a
 * synchronous handler its writes and its answer commit together (see `answerOnce`), so such a key
 * never hides a completed effect, and the retry runs the request once.
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
    for (let waited = 0; ; waited += POLL_MS) {
      const existing = keys.find(scope);
      if (!existing) break;
      if (existing.requestHash !== hash) {
        throw conflict(`Idempotency-Key "${key}" was already used on ${route} with a different request body`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_REUSED' });
      }
      if (existing.status !== null) return replay(existing);
      // Started by an earlier run of the process, which stopped before answering: nothing of it committed.
      if (existing.owner !== ctx.bootId && keys.forgetAbandoned(scope, ctx.bootId)) break;
      if (waited >= WAIT_FOR_FIRST_MS) {
        throw conflict(`A request with Idempotency-Key "${key}" is still in progress; retry it in a moment`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_IN_PROGRESS', retryAfterSeconds: 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    keys.begin(scope, hash, ctx.clock.nowMs(), ctx.bootId);
    let stored = false;
    c.set('keyedAnswer', {
      transaction: ctx.transaction,
      finish(status, body) {
        if (!remembered(status)) return;
        // Why redacted: a stored replay must never keep a token secret or key material in plaintext;
        // a replayed token creation therefore shows the secret as redacted.
        keys.finish(scope, status, redactBody(body, Number.MAX_SAFE_INTEGER));
        stored = true;
      },
    });
    try {
      await next();
    } catch (err) {
      // The error handler turns this into a response later; nothing of the request was kept.
      keys.forget(scope);
      throw err;
    }
    if (stored) return;
    const status = c.res.status;
    if (!remembered(status)) {
      keys.forget(scope);
      return;
    }
    keys.finish(scope, status, redactBody(knownText(c.res) ?? (await c.res.clone().text()), Number.MAX_SAFE_INTEGER));
  };
}

/**
 * Runs a route's handler and turns its reply into a Response. For a keyed request whose handler is
 * synchronous (every handler that does not wait on crypto or the clock), the handler's writes and the
 * stored answer commit in one SQLite transaction: a crash leaves both or neither. An asynchronous
 * handler runs as before, its answer stored when it ends.
 */
export async function answerOnce(c: Context, produce: () => unknown, toResponse: (r: Reply) => Response): Promise<Response> {
  const keyed = c.get('keyedAnswer') as KeyedAnswer | undefined;
  if (!keyed) return toResponse((await produce()) as Reply);
  let pending: unknown;
  let response: Response | undefined;
  keyed.transaction(() => {
    const r = produce();
    if (typeof (r as { then?: unknown } | null)?.then === 'function') {
      pending = r;
      return;
    }
    response = toResponse(r as Reply);
    if (!(r instanceof Response)) {
      const body = (r as { body?: unknown }).body;
      keyed.finish(response.status, body === undefined ? '' : JSON.stringify(body));
    }
  });
  return response ?? toResponse((await pending) as Reply);
}

function replay(existing: RememberedKey): Response {
  return textResponse(existing.body, {
    status: existing.status!,
    headers: { 'content-type': 'application/json', 'Idempotent-Replayed': 'true' },
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
