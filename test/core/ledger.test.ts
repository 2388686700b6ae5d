import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { edgeAccount } from '../../core/ledger/service';
import { newCore, removeTempDirs } from '../support/builders';

let core: Core;
beforeEach(() => {
  core = newCore();
});
afterEach(() => core.close());
afterAll(removeTempDirs);

function counts() {
  const db = core.services.ctx.db;
  return {
    journals: (db.prepare('SELECT count(*) AS n FROM ledger_journals').get() as { n: number }).n,
    entries: (db.prepare('SELECT count(*) AS n FROM ledger_entries').get() as { n: number }).n,
  };
}

function sumOfEntries(accountId: string, buckets: string[]): number {
  const q = `SELECT coalesce(sum(amount), 0) AS s FROM ledger_entries WHERE account_id = ? AND bucket IN (${buckets.map(() => '?').join(', ')})`;
  return (core.services.ctx.db.prepare(q).get(accountId, ...buckets) as { s: number }).s;
}

function expectTrialBalanceZero(): void {
  expect(core.services.ledger.driftedBalances()).toEqual([]);
  const tb = core.services.ledger.trialBalance();
  expect(Object.keys(tb).length).toBeGreaterThan(0);
  for (const [currency, sum] of Object.entries(tb)) expect({ currency, sum }).toEqual({ currency, sum: 0 });
}

function aliceUsd() {
  const alice = core.services.customers.list({ platformCustomerId: 'cust-alice-001', limit: 1 }).data[0]!;
  return core.services.internal.list({ owner: 'CUSTOMERS', customerId: alice.id, limit: 10 }).data[0]!;
}

describe('the ledger', () => {
  it('balances to zero in every currency after seeding', () => {
    expect(Object.keys(core.services.ledger.trialBalance()).sort()).toEqual(['EUR', 'MXN', 'USD']);
    expectTrialBalanceZero();
  });

  it('stays balanced after funding and after posting multi-currency journals', () => {
    const account = aliceUsd();
    core.services.internal.fund(account.id, 12_345);
    core.services.ledger.post('TEST_FX', null, 'two-currency journal', [
      { accountId: account.id, currency: 'USD', amount: -500 },
      { accountId: edgeAccount('fx', 'USD'), currency: 'USD', amount: 500 },
      { accountId: edgeAccount('fx', 'EUR'), currency: 'EUR', amount: -460 },
      { accountId: 'InternalAccount:somewhere', currency: 'EUR', amount: 460 },
    ]);
    expectTrialBalanceZero();
  });

  it('refuses an unbalanced journal and writes nothing', () => {
    const before = counts();
    expect(() =>
      core.services.ledger.post('TEST_BAD', null, 'off by one', [
        { accountId: 'a', currency: 'USD', amount: 100 },
        { accountId: 'b', currency: 'USD', amount: -99 },
      ]),
    ).toThrow(/does not balance in USD/);
    expect(counts()).toEqual(before);
    expectTrialBalanceZero();
  });

  it('refuses a journal that balances in one currency but not in another', () => {
    const before = counts();
    expect(() =>
      core.services.ledger.post('TEST_BAD', null, 'EUR side missing', [
        { accountId: 'a', currency: 'USD', amount: 100 },
        { accountId: 'b', currency: 'USD', amount: -100 },
        { accountId: 'c', currency: 'EUR', amount: 90 },
      ]),
    ).toThrow(/does not balance in EUR/);
    expect(counts()).toEqual(before);
  });

  it('refuses fractional amounts and writes nothing', () => {
    const before = counts();
    expect(() =>
      core.services.ledger.post('TEST_BAD', null, 'fraction', [
        { accountId: 'a', currency: 'USD', amount: 0.5 },
        { accountId: 'b', currency: 'USD', amount: -0.5 },
      ]),
    ).toThrow(/not a safe integer/);
    expect(counts()).toEqual(before);
  });

  it('rolls a posted journal back with the transaction it joined', () => {
    const before = counts();
    expect(() =>
      core.services.ctx.transaction(() => {
        core.services.ledger.post('TEST', null, 'rolled back', [
          { accountId: 'a', currency: 'USD', amount: 1 },
          { accountId: 'b', currency: 'USD', amount: -1 },
        ]);
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(counts()).toEqual(before);
    expect(core.services.ledger.balances('a')).toEqual({ balance: 0, totalBalance: 0 });
    expect(core.services.ledger.driftedBalances()).toEqual([]);
  });

  it('reports balances equal to the sums of the account\'s entries by bucket', () => {
    const account = aliceUsd();
    core.services.internal.fund(account.id, 1_000);
    core.services.ledger.post('TEST_HOLD', null, 'hold and pending', [
      { accountId: account.id, currency: 'USD', amount: -300 },
      { accountId: account.id, currency: 'USD', amount: 300, bucket: 'HELD' },
      { accountId: edgeAccount('incoming', 'USD'), currency: 'USD', amount: -200 },
      { accountId: account.id, currency: 'USD', amount: 200, bucket: 'PENDING' },
    ]);
    const balances = core.services.ledger.balances(account.id);
    expect(balances.balance).toBe(sumOfEntries(account.id, ['AVAILABLE']));
    expect(balances.totalBalance).toBe(sumOfEntries(account.id, ['AVAILABLE', 'PENDING', 'HELD']));
    expect(balances).toEqual({ balance: 1_250_000 + 1_000 - 300, totalBalance: 1_250_000 + 1_000 + 200 });
    expect(core.services.ledger.driftedBalances()).toEqual([]);
    const resource = core.services.internal.get(account.id);
    expect(resource.balance.amount).toBe(balances.balance);
    expect(resource.totalBalance.amount).toBe(balances.totalBalance);
  });

  it('credits a funded account from the sandbox-funding edge', () => {
    const account = aliceUsd();
    core.services.internal.fund(account.id, 777);
    const last = core.services.ledger.entries(account.id, 1).data[0]!;
    expect(last).toMatchObject({ kind: 'SANDBOX_FUND', amount: 777, currency: 'USD', bucket: 'AVAILABLE', refId: account.id });
    const edge = core.services.ctx.db.prepare('SELECT account_id, amount FROM ledger_entries WHERE journal_id = ? AND account_id != ?').get(last.journalId, account.id);
    expect(edge).toEqual({ account_id: 'edge:sandbox-funding:USD', amount: -777 });
  });
});

describe('ledger descriptions', () => {
  it('write amounts in their currency units, as people read them (250.00 USD, never 25000 USD)', async () => {
    const account = core.services.internal.list({ owner: 'CUSTOMERS', limit: 100 }).data.find((a) => a.balance.currency.code === 'USD')!;
    core.services.internal.fund(account.id, 250_00);
    const r = await core.invoke('accounts/ledger', { accountId: account.id, limit: 1 });
    expect(r.ok).toBe(true);
    const [latest] = (r as { ok: true; value: { entries: { data: { description: string }[] } } }).value.entries.data;
    expect(latest!.description).toBe('Sandbox funding of 250.00 USD');
  });
});
