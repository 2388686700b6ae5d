import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Core } from '../index';

/** Header carrying the per-run console token on bridge calls. */
export const TOKEN_HEADER = 'x-console-token';

const apiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  path: z.string().startsWith('/'),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.undefined()])).optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
const invokeSchema = z.object({ name: z.string().min(1), input: z.unknown().optional() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

function refuse(status: number, code: string, message: string): Response {
  return jsonResponse({ ok: false, error: { status, code, message } }, status);
}

/** Compares a presented token with the run's token in constant time. */
export function tokenMatches(expected: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The browser console's bridge: the same three functions the Electron preload offers (invoke, api,
 * events), over HTTP and Server-Sent Events, each guarded by the per-run token.
 */
export async function handleBridge(core: Core, token: string, request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  if (path === '/__bridge/events' && request.method === 'GET') {
    // EventSource cannot send headers, so the events stream takes the token from the query.
    if (!tokenMatches(token, url.searchParams.get('token'))) return refuse(401, 'CONSOLE_TOKEN_INVALID', 'Missing or wrong console token');
    return eventStream(core, request.signal);
  }
  if (request.method !== 'POST') return refuse(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}`);
  if (!tokenMatches(token, request.headers.get(TOKEN_HEADER))) return refuse(401, 'CONSOLE_TOKEN_INVALID', 'Missing or wrong console token');
  let payload: unknown;
  try {
    payload = await request.json();
  } catch {
    return refuse(400, 'INVALID_INPUT', 'Bridge request body is not valid JSON');
  }
  if (path === '/__bridge/invoke') {
    const p = invokeSchema.safeParse(payload);
    if (!p.success) return refuse(400, 'INVALID_INPUT', 'Bridge invoke needs {name, input}');
    return jsonResponse(await core.invoke(p.data.name, p.data.input));
  }
  if (path === '/__bridge/api') {
    const p = apiRequestSchema.safeParse(payload);
    if (!p.success) {
      // Same shape as the Electron bridge: a refused api call is an ApiResponse carrying the error object.
      const error = { status: 400, code: 'INVALID_INPUT', message: `Bridge api request is malformed: ${p.error.issues[0]?.path.join('.') ?? ''} ${p.error.issues[0]?.message ?? ''}` };
      return jsonResponse({ status: 400, headers: {}, body: error }, 400);
    }
    return jsonResponse(await core.callApi(p.data));
  }
  return refuse(404, 'NOT_FOUND', `No bridge route ${path}`);
}

function eventStream(core: Core, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(': connected\n\n');
      const unsubscribe = core.onEvent((e) => send(`id: ${e.seq}\nevent: domain\ndata: ${JSON.stringify(e)}\n\n`));
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), 15_000);
      heartbeat.unref();
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      signal.addEventListener('abort', () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' } });
}
