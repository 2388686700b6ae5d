import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { ExchangeRate } from '../../core/rates/service';
import { type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { FROZEN_AT } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

const USD_TO_EUR_MXN = '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=MXN';

async function rates(path = USD_TO_EUR_MXN): Promise<ExchangeRate[]> {
  const r = await srv.api.get(path);
  expect(r.status, r.text).toBe(200);
  expect(Object.keys(r.body)).toEqual(['data']);
  return r.body.data as ExchangeRate[];
}

describe('GET /exchange-rates', () => {
  it('returns {data:[...]} with one rate per requested destination and every field', async () => {
    const data = await rates();
    expect(data.map((r) => r.destinationCurrency.code)).toEqual(['EUR', 'MXN']);
    for (const r of data) {
      expect(Object.keys(r).sort()).toEqual(['destinationCurrency', 'destinationPaymentRail', 'exchangeRate', 'fees', 'maxSendingAmount', 'minSendingAmount', 'receivingAmount', 'sendingAmount', 'sourceCurrency', 'updatedAt']);
      expect(r.sourceCurrency).toEqual({ code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 });
      // the minimum must cover the 30-cent fixed fee and still deliver something; the maximum is the platform's USD limit
      expect(r).toMatchObject({ minSendingAmount: 31, maxSendingAmount: 1_000_000_000, sendingAmount: 10_000, updatedAt: FROZEN_AT });
      expect(Number.isInteger(r.receivingAmount)).toBe(true);
    }
    expect(data[0]!.destinationPaymentRail).toBe('SEPA_INSTANT');
    expect(data[1]!.destinationPaymentRail).toBe('SPEI');
  });

  it('quotes exchangeRate as sending units per one receiving unit', async () => {
    const [eur, mxn] = await rates();
    // about 0.92 EUR and 17.1 MXN per USD, so about 1.09 USD per EUR and 0.058 USD per MXN
    expect(eur!.exchangeRate).toBeGreaterThan(1.05);
    expect(eur!.exchangeRate).toBeLessThan(1.12);
    expect(mxn!.exchangeRate).toBeGreaterThan(0.055);
    expect(mxn!.exchangeRate).toBeLessThan(0.061);
    for (const r of [eur!, mxn!]) {
      // what is left after fees, divided by the price of one receiving unit, is what arrives
      expect(Math.abs(r.receivingAmount - (r.sendingAmount - r.fees.total) / r.exchangeRate)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });

  it('reports fees.total as fixed plus variable, from the platform fee schedule', async () => {
    for (const r of await rates()) {
      expect(r.fees).toEqual({ fixed: 30, variable: 50, total: 80 }); // 30 + round(10000 * 0.5%)
      expect(r.fees.total).toBe(r.fees.fixed + r.fees.variable);
    }
  });

  it('keeps fees.total equal to fixed plus variable at the smallest sending amount', async () => {
    const [eur] = await rates(`${USD_TO_EUR_MXN}&sendingAmount=31`);
    expect(eur!.fees).toEqual({ fixed: 30, variable: 0, total: 30 });
    expect(eur!.receivingAmount).toBeGreaterThan(0);
  });

  it.each([[30], [1_000_000_001]])('refuses a sending amount of %s, outside the limits, with 400 AMOUNT_OUT_OF_RANGE', async (amount) => {
    const r = await srv.api.get(`${USD_TO_EUR_MXN}&sendingAmount=${amount}`);
    expectError(r, 400, 'AMOUNT_OUT_OF_RANGE');
    expect(r.body.details).toMatchObject({ field: 'sendingAmount', minSendingAmount: 31, maxSendingAmount: 1_000_000_000 });
  });

  it('keeps rates stable within a 5-minute window and changes them in the next one', async () => {
    const first = await rates();
    await srv.api.post('/sandbox/clock/advance', { seconds: 299 });
    expect(await rates()).toEqual(first);

    await srv.api.post('/sandbox/clock/advance', { seconds: 1 });
    const next = await rates();
    expect(next[0]!.updatedAt).toBe(new Date(Date.parse(FROZEN_AT) + 300_000).toISOString());
    expect(next[0]!.exchangeRate).not.toBe(first[0]!.exchangeRate);
    expect(next[1]!.exchangeRate).not.toBe(first[1]!.exchangeRate);
  });

  it('converts into a zero-decimal currency in whole units', async () => {
    const [jpy] = await rates('/exchange-rates?sourceCurrency=USD&destinationCurrency=JPY');
    expect(jpy!.destinationCurrency.decimals).toBe(0);
    // 99.20 USD after fees at about 151 JPY per USD
    expect(jpy!.receivingAmount).toBeGreaterThan(14_900);
    expect(jpy!.receivingAmount).toBeLessThan(15_100);
  });

  it('defaults to every other supported currency when no destination is given', async () => {
    const data = await rates('/exchange-rates?sourceCurrency=USD');
    const expected = (await srv.api.get('/config')).body.supportedCurrencies.map((c: { currencyCode: string }) => c.currencyCode).filter((c: string) => c !== 'USD');
    expect(data.map((r) => r.destinationCurrency.code)).toEqual(expected);
  });

  it.each([
    ['comma-separated', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,MXN'],
    ['comma-separated with spaces', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR%2C%20MXN'],
    ['mixed', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=MXN,'],
  ])('upstream client: destinationCurrency as a %s list works like the repeated form', async (_form, path) => {
    expect(await rates(path)).toEqual(await rates(USD_TO_EUR_MXN));
  });

  it('upstream client: GET /exchange-rates?destinationCurrency=MXN,EUR answers MXN then EUR', async () => {
    expect((await rates('/exchange-rates?destinationCurrency=MXN,EUR')).map((r) => r.destinationCurrency.code)).toEqual(['MXN', 'EUR']);
    expect((await rates('/exchange-rates?destinationCurrency=MXN&destinationCurrency=EUR')).map((r) => r.destinationCurrency.code)).toEqual(['MXN', 'EUR']);
  });

  it('upstream client: an unknown code inside a comma-separated list is 400 naming destinationCurrency', async () => {
    expectInvalidField(await srv.api.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,QQQ'), 'destinationCurrency');
  });

  it.each([
    ['sourceCurrency', '/exchange-rates?sourceCurrency=ZZZ&destinationCurrency=EUR'],
    ['destinationCurrency', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=QQQ'],
    ['sendingAmount', '/exchange-rates?sourceCurrency=USD&sendingAmount=12.5'],
  ])('refuses an unknown or bad %s with 400 naming it', async (field, path) => {
    expectInvalidField(await srv.api.get(path), field);
  });
});
