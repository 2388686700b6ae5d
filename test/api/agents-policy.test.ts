// Agent policy enforcement: each limit passes at its boundary and fails one unit above, each
// permission, the pause, account restrictions, conversion into the policy currency, the usage resets
// at midnight and at the month's end on the workspace clock, and two concurrent requests racing one
// daily limit over real HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, enc, externalAccount, openWorld, type World } from '../support/money-path';
import { agentOf, connectedAgent, openPolicy, patchPolicy, transferOut, type TestAgent } from './agents-world';
import { expectError } from '../support/assertions';
import type { ApiResult } from '../support/api-client';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const limits = (l: Record<string, unknown>) => openPolicy({ spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000, ...l } });

function expectRefused(r: ApiResult, rule: string): void {
  expectError(r, 403, 'FORBIDDEN');
  expect((r.body as { details?: { rule?: string } }).details?.rule, r.text).toBe(rule);
}

describe('spending limits at their boundary', () => {
  it('perTransactionLimit: exactly the limit passes, one unit above is refused', async () => {
    const a = await connectedAgent(w, limits({ perTransactionLimit: 5_000 }));
    expectRefused(await transferOut(w, a, 5_001), 'PER_TRANSACTION_LIMIT');
    const ok = await transferOut(w, a, 5_000);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ type: 'TRANSFER_OUT', status: 'APPROVED', transaction: { agentId: a.id, status: 'PENDING' } });
  });

  it('dailyLimit: spending up to the limit passes, one unit more is refused, and the refusal stores nothing', async () => {
    const a = await connectedAgent(w, limits({ dailyLimit: 10_000 }));
    expect((await transferOut(w, a, 6_000)).status).toBe(201);
    const before = await balances(w, w.seed.aliceUsd);
    expectRefused(await transferOut(w, a, 4_001), 'DAILY_LIMIT');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 6_000, dailyTransactionCount: 1, monthlySpend: 6_000 });
    expect((await transferOut(w, a, 4_000)).status).toBe(201);
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 10_000, dailyTransactionCount: 2 });
  });

  it('dailyTransactionLimit: the n-th action of the day passes, the next is refused', async () => {
    const a = await connectedAgent(w, limits({ dailyTransactionLimit: 2 }));
    expect((await transferOut(w, a, 100)).status).toBe(201);
    expect((await transferOut(w, a, 100)).status).toBe(201);
    expectRefused(await transferOut(w, a, 100), 'DAILY_TRANSACTION_LIMIT');
  });

  it('monthlyLimit: across days of one month, the limit passes and one unit more is refused', async () => {
    const a = await connectedAgent(w, limits({ monthlyLimit: 7_000, dailyLimit: 5_000 }));
    expect((await transferOut(w, a, 5_000)).status).toBe(201);
    await advance(w, 24 * 3600);
    expectRefused(await transferOut(w, a, 2_001), 'MONTHLY_LIMIT');
    expect((await transferOut(w, a, 2_000)).status).toBe(201);
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 2_000, monthlySpend: 7_000, dailyResetDate: '2026-01-02', monthlyResetMonth: '2026-01' });
  });

  it('limits in another currency are compared after conversion at the current rate', async () => {
    const a = await connectedAgent(w, openPolicy({ spendingLimits: { currency: 'EUR', perTransactionLimit: 1 } }));
    const inEur = w.core.services.rates.convert(12_345, 'USD', 'EUR');
    await patchPolicy(w, a, { spendingLimits: { perTransactionLimit: inEur - 1 } });
    expectRefused(await transferOut(w, a, 12_345), 'PER_TRANSACTION_LIMIT');
    await patchPolicy(w, a, { spendingLimits: { perTransactionLimit: inEur } });
    expect((await transferOut(w, a, 12_345)).status).toBe(201);
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: inEur, monthlySpend: inEur });
  });
});

