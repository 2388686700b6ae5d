import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { startLoopbackServer } from '../../core/host/server';
import { fund, internalAccountOf, seededCustomer, tempDir, type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { getWithHost } from '../support/http';
import { FROZEN_AT } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

describe('routing', () => {
  it('answers GET /healthz with 200 without authentication', async () => {
    const r = await fetch(`${srv.origin}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', version: '2025-10-13', time: FROZEN_AT });
  });

  it('answers an unknown route inside the versioned base with 404 and the error object', async () => {
    expectError(await srv.api.get('/no-such-thing'), 404, 'NOT_FOUND');
    expectError(await srv.api.post('/customers/x/y/z', {}), 404, 'NOT_FOUND');
  });

  it('answers an unknown route outside the versioned base with 404 and the error object', async () => {
    for (const path of ['/v1/customers', '/2024-01-01/customers', '/favicon.ico']) {
      const r = await fetch(`${srv.origin}${path}`);
      const body = (await r.json()) as { status: number; code: string; message: string };
      expect(r.status, path).toBe(404);
      expect(body).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringContaining(path) });
    }
  });

  it('refuses malformed JSON with 400 INVALID_INPUT', async () => {
    const r = await srv.api.post('/customers', '{"customerType": "INDIVIDUAL",');
    expectInvalidField(r, '(body)');
    expect(r.body.message).toMatch(/not valid JSON/);
  });

  it('accepts an id in a path raw and percent-encoded', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    expect(alice.id).toMatch(/^Customer:/);
    const raw = await srv.api.get(`/customers/${alice.id}`);
    const encoded = await srv.api.get(`/customers/${alice.id.replace(':', '%3A')}`);
    const lower = await srv.api.get(`/customers/${alice.id.replace(':', '%3a')}`);
    expect(raw.status).toBe(200);
    expect(raw.body.id).toBe(alice.id);
    expect(encoded.body).toEqual(raw.body);
    expect(lower.body).toEqual(raw.body);
  });

  it('funds an account addressed by a percent-encoded id', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    const r = await srv.api.post(`/sandbox/internal-accounts/${account.id.replace(':', '%3A')}/fund`, { amount: 5 });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(account.id);
    expect((await fund(srv.api, account.id, 5)).body.balance.amount).toBe(account.balance.amount + 10);
  });
});

describe('the loopback server', () => {
  it('refuses a request addressed to a non-loopback Host with 403', async () => {
    for (const host of ['evil.example', `evil.example:${srv.server.port}`, '127.0.0.1.evil.example', 'localhost.evil.example']) {
      const r = await getWithHost(srv.server.port, '/healthz', host);
      expect(r.status, host).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
  });

  it('serves requests addressed to localhost:PORT, 127.0.0.1:PORT and [::1]:PORT', async () => {
    for (const host of [`localhost:${srv.server.port}`, `127.0.0.1:${srv.server.port}`, `[::1]:${srv.server.port}`, 'LOCALHOST']) {
      const r = await getWithHost(srv.server.port, '/healthz', host);
      expect(r.status, host).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ status: 'ok' });
    }
  });

  it('answers a malformed percent-encoding under /console/ with a 4xx, not a 500', async () => {
    const root = tempDir('console-root-');
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    const withConsole = await startLoopbackServer({ core, port: 0, consoleRoot: root });
    try {
      expect((await fetch(`${withConsole.origin}/console/`)).status).toBe(200);
      expect((await fetch(`${withConsole.origin}/console/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
      const r = await fetch(`${withConsole.origin}/console/%E0%A4%A`);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    } finally {
      await withConsole.close();
    }
  });

  it('serves the built console with its content types, CSP and caching, and 404 for a missing file', async () => {
    const root = tempDir('console-root-');
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'index-abc123.css'), 'body{}');
    const withConsole = await startLoopbackServer({ core, port: 0, consoleRoot: root });
    try {
      const index = await fetch(`${withConsole.origin}/console/?token=t`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(index.headers.get('cache-control')).toBe('no-store');
      expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(index.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await index.text()).toContain('<title>console</title>');

      const script = await fetch(`${withConsole.origin}/console/assets/index-abc123.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await script.text()).toBe('console.log(1)');
      expect((await fetch(`${withConsole.origin}/console/assets/index-abc123.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');

      // Hash routing: /console/ is the only document, so a missing asset is a 404, never index.html.
      const missing = await fetch(`${withConsole.origin}/console/assets/gone.js`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      for (const path of ['/console/../../etc/passwd', '/console/assets/..%2f..%2f..%2fetc%2fpasswd', '/console/%2e%2e/%2e%2e/etc/passwd', '/console/assets%5c..%5cindex.html']) {
        const r = await getWithHost(withConsole.port, path, `127.0.0.1:${withConsole.port}`);
        expect(r.status, path).toBe(404);
      }
      const redirect = await fetch(`${withConsole.origin}/console`, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('/console/');
    } finally {
      await withConsole.close();
    }
  });
});
