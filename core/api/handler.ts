import type { Ctx } from '../context';
import { ServiceError, storageError } from '../kernel/errors';
import { errorResponse } from './app';
import { API_BASE, type ApiApp } from './types';
import { CONSOLE_LOG_ID_HEADER } from '../kernel/request-log';
import { knownText } from './known-body';

/** How many times a read runs when groups of other calls keep failing under it (a full disk). */
const READ_ATTEMPTS = 3;

/** Options of one call through the API handler. */
export interface ApiCallOptions {
  /** The call comes from the console bridge (skips Basic auth, logged with source CONSOLE). */
  consoleCall?: boolean;
  /** Who a console call is logged as (a scenario's runs are the scenario's, not "console"). */
  caller?: string | undefined;
  /** With `consoleCall` only: send as this API token's principal (see ApiBindings.asToken). */
  asToken?: string | undefined;
}

/** The fetch-style entry point that every transport uses. */
export interface ApiHandler {
  fetch(request: Request, options?: ApiCallOptions): Promise<Response>;
  /** Every route the router answers, as `METHOD /path` in OpenAPI form below the versioned base. */
  routes(): string[];
}

/**
 * Wraps the API app with the parts that apply to every call: `GET /healthz`, the 404 object for
 * paths outside the versioned base, and the request log (redacted) of every versioned call.
 */
export function createApiHandler(ctx: Ctx, app: ApiApp): ApiHandler {
  return {
    routes: () => [...new Set(app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.slice(API_BASE.length).replace(/:([^/]+)/g, '{$1}')}`))],
    async fetch(request, options = {}) {
      const url = new URL(request.url);
      if (url.pathname === '/healthz') {
        return new Response(JSON.stringify({ status: 'ok', version: API_BASE.slice(1), time: ctx.clock.iso() }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url.pathname !== API_BASE && !url.pathname.startsWith(`${API_BASE}/`)) {
        return errorResponse(new ServiceError(404, 'NOT_FOUND', `No route for ${request.method} ${url.pathname}; the API lives under ${API_BASE}`));
      }
      const started = performance.now();
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const seen: { principal?: string; requestBody?: string; fault?: { ruleId: string; note: string } } = {};
      // Reserved now so that the events this call causes can name it (ctx.callScope).
      const logId = ctx.requestLog.reserveId();
      let response: Response;
      for (let attempt = 1; ; attempt++) {
        const failedBefore = ctx.groupStats().failures;
        response = await ctx.callScope.run(logId, () => ctx.apiCall(() => app.fetch(request, { consoleCall: options.consoleCall === true, caller: options.caller, asToken: options.consoleCall === true ? options.asToken : undefined, seen })));
        // An answer leaves only once what it reports is committed (its changes may share a group commit).
        // Any group that failed while the call ran may have held part of it (a call can outlive its group).
        try {
          await ctx.durable(failedBefore);
          break;
        } catch (err) {
          // A read may have seen rows of the group that failed (one connection sees its own open transaction):
          // it reads again rather than answer an error, so reads keep answering while a full disk refuses writes.
          if (request.method === 'GET' && attempt < READ_ATTEMPTS) {
            await response.body?.cancel().catch(() => {});
            continue;
          }
          response = errorResponse(commitFailed(err));
          break;
        }
      }
      // The body as the route read it; one no route read (a 404, a refusal before parsing) is read now, still unread.
      const requestBody = hasBody ? (seen.requestBody ?? (request.bodyUsed ? undefined : await request.text().catch(() => undefined))) : undefined;
      // An event stream never ends while its client listens: log that it opened, not its (endless) body.
      const responseBody = knownText(response)
        ?? (response.headers.get('content-type')?.startsWith('text/event-stream') ? '(event stream)' : await response.clone().text());
      let errorCode: string | undefined;
      if (response.status >= 400) {
        try {
          errorCode = (JSON.parse(responseBody) as { code?: string }).code;
        } catch {
          errorCode = undefined;
        }
      }
      ctx.requestLog.record({
        method: request.method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        status: response.status,
        errorCode,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        source: options.consoleCall ? 'CONSOLE' : 'HTTP',
        principal: seen.principal,
        idempotencyKey: request.headers.get('Idempotency-Key') ?? undefined,
        requestHeaders: request.headers,
        requestBody,
        responseBody,
        fault: seen.fault,
        replayed: response.headers.get('Idempotent-Replayed') === 'true',
      }, logId);
      if (!options.consoleCall) return response;
      // The console opens the log entry of a call it just made ("send again"); only its own calls carry the id.
      const headers = new Headers(response.headers);
      headers.set(CONSOLE_LOG_ID_HEADER, logId);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}

/**
 * The answer of a call whose commit failed (a call can outlive its group, so part of its change may be
 * kept): the storage refusal when the disk was the cause, else a 500 that says to read before retrying.
 */
export function commitFailed(err: unknown): ServiceError {
  const outcome = 'its change may be kept only in part or not at all: read the state before retrying';
  const storage = storageError(err, outcome);
  if (storage) {
    console.error(`[api] commit failed, ${storage.code}: ${err instanceof Error ? err.message : String(err)}`);
    return storage;
  }
  console.error('[api] commit failed:', err);
  return new ServiceError(500, 'INTERNAL_ERROR', `The workspace file refused a write while this call ran, so ${outcome}`);
}
