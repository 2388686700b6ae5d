// The sandbox catalogue: GET /discoveries, GET /uma-providers and GET /vasps, consistent with the rate table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, type World } from '../support/money-path';
import { expectInvalidField } from '../support/assertions';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

describe('GET /discoveries', () => {
  it('lists an institution for every fiat currency the rate table prices, and filters by country and currency', async () => {
    const all = (await w.api.get('/discoveries')).body.data as { currency: string; country: string; bankName: string }[];
    // Every discovered currency is priced by GET /exchange-rates (asked for all of them at once).
    const codes = [...new Set(all.map((i) => i.currency))].filter((c) => c !== 'USD');
    const rates = await w.api.get(`/exchange-rates?sourceCurrency=USD&destinationCurrency=${codes.join(',')}`);
    expect(rates.status, rates.text).toBe(200);
    expect(new Set(rates.body.data.map((r: { destinationCurrency: { code: string } }) => r.destinationCurrency.code))).toEqual(new Set(codes));
    expect(new Set(all.map((i) => i.currency))).toContain('PHP');
    const ph = await w.api.get('/discoveries?country=PH&currency=PHP');
    expect(ph.status).toBe(200);
    expect(ph.body.data).toEqual([{ bankName: 'SANDBOX_BANK_PH', displayName: 'Sandbox Bank PH', country: 'PH', currency: 'PHP' }]);
    expect((await w.api.get('/discoveries?currency=KES')).body.data.map((i: { bankName: string }) => i.bankName)).toEqual(['SANDBOX_BANK_KE', 'SANDBOX_MOBILE_KE']);
  });

  it('400 naming the field for a malformed country or currency, or a currency without a corridor', async () => {
    expectInvalidField(await w.api.get('/discoveries?country=Philippines'), 'country');
    expectInvalidField(await w.api.get('/discoveries?currency=php'), 'currency');
    expectInvalidField(await w.api.get('/discoveries?currency=XYZ'), 'currency');
  });
});

describe('GET /uma-providers and GET /vasps', () => {
  it('lists the sandbox counterparty first among providers, pages with a cursor, and filters by country, currency and allow list', async () => {
    const first = await w.api.get('/uma-providers?limit=5&sortOrder=asc');
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({ domain: 'sandbox.uma.example', allowListStatus: true });
    expect(first.body.hasMore).toBe(true);
    const second = await w.api.get(`/uma-providers?limit=5&sortOrder=asc&cursor=${first.body.nextCursor}`);
    expect(second.body.data[0].domain).not.toBe(first.body.data[4].domain);
    expect(second.body.totalCount).toBe(first.body.totalCount);
    const mx = (await w.api.get('/uma-providers?countryCode=MX&currencyCode=MXN')).body.data.map((p: { domain: string }) => p.domain);
    expect(mx).toContain('mx.wallet.sandbox.example');
    const allowed = (await w.api.get('/uma-providers?hasBlockedProviders=false&limit=100')).body.data as { allowListStatus: boolean }[];
    expect(allowed.every((p) => p.allowListStatus)).toBe(true);
    expectInvalidField(await w.api.get('/uma-providers?cursor=nonsense'), 'cursor');
    expectInvalidField(await w.api.get('/uma-providers?currencyCode=XYZ'), 'currencyCode');
  });

  it('lists VASPs for the crypto currencies, filterable by currency', async () => {
    const r = await w.api.get('/vasps?currency=USDC');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0].networks).toContain('SOLANA');
    expect((await w.api.get('/vasps')).body.data).toHaveLength(2);
  });

  it("pages VASPs in upstream's shape: vaspName and url on each, hasMore and nextCursor on the page", async () => {
    const first = await w.api.get('/vasps?limit=1');
    expect(first.body).toMatchObject({ data: [{ vaspName: 'Sandbox Stablecoin Exchange', url: 'https://exchange.vasp.sandbox.example' }], hasMore: true });
    const second = await w.api.get(`/vasps?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ data: [{ vaspName: 'Sandbox Bitcoin Custodian' }], hasMore: false });
  });
});
