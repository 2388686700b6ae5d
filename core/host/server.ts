import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Core } from '../index';
import { ServiceError } from '../kernel/errors';
import { handleBridge } from './bridge-http';
import { serveStatic } from './static';

/** Options of the loopback server. */
export interface LoopbackOptions {
  core: Core;
  /** 0 picks a free port. */
  port: number;
  /** Folder of the built console (index.html and assets); absent serves the API only. */
  consoleRoot?: string;
  /** The per-run console token; random when omitted. */
  consoleToken?: string;
}

/** A running loopback server. */
export interface LoopbackServer {
  port: number;
  origin: string;
  consoleToken: string;
  consoleUrl: string;
  close(): Promise<void>;
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

/**
 * Serves the API and the console on 127.0.0.1 only. Requests whose Host header is not a loopback
 * name are refused, so a web page on another origin cannot reach it through DNS rebinding.
 */
export async function startLoopbackServer(o: LoopbackOptions): Promise<LoopbackServer> {
  const token = o.consoleToken ?? randomBytes(24).toString('base64url');
  const fetch = async (request: Request): Promise<Response> => {
    if (!isLoopbackHost(request.headers.get('host'))) {
      return errorJson(403, 'FORBIDDEN', 'This server answers only requests addressed to 127.0.0.1 or localhost');
    }
    const path = new URL(request.url).pathname;
    if (path.startsWith('/__bridge/')) return handleBridge(o.core, token, request, path);
    if (path === '/' || path === '/console') return new Response(null, { status: 302, headers: { location: '/console/' } });
    if (path.startsWith('/console/') && o.consoleRoot) return serveStatic(o.consoleRoot, path.slice('/console/'.length) || 'index.html');
    return o.core.api.fetch(request);
  };
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch, port: o.port, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    consoleToken: token,
    consoleUrl: `${origin}/console/?token=${token}#/`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
