// The security walls, checked over every declared route and over the raw socket: each route refuses a
// token without its permission (403) and admits one with it; agent routes take only bearer tokens;
// the server listens on loopback only; the console's static files cannot be left by traversal; no
// cross-origin page is granted CORS access.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiContract } from '../../core/api-contract';
import type { Core } from '../../core/index';
import { startLoopbackServer } from '../../core/host/server';
import { createToken, tempDir, type TestServer, useSeededServer } from '../support/builders';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

const ALL = ['VIEW', 'TRANSACT', 'MANAGE'] as const;
/** A route's path with every parameter filled by an id that names nothing. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'Missing:0');
const routes = Object.entries(apiContract).map(([id, r]) => ({ id, method: r.method.toUpperCase(), path: concrete(r.path), permission: r.permission }));
// A positive call to these would replace the workspace (and the test's own tokens) under the test.
const replacesWorkspace = (path: string) => path.startsWith('/sandbox/workspace');

async function call(method: string, path: string, authorization: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers['authorization'] = authorization;
  const res = await fetch(`${srv.base}${path}`, { method, headers, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, body: null };
  }
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('the permission matrix over every route', () => {
  it('refuses each token route to a token lacking its permission (403) and admits a token holding only it', async () => {
    const tokens = Object.fromEntries(await Promise.all(ALL.map(async (p) => [p, (await createToken(srv.api, [p])).auth] as const)));
    const allBut = Object.fromEntries(await Promise.all(ALL.map(async (p) => [p, (await createToken(srv.api, ALL.filter((q) => q !== p))).auth] as const)));
    let checked = 0;
    for (const r of routes) {
      if (r.permission === 'PUBLIC' || r.permission === 'AGENT') continue;
      const refused = await call(r.method, r.path, allBut[r.permission]!);
      expect(refused.status, `${r.method} ${r.path} without ${r.permission}`).toBe(403);
      expect(refused.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      if (!replacesWorkspace(r.path)) {
        const admitted = await call(r.method, r.path, tokens[r.permission]!);
        expect([401, 403], `${r.method} ${r.path} with only ${r.permission}: ${JSON.stringify(admitted.body)}`).not.toContain(admitted.status);
        expect(admitted.status, `${r.method} ${r.path}`).toBeLessThan(500);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
  }, 120_000);

  it('answers every non-public route without credentials with 401, and every agent route refuses Basic with 401', async () => {
    for (const r of routes) {
      if (r.permission === 'PUBLIC') continue;
      const anonymous = await call(r.method, r.path, null);
      expect(anonymous.status, `${r.method} ${r.path} anonymous`).toBe(401);
      if (r.permission === 'AGENT') expect((await call(r.method, r.path, srv.auth)).status, `${r.method} ${r.path} with Basic`).toBe(401);
    }
  });

  it('lets public routes answer without credentials', async () => {
    for (const r of routes.filter((x) => x.permission === 'PUBLIC')) {
      const answer = await call(r.method, r.path, null);
      expect(answer.status, `${r.method} ${r.path}`).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    }
  });
});

describe('the network walls', () => {
  it('listens on the loopback address only: another interface of this machine is refused', async () => {
    expect(srv.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return; // a machine without another interface has nothing else to reach it by
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(srv.server.port, external.address);
      socket.once('connect', () => (socket.destroy(), resolve('connected')));
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('grants no CORS access to another origin, on the API or the bridge', async () => {
    for (const path of ['/2025-10-13/config', '/__bridge/invoke']) {
      const preflight = await fetch(`${srv.origin}${path}`, {
        method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
      const plain = await fetch(`${srv.origin}${path}`, { headers: { origin: 'http://evil.example', authorization: srv.auth } });
      expect(plain.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('never serves a file outside the console folder, whatever the spelling of the traversal', async () => {
    const dir = tempDir('console-root-');
    const root = join(dir, 'console');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'secret.txt'), 'outside-the-console-root');
    const server = await startLoopbackServer({ core, port: 0, consoleRoot: root });
    try {
      for (const path of ['/console/../secret.txt', '/console/..%2fsecret.txt', '/console/%2e%2e/secret.txt', '/console/%2e%2e%2fsecret.txt', '/console/..%5csecret.txt', '/console//../secret.txt']) {
        const body = await new Promise<string>((resolve, reject) => {
          const socket = connect(server.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`));
          let out = '';
          socket.on('data', (d) => (out += d.toString()));
          socket.on('error', reject);
          socket.on('close', () => resolve(out));
        });
        expect(body, path).not.toContain('outside-the-console-root');
        expect(Number(/^HTTP\/1\.1 (\d{3})/.exec(body)?.[1]), path).toBeLessThan(500);
      }
    } finally {
      await server.close();
    }
  });
});
