import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { scenarioSuffix } from '../../core/payments/suffix';
import { fundingIneligible } from '../../core/cards/sandbox';
import { seedWorkspace } from '../../core/seed';
import { newCore, removeTempDirs } from '../support/builders';

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});
afterAll(removeTempDirs);

function open(overrides: Parameters<typeof newCore>[0] = {}): Core {
  const core = newCore(overrides);
  cores.push(core);
  return core;
}

describe('a newly seeded workspace', () => {
  it('holds the demo platform configuration', () => {
    const core = open();
    const config = core.services.platform.get();
    expect(config.name).toBe('Demo Platform');
    expect(config.supportedCurrencies.map((c) => c.currencyCode).slice(0, 3)).toEqual(['USD', 'EUR', 'MXN']);
    expect(core.workspace.created).toBe(true);
  });

  it('holds one token with VIEW, TRANSACT and MANAGE whose one-time credentials authenticate', () => {
    const core = open();
    const tokens = core.services.tokens.list({ limit: 10 });
    expect(tokens.totalCount).toBe(1);
    expect(tokens.data[0]!.permissions).toEqual(['VIEW', 'TRANSACT', 'MANAGE']);
    const creds = core.workspace.initialCredentials!;
    expect(creds.clientId).toBe(tokens.data[0]!.clientId);
    expect(creds.clientId).toMatch(/^Token:[0-9a-f-]{36}$/);
    const principal = core.services.tokens.authenticate(`Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`);
    expect(principal).toEqual({ kind: 'TOKEN', id: creds.clientId, permissions: ['VIEW', 'TRANSACT', 'MANAGE'] });
  });

  it('uses fixed credentials for the seeded token when they are given', () => {
    const core = open({ seed: { credentials: { clientId: 'svc-fixed-client', clientSecret: 'fixed-secret-value' } } });
    expect(core.workspace.initialCredentials).toEqual({ clientId: 'svc-fixed-client', clientSecret: 'fixed-secret-value' });
    expect(core.services.tokens.authenticate(`Basic ${Buffer.from('svc-fixed-client:fixed-secret-value').toString('base64')}`).id).toBe('svc-fixed-client');
  });

  it('holds three customers in three currencies, each with funded active internal accounts', () => {
    const core = open();
    const customers = core.services.customers.list({ limit: 100 }).data;
    expect(customers.map((c) => c.platformCustomerId).sort()).toEqual(['cust-alice-001', 'cust-lucia-002', 'cust-sophie-003']);
    const expected: Record<string, Record<string, number>> = {
      'cust-alice-001': { USD: 1_250_000 },
      'cust-lucia-002': { MXN: 8_500_000, USD: 150_000 },
      'cust-sophie-003': { EUR: 640_000 },
    };
    for (const c of customers) {
      expect(c).toMatchObject({ customerType: 'INDIVIDUAL', kycStatus: 'APPROVED' });
      const accounts = core.services.internal.list({ owner: 'CUSTOMERS', customerId: c.id, limit: 10 }).data;
      const byCurrency = Object.fromEntries(accounts.map((a) => [a.balance.currency.code, a.balance.amount]));
      expect(byCurrency).toEqual(expected[c.platformCustomerId]);
      for (const a of accounts) expect(a.status).toBe('ACTIVE');
    }
  });

  it('holds platform internal accounts, the USD one funded', () => {
    const core = open();
    const platform = core.services.internal.list({ owner: 'PLATFORM', limit: 100 }).data;
    expect(platform.map((a) => a.balance.currency.code).sort()).toEqual(['BRL', 'EUR', 'MXN', 'USD']);
    expect(platform.find((a) => a.balance.currency.code === 'USD')!.balance.amount).toBe(250_000_000);
    for (const a of platform) expect(a.customerId).toBeUndefined();
  });

  it('holds eight external accounts whose identifiers end in the sandbox scenario suffixes', () => {
    const core = open();
    const rows = core.services.ctx.db.prepare('SELECT primary_identifier, customer_id FROM external_accounts').all() as { primary_identifier: string; customer_id: string | null }[];
    expect(rows).toHaveLength(8);
    const suffixes = rows.map((r) => scenarioSuffix(r.primary_identifier));
    for (const s of suffixes) expect(['000', '002', '003', '004', '005']).toContain(s);
    // success, failure, delay and return outcomes can all be rehearsed at once
    expect(new Set(suffixes)).toEqual(new Set(['000', '002', '003', '004', '005']));
    expect(rows.filter((r) => r.customer_id === null)).toHaveLength(1);
  });

  it('is not seeded when seeding is turned off', () => {
    const core = open({ seed: false });
    expect(core.workspace.initialCredentials).toBeUndefined();
    expect(core.services.customers.count()).toBe(0);
    expect(core.services.tokens.count()).toBe(0);
  });

  it("gives no seeded customer an account that cannot fund a card, even when the random id drawn ends 002", () => {
    const core = open({ seed: false });
    const random = core.services.ctx.ids;
    let drawn = 0;
    // Every other account id drawn ends 002 (1 in 2,048 by chance): the seed must draw such an id again.
    core.services.ctx.ids = (type) => {
      const id = random(type);
      return type === 'InternalAccount' && drawn++ % 2 === 0 ? `${id.slice(0, -3)}002` : id;
    };
    try {
      seedWorkspace(core.services, { cardActivity: false });
    } finally {
      core.services.ctx.ids = random;
    }
    const accounts = core.services.internal.list({ owner: 'CUSTOMERS', limit: 100 }).data;
    expect(accounts.map((a) => a.balance.currency.code).sort()).toEqual(['EUR', 'MXN', 'USD', 'USD']);
    expect(accounts.filter((a) => fundingIneligible(a.id)).map((a) => a.id)).toEqual([]);
    // The platform's own accounts were drawn before and keep the suffix: the generator really did hand them out.
    const platform = core.services.internal.list({ owner: 'PLATFORM', limit: 100 }).data;
    expect(platform.some((a) => fundingIneligible(a.id))).toBe(true);
  });
});
