import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleApi } from '../../electron/ipc';
import { createToken, removeTempDirs } from '../support/builders';
import { accountQuote, openWorld, type World } from '../support/money-path';
import { ApiClient } from '../support/api-client';

vi.mock('electron', () => import('../electron/electron-mock'));

// The composer sends as a chosen identity so that "keep the original Idempotency-Key" replays a call an
// integrator made with their own token: keys are kept per caller. Only the console bridges may choose.
let w: World;
let token: { id: string; clientSecret: string; auth: string };
let other: { id: string; auth: string };
let quoteBody: Record<string, unknown>;

/** The seeded token as the builders' client shape (createToken only posts). */
const admin = () => ({ post: (p: string, b: unknown) => w.api.post(p, b) }) as unknown as ApiClient;
const quoteCount = () => (w.core.services.ctx.db.prepare('SELECT count(*) AS n FROM quotes').get() as { n: number }).n;
const loggedPrincipal = (logId: string | undefined) => (w.core.services.ctx.db.prepare('SELECT principal FROM request_log WHERE id = ?').get(logId) as { principal: string } | undefined)?.principal;

beforeAll(async () => {
  w = await openWorld();
  token = await createToken(admin(), ['VIEW', 'TRANSACT'], 'ci-bot');
  other = await createToken(admin(), ['VIEW', 'TRANSACT'], 'other');
  quoteBody = accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 12_345);
});
afterAll(async () => {
  await w?.close();
  removeTempDirs();
});

describe('a console call sent as an API token', () => {
  it('replays the token’s own keyed call (same quote, marked as a replay, none created); as the console the same key is new', async () => {
    const first = await new ApiClient(w.api.base, token.auth).post('/quotes', quoteBody, { headers: { 'Idempotency-Key': 'ci-key-1' } });
    expect(first.status, first.text).toBe(201);
    const before = quoteCount();
    const again = await w.core.callApi({ method: 'POST', path: '/quotes', body: quoteBody, headers: { 'Idempotency-Key': 'ci-key-1' }, asToken: token.id });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body as { id: string }).id).toBe(first.body.id);
    expect(quoteCount()).toBe(before);
    expect(loggedPrincipal(again.headers['x-console-log-id'])).toBe(token.id);
    // The same over the Electron bridge's payload check: the field passes through to the core.
    const viaIpc = await handleApi(w.core, true, { method: 'POST', path: '/quotes', body: quoteBody, headers: { 'Idempotency-Key': 'ci-key-1' }, asToken: token.id });
    expect(viaIpc.headers['idempotent-replayed']).toBe('true');
    // And over the browser console's bridge, which holds the per-run console token.
    const viaHttpBridge = await fetch(`${w.server.origin}/__bridge/api`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-console-token': w.server.consoleToken }, body: JSON.stringify({ method: 'POST', path: '/quotes', body: quoteBody, headers: { 'Idempotency-Key': 'ci-key-1' }, asToken: token.id }) });
    expect(((await viaHttpBridge.json()) as { headers: Record<string, string> }).headers['idempotent-replayed']).toBe('true');
    const asConsole = await w.core.callApi({ method: 'POST', path: '/quotes', body: quoteBody, headers: { 'Idempotency-Key': 'ci-key-1' } });
    expect(asConsole.headers['idempotent-replayed']).toBeUndefined();
    expect(quoteCount()).toBe(before + 1);
  });

  it('refuses an unknown or revoked token with a 400 naming asToken, and sends nothing', async () => {
    const gone = await createToken(admin(), ['VIEW', 'TRANSACT'], 'gone');
    expect((await w.api.delete(`/tokens/${encodeURIComponent(gone.id)}`)).status).toBe(204);
    const before = quoteCount();
    for (const id of ['Token:no-such-token', gone.id]) {
      const r = await w.core.callApi({ method: 'POST', path: '/quotes', body: quoteBody, asToken: id });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      expect((r.body as { message: string }).message).toMatch(/^asToken: /);
    }
    expect(quoteCount()).toBe(before);
  });

  it('cannot be asked for over the public HTTP API: neither a query, a header nor a body field picks an identity', async () => {
    const asOther = new ApiClient(w.api.base, other.auth);
    const q = `asToken=${encodeURIComponent(token.id)}`;
    const r = await asOther.post(`/quotes?${q}`, { ...quoteBody, asToken: token.id }, { headers: { 'Idempotency-Key': 'ci-key-1', asToken: token.id, 'X-As-Token': token.id } });
    // The key is ci-bot's; sent by another token it is new to that token, so nothing is replayed.
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    const logged = w.core.services.ctx.db.prepare("SELECT principal FROM request_log WHERE source = 'HTTP' AND path LIKE '%/quotes' ORDER BY seq DESC LIMIT 1").get() as { principal: string };
    expect(logged.principal).toBe(other.id);
    // Without credentials the field is no way in either.
    const anonymous = await fetch(`${w.api.base}/quotes?${q}`, { method: 'POST', headers: { 'content-type': 'application/json', asToken: token.id }, body: JSON.stringify(quoteBody) });
    expect(anonymous.status).toBe(401);
  });
});
