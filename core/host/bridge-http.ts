import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { ApiRequest, Core } from '../index';
import { DEFAULT_MAX_BODY_BYTES, describeBytes } from '../api/body-limit';
import { MAX_UPLOAD_BASE64_CHARS } from '../console/upload';

/** Header carrying the per-run console token on bridge calls. */
export const TOKEN_HEADER = 'x-console-token';

/** How often an idle event stream sends a comment, so proxies and the browser keep it open. */
export const HEARTBEAT_MS = 15_000;

const apiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  path: z.string().startsWith('/'),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.undefined()])).optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  // A file upload (checked by the core, which sends it to the API as multipart/form-data).
  upload: z.unknown().optional(),
  // Send as an API token of the workspace (its id); the core refuses an unknown or revoked one.
  asToken: z.string().min(1).max(200).optional(),
});
const invokeSchema = z.object({ name: z.string().min(1), input: z.unknown().optional() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

function refuse(status: number, code: string, message: string, details?: Record<string, unknown>): Response {
  return jsonResponse({ ok: false, error: { status, code, message, ...(details ? { details } : {}) } }, status);
}

const tooLargeMessage = (limit: number) => `The bridge request body is larger than its ${describeBytes(limit)} limit`;

/** Compares a presented token with the run's token in constant time. */
export function tokenMatches(expected: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/**
 * The browser console's bridge, mounted at /__bridge: the same three functions the Electron preload
 * offers (invoke, api, events), over HTTP and Server-Sent Events, each guarded by the per-run token.
 */
export function bridgeRoutes(current: Core | (() => Core), token: string, subscribe?: Core['onEvent'], maxBodyBytes = DEFAULT_MAX_BODY_BYTES): Hono {
  // Why a getter: the host may switch workspaces, and every call must reach the one open now.
  const coreNow = typeof current === 'function' ? current : () => current;
  const onEvent: Core['onEvent'] = subscribe ?? ((l) => coreNow().onEvent(l));
  const app = new Hono();

  // A second wall behind the token: a page of another origin (or a sandboxed `null` one) holding a leaked
  // token still cannot drive the bridge. Clients that send no Origin (EventSource same-origin, curl) pass.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== `http://${c.req.header('host') ?? ''}`) {
      return refuse(403, 'ORIGIN_FORBIDDEN', `Requests from ${origin === 'null' ? 'an opaque (null) origin' : origin} may not use the console bridge`);
    }
    await next();
  });

  // EventSource cannot send headers, so the events stream takes the token from the query.
  app.get('/events', (c) => {
    if (!tokenMatches(token, c.req.query('token'))) return refuse(401, 'CONSOLE_TOKEN_INVALID', 'Missing or wrong console token');
    return eventStream(c, onEvent);
  });

  // Why: every POST is checked before routing, so an unknown bridge route reveals nothing without the token.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'POST') return refuse(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${c.req.path}`);
    if (!tokenMatches(token, c.req.header(TOKEN_HEADER))) return refuse(401, 'CONSOLE_TOKEN_INVALID', 'Missing or wrong console token');
    await next();
  });

  // The same JSON limit as the API's; an api call may also carry an upload (base64), which the core
  // then checks against the route's own limit. A body beyond is refused before it is read.
  app.post('/invoke', bodyLimit({ maxSize: maxBodyBytes, onError: () => refuse(413, 'PAYLOAD_TOO_LARGE', tooLargeMessage(maxBodyBytes), { limitBytes: maxBodyBytes }) }));
  const apiLimit = maxBodyBytes + MAX_UPLOAD_BASE64_CHARS;
  app.post('/api', bodyLimit({
    maxSize: apiLimit,
    onError: () => jsonResponse({ status: 413, headers: {}, body: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: tooLargeMessage(apiLimit), details: { limitBytes: apiLimit } } }, 413),
  }));

  app.post('/invoke', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return refuse(400, 'INVALID_INPUT', 'Bridge request body is not valid JSON');
    const p = invokeSchema.safeParse(body.value);
    if (!p.success) return refuse(400, 'INVALID_INPUT', 'Bridge invoke needs {name, input}');
    return jsonResponse(await coreNow().invoke(p.data.name, p.data.input));
  });

  app.post('/api', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return refuse(400, 'INVALID_INPUT', 'Bridge request body is not valid JSON');
    const p = apiRequestSchema.safeParse(body.value);
    if (!p.success) {
      // Same shape as the Electron bridge: a refused api call is an ApiResponse carrying the error object.
      const error = { status: 400, code: 'INVALID_INPUT', message: `Bridge api request is malformed: ${p.error.issues[0]?.path.join('.') ?? ''} ${p.error.issues[0]?.message ?? ''}` };
      return jsonResponse({ status: 400, headers: {}, body: error }, 400);
    }
    return jsonResponse(await coreNow().callApi(p.data as ApiRequest));
  });

  app.all('*', (c) => refuse(404, 'NOT_FOUND', `No bridge route ${c.req.path}`));
  return app;
}

/**
 * The live event stream: a `: connected` comment, then one `domain` message per committed event (id =
 * its seq, data = the event as JSON), and a comment every HEARTBEAT_MS. Hono's streamSSE does the framing;
 * the subscription and the heartbeat end when the client goes away (node-server cancels the body, which
 * aborts the stream) or the request is aborted.
 */
function eventStream(c: Context, onEvent: Core['onEvent']): Response {
  const response = streamSSE(c, async (stream) => {
    // Writes are chained so that events reach the client in commit order whatever their sizes.
    let queue = stream.write(': connected\n\n').then(() => undefined);
    const send = (write: () => Promise<unknown>) => {
      queue = queue.then(write).then(() => undefined, () => undefined);
    };
    const unsubscribe = onEvent((e) => send(() => stream.writeSSE({ event: 'domain', id: String(e.seq), data: JSON.stringify(e) })));
    const heartbeat = setInterval(() => send(() => stream.write(': keep-alive\n\n')), HEARTBEAT_MS);
    heartbeat.unref();
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      stream.onAbort(done);
      if (c.req.raw.signal.aborted) done();
      else c.req.raw.signal.addEventListener('abort', done, { once: true });
    });
    clearInterval(heartbeat);
    unsubscribe();
  });
  // streamSSE sends no-cache; the stream carries workspace data and was requested with the token: no-store.
  response.headers.set('cache-control', 'no-store');
  return response;
}
