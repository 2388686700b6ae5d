import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { storedState, type TestServer, useSeededServer } from '../support/builders';
import { expectInvalidField } from '../support/assertions';
import { FROZEN_AT, FROZEN_MS } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

describe('GET /config', () => {
  it('returns the platform configuration with its id and timestamps', async () => {
    const r = await srv.api.get('/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Demo Platform', umaDomain: 'demo-platform.localhost', createdAt: FROZEN_AT, updatedAt: FROZEN_AT });
    // Upstream's webhookEndpoint is a string or absent, never null.
    expect(r.body).not.toHaveProperty('webhookEndpoint');
    expect(r.body.id).toMatch(/^PlatformConfig:/);
    expect(r.body.fees).toEqual({ variableFeeRate: 0.005, fixedFees: expect.objectContaining({ USD: 30, EUR: 30, MXN: 500 }) });
    expect(r.body.supportedCurrencies[0]).toEqual({ currencyCode: 'USD', minAmount: 1, maxAmount: 1_000_000_000, enabledTransactionTypes: ['INCOMING', 'OUTGOING'], requiredCounterpartyFields: [] });
  });
});

describe('PATCH /config', () => {
  it('changes only the given fields and moves updatedAt', async () => {
    const before = (await srv.api.get('/config')).body;
    await srv.api.post('/sandbox/clock/advance', { seconds: 5 });
    const r = await srv.api.patch('/config', { name: 'Acme Payments', webhookEndpoint: 'https://hooks.acme.example/payments' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...before, name: 'Acme Payments', webhookEndpoint: 'https://hooks.acme.example/payments', updatedAt: new Date(FROZEN_MS + 5_000).toISOString() });
    expect((await srv.api.get('/config')).body).toEqual(r.body);
  });

  it('replaces the fee schedule, which new exchange rates then use', async () => {
    const r = await srv.api.patch('/config', { fees: { variableFeeRate: 0, fixedFees: { USD: 100 } } });
    expect(r.status).toBe(200);
    const rate = (await srv.api.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR')).body.data[0];
    expect(rate.fees).toEqual({ fixed: 100, variable: 0, total: 100 });
  });

  it('records a PLATFORM_CONFIG.UPDATED event naming the changed fields', async () => {
    await srv.api.patch('/config', { umaDomain: 'acme.example' });
    const r = await core.invoke('events/list', { type: 'PLATFORM_CONFIG.UPDATED' });
    expect(r).toMatchObject({ ok: true, value: { totalCount: 1, data: [{ payload: { changed: ['umaDomain'] } }] } });
  });

  it.each([
    ['name', { name: '' }],
    ['umaDomain', { umaDomain: 'not a domain' }],
    ['webhookEndpoint', { webhookEndpoint: 'ftp://hooks.example/x' }],
    ['supportedCurrencies', { supportedCurrencies: [] }],
    ['supportedCurrencies.0.currencyCode', { supportedCurrencies: [{ currencyCode: 'ZZZ', minAmount: 1, maxAmount: 2, enabledTransactionTypes: ['INCOMING'] }] }],
    ['supportedCurrencies.0.minAmount', { supportedCurrencies: [{ currencyCode: 'USD', minAmount: 10, maxAmount: 5, enabledTransactionTypes: ['INCOMING'] }] }],
    ['fees.variableFeeRate', { fees: { variableFeeRate: 0.5, fixedFees: {} } }],
  ])('refuses a bad %s with 400 naming it and changes nothing', async (field, patch) => {
    const before = storedState(core);
    expectInvalidField(await srv.api.patch('/config', patch), field);
    expect(storedState(core)).toEqual(before);
  });
});
