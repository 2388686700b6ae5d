// POST /quotes and GET /quotes/{id}: the Quote resource, its transaction, and the price arithmetic
// of core/quotes/pricing.ts recomputed from the quote's own fields.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, createQuote, enc, expectBooksBalanced, getTx, openWorld, pricingRule, roundHalfAway, type World } from '../support/money-path';
import { FROZEN_AT } from '../support/api-client';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const CURRENCY = { code: expect.stringMatching(/^[A-Z]{3,5}$/), name: expect.any(String), symbol: expect.any(String), decimals: expect.any(Number) };

describe('POST /quotes', () => {
  it('answers 201 with every required Quote field', async () => {
    const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect(r.status, r.text).toBe(201);
    const q = r.body;
    expect(q).toMatchObject({
      id: expect.stringMatching(/^Quote:[0-9a-f-]{36}$/), status: 'PENDING', createdAt: FROZEN_AT,
      source: { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd },
      destination: { destinationType: 'ACCOUNT', accountId: w.seed.luciaClabe['12000'] },
      sendingCurrency: { ...CURRENCY, code: 'USD', decimals: 2 }, receivingCurrency: { ...CURRENCY, code: 'MXN', decimals: 2 },
      totalSendingAmount: 100_00, transactionId: expect.stringMatching(/^Transaction:[0-9a-f-]{36}$/),
    });
    expect(Date.parse(q.expiresAt)).toBeGreaterThan(Date.parse(q.createdAt));
    expect(q.expiresAt).toMatch(/Z$/);
    expect(Number.isInteger(q.totalReceivingAmount) && q.totalReceivingAmount > 0).toBe(true);
    expect(q.exchangeRate).toBeGreaterThan(0);
    expect(Number.isInteger(q.feesIncluded) && q.feesIncluded >= 0).toBe(true);
    expect(Object.keys(q.rateDetails).sort()).toEqual(['counterpartyFixedFee', 'counterpartyMultiplier', 'svcApiFixedFee', 'svcApiMultiplier', 'svcApiVariableFeeAmount', 'svcApiVariableFeeRate']);
    expect(q.paymentInstructions).toBeUndefined(); // an internal-account source needs none
  });

  it('creates the PENDING OUTGOING transaction the quote names, with the quoted amounts', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 250_00, { description: 'rent' }));
    const tx = await getTx(w, q.transactionId);
    expect(tx).toMatchObject({
      id: q.transactionId, type: 'OUTGOING', status: 'PENDING', direction: 'DEBIT', quoteId: q.id, customerId: w.seed.alice.id, platformCustomerId: 'cust-alice-001',
      sentAmount: { amount: q.totalSendingAmount, currency: { code: 'USD' } }, receivedAmount: { amount: q.totalReceivingAmount, currency: { code: 'EUR' } },
      exchangeRate: q.exchangeRate, fees: q.feesIncluded, description: 'rent', reconciliationInstructions: { reference: expect.any(String) },
    });
    await expectBooksBalanced(w);
  });

  it('moves no money: creating a quote leaves the source balances untouched', async () => {
    const before = (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.seed.alice.id)}`)).body.data[0];
    await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 250_00));
    const after = (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.seed.alice.id)}`)).body.data[0];
    expect([after.balance.amount, after.totalBalance.amount]).toEqual([before.balance.amount, before.totalBalance.amount]);
  });
});

describe('GET /quotes/{quoteId}', () => {
  it('returns the stored quote, by raw and by percent-encoded id', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    const raw = await w.api.get(`/quotes/${q.id}`);
    const encoded = await w.api.get(`/quotes/${enc(q.id)}`);
    expect(raw.status, raw.text).toBe(200);
    expect(encoded.status, encoded.text).toBe(200);
    expect(raw.body).toEqual(q);
    expect(encoded.body).toEqual(q);
  });

  it('is 404 QUOTE_NOT_FOUND for an unknown quote, raw and percent-encoded', async () => {
    const unknown = 'Quote:019b76da-a800-7000-8000-000000000000';
    expectError(await w.api.get(`/quotes/${unknown}`), 404, 'QUOTE_NOT_FOUND');
    expectError(await w.api.get(`/quotes/${enc(unknown)}`), 404, 'QUOTE_NOT_FOUND');
    expectError(await w.api.get(`/quotes/${enc('Quote:not a/real id')}`), 404, 'QUOTE_NOT_FOUND');
    // A transaction id is not a quote id.
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expectError(await w.api.get(`/quotes/${enc(q.transactionId)}`), 404, 'QUOTE_NOT_FOUND');
  });
});