describe('usage resets on the workspace clock', () => {
  it('the daily counters restart when the clock crosses midnight; the monthly one keeps counting', async () => {
    const a = await connectedAgent(w, limits({ dailyLimit: 1_000, dailyTransactionLimit: 1 }));
    // 2026-01-01T00:00 frozen: move to 23:59:50 first.
    await advance(w, 24 * 3600 - 10);
    expect((await transferOut(w, a, 1_000)).status).toBe(201);
    expectRefused(await transferOut(w, a, 1), 'DAILY_LIMIT');
    await advance(w, 10);
    const u = (await agentOf(w, a)).usage;
    expect(u).toEqual({ dailySpend: 0, dailyTransactionCount: 0, monthlySpend: 1_000, dailyResetDate: '2026-01-02', monthlyResetMonth: '2026-01' });
    expect((await transferOut(w, a, 1_000)).status).toBe(201);
  });

  it('the monthly counter restarts when the clock crosses the month\'s end', async () => {
    const a = await connectedAgent(w, limits({ monthlyLimit: 3_000 }));
    await advance(w, 30 * 24 * 3600 + 23 * 3600 + 3599); // 2026-01-31T23:59:59
    expect((await transferOut(w, a, 3_000)).status).toBe(201);
    expectRefused(await transferOut(w, a, 1), 'MONTHLY_LIMIT');
    await advance(w, 1); // 2026-02-01T00:00:00
    expect((await agentOf(w, a)).usage).toEqual({ dailySpend: 0, dailyTransactionCount: 0, monthlySpend: 0, dailyResetDate: '2026-02-01', monthlyResetMonth: '2026-02' });
    expect((await transferOut(w, a, 3_000)).status).toBe(201);
  });
});

describe('a quote over the spending limits', () => {
  it('is refused when it is created (403 naming the rule, as upstream does), and no quote is kept', async () => {
    const a = await connectedAgent(w, limits({ perTransactionLimit: 5_000 }));
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const before = (await w.api.get('/transactions?limit=1')).body.totalCount;
    expectRefused(await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 5_001)), 'PER_TRANSACTION_LIMIT');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(before);
    const ok = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 5_000));
    expect(ok.status, ok.text).toBe(201);
  });

  it('counts what it has already spent today: a quote that would pass the daily limit is refused at creation', async () => {
    const a = await connectedAgent(w, limits({ dailyLimit: 10_000 }));
    expect((await transferOut(w, a, 6_000)).status).toBe(201);
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    expectRefused(await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 4_001)), 'DAILY_LIMIT');
  });
});

describe('two concurrent requests racing one daily limit', () => {
  it('only one of two simultaneous transfers that would each fit passes; the other is refused', async () => {
    const a = await connectedAgent(w, limits({ dailyLimit: 10_000 }));
    const [r1, r2] = await Promise.all([transferOut(w, a, 6_000), transferOut(w, a, 6_000)]);
    expect([r1.status, r2.status].sort()).toEqual([201, 403]);
    expectRefused([r1, r2].find((r) => r.status === 403)!, 'DAILY_LIMIT');
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 6_000, dailyTransactionCount: 1 });
  });

  it('the same holds for two concurrent quote executions', async () => {
    const a = await connectedAgent(w, limits({ dailyLimit: 10_000 }));
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const quotes = await Promise.all([1, 2].map(async () => {
      const r = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 6_000));
      expect(r.status, r.text).toBe(201);
      return r.body.id as string;
    }));
    const answers = await Promise.all(quotes.map((id) => a.api.post(`/agents/me/quotes/${enc(id)}/execute`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
  });
});

