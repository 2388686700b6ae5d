// POST /quotes refusals: amount limits, same-currency pairs, rails, permissions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, createQuote, enc, externalAccount, getTx, openWorld, spawnServerProcess, type World } from '../support/money-path';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const txCount = async () => (await w.api.get('/transactions?limit=1')).body.totalCount as number;

describe('lockedCurrencyAmount limits', () => {
  it('9000000000000000 passes validation and then ends in a 400 with a clear code, never a 5xx (both sides)', async () => {
    for (const side of ['SENDING', 'RECEIVING'] as const) {
      const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], side, 9_000_000_000_000_000));
      expectError(r, 400, 'AMOUNT_OUT_OF_RANGE');
      expect(r.body.code, side).not.toBe('INVALID_INPUT');
    }
    expect(await txCount()).toBe(0);
  });

  it('9000000000000001 is 400 INVALID_INPUT naming lockedCurrencyAmount', async () => {
    const r = await w.api.post('/quotes', '{"source":{"sourceType":"ACCOUNT","accountId":"' + w.seed.aliceUsd + '"},"destination":{"destinationType":"ACCOUNT","accountId":"'
      + w.seed.luciaClabe['12000'] + '"},"lockedCurrencySide":"SENDING","lockedCurrencyAmount":9000000000000001}');
    expectInvalidField(r, 'lockedCurrencyAmount');
  });

  it('zero, negative and fractional amounts are 400 INVALID_INPUT naming lockedCurrencyAmount', async () => {
    for (const amount of [0, -5, 10.5]) expectInvalidField(await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', amount)), 'lockedCurrencyAmount');
  });

  it('an amount that does not cover the fees is 400 AMOUNT_OUT_OF_RANGE', async () => {
    expectError(await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 30)), 400, 'AMOUNT_OUT_OF_RANGE');
    expect(await txCount()).toBe(0);
  });

  it('a RECEIVING amount whose sending equivalent exceeds 2^53 is answered with a 400 instead of blocking the server', async () => {
    // MXN -> USD, 9e15 US cents locked: about 1.5e17 centavos. Run in a child process so a hang cannot stall this suite.
    const child = await spawnServerProcess();
    try {
      const lucia = (await child.api.get('/customers?platformCustomerId=cust-lucia-002')).body.data[0];
      const alice = (await child.api.get('/customers?platformCustomerId=cust-alice-001')).body.data[0];
      const mxn = (await child.api.get(`/customers/internal-accounts?customerId=${enc(lucia.id)}&currency=MXN`)).body.data[0].id;
      const usdExt = (await child.api.get(`/customers/external-accounts?customerId=${enc(alice.id)}`)).body.data[0].id;
      let status: number | string;
      try {
        const r = await child.api.post('/quotes', accountQuote(mxn, usdExt, 'RECEIVING', 9_000_000_000_000_000), { headers: {}, signal: AbortSignal.timeout(10_000) });
        status = r.status;
        if (r.status === 400) expect(r.body.code).toBe('AMOUNT_OUT_OF_RANGE');
      } catch (err) {
        status = `no answer within 10 s (${(err as Error).name})`;
      }
      expect(status).toBe(400);
    } finally {
      await child.kill();
    }
  }, 30_000);

  it('a quote never reports a receiving amount beyond the safe-integer range', async () => {
    // 9e15 XOF (0 decimals, no platform range) converts to about 2.5e16 MXN centavos.
    const r = await w.api.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'XOF' }, destination: { destinationType: 'ACCOUNT', accountId: w.seed.luciaClabe['12000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 9_000_000_000_000_000 });
    if (r.status === 201) {
      expect(Number.isSafeInteger(r.body.totalReceivingAmount), `totalReceivingAmount ${r.body.totalReceivingAmount}`).toBe(true);
      expect(Number.isSafeInteger(r.body.feesIncluded)).toBe(true);
    } else {
      expectError(r, 400, 'AMOUNT_OUT_OF_RANGE');
    }
  });
});

