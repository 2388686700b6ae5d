import { describe, expect, it } from 'vitest';
import type { HandlerOutput } from '../../core/index';
import { buildQuoteBody, displayStatus, formatCountdown, laterQuote, rateBothWays, REALTIME, secondsLeft, type QuoteFormValues } from '../../renderer/lib/quotes';
import { EUR, T0, USD } from './money-fixtures';

const OPTIONS: HandlerOutput<'quotes/options'> = {
  sources: [{ accountId: 'IA:usd', customerId: null, currency: 'USD', balance: { amount: 0, currency: USD }, type: 'INTERNAL_FIAT' }],
  destinations: [{ accountId: 'EA:eur', customerId: null, currency: 'EUR', accountType: 'EUR_ACCOUNT', identifier: 'FR76…0000', scenario: 'SUCCESS', scenarioDescription: '', steps: [] }],
  umaRecipients: [], scenarios: [],
};
const BTC = { code: 'BTC', decimals: 8 };
const currencies = new Map([['USD', USD], ['EUR', EUR], ['BTC', BTC]]);
const form = (over: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  source: 'IA:usd', realtimeCurrency: null, cryptoNetwork: null, destination: 'EA:eur', lockedSide: 'SENDING', amount: '25.00', description: '', payerData: {}, ...over,
});
const build = (f: QuoteFormValues) => buildQuoteBody(f, { options: OPTIONS, currencies, lookup: null });

describe('building the POST /quotes body', () => {
  it('sends the amount in integer minor units of the locked side, never a float', () => {
    expect(build(form({ amount: '1,234.56' }))).toMatchObject({ ok: true, body: { lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 123456 } });
    expect(build(form({ amount: '0.29', lockedSide: 'RECEIVING' }))).toMatchObject({ ok: true, body: { lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 29 } });
  });

  it('uses the decimals of the locked currency (8 for BTC funding)', () => {
    const built = build(form({ source: REALTIME, realtimeCurrency: 'BTC', amount: '0.00012345' }));
    expect(built).toEqual({ ok: true, body: { source: { sourceType: 'REALTIME_FUNDING', currency: 'BTC' }, destination: { destinationType: 'ACCOUNT', accountId: 'EA:eur' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 12345 } });
  });

  it('names the field at fault instead of sending a bad request', () => {
    expect(build(form({ source: null }))).toMatchObject({ ok: false, field: 'source' });
    expect(build(form({ destination: null }))).toMatchObject({ ok: false, field: 'destination' });
    expect(build(form({ amount: '-5' }))).toMatchObject({ ok: false, field: 'amount' });
    expect(build(form({ destination: '$success.eur@sandbox.uma.example' }))).toMatchObject({ ok: false, field: 'destination' });
  });

  it('adds the description only when one is given', () => {
    expect(build(form({ description: '  Invoice 7 ' }))).toMatchObject({ ok: true, body: { description: 'Invoice 7' } });
    const plain = build(form());
    expect(plain.ok && 'description' in plain.body).toBe(false);
  });
});

describe('the countdown and the status shown', () => {
  const q = { status: 'PENDING' as const, expiresAt: new Date(T0 + 300_000).toISOString() };
  it('counts whole seconds down to expiresAt on the workspace clock', () => {
    expect(secondsLeft(q.expiresAt, T0)).toBe(300);
    expect(formatCountdown(secondsLeft(q.expiresAt, T0 + 500))).toBe('5:00');
    expect(formatCountdown(secondsLeft(q.expiresAt, T0 + 241_000))).toBe('0:59');
  });

  it('shows a PENDING quote as EXPIRED once the clock passes expiresAt, and other statuses as they are', () => {
    expect(displayStatus(q, T0 + 299_999)).toBe('PENDING');
    expect(displayStatus(q, T0 + 300_000)).toBe('EXPIRED');
    expect(displayStatus({ ...q, status: 'COMPLETED' }, T0 + 900_000)).toBe('COMPLETED');
  });

  it('never lets a late event move a quote back to an earlier status', () => {
    expect(laterQuote({ status: 'COMPLETED' }, { status: 'PROCESSING' })).toEqual({ status: 'COMPLETED' });
    expect(laterQuote({ status: 'PENDING' }, { status: 'PROCESSING' })).toEqual({ status: 'PROCESSING' });
  });

  it('states the rate both ways, sending units per receiving unit first', () => {
    expect(rateBothWays(1.08906, 'USD', 'EUR')).toEqual(['1 EUR = 1.08906 USD', '1 USD = 0.918223 EUR']);
    expect(rateBothWays(0.0501, 'MXN', 'USD')[1]).toBe('1 MXN = 19.9601 USD');
  });
});
