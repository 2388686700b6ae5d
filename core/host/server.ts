import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { Hono } from 'hono';
import type { Core } from '../index';
import { ServiceError, toServiceError } from '../kernel/errors';
import { bridgeRoutes } from './bridge-http';
import { lingerAfterEarlyAnswer } from './linger';
import { consoleRoutes } from './static';
import type { WorkspaceHost } from './workspaces';

/** Options of the loopback server. */
export interface LoopbackOptions {
  /** The core to serve; with `workspaces`, the host's open core is served instead (it changes on a switch). */
  core: Core;
  /** The host's workspaces: every request goes to whichever workspace is open. */
  workspaces?: WorkspaceHost;
  /** 0 picks a free port. */
  port: number;
  /** Folder of the built console (index.html and assets); absent serves the API only. */
  consoleRoot?: string;
  /** The per-run console token; random when omitted. */
  consoleToken?: string;
  /** The console bridge's JSON body limit (give the cores' own `maxBodyBytes`); default 1 MB. */
  maxBodyBytes?: number;
}

/** A running loopback server. */
export interface LoopbackServer {
  port: number;
  origin: string;
  consoleToken: string;
  consoleUrl: string;
  /** Stops listening; with `graceMs`, requests in progress get that long to finish before connections are cut. */
  close(graceMs?: number): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when a Host header names a loopback address (the DNS-rebinding defence). */
export function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return LOOPBACK_HOSTS.has(name.toLowerCase());
}

function errorJson(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify(new ServiceError(status, code, message).toBody()), { status, headers: { 'content-type': 'application/json' } });
}

/** Anything thrown past the routes as the error object (a full disk as 507/503), never Hono's text/plain 500. */
function thrownJson(err: unknown): Response {
  const e = toServiceError(err);
  if (e.code === 'INTERNAL_ERROR') console.error('[server] internal error:', err);
  return new Response(JSON.stringify(e.toBody()), { status: e.status, headers: { 'content-type': 'application/json' } });
}

/**
 * Serves the API and the console on 127.0.0.1 only. Requests whose Host header is not a loopback
 * name are refused, so a web page on another origin cannot reach it through DNS rebinding.
 */
export async function startLoopbackServer(o: LoopbackOptions): Promise<LoopbackServer> {
  const token = o.consoleToken ?? randomBytes(24).toString('base64url');
  const app = new Hono();
  app.onError(thrownJson);
  // A body refused before it was read (413) closes its connection gently, so the client reads the answer.
  app.use('*', lingerAfterEarlyAnswer());
  // Why: checked before any route, so a page on another origin cannot reach the API or the bridge by
  // pointing its own DNS name at 127.0.0.1.
  app.use('*', async (c, next) => {
    if (!isLoopbackHost(c.req.header('host') ?? null)) {
      return errorJson(403, 'FORBIDDEN', 'This server answers only requests addressed to 127.0.0.1 or localhost');
    }
    await next();
  });
  const host = o.workspaces;
  const current = host ? () => host.core : () => o.core;
  const subscribe = host ? (l: Parameters<Core['onEvent']>[0]) => host.onEvent(l) : (l: Parameters<Core['onEvent']>[0]) => o.core.onEvent(l);
  app.route('/__bridge', bridgeRoutes(current, token, subscribe, o.maxBodyBytes));
  app.get('/', (c) => c.redirect('/console/', 302));
  app.get('/console', (c) => c.redirect('/console/', 302));
  if (o.consoleRoot) app.route('/console', consoleRoutes(o.consoleRoot));
  app.all('*', (c) => current().api.fetch(c.req.raw));
  // Why not `serve()`: its adapter answers a request it cannot read (a backslash in the path, a bad
  // Host) with an empty 400; every answer, the adapter's own included, carries the error object.
  const listener = getRequestListener(app.fetch, {
    hostname: '127.0.0.1',
    errorHandler: (err) => err instanceof RequestError
      ? errorJson(400, 'INVALID_INPUT', `The request could not be read: ${err.message}`)
      : thrownJson(err),
  });
  const server: Server = createServer(listener);
  server.on('clientError', answerUnreadable);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    consoleToken: token,
    consoleUrl: `${origin}/console/?token=${token}#/`,
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Why a grace period: a host shutting down lets requests in progress finish their writes; event
        // streams never finish by themselves, so whatever is still open afterwards is cut.
        if (graceMs <= 0) server.closeAllConnections();
        else setTimeout(() => server.closeAllConnections(), graceMs).unref();
      }),
  };
}

/**
 * Node's HTTP parser refuses some requests before any handler sees them (a malformed request line or
 * header, headers too large); its own answer has no body. This one carries the error object.
 */
function answerUnreadable(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const code = status === 400 ? 'INVALID_INPUT' : status === 431 ? 'HEADERS_TOO_LARGE' : 'REQUEST_TIMEOUT';
  const message = status === 400 ? 'The request is not valid HTTP and could not be read' : status === 431 ? 'The request headers are too large' : 'The request took too long to arrive';
  const body = JSON.stringify(new ServiceError(status, code, message).toBody());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
