import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { type TestServer, useSeededServer } from '../support/builders';
import { expectError } from '../support/assertions';
import { FROZEN_AT, basicAuth } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

describe('API tokens', () => {
  it('show the clientSecret once, in the POST /tokens response', async () => {
    const r = await srv.api.post('/tokens', { name: 'reporting', permissions: ['VIEW', 'TRANSACT'] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'reporting', permissions: ['VIEW', 'TRANSACT'], createdAt: FROZEN_AT });
    expect(r.body.id).toMatch(/^Token:/);
    expect(r.body.clientId).toBe(r.body.id);
    expect(r.body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The secret authenticates
    expect((await srv.api.as(basicAuth(r.body.clientId, r.body.clientSecret)).get('/config')).status).toBe(200);

    const get = await srv.api.get(`/tokens/${r.body.id}`);
    expect(get.status).toBe(200);
    expect(get.body.clientSecret).toBeUndefined();
    expect(get.text).not.toContain(r.body.clientSecret);
    const list = await srv.api.get('/tokens');
    expect(list.text).not.toContain(r.body.clientSecret);
    expect(list.text).not.toMatch(/secret/i);
  });

  it('default to VIEW only when no permissions are given', async () => {
    const r = await srv.api.post('/tokens', { name: 'viewer' });
    expect(r.body.permissions).toEqual(['VIEW']);
  });

  it('store only a salted hash of the secret', async () => {
    const r = await srv.api.post('/tokens', { name: 'hashed' });
    const row = core.services.ctx.db.prepare('SELECT * FROM api_tokens WHERE id = ?').get(r.body.id) as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(r.body.clientSecret);
    expect(row['secret_hash']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never leave a clientSecret in plaintext in the workspace, even when created with an Idempotency-Key', async () => {
    const r = await srv.api.post('/tokens', { name: 'retried' }, { headers: { 'Idempotency-Key': 'token-1' } });
    expect(r.status).toBe(201);
    const db = core.services.ctx.db;
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    const holding = tables.filter((t) => JSON.stringify(db.prepare(`SELECT * FROM "${t}"`).all()).includes(r.body.clientSecret));
    expect(holding).toEqual([]);
  });

  it('are listed newest first with totalCount', async () => {
    const a = await srv.api.post('/tokens', { name: 'a' });
    const b = await srv.api.post('/tokens', { name: 'b' });
    const list = await srv.api.get('/tokens');
    expect(list.body.totalCount).toBe(3);
    expect(list.body.data.map((t: { id: string }) => t.id).slice(0, 2)).toEqual([b.body.id, a.body.id]);
  });

  it('record when they were last used', async () => {
    const created = await srv.api.post('/tokens', { name: 'used' });
    expect(created.body.lastUsedAt).toBeUndefined();
    await srv.api.post('/sandbox/clock/advance', { seconds: 30 });
    await srv.api.as(basicAuth(created.body.clientId, created.body.clientSecret)).get('/config');
    expect((await srv.api.get(`/tokens/${created.body.id}`)).body.lastUsedAt).toBe(new Date(Date.parse(FROZEN_AT) + 30_000).toISOString());
  });

  it('are revoked by DELETE with 204, after which they no longer authenticate or show', async () => {
    const created = await srv.api.post('/tokens', { name: 'short-lived', permissions: ['VIEW'] });
    const auth = basicAuth(created.body.clientId, created.body.clientSecret);
    expect((await srv.api.as(auth).get('/customers')).status).toBe(200);

    const del = await srv.api.delete(`/tokens/${created.body.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');

    expectError(await srv.api.as(auth).get('/customers'), 401, 'UNAUTHORIZED');
    expectError(await srv.api.get(`/tokens/${created.body.id}`), 404, 'TOKEN_NOT_FOUND');
    expectError(await srv.api.delete(`/tokens/${created.body.id}`), 404, 'TOKEN_NOT_FOUND');
    expect((await srv.api.get('/tokens')).body.totalCount).toBe(1);
  });

  it('answer an unknown token id with 404 TOKEN_NOT_FOUND', async () => {
    expectError(await srv.api.get('/tokens/Token:0190aaaa-0000-7000-8000-000000000000'), 404, 'TOKEN_NOT_FOUND');
  });
});
