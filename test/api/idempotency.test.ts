import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { createToken, fund, individualBody, internalAccountOf, newCore, removeTempDirs, seededCustomer, startServer, storedState, type TestServer } from '../support/builders';
import { expectError } from '../support/assertions';

let core: Core;
let srv: TestServer;
let account: InternalAccount;
beforeEach(async () => {
  core = newCore();
  srv = await startServer(core);
  account = await internalAccountOf(srv.api, (await seededCustomer(srv.api, 'cust-alice-001')).id, 'USD');
});
afterEach(async () => {
  await srv.close();
  core.close();
});
afterAll(removeTempDirs);

const key = (k: string) => ({ headers: { 'Idempotency-Key': k } });

async function balance(): Promise<number> {
  return (await srv.api.get(`/customers/internal-accounts?customerId=${encodeURIComponent(account.customerId!)}`)).body.data[0].balance.amount;
}

describe('Idempotency-Key', () => {
  it('replays the first status and body for the same key and body, and funds only once', async () => {
    const first = await fund(srv.api, account.id, 1_000, key('fund-1'));
    const entriesAfterFirst = storedState(core)['ledgerEntries'];
    const second = await fund(srv.api, account.id, 1_000, key('fund-1'));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toBe(account.balance.amount + 1_000);
    expect(storedState(core)['ledgerEntries']).toBe(entriesAfterFirst);
  });

  it('replays a created customer instead of creating a second one', async () => {
    const body = individualBody();
    const first = await srv.api.post('/customers', body, key('cust-1'));
    const second = await srv.api.post('/customers', body, key('cust-1'));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await srv.api.get(`/customers?platformCustomerId=${String(body['platformCustomerId'])}`)).body.totalCount).toBe(1);
  });

  it('replays a token creation as the same token without storing or repeating its secret', async () => {
    const first = await srv.api.post('/tokens', { name: 'retried' }, key('token-1'));
    const second = await srv.api.post('/tokens', { name: 'retried' }, key('token-1'));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.text).not.toContain(first.body.clientSecret);
    expect((await srv.api.get('/tokens')).body.totalCount).toBe(2);
  });

  it('refuses the same key with a different body with 409 and changes nothing', async () => {
    await fund(srv.api, account.id, 1_000, key('fund-2'));
    const before = storedState(core);
    const r = await fund(srv.api, account.id, 2_000, key('fund-2'));
    expectError(r, 409, 'CONFLICT');
    expect(r.body.details).toEqual({ reason: 'IDEMPOTENCY_KEY_REUSED' });
    expect(storedState(core)).toEqual(before);
    expect(await balance()).toBe(account.balance.amount + 1_000);
  });

  it('treats the same key on a different route as independent', async () => {
    const funded = await fund(srv.api, account.id, 500, key('shared-key'));
    const created = await srv.api.post('/customers', individualBody(), key('shared-key'));
    expect(funded.status).toBe(200);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();

    const lucia = await seededCustomer(srv.api, 'cust-lucia-002');
    const other = await internalAccountOf(srv.api, lucia.id, 'USD');
    const fundedOther = await fund(srv.api, other.id, 500, key('shared-key'));
    expect(fundedOther.status).toBe(200);
    expect(fundedOther.body.balance.amount).toBe(other.balance.amount + 500);
  });

  it('funds only once when a retry addresses the same account percent-encoded', async () => {
    const first = await srv.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 700 }, key('fund-encoded'));
    const retry = await srv.api.post(`/sandbox/internal-accounts/${account.id.replace(':', '%3A')}/fund`, { amount: 700 }, key('fund-encoded'));
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(await balance()).toBe(account.balance.amount + 700);
  });

  it('replays a 400 too', async () => {
    const first = await fund(srv.api, account.id, -1, key('bad-1'));
    const second = await fund(srv.api, account.id, -1, key('bad-1'));
    expectError(first, 400, 'INVALID_INPUT');
    expect(second.status).toBe(400);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('scopes keys to the calling token', async () => {
    const other = srv.api.as((await createToken(srv.api, ['VIEW', 'TRANSACT'])).auth);
    await fund(srv.api, account.id, 100, key('per-token'));
    const r = await fund(other, account.id, 100, key('per-token'));
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toBe(account.balance.amount + 200);
  });

  it('does not apply to GET requests', async () => {
    await fund(srv.api, account.id, 100);
    const a = await srv.api.get('/config', key('read-1'));
    await srv.api.patch('/config', { name: 'Renamed' });
    const b = await srv.api.get('/config', key('read-1'));
    expect(a.body.name).toBe('Demo Platform');
    expect(b.body.name).toBe('Renamed');
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key longer than 255 characters with 400 naming Idempotency-Key', async () => {
    const r = await fund(srv.api, account.id, 100, key('k'.repeat(256)));
    expectError(r, 400, 'INVALID_INPUT');
    expect(r.body.message).toContain('Idempotency-Key');
    expect(await balance()).toBe(account.balance.amount);
  });
});
