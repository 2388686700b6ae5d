// The rate engine (core/quotes/pricing.ts) against the rule its header documents, recomputed here
// from the sandbox rate table and the currencies' decimals.
import { describe, expect, it } from 'vitest';
import { counterpartyFixedFee, price, type Price, type PriceInput } from '../../core/quotes/pricing';
import { perUsd } from '../../core/rates/table';
import { currency } from '../../core/kernel/money';
import { coreModule, roundHalfAway, runModuleInChild } from '../support/money-path';
import { FROZEN_MS } from '../support/api-client';

const base = (o: Partial<PriceInput>): PriceInput => ({
  sending: 'USD', receiving: 'MXN', lockedSide: 'SENDING', lockedAmount: 100_00, fixedFee: 30, variableFeeRate: 0.005,
  counterpartyFixedFee: 350, atMs: FROZEN_MS, ...o,
});

function priced(p: PriceInput): Price {
  const r = price(p);
  if ('error' in r) throw new Error(`expected a price, got ${r.error}`);
  return r;
}

/** m = receiving minor units per sending minor unit, from the rate table and the decimals. */
function minorRate(sending: string, receiving: string): number {
  const major = perUsd(receiving, FROZEN_MS)! / perUsd(sending, FROZEN_MS)!;
  return major * 10 ** (currency(receiving).decimals - currency(sending).decimals);
}

function forward(p: PriceInput, S: number) {
  const m = minorRate(p.sending, p.receiving);
  const V = roundHalfAway(S * p.variableFeeRate);
  const C = S - p.fixedFee - V;
  return { V, C, R: roundHalfAway(C * m) - p.counterpartyFixedFee, m };
}

// Pairs across decimals: 2->2, 2->0 (VND), 0->2 (XOF), 8->2 (BTC), 2->8, 6->2 (USDC).
const PAIRS: [string, string, number, number][] = [
  ['USD', 'MXN', 30, 350], ['USD', 'EUR', 30, 20], ['EUR', 'USD', 30, 25], ['MXN', 'USD', 500, 25], ['USD', 'VND', 30, 0],
  ['XOF', 'EUR', 0, 20], ['BTC', 'MXN', 0, 350], ['USD', 'BTC', 30, 0], ['USDC', 'INR', 0, 1500], ['GBP', 'BRL', 25, 100],
];
const AMOUNTS = [1_000, 12_345, 100_00, 987_654, 5_000_000_01];

describe('pricing: SENDING side locked', () => {
  it('V = round(S×v), C = S − F − V, R = round(C×m) − Fr and feesIncluded = F + V + round(Fr÷m)', () => {
    for (const [sending, receiving, F, Fr] of PAIRS) {
      for (const S of AMOUNTS) {
        const p = base({ sending, receiving, lockedAmount: S, fixedFee: F, counterpartyFixedFee: Fr });
        const r = price(p);
        const f = forward(p, S);
        if (f.C <= 0 || f.R <= 0) {
          expect(r, `${sending}->${receiving} ${S}`).toEqual({ error: expect.any(String) });
          continue;
        }
        const q = priced(p);
        const ctx = `${sending}->${receiving} S=${S}`;
        expect(q.totalSendingAmount, ctx).toBe(S);
        expect(q.rateDetails.svcApiVariableFeeAmount, ctx).toBe(f.V);
        expect(q.convertedAmount, ctx).toBe(f.C);
        expect(q.totalReceivingAmount, ctx).toBe(f.R);
        expect(q.feesIncluded, ctx).toBe(F + f.V + roundHalfAway(Fr / f.m));
        expect(Number.isInteger(q.totalReceivingAmount) && Number.isInteger(q.feesIncluded), ctx).toBe(true);
      }
    }
  });

  it('svcApiVariableFeeAmount is the sending amount times the rate, rounded half away from zero', () => {
    // 300 × 0.005 = 1.5 -> 2; 100 × 0.005 = 0.5 -> 1; 299 × 0.005 = 1.495 -> 1.
    for (const [S, V] of [[300, 2], [100, 1], [299, 1], [2_000_000, 10_000]] as const) {
      const q = priced(base({ lockedAmount: S, fixedFee: 0, counterpartyFixedFee: 0 }));
      expect(q.rateDetails.svcApiVariableFeeAmount, `S=${S}`).toBe(V);
      expect(q.rateDetails.svcApiVariableFeeRate).toBe(0.005);
    }
  });

  it('exchangeRate is sending major units per one receiving major unit', () => {
    const q = priced(base({ sending: 'USD', receiving: 'MXN' }));
    expect(q.exchangeRate).toBeCloseTo(perUsd('USD', FROZEN_MS)! / perUsd('MXN', FROZEN_MS)!, 12);
    expect(q.exchangeRate).toBeLessThan(1); // a peso costs less than a dollar
    expect(priced(base({ sending: 'USD', receiving: 'BTC', counterpartyFixedFee: 0 })).exchangeRate).toBeGreaterThan(1_000);
  });

  it('the fee breakdown satisfies the OutgoingRateDetails constraints', () => {
    for (const [sending, receiving, F, Fr] of PAIRS) {
      const q = priced(base({ sending, receiving, lockedAmount: 987_654, fixedFee: F, counterpartyFixedFee: Fr }));
      const d = q.rateDetails;
      expect(d.counterpartyMultiplier, `${sending}->${receiving}`).toBeGreaterThan(0);
      expect(d.svcApiMultiplier).toBeGreaterThan(0);
      expect(d).toMatchObject({ counterpartyFixedFee: Fr, svcApiFixedFee: F, svcApiVariableFeeRate: 0.005 });
      expect(q.feesIncluded).toBeGreaterThanOrEqual(0);
      expect(q.exchangeRate).toBeGreaterThan(0);
    }
  });

  it('an amount that does not cover the fees has no price', () => {
    expect(price(base({ lockedAmount: 30 }))).toEqual({ error: expect.stringMatching(/fee/) });
    expect(price(base({ lockedAmount: 1 }))).toEqual({ error: expect.any(String) });
  });

  it('a currency without a rate has no price', () => {
    expect(price(base({ receiving: 'XYZ' }))).toEqual({ error: expect.any(String) });
  });
});

