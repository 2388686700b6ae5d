// Agent management over HTTP Basic: create with a device code, list with filters and pages, get,
// rename and pause, policy update, delete; device codes (status, reissue, redemption once, expiry);
// and the two credentials kept apart (Basic on /agents/me and Bearer on platform routes are 401).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, openWorld, type World } from '../support/money-path';
import { agentOf, connectedAgent, openPolicy, patchPolicy } from './agents-world';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const create = (body: Record<string, unknown>) => w.api.post('/agents', { name: 'Bill payer', customerId: w.seed.alice.id, policy: openPolicy(), ...body });
const redeem = (code: string) => w.api.post(`/agents/device-codes/${enc(code)}/redeem`, undefined, { auth: '' });

describe('POST /agents', () => {
  it('201 with the agent (not connected, zero usage) and a device code valid for 24 hours', async () => {
    const r = await create({});
    expect(r.status, r.text).toBe(201);
    expect(r.body.agent).toMatchObject({
      id: expect.stringMatching(/^Agent:/), name: 'Bill payer', customerId: w.seed.alice.id, isPaused: false, isConnected: false,
      policy: { defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 } },
      usage: { dailySpend: 0, dailyTransactionCount: 0, monthlySpend: 0, dailyResetDate: '2026-01-01', monthlyResetMonth: '2026-01' },
    });
    expect(r.body.deviceCode).toEqual({ code: expect.stringMatching(/^SVC-AGENT-[A-Z0-9]{4}-[A-Z0-9]{4}$/), agentId: r.body.agent.id, expiresAt: '2026-01-02T00:00:00.000Z', redeemed: false });
  });

  it('refuses bad input naming the field, an unknown customer, and a threshold without currency', async () => {
    expectInvalidField(await create({ name: '' }), 'name');
    expectInvalidField(await create({ policy: openPolicy({ permissions: ['FLY'] }) }), 'policy.permissions.0');
    expectInvalidField(await create({ policy: openPolicy({ spendingLimits: { currency: 'USD', perTransactionLimit: 1.5 } }) }), 'policy.spendingLimits.perTransactionLimit');
    expectInvalidField(await create({ policy: openPolicy({ spendingLimits: { currency: 'XYZ', perTransactionLimit: 1 } }) }), 'policy.spendingLimits.currency');
    expectInvalidField(await create({ policy: openPolicy({ approvalThresholds: { amount: 10 } }) }), 'policy.approvalThresholds.currency');
    expect((await create({ customerId: 'Customer:nope' })).status).toBe(404);
  });
});

