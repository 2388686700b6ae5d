// Receiver lookups: GET /receiver/uma/{address} and GET /receiver/external-account/{accountId}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, openWorld, SANDBOX_UMA, umaLookup, type World } from '../support/money-path';
import { expectError } from '../support/assertions';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

const CURRENCY = { code: expect.any(String), name: expect.any(String), symbol: expect.any(String), decimals: expect.any(Number) };

describe('GET /receiver/uma/{receiverUmaAddress}', () => {
  it('returns a lookupId, the supported currency with an estimated rate and bounds, and the required payer data', async () => {
    const r = await w.api.get(`/receiver/uma/$success.mxn@${SANDBOX_UMA}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      lookupId: expect.stringMatching(/^Lookup:[0-9a-f-]{36}$/), receiverUmaAddress: `$success.mxn@${SANDBOX_UMA}`,
      supportedCurrencies: [{ currency: { ...CURRENCY, code: 'MXN' }, estimatedExchangeRate: expect.any(Number), min: expect.any(Number), max: expect.any(Number) }],
    });
    const c = r.body.supportedCurrencies[0];
    expect(c.estimatedExchangeRate).toBeGreaterThan(0);
    expect(c.min).toBeLessThanOrEqual(c.max);
    expect(r.body.requiredPayerDataFields).toEqual(expect.arrayContaining([{ name: 'FULL_NAME', mandatory: true }, { name: 'BIRTH_DATE', mandatory: true }]));
  });

  it('answers each sandbox recipient in its own currency and issues a new lookupId per call', async () => {
    const codes: Record<string, string> = { 'success.usd': 'USD', 'success.eur': 'EUR', 'success.mxn': 'MXN', 'pending.long.usd': 'USD', 'fail.compliance.usd': 'USD' };
    const ids = new Set<string>();
    for (const [local, code] of Object.entries(codes)) {
      const l = await umaLookup(w, `$${local}@${SANDBOX_UMA}`);
      expect(l.supportedCurrencies.map((s: { currency: { code: string } }) => s.currency.code), local).toEqual([code]);
      ids.add(l.lookupId);
    }
    ids.add((await umaLookup(w, `$success.usd@${SANDBOX_UMA}`)).lookupId);
    expect(ids.size).toBe(6);
  });

  it('accepts the address percent-encoded and in any letter case', async () => {
    expect((await w.api.get(`/receiver/uma/${enc(`$success.eur@${SANDBOX_UMA}`)}`)).status).toBe(200);
    expect((await w.api.get(`/receiver/uma/${enc(`$Success.EUR@SANDBOX.UMA.EXAMPLE`)}`)).body.supportedCurrencies[0].currency.code).toBe('EUR');
  });

  it('the estimated rate follows the sender currency named in the query', async () => {
    const usd = await w.api.get(`/receiver/uma/${enc(`$success.mxn@${SANDBOX_UMA}`)}`);
    const eur = await w.api.get(`/receiver/uma/${enc(`$success.mxn@${SANDBOX_UMA}`)}?senderCurrency=EUR`);
    expect(eur.status, eur.text).toBe(200);
    expect(eur.body.supportedCurrencies[0].estimatedExchangeRate).not.toBe(usd.body.supportedCurrencies[0].estimatedExchangeRate);
    expectError(await w.api.get(`/receiver/uma/${enc(`$success.mxn@${SANDBOX_UMA}`)}?senderCurrency=XYZ`), 400, 'INVALID_INPUT');
  });

  it('an unknown recipient is 404 UMA_NOT_FOUND (at the sandbox domain and elsewhere)', async () => {
    expectError(await w.api.get(`/receiver/uma/${enc(`$nobody@${SANDBOX_UMA}`)}`), 404, 'UMA_NOT_FOUND');
    expectError(await w.api.get(`/receiver/uma/${enc('$success.mxn@elsewhere.example')}`), 404, 'UMA_NOT_FOUND');
  });

  it('a malformed address is 400', async () => {
    for (const bad of ['nope', 'success.mxn@sandbox.uma.example', '$@sandbox.uma.example', '$alice@localhost']) {
      const r = await w.api.get(`/receiver/uma/${enc(bad)}`);
      expect(r.status, `${bad}: ${r.text}`).toBe(400);
      expect(r.body).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
    }
  });

  it('$old.version.usd is 412 UNSUPPORTED_UMA_VERSION with its code', async () => {
    const r = await w.api.get(`/receiver/uma/${enc(`$old.version.usd@${SANDBOX_UMA}`)}`);
    expectError(r, 412, 'UNSUPPORTED_UMA_VERSION');
    expect(r.body.message.length).toBeGreaterThan(0);
  });
});

describe('GET /receiver/external-account/{accountId}', () => {
  it("returns a lookupId, the account's currency and the required payer data", async () => {
    const r = await w.api.get(`/receiver/external-account/${enc(w.seed.luciaClabe['12000'])}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      lookupId: expect.stringMatching(/^Lookup:/), accountId: w.seed.luciaClabe['12000'],
      supportedCurrencies: [{ currency: { ...CURRENCY, code: 'MXN' }, estimatedExchangeRate: expect.any(Number), min: expect.any(Number), max: expect.any(Number) }],
      requiredPayerDataFields: expect.arrayContaining([{ name: 'FULL_NAME', mandatory: true }]),
    });
    expect(r.body.supportedCurrencies[0].estimatedExchangeRate).toBeGreaterThan(0);
    expect((await w.api.get(`/receiver/external-account/${w.seed.sophieIban['0000']}`)).body.supportedCurrencies[0].currency.code).toBe('EUR');
  });

  it('an unknown account is 404', async () => {
    const r = await w.api.get(`/receiver/external-account/${enc('ExternalAccount:019b76da-a800-7000-8000-000000000000')}`);
    expect(r.status, r.text).toBe(404);
    expect(r.body).toMatchObject({ status: 404, code: expect.any(String) });
  });
});
