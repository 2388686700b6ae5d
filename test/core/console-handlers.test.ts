import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult, Core } from '../../core/index';
import type { Page } from '../../core/kernel/pagination';
import type { LedgerEntry } from '../../core/ledger/repo';
import { MIGRATIONS } from '../../core/kernel/migrations/index';
import { newCore, removeTempDirs } from '../support/builders';
import { FROZEN_AT } from '../support/api-client';

let core: Core;
beforeEach(() => {
  core = newCore();
});
afterEach(() => core.close());
afterAll(removeTempDirs);

/** Unwraps an ok result (failing the test with the error otherwise). */
function value<T>(r: BridgeResult<unknown>): T {
  if (!r.ok) throw new Error(`handler failed: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

function aliceUsdAccountId(): string {
  const alice = core.services.customers.list({ platformCustomerId: 'cust-alice-001', limit: 1 }).data[0]!;
  return core.services.internal.list({ owner: 'CUSTOMERS', customerId: alice.id, limit: 5 }).data[0]!.id;
}

describe('console handler dispatch', () => {
  it('answers an unknown handler name with ok:false UNKNOWN_HANDLER', async () => {
    expect(await core.invoke('nope/nothing', {})).toEqual({ ok: false, error: expect.objectContaining({ status: 404, code: 'UNKNOWN_HANDLER' }) });
    // inherited object keys are not handlers either
    expect(await core.invoke('toString', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_HANDLER' } });
    expect(await core.invoke('__proto__', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_HANDLER' } });
  });

  it('answers bad input with ok:false INVALID_INPUT naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['customers/get', {}, 'id'],
      ['customers/get', { id: 5 }, 'id'],
      ['search/query', { q: '   ' }, 'q'],
      ['requestLog/list', { limit: 0 }, 'limit'],
      ['requestLog/list', { statusClass: '6xx' }, 'statusClass'],
      ['events/list', { order: 'sideways' }, 'order'],
      ['clock/advance', { seconds: -5 }, 'seconds'],
    ];
    for (const [name, input, field] of cases) {
      const r = await core.invoke(name, input);
      expect(r.ok, `${name} ${JSON.stringify(input)}`).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      expect(r.error.message.startsWith(`${field}:`)).toBe(true);
      expect((r.error.details as { errors: { field: string }[] }).errors[0]!.field).toBe(field);
    }
  });

  it('returns a service error as data instead of throwing', async () => {
    expect(await core.invoke('customers/get', { id: 'Customer:missing' })).toMatchObject({ ok: false, error: { status: 404, code: 'USER_NOT_FOUND' } });
  });

  it('lists every handler name it dispatches', () => {
    expect(core.handlerNames).toEqual(expect.arrayContaining(['workspace/info', 'search/query', 'requestLog/list', 'events/list', 'accounts/ledger']));
  });
});

describe("console handler 'workspace/info'", () => {
  it('counts the seeded workspace and reports its schema, clock and credentials', async () => {
    const info = value<Record<string, unknown>>(await core.invoke('workspace/info', {}));
    const events = (core.services.ctx.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    expect(info).toMatchObject({
      name: 'Demo Platform', schemaVersion: MIGRATIONS.at(-1)!.version, host: 'test', apiBaseUrl: null,
      counts: { customers: 3, internalAccounts: 8, externalAccounts: 8, tokens: 1, apiCalls: 0, events },
      clock: { mode: 'FROZEN', now: FROZEN_AT },
      credentials: core.workspace.initialCredentials,
    });
  });

  it('follows changes: a new customer, an API call and a deleted external account', async () => {
    core.services.customers.create({ customerType: 'INDIVIDUAL', platformCustomerId: 'info-1', currencies: ['USD', 'EUR'] });
    await core.callApi({ method: 'GET', path: '/config' });
    const ext = core.services.external.list('CUSTOMER', { limit: 1 }).data[0]!;
    core.services.external.delete(ext.id, 'CUSTOMER');
    const info = value<{ counts: Record<string, number> }>(await core.invoke('workspace/info', {}));
    expect(info.counts).toMatchObject({ customers: 4, internalAccounts: 10, externalAccounts: 7, apiCalls: 1 });
  });
});

describe("console handler 'accounts/ledger'", () => {
  it('pages an account\'s entries newest first without overlap', async () => {
    const id = aliceUsdAccountId();
    for (const amount of [1, 2, 3, 4, 5]) core.services.internal.fund(id, amount);
    const first = value<{ account: { id: string }; entries: Page<LedgerEntry> }>(await core.invoke('accounts/ledger', { accountId: id, limit: 4 }));
    expect(first.account.id).toBe(id);
    expect(first.entries).toMatchObject({ hasMore: true, totalCount: 6 });
    expect(first.entries.data.map((e) => e.amount)).toEqual([5, 4, 3, 2]);

    const second = value<{ entries: Page<LedgerEntry> }>(await core.invoke('accounts/ledger', { accountId: id, limit: 4, cursor: first.entries.nextCursor }));
    expect(second.entries.data.map((e) => e.amount)).toEqual([1, 1_250_000]);
    expect(second.entries.hasMore).toBe(false);
    expect(second.entries.nextCursor).toBeUndefined();
  });

  it('answers an unknown account with ok:false NOT_FOUND', async () => {
    expect(await core.invoke('accounts/ledger', { accountId: 'InternalAccount:missing' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