describe('list, get, update, delete', () => {
  it('GET /agents filters by customer, pause and connection, and pages with totalCount', async () => {
    const base = (await w.api.get('/agents?limit=100')).body.totalCount as number;
    const a = await connectedAgent(w);
    await create({ name: 'Second' });
    await create({ name: 'Sophie agent', customerId: w.seed.sophie.id, policy: openPolicy({ spendingLimits: { currency: 'EUR', perTransactionLimit: 1000 } }) });
    await w.api.patch(`/agents/${enc(a.id)}`, { isPaused: true });
    expect((await w.api.get(`/agents?customerId=${enc(w.seed.sophie.id)}`)).body.totalCount).toBe(1);
    expect((await w.api.get('/agents?isPaused=true')).body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await w.api.get(`/agents?isConnected=true&customerId=${enc(w.seed.alice.id)}`)).body.data.map((x: { id: string }) => x.id)).toContain(a.id);
    const p1 = await w.api.get('/agents?limit=2');
    expect(p1.body).toMatchObject({ hasMore: true, totalCount: base + 3, nextCursor: expect.any(String) });
    const p2 = await w.api.get(`/agents?limit=2&cursor=${enc(p1.body.nextCursor)}`);
    expect(new Set([...p1.body.data, ...p2.body.data].map((x: { id: string }) => x.id)).size).toBe(p1.body.data.length + p2.body.data.length);
  });

  it('PATCH renames and pauses; PATCH /policy merges limits, replaces permissions and null removes a part', async () => {
    const { body } = await create({ policy: openPolicy({ approvalThresholds: { currency: 'USD', amount: 500 } }) });
    const id = body.agent.id;
    expect((await w.api.patch(`/agents/${enc(id)}`, { name: 'Renamed', isPaused: true })).body).toMatchObject({ name: 'Renamed', isPaused: true });
    const r = await w.api.patch(`/agents/${enc(id)}/policy`, { permissions: ['VIEW_TRANSACTIONS'], spendingLimits: { dailyLimit: 9_000 }, approvalThresholds: null });
    expect(r.status, r.text).toBe(200);
    expect(r.body.policy).toEqual({ permissions: ['VIEW_TRANSACTIONS'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000, dailyLimit: 9_000 } });
    expectError(await w.api.patch(`/agents/${enc('Agent:none')}/policy`, {}), 404, 'REFERENCE_NOT_FOUND');
  });

  it('DELETE: 204, then the agent is 404 and its token is refused at once', async () => {
    const a = await connectedAgent(w);
    expect((await a.api.get('/agents/me')).status).toBe(200);
    expect((await w.api.delete(`/agents/${enc(a.id)}`)).status).toBe(204);
    expectError(await w.api.get(`/agents/${enc(a.id)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await a.api.get('/agents/me'), 401, 'UNAUTHORIZED');
  });

  it('a policy currency change converts the usage counters at the current rate', async () => {
    const a = await connectedAgent(w);
    await a.api.post('/agents/me/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 10_000 });
    const after = await patchPolicy(w, a, { spendingLimits: { currency: 'EUR' } });
    const eur = w.core.services.rates.convert(10_000, 'USD', 'EUR');
    expect(after.usage).toMatchObject({ dailySpend: eur, monthlySpend: eur, dailyTransactionCount: 1 });
    expect(after.policy.spendingLimits).toEqual({ currency: 'EUR', perTransactionLimit: 1_000_000 });
  });
});

describe('device codes', () => {
  it('redemption returns the token once, connects the agent; a second redemption is 400; status follows', async () => {
    const { body } = await create({});
    const code = body.deviceCode.code as string;
    expect((await w.api.get(`/agents/device-codes/${enc(code)}/status`)).body).toMatchObject({ code, redeemed: false, status: 'ACTIVE' });
    const r = await redeem(code);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ agentId: body.agent.id, agentName: 'Bill payer', accessToken: expect.stringMatching(/^gat_[0-9a-f]{40}$/), policy: { spendingLimits: { currency: 'USD' } } });
    expect((await agentOf(w, { id: body.agent.id } as never)).isConnected).toBe(true);
    expectError(await redeem(code), 400, 'DEVICE_CODE_ALREADY_REDEEMED');
    expect((await w.api.get(`/agents/device-codes/${enc(code)}/status`)).body).toMatchObject({ redeemed: true, status: 'REDEEMED' });
    expectError(await w.api.post(`/agents/${enc(body.agent.id)}/device-codes`), 409, 'CONFLICT');
    // The token is stored only as a hash, and the request log never holds it (answer or later bearer header).
    await w.api.as(`Bearer ${r.body.accessToken}`).get('/agents/me');
    const db = w.core.services.ctx.db;
    expect(JSON.stringify(db.prepare('SELECT * FROM agent_tokens').all())).not.toContain(r.body.accessToken);
    await expect.poll(() => (db.prepare("SELECT count(*) AS n FROM request_log WHERE path LIKE '%/agents/me'").get() as { n: number }).n).toBe(1);
    expect(JSON.stringify(db.prepare('SELECT * FROM request_log').all())).not.toContain(r.body.accessToken.slice(4));
  });

  it('an expired code is refused; a new code replaces the old one; unknown codes are 404', async () => {
    const { body } = await create({});
    await advance(w, 24 * 3600);
    expectError(await redeem(body.deviceCode.code), 400, 'DEVICE_CODE_EXPIRED');
    const fresh = await w.api.post(`/agents/${enc(body.agent.id)}/device-codes`);
    expect(fresh.status, fresh.text).toBe(201);
    const again = await w.api.post(`/agents/${enc(body.agent.id)}/device-codes`);
    expectError(await redeem(fresh.body.code), 400, 'DEVICE_CODE_REPLACED');
    expect((await redeem(again.body.code)).status).toBe(200);
    expectError(await redeem('SVC-AGENT-NOPE-NOPE'), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.get('/agents/device-codes/SVC-AGENT-NOPE-NOPE/status'), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe('credentials are kept apart', () => {
  it('Basic on /agents/me is 401, Bearer on a platform route is 401, a wrong token is 401', async () => {
    const a = await connectedAgent(w);
    expectError(await w.api.get('/agents/me'), 401, 'UNAUTHORIZED');
    expectError(await w.api.get('/agents/me/transactions'), 401, 'UNAUTHORIZED');
    expectError(await a.api.get('/customers'), 401, 'UNAUTHORIZED');
    expectError(await a.api.get(`/agents/${enc(a.id)}`), 401, 'UNAUTHORIZED');
    expectError(await w.api.as('Bearer gat_0000000000000000000000000000000000000000').get('/agents/me'), 401, 'UNAUTHORIZED');
    expect((await a.api.get('/agents/me')).body).toMatchObject({ id: a.id, isConnected: true });
  });

  it('the OpenAPI document gives /agents/me routes the bearer scheme and redemption none', async () => {
    const doc = (await w.api.get('/openapi.json', { auth: '' })).body;
    expect(doc.paths['/agents/me/quotes'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/agents/{agentId}'].get.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/agents/device-codes/{code}/redeem'].post.security).toEqual([]);
  });
});
