import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Core } from '../index';
import { ServiceError } from '../kernel/errors';
import { bridgeRoutes } from './bridge-http';
import { consoleRoutes } from './static';

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
  const app = new Hono();
  // Why: checked before any route, so a page on another origin cannot reach the API or the bridge by
  // pointing its own DNS name at 127.0.0.1.
  app.use('*', async (c, next) => {
    if (!isLoopbackHost(c.req.header('host') ?? null)) {
      return errorJson(403, 'FORBIDDEN', 'This server answers only requests addressed to 127.0.0.1 or localhost');
    }
    await next();
  });
  app.route('/__bridge', bridgeRoutes(o.core, token));
  app.get('/', (c) => c.redirect('/console/', 302));
  app.get('/console', (c) => c.redirect('/console/', 302));
  if (o.consoleRoot) app.route('/console', consoleRoutes(o.consoleRoot));
  app.all('*', (c) => o.core.api.fetch(c.req.raw));
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: o.port, hostname: '127.0.0.1' }, () => resolve(s));
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
