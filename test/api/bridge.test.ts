import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../../core/index';
import { HEARTBEAT_MS } from '../../core/host/bridge-http';
import type { ApiCallSummary } from '../../core/console/request-log';
import { fund, internalAccountOf, seededCustomer, type TestServer, useSeededServer } from '../support/builders';
import { readFirstChunk, readSseUntil } from '../support/http';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

/** A POST to the bridge; `token` null sends no X-Console-Token header. */
function bridge(path: string, body: unknown, token: string | null = srv.server.consoleToken): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers['x-console-token'] = token;
  return fetch(`${srv.origin}/__bridge/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('the console bridge over HTTP', () => {
  it('refuses /__bridge/invoke without or with a wrong X-Console-Token with 401', async () => {
    for (const token of [null, 'wrong-token', `${srv.server.consoleToken}x`]) {
      const r = await bridge('invoke', { name: 'workspace/info', input: {} }, token);
      expect(r.status, String(token)).toBe(401);
      expect(await r.json()).toMatchObject({ ok: false, error: { status: 401, code: 'CONSOLE_TOKEN_INVALID' } });
    }
  });

  it('does not accept an API token in place of the console token', async () => {
    const r = await fetch(`${srv.origin}/__bridge/invoke`, { method: 'POST', headers: { authorization: srv.auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'workspace/info' }) });
    expect(r.status).toBe(401);
  });

  it('runs a console handler on /__bridge/invoke with the token', async () => {
    const r = await bridge('invoke', { name: 'workspace/info', input: {} });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, value: { name: 'Demo Platform', counts: { customers: 3 } } });
  });

  it('returns a handler error as data on /__bridge/invoke', async () => {
    const r = await bridge('invoke', { name: 'nope/nothing' });
    expect(await r.json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_HANDLER' } });
  });

  it('performs an API call on /__bridge/api that the request log then shows with source CONSOLE', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const r = await bridge('api', { method: 'PATCH', path: `/customers/${alice.id}`, body: { region: 'CA' } });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { status: number; body: { region: string } };
    expect(answer.status).toBe(200);
    expect(answer.body.region).toBe('CA');

    const log = await core.invoke('requestLog/list', { source: 'CONSOLE' });
    if (!log.ok) throw new Error(log.error.message);
    const entries = (log.value as { data: ApiCallSummary[] }).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'PATCH', path: `/2025-10-13/customers/${alice.id}`, status: 200, source: 'CONSOLE', principal: 'console' });
    const filtered = await core.invoke('requestLog/list', { resourceId: alice.id, source: 'CONSOLE' });
    expect(filtered).toMatchObject({ ok: true, value: { totalCount: 1 } });
  });

  it('refuses a malformed /__bridge/api request with 400', async () => {
    const r = await bridge('api', { method: 'TRACE', path: 'customers' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ status: 400, body: { status: 400, code: 'INVALID_INPUT' } });
    expect((await core.invoke('requestLog/list', {}))).toMatchObject({ ok: true, value: { totalCount: 0 } });
  });

  it('streams a committed domain event on /__bridge/events', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    const abort = new AbortController();
    try {
      const stream = await fetch(`${srv.origin}/__bridge/events?token=${encodeURIComponent(srv.server.consoleToken)}`, { signal: abort.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      expect(await readFirstChunk(stream.body!)).toContain(': connected');

      expect((await fund(srv.api, account.id, 4_321)).status).toBe(200);
      const message = await readSseUntil(stream.body!, (m) => m.event === 'domain' && m.data.includes('INTERNAL_ACCOUNT.BALANCE_UPDATED'));
      const event = JSON.parse(message.data) as { seq: number; type: string; resourceId: string; payload: { amount: number } };
      expect(event).toMatchObject({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', resourceId: account.id, payload: { amount: 4_321 } });
      expect(message.id).toBe(String(event.seq));
    } finally {
      abort.abort();
    }
  });

  it('sends no-store headers on /__bridge/events, keeps an idle stream alive and unsubscribes when the client leaves', async () => {
    const subscribe = core.onEvent.bind(core);
    let listening = 0;
    const spy = vi.spyOn(core, 'onEvent').mockImplementation((listener) => {
      const off = subscribe(listener);
      listening++;
      return () => {
        listening--;
        off();
      };
    });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const abort = new AbortController();
    try {
      const stream = await fetch(`${srv.origin}/__bridge/events?token=${encodeURIComponent(srv.server.consoleToken)}`, { signal: abort.signal });
      expect(stream.headers.get('cache-control')).toBe('no-store');
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      expect(decoder.decode((await reader.read()).value)).toContain(': connected');
      expect(listening).toBe(1);

      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(decoder.decode((await reader.read()).value)).toBe(': keep-alive\n\n');

      abort.abort();
      await expect.poll(() => listening).toBe(0);
    } finally {
      abort.abort();
      vi.useRealTimers();
      spy.mockRestore();
    }
  });

  it('refuses other methods, unknown bridge routes and non-JSON bodies', async () => {
    const get = await fetch(`${srv.origin}/__bridge/invoke`, { headers: { 'x-console-token': srv.server.consoleToken } });
    expect(get.status).toBe(405);
    expect((await bridge('nothing-here', {})).status).toBe(404);
    const garbage = await fetch(`${srv.origin}/__bridge/invoke`, { method: 'POST', headers: { 'x-console-token': srv.server.consoleToken }, body: '{not json' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('refuses another Origin, and the opaque null one, even with the right token: 403 ORIGIN_FORBIDDEN', async () => {
    const call = (origin: string) => fetch(`${srv.origin}/__bridge/invoke`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-console-token': srv.server.consoleToken, origin }, body: JSON.stringify({ name: 'workspace/info', input: {} }),
    });
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${srv.server.port + 1}`, 'https://127.0.0.1']) {
      const r = await call(origin);
      expect(r.status, origin).toBe(403);
      expect(await r.json()).toMatchObject({ ok: false, error: { status: 403, code: 'ORIGIN_FORBIDDEN' } });
    }
    const events = await fetch(`${srv.origin}/__bridge/events?token=${encodeURIComponent(srv.server.consoleToken)}`, { headers: { origin: 'http://evil.example' } });
    expect(events.status).toBe(403);
    const own = await call(srv.origin);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ ok: true });
  });

  it('refuses /__bridge/events without the token with 401', async () => {
    expect((await fetch(`${srv.origin}/__bridge/events`)).status).toBe(401);
    expect((await fetch(`${srv.origin}/__bridge/events?token=wrong`)).status).toBe(401);
  });
});
