// Idempotency keys across failures: a key left unfinished by a process that died answers as unused
// (never 409 for ever), a request's writes and its stored answer commit together or not at all, and a
// duplicate sent while the first is still running waits for the first answer instead of failing.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { fund, internalAccountOf, newCore, removeTempDirs, seededCustomer, startServer, storedState, type TestServer } from '../support/builders';

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
const db = () => core.services.ctx.db;

async function balance(): Promise<number> {
  return (await srv.api.get(`/customers/internal-accounts?customerId=${encodeURIComponent(account.customerId!)}`)).body.data[0].balance.amount;
}

describe('a key whose request never finished', () => {
  it('counts as unused when an earlier run of the process left it: the retry funds once and answers 200, not 409', async () => {
    const body = JSON.stringify({ amount: 1_500 });
    const route = `POST /2025-10-13/sandbox/internal-accounts/${account.id}/fund`;
    // What a process killed inside the request leaves behind: the key marked as started, no answer.
    db().prepare('INSERT INTO idempotency_keys (principal, route, key, request_hash, created_at, owner) VALUES (?, ?, ?, ?, ?, ?)')
      .run(principalOfSeededToken(), route, 'crashed-1', createHash('sha256').update(body).digest('hex'), Date.now(), 'an-earlier-run');

    const retry = await fund(srv.api, account.id, 1_500, key('crashed-1'));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toBe(account.balance.amount + 1_500);

    const again = await fund(srv.api, account.id, 1_500, key('crashed-1'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(retry.text);
    expect(await balance()).toBe(account.balance.amount + 1_500);
  });

  it('still refuses another body under that key once the retry has answered', async () => {
    await fund(srv.api, account.id, 100, key('crashed-2'));
    const r = await fund(srv.api, account.id, 200, key('crashed-2'));
    expect(r.status).toBe(409);
    expect(r.body.details).toEqual({ reason: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('writes and the stored answer', () => {
  it('commit together: when the answer cannot be stored, the funding is rolled back and a retry funds once', async () => {
    // A real SQLite failure at the moment the answer is written (as a full disk would raise).
    db().exec("CREATE TRIGGER refuse_answer BEFORE UPDATE OF status ON idempotency_keys BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    const before = storedState(core);
    // Plain fetch: the shared client refuses every 5xx, and this one is a real storage failure.
    const failed = await fetch(`${srv.base}/sandbox/internal-accounts/${encodeURIComponent(account.id)}/fund`, {
      method: 'POST', headers: { authorization: srv.auth, 'content-type': 'application/json', 'Idempotency-Key': 'atomic-1' }, body: JSON.stringify({ amount: 2_500 }),
    });
    expect(failed.status).toBe(500);
    const error = await failed.json();
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(error)).not.toContain('disk');
    expect(storedState(core)).toEqual(before);
    expect(await balance()).toBe(account.balance.amount);

    db().exec('DROP TRIGGER refuse_answer');
    const retry = await fund(srv.api, account.id, 2_500, key('atomic-1'));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toBe(account.balance.amount + 2_500);
  });
});

describe('duplicates sent at once', () => {
  it('give one effect and the same answer: 50 identical keyed fundings', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(srv.api, account.id, 300, key('burst-1'))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await balance()).toBe(account.balance.amount + 300);
  });

  it('wait for a first request that is still running (a clock advance working through due jobs) and replay its answer', async () => {
    // Quotes that expire give the advance enough due jobs to run over several slices.
    const lucia = await seededCustomer(srv.api, 'cust-lucia-002');
    const eur = (await srv.api.get(`/customers/external-accounts?customerId=${encodeURIComponent(lucia.id)}&currency=EUR`)).body.data[0]
      ?? (await srv.api.get('/customers/external-accounts?currency=EUR')).body.data[0];
    expect(eur, 'a seeded EUR external account').toBeTruthy();
    for (let i = 0; i < 300; i++) {
      const q = await srv.api.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: account.id },
        destination: { destinationType: 'ACCOUNT', accountId: eur.id },
        lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100,
      });
      expect(q.status).toBe(201);
    }
    const clockBefore = (await srv.api.get('/sandbox/clock')).body;
    const [a, b] = await Promise.all([
      srv.api.post('/sandbox/clock/advance', { seconds: 3_600 }, key('advance-1')),
      srv.api.post('/sandbox/clock/advance', { seconds: 3_600 }, key('advance-1')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.text).toBe(a.text);
    expect([a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const clockAfter = (await srv.api.get('/sandbox/clock')).body;
    expect(Date.parse(clockAfter.now) - Date.parse(clockBefore.now)).toBe(3_600_000);
  }, 60_000);
});

/** The principal id the seeded token's requests are keyed under (the token's id, which is its client id). */
function principalOfSeededToken(): string {
  return core.workspace.initialCredentials!.clientId;
}
