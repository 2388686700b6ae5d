import type { Context, MiddlewareHandler } from 'hono';
import type { Ctx } from '../context';
import { conflict, invalidInput } from '../kernel/errors';
import { requestHash } from './request-hash';
import { redactBody } from '../kernel/redact';
import type { ApiBindings, ApiVariables, KeyedAnswer } from './types';
import { idempotencyRepo, type KeyScope, type RememberedKey } from './idempotency-repo';
import { knownText, textResponse } from './known-body';
import { Deferred } from './deferred';

/** How long a duplicate waits for the first request with its key, running in this process, to answer. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 5;

/** What a route handler returns: a declared reply, or a ready Response. */
type Reply = { status: number; body?: unknown } | Response;

/**
 * True for answers a replay repeats: not a 5xx (a retry may succeed) nor a signed-retry challenge (a 202
 * whose stamped retry must reach the handler). Other 202s (a bulk import's job) are results like any other.
 */
const remembered = (status: number, body: string) => status < 500 && !(status === 202 && isSignedRetryChallenge(body));

function isSignedRetryChallenge(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { payloadToSign?: unknown } | null;
    return typeof parsed?.payloadToSign === 'string';
  } catch {
    return false;
  }
}

/**
 * The one idempotency mechanism for every mutating route: the same `Idempotency-Key` on the same
 * route replays the first status and body; the same key with a different body is a 409. Keys are
 * scoped to the calling principal. A duplicate sent while the first is still running waits for its
 * answer. A key left unfinished by an earlier process (a crash mid-request) is taken over by the
 * retry: a handler's writes and its answer commit together (see `answerOnce`), so such a key hides no
 * completed effect and the retry runs the request once; work done in several transactions (the clock
 * advance) resumes from the note it left (`KeyedAnswer.note`). So is a key this process run left
 * unfinished without a crash: its request ended but its answer never committed (the group commit that
 * held it failed, on a full disk the cleanup too), and only a request still running makes a retry wait.
 */
export function idempotency(ctx: Ctx): MiddlewareHandler<{ Bindings: ApiBindings; Variables: ApiVariables }> {
  const keys = idempotencyRepo(ctx.db);
  /** Keys whose request is running in this process now (JSON of the scope). */
  const running = new Set<string>();
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
    const hash = await requestHash(c);
    const scope = { principal, route, key };
    const runningId = JSON.stringify([principal, route, key]);
    let abandoned: RememberedKey | undefined;
    for (let waited = 0; ; waited += POLL_MS) {
      const existing = keys.find(scope);
      if (!existing) break;
      if (existing.requestHash !== hash) {
        throw conflict(`Idempotency-Key "${key}" was already used on ${route} with a different request body`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_REUSED' });
      }
      if (existing.status !== null) return replay(existing);
      // Started by an earlier run of the process, which stopped before answering: a handler that commits
      // with its answer left nothing; one that works in slices left its note, and resumes from it.
      if (existing.owner !== ctx.bootId && keys.takeOverAbandoned(scope, ctx.bootId)) {
        abandoned = existing;
        break;
      }
      // Left by this run, by a request that is over: taken in the same turn as this check, so one retry wins.
      if (existing.owner === ctx.bootId && !running.has(runningId)) {
        abandoned = existing;
        break;
      }
      if (waited >= WAIT_FOR_FIRST_MS) {
        throw conflict(`A request with Idempotency-Key "${key}" is still in progress; retry it in a moment`, 'CONFLICT', { reason: 'IDEMPOTENCY_KEY_IN_PROGRESS', retryAfterSeconds: 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    running.add(runningId);
    try {
      const begun = { requestHash: hash, atMs: ctx.clock.nowMs(), owner: ctx.bootId };
      if (!abandoned) keys.begin(scope, begun.requestHash, begun.atMs, begun.owner);
      let stored = false;
      c.set('keyedAnswer', {
        transaction: ctx.transaction,
        resumed: abandoned?.progress ? JSON.parse(abandoned.progress) : undefined,
        note: (progress) => keys.noteProgress(scope, JSON.stringify(progress)),
        finish(status, body) {
          if (!remembered(status, body)) return;
          // Why redacted: a stored replay must never keep a token secret or key material in plaintext;
          // a replayed token creation therefore shows the secret as redacted.
          keys.finish(scope, begun, status, redactBody(body, Number.MAX_SAFE_INTEGER));
          stored = true;
        },
      });
      try {
        await next();
      } catch (err) {
        // The error handler turns this into a response later; nothing of the request was kept.
        forget(scope);
        throw err;
      }
      if (stored) return;
      const status = c.res.status;
      const text = knownText(c.res) ?? (await c.res.clone().text());
      if (!remembered(status, text)) {
        forget(scope);
        return;
      }
      keys.finish(scope, begun, status, redactBody(text, Number.MAX_SAFE_INTEGER));
    } finally {
      running.delete(runningId);
    }
  };

  /**
   * Forgets a key whose request kept nothing. Why it may fail quietly: a full disk refuses even the delete,
   * and the request's own error is the answer; the row left unfinished is free once the request is over.
   */
  function forget(scope: KeyScope): void {
    try {
      keys.forget(scope);
    } catch (err) {
      console.error(`[idempotency] the key "${scope.key}" could not be forgotten (${err instanceof Error ? err.message : String(err)}); a retry takes it over`);
    }
  }
}

/**
 * Runs a route's handler and turns its reply into a Response. For a keyed request the handler's writes
 * and the stored answer commit in one SQLite transaction, so a crash leaves both or neither: a
 * synchronous handler runs whole inside it; an asynchronous one does its async work first and hands
 * its writes back as a `Deferred` (`commit(...)`), which runs inside it.
 */
export async function answerOnce(c: Context, produce: () => unknown, toResponse: (r: Reply) => Response): Promise<Response> {
  const keyed = c.get('keyedAnswer') as KeyedAnswer | undefined;
  if (!keyed) {
    const r = await produce();
    return toResponse((r instanceof Deferred ? r.run() : r) as Reply);
  }
  const settle = (produceReply: () => unknown): { pending?: unknown; response?: Response } =>
    keyed.transaction(() => {
      const r = produceReply();
      if (typeof (r as { then?: unknown } | null)?.then === 'function') return { pending: r };
      const reply = (r instanceof Deferred ? r.run() : r) as Reply;
      const response = toResponse(reply);
      if (!(reply instanceof Response)) keyed.finish(response.status, reply.body === undefined ? '' : JSON.stringify(reply.body));
      return { response };
    });
  const first = settle(produce);
  if (first.response) return first.response;
  const later = await first.pending;
  if (later instanceof Deferred) return settle(() => later.run()).response!;
  // An async handler that wrote nothing after its awaits (or only through its own transactions): its answer is stored when it ends.
  return toResponse(later as Reply);
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