describe('quote arithmetic (pricing.ts)', () => {
  const pairs = () => [
    { name: 'USD -> MXN', src: w.seed.aliceUsd, dst: w.seed.luciaClabe['12000'] },
    { name: 'USD -> EUR', src: w.seed.aliceUsd, dst: w.seed.sophieIban['0000'] },
    { name: 'EUR -> MXN', src: w.seed.sophieEur, dst: w.seed.luciaClabe['12000'] },
    { name: 'MXN -> EUR', src: w.seed.luciaMxn, dst: w.seed.sophieIban['0000'] },
  ];

  it('SENDING locked: V = round(S×v), C = S − F − V, R = round(C×m) − Fr, feesIncluded = F + V + round(Fr÷m)', async () => {
    for (const p of pairs()) {
      for (const S of [1_000, 4_321, 100_00, 1_234_567]) {
        const q = await createQuote(w, accountQuote(p.src, p.dst, 'SENDING', S));
        const rule = pricingRule(q);
        const f = rule.forward(S);
        const ctx = `${p.name} S=${S}: ${JSON.stringify(q)}`;
        expect(q.totalSendingAmount, ctx).toBe(S);
        expect(q.rateDetails.svcApiVariableFeeAmount, ctx).toBe(f.V);
        expect(q.totalReceivingAmount, ctx).toBe(f.R);
        expect(q.feesIncluded, ctx).toBe(rule.feesIncluded(S));
      }
    }
  });

  it('RECEIVING locked: totalReceivingAmount is the locked amount and S is the smallest sending amount reaching it', async () => {
    for (const p of pairs()) {
      for (const L of [1_000, 4_321, 100_00, 1_234_567]) {
        const q = await createQuote(w, accountQuote(p.src, p.dst, 'RECEIVING', L));
        const rule = pricingRule(q);
        const S = q.totalSendingAmount;
        const ctx = `${p.name} L=${L}: ${JSON.stringify(q)}`;
        expect(q.totalReceivingAmount, ctx).toBe(L);
        expect(rule.forward(S).R, ctx).toBeGreaterThanOrEqual(L);
        expect(rule.forward(S - 1).R, ctx).toBeLessThan(L);
        expect(q.feesIncluded, ctx).toBe(rule.feesIncluded(S));
        expect(q.rateDetails.svcApiVariableFeeAmount, ctx).toBe(rule.forward(S).V);
      }
    }
  });

  it('svcApiVariableFeeAmount is totalSendingAmount × svcApiVariableFeeRate rounded, with the platform fee schedule', async () => {
    const patched = await w.api.patch('/config', { fees: { variableFeeRate: 0.0125, fixedFees: { USD: 77 } } });
    expect(patched.status, patched.text).toBe(200);
    for (const S of [1_000, 1_020, 1_060, 98_765]) {
      const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', S));
      expect(q.rateDetails).toMatchObject({ svcApiFixedFee: 77, svcApiVariableFeeRate: 0.0125, counterpartyFixedFee: 20 });
      expect(q.rateDetails.svcApiVariableFeeAmount, `S=${S}`).toBe(roundHalfAway(S * 0.0125));
      expect(q.feesIncluded, `S=${S}`).toBe(pricingRule(q).feesIncluded(S));
    }
  });

  it('exchangeRate is sending units per one receiving unit, the same for both locked sides', async () => {
    const a = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    const b = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'RECEIVING', 100_00));
    expect(a.exchangeRate).toBe(b.exchangeRate);
    expect(a.exchangeRate).toBeGreaterThan(0.04); // about 1/17 dollar per peso
    expect(a.exchangeRate).toBeLessThan(0.08);
  });
});