describe('source and destination rules', () => {
  it('same-currency ACCOUNT -> ACCOUNT is 400 and points to transfer-out', async () => {
    const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.aliceExt['000'], 'SENDING', 100_00));
    expectError(r, 400, 'INVALID_INPUT');
    expect(r.body.message).toMatch(/transfer-out/);
    expect(await txCount()).toBe(0);
  });

  it('a paymentRail the destination does not support is 400 naming destination.paymentRail', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00);
    (body['destination'] as Record<string, unknown>)['paymentRail'] = 'ACH';
    expectInvalidField(await w.api.post('/quotes', body), 'destination.paymentRail');
    (body['destination'] as Record<string, unknown>)['paymentRail'] = 'TELEGRAPH';
    expectInvalidField(await w.api.post('/quotes', body), 'destination.paymentRail');
    expect(await txCount()).toBe(0);
  });

  it('a default rail is chosen when paymentRail is omitted (AUTO) and a named supported rail is kept (MANUAL)', async () => {
    const auto = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect(auto.destination).toMatchObject({ paymentRail: 'SPEI' });
    expect(await getTx(w, auto.transactionId)).toMatchObject({ paymentRail: 'SPEI', railSelectionMode: 'AUTO' });
    const eur = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00));
    expect(eur.destination).toMatchObject({ paymentRail: 'SEPA_INSTANT' });
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00);
    (body['destination'] as Record<string, unknown>)['paymentRail'] = 'SEPA';
    const manual = await createQuote(w, body);
    expect(manual.destination).toMatchObject({ paymentRail: 'SEPA' });
    expect(await getTx(w, manual.transactionId)).toMatchObject({ paymentRail: 'SEPA', railSelectionMode: 'MANUAL' });
  });

  it("an external account's own paymentRails list decides what it supports", async () => {
    const ext = await externalAccount(w, w.seed.sophie.id, 'EUR', '010', { paymentRails: ['SEPA'] });
    const auto = await createQuote(w, accountQuote(w.seed.aliceUsd, ext, 'SENDING', 100_00));
    expect(auto.destination).toMatchObject({ paymentRail: 'SEPA' });
    const body = accountQuote(w.seed.aliceUsd, ext, 'SENDING', 100_00);
    (body['destination'] as Record<string, unknown>)['paymentRail'] = 'SEPA_INSTANT';
    expectInvalidField(await w.api.post('/quotes', body), 'destination.paymentRail');
  });

  it("source.customerId naming someone other than the account's owner is 400 naming source.customerId", async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00);
    body['source'] = { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd, customerId: w.seed.lucia.id };
    expectInvalidField(await w.api.post('/quotes', body), 'source.customerId');
    body['source'] = { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd, customerId: w.seed.alice.id };
    expect((await createQuote(w, body)).source).toMatchObject({ accountId: w.seed.aliceUsd, customerId: w.seed.alice.id });
  });

  it('unknown source or destination accounts are 404 and create nothing', async () => {
    const a = await w.api.post('/quotes', accountQuote('InternalAccount:019b76da-a800-7000-8000-000000000000', w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    const b = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, 'ExternalAccount:019b76da-a800-7000-8000-000000000000', 'SENDING', 100_00));
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(await txCount()).toBe(0);
  });

  it('an unknown lockedCurrencySide or sourceType is 400 INVALID_INPUT naming the field', async () => {
    expectInvalidField(await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'BOTH' as 'SENDING', 100_00)), 'lockedCurrencySide');
    const body = accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00);
    body['source'] = { sourceType: 'CARD', accountId: w.seed.aliceUsd };
    expectInvalidField(await w.api.post('/quotes', body), 'source.sourceType');
  });
});

describe('permissions', () => {
  it('a VIEW-only token gets 403 on POST /quotes and no quote is created, while it may read quotes', async () => {
    const t = await w.api.post('/tokens', { name: 'viewer', permissions: ['VIEW'] });
    expect(t.status, t.text).toBe(201);
    const viewer = w.api.as(`Basic ${Buffer.from(`${t.body.clientId}:${t.body.clientSecret}`).toString('base64')}`);
    expectError(await viewer.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00)), 403, 'FORBIDDEN');
    expect(await txCount()).toBe(0);
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect((await viewer.get(`/quotes/${enc(q.id)}`)).status).toBe(200);
    expectError(await viewer.post(`/quotes/${enc(q.id)}/execute`), 403, 'FORBIDDEN');
    expect((await viewer.get(`/quotes/${enc(q.id)}`)).body.status).toBe('PENDING');
  });
});