describe('permissions', () => {
  const cases: [string, (w: World, a: TestAgent) => Promise<ApiResult>][] = [
    ['VIEW_TRANSACTIONS', (_w, a) => a.api.get('/agents/me/transactions')],
    ['VIEW_TRANSACTIONS', (_w, a) => a.api.get('/agents/me/internal-accounts')],
    ['CREATE_TRANSFERS', (w, a) => transferOut(w, a, 100)],
    ['CREATE_TRANSFERS', (w, a) => a.api.post('/agents/me/transfer-in', { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd }, amount: 100 })],
    ['CREATE_QUOTES', async (w, a) => a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, await externalAccount(w, w.seed.alice.id, 'EUR', '000'), 'SENDING', 1_000))],
    ['MANAGE_EXTERNAL_ACCOUNTS', (_w, a) => a.api.get('/agents/me/external-accounts')],
  ];
  for (const [permission, call] of cases) {
    it(`without ${permission} the call is refused (403); with it, it passes`, async () => {
      const all = openPolicy().permissions as string[];
      const a = await connectedAgent(w, openPolicy({ permissions: all.filter((p) => p !== permission) }));
      const refused = await call(w, a);
      expectRefused(refused, 'PERMISSION');
      expect(refused.body.details.permission).toBe(permission);
      await patchPolicy(w, a, { permissions: all });
      const ok = await call(w, a);
      expect(ok.status, ok.text).toBeLessThan(300);
    });
  }

  it('without EXECUTE_QUOTES a quote can be created but not executed', async () => {
    const a = await connectedAgent(w, openPolicy({ permissions: ['CREATE_QUOTES'] }));
    const eur = await externalAccount(w, w.seed.alice.id, 'EUR', '000');
    const q = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, eur, 'SENDING', 1_000));
    expect(q.status, q.text).toBe(201);
    expectRefused(await a.api.post(`/agents/me/quotes/${enc(q.body.id)}/execute`), 'PERMISSION');
    expectRefused(await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, eur, 'SENDING', 1_000, { immediatelyExecute: true })), 'PERMISSION');
  });
});

describe('pause', () => {
  it('a paused agent can do nothing but read itself; resuming restores it', async () => {
    const a = await connectedAgent(w);
    const paused = await w.api.patch(`/agents/${enc(a.id)}`, { isPaused: true });
    expect(paused.body.isPaused).toBe(true);
    expectRefused(await transferOut(w, a, 100), 'PAUSED');
    expectRefused(await a.api.get('/agents/me/transactions'), 'PAUSED');
    expectRefused(await a.api.get('/agents/me/actions'), 'PAUSED');
    expect((await a.api.get('/agents/me')).body).toMatchObject({ id: a.id, isPaused: true });
    await w.api.patch(`/agents/${enc(a.id)}`, { isPaused: false });
    expect((await transferOut(w, a, 100)).status).toBe(201);
  });
});

describe('account restrictions', () => {
  it('an account outside allowedAccountIds is refused; listed accounts pass', async () => {
    const a = await connectedAgent(w, openPolicy({ accountRestrictions: { allowedAccountIds: [w.seed.aliceUsd, w.seed.aliceExt['000']] } }));
    expectRefused(await transferOut(w, a, 100, w.seed.aliceExt['005']), 'ACCOUNT_NOT_ALLOWED');
    expect((await transferOut(w, a, 100)).status).toBe(201);
  });

  it('a per-account limit passes at the limit and refuses one unit above, for that account only', async () => {
    const a = await connectedAgent(w, openPolicy({ accountRestrictions: { accountRules: [{ accountId: w.seed.aliceExt['005'], perTransactionLimit: 2_000 }] } }));
    expectRefused(await transferOut(w, a, 2_001, w.seed.aliceExt['005']), 'ACCOUNT_PER_TRANSACTION_LIMIT');
    expect((await transferOut(w, a, 2_000, w.seed.aliceExt['005'])).status).toBe(201);
    expect((await transferOut(w, a, 2_001)).status).toBe(201);
  });

  it('a policy naming another customer\'s account is refused at creation (400 naming the field)', async () => {
    const r = await w.api.post('/agents', { name: 'x', customerId: w.seed.alice.id, policy: openPolicy({ accountRestrictions: { allowedAccountIds: [w.seed.sophieEur] } }) });
    expectError(r, 400, 'INVALID_INPUT');
    expect(r.body.details.errors[0].field).toBe('policy.accountRestrictions.allowedAccountIds.0');
  });
});