describe('pricing: RECEIVING side locked', () => {
  it('totalReceivingAmount is the locked amount and S is the smallest sending amount whose R reaches it', () => {
    for (const [sending, receiving, F, Fr] of PAIRS) {
      for (const L of AMOUNTS) {
        const p = base({ sending, receiving, lockedSide: 'RECEIVING', lockedAmount: L, fixedFee: F, counterpartyFixedFee: Fr });
        const q = priced(p);
        const S = q.totalSendingAmount;
        const ctx = `${sending}->${receiving} L=${L} S=${S}`;
        expect(q.totalReceivingAmount, ctx).toBe(L);
        expect(forward(p, S).R, ctx).toBeGreaterThanOrEqual(L);
        expect(forward(p, S - 1).R, ctx).toBeLessThan(L);
        const f = forward(p, S);
        expect(q.rateDetails.svcApiVariableFeeAmount, ctx).toBe(f.V);
        expect(q.convertedAmount, ctx).toBe(f.C);
        expect(q.feesIncluded, ctx).toBe(F + f.V + roundHalfAway(Fr / f.m));
      }
    }
  });

  it('the same transfer priced from either side agrees: sending S yields at least the locked receiving amount', () => {
    for (const [sending, receiving, F, Fr] of PAIRS) {
      const recv = priced(base({ sending, receiving, lockedSide: 'RECEIVING', lockedAmount: 123_456, fixedFee: F, counterpartyFixedFee: Fr }));
      const send = priced(base({ sending, receiving, lockedSide: 'SENDING', lockedAmount: recv.totalSendingAmount, fixedFee: F, counterpartyFixedFee: Fr }));
      expect(send.totalReceivingAmount, `${sending}->${receiving}`).toBeGreaterThanOrEqual(123_456);
      expect(send.totalReceivingAmount - 123_456, `${sending}->${receiving}: surplus of the last step`).toBeLessThanOrEqual(Math.ceil(minorRate(sending, receiving)) + 1);
      expect(send.feesIncluded).toBe(recv.feesIncluded);
    }
  });
});

describe('pricing: amounts at the int64 limit', () => {
  it('a RECEIVING amount whose sending equivalent exceeds 2^53 ends with an answer instead of looping forever', () => {
    // MXN -> USD with 9e15 US cents locked needs about 1.5e17 centavos: S − 1 === S in doubles there.
    const code = `
      const { price } = await import(${JSON.stringify(coreModule('quotes/pricing.ts'))});
      const r = price({ sending: 'MXN', receiving: 'USD', lockedSide: 'RECEIVING', lockedAmount: 9000000000000000,
        fixedFee: 500, variableFeeRate: 0.005, counterpartyFixedFee: 25, atMs: ${FROZEN_MS} });
      process.stdout.write(JSON.stringify(r));`;
    const run = runModuleInChild(code, 15_000);
    expect(run.finished, `price() did not return within 15 s (stderr: ${run.stderr.slice(0, 300)})`).toBe(true);
    const r = JSON.parse(run.stdout) as { error?: string; totalSendingAmount?: number };
    expect('error' in r || Number.isSafeInteger(r.totalSendingAmount), run.stdout).toBe(true);
  });

  it('a price never reports an amount beyond the safe-integer range', () => {
    // 9e15 XOF (0 decimals) is about 2.5e16 MXN centavos: not representable exactly as a double.
    const r = price(base({ sending: 'XOF', receiving: 'MXN', lockedAmount: 9_000_000_000_000_000, fixedFee: 0 }));
    if (!('error' in r)) {
      for (const [k, v] of Object.entries({ S: r.totalSendingAmount, R: r.totalReceivingAmount, fees: r.feesIncluded })) {
        expect(Number.isSafeInteger(v), `${k} = ${v}`).toBe(true);
      }
    }
  });
});

describe('pricing: the sandbox counterparty fee', () => {
  it('is a fixed fee in receiving minor units per currency, 0 when the table has none', () => {
    expect(counterpartyFixedFee('USD')).toBe(25);
    expect(counterpartyFixedFee('MXN')).toBe(350);
    expect(counterpartyFixedFee('EUR')).toBe(20);
    expect(counterpartyFixedFee('BTC')).toBe(0);
    expect(counterpartyFixedFee('VND')).toBe(0);
  });
});
