// POST /transactions/{id}/confirm (receiptDeliveryConfirmedAt) and POST /transactions/{id}/cancel, with the error statuses upstream lists.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, enc, expectBooksBalanced, getTx, openWorld, type World } from '../support/money-path';
import { FROZEN_MS } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const receive = (amount = 700) =>
  w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receiverUmaAddress: w.seed.alice.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: amount });
const out = (destination: string, amount = 10_00) =>
  w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: destination }, amount });
const confirm = (id: string, body?: unknown) => w.api.post(`/transactions/${enc(id)}/confirm`, body);
const cancel = (id: string, body?: unknown) => w.api.post(`/transactions/${enc(id)}/cancel`, body);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('POST /transactions/{id}/confirm', () => {
  it('sets receiptDeliveryConfirmedAt on a completed incoming payment (workspace time by default); a second confirmation changes nothing', async () => {
    const tx = (await receive()).body;
    await advance(w, 5);
    await advance(w, 10);
    const r = await confirm(tx.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: tx.id, type: 'INCOMING', status: 'COMPLETED' });
    expect(Date.parse(r.body.receiptDeliveryConfirmedAt)).toBe(FROZEN_MS + 15_000);
    await advance(w, 5);
    const again = await confirm(tx.id, { receiptDeliveryConfirmedAt: iso(FROZEN_MS + 19_000) });
    expect(again.status).toBe(200);
    expect(again.body.receiptDeliveryConfirmedAt).toBe(r.body.receiptDeliveryConfirmedAt);
    expect(await getTx(w, tx.id)).toMatchObject({ type: 'INCOMING', receiptDeliveryConfirmedAt: r.body.receiptDeliveryConfirmedAt });
  });

  it('takes the time given, and refuses one in the future or before settlement (400 naming the field)', async () => {
    const tx = (await receive()).body;
    await advance(w, 60);
    expectInvalidField(await confirm(tx.id, { receiptDeliveryConfirmedAt: iso(FROZEN_MS + 3_600_000) }), 'receiptDeliveryConfirmedAt');
    expectInvalidField(await confirm(tx.id, { receiptDeliveryConfirmedAt: iso(FROZEN_MS - 1000) }), 'receiptDeliveryConfirmedAt');
    expectInvalidField(await confirm(tx.id, { receiptDeliveryConfirmedAt: 'yesterday' }), 'receiptDeliveryConfirmedAt');
    expect(await getTx(w, tx.id)).not.toHaveProperty('receiptDeliveryConfirmedAt');
    const r = await confirm(tx.id, { receiptDeliveryConfirmedAt: iso(FROZEN_MS + 30_000) });
    expect(r.status, r.text).toBe(200);
    expect(Date.parse(r.body.receiptDeliveryConfirmedAt)).toBe(FROZEN_MS + 30_000);
  });

  it('400 naming transactionId (upstream lists no 409 here) for an incoming payment not yet completed and for an outgoing payment; 404 for an unknown id', async () => {
    const pending = (await receive()).body;
    expectInvalidField(await confirm(pending.id), 'transactionId');
    const outgoing = (await out(w.seed.aliceExt['000'])).body;
    await advance(w, 5);
    expectInvalidField(await confirm(outgoing.id), 'transactionId');
    expectError(await confirm('Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), 404, 'TRANSACTION_NOT_FOUND');
  });
});

describe('POST /transactions/{id}/cancel', () => {
  it('cancels an outgoing payment in flight: FAILED (upstream has no outgoing REFUNDED) with a USER_CANCELLATION refund, the money back after the refund settles, no payout later', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = (await out(w.seed.aliceExt['000'], 25_00)).body;
    const r = await cancel(tx.id, { reason: 'Customer changed their mind' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: tx.id, status: 'FAILED', refund: { status: 'PENDING', reason: 'USER_CANCELLATION' } });
    expect(r.body).not.toHaveProperty('failureReason');
    await advance(w, 60);
    expect(await getTx(w, tx.id)).toMatchObject({ status: 'FAILED', refund: { status: 'COMPLETED' } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('409 TRANSACTION_NOT_CANCELLABLE once final, for an incoming payment, and for one that failed at once; nothing changes', async () => {
    const done = (await out(w.seed.aliceExt['000'])).body;
    await advance(w, 5);
    expectError(await cancel(done.id), 409, 'TRANSACTION_NOT_CANCELLABLE');
    expect((await getTx(w, done.id)).status).toBe('COMPLETED');
    const failed = (await out(w.seed.aliceExt['002'])).body;
    expectError(await cancel(failed.id), 409, 'TRANSACTION_NOT_CANCELLABLE');
    const incoming = (await receive()).body;
    expectError(await cancel(incoming.id), 409, 'TRANSACTION_NOT_CANCELLABLE');
    await advance(w, 5);
    expect((await getTx(w, incoming.id)).status).toBe('COMPLETED');
  });

  it('a cancelled payment cannot be cancelled again; unknown ids are 404; a bad body is 400', async () => {
    const tx = (await out(w.seed.aliceExt['000'])).body;
    expectInvalidField(await cancel(tx.id, { reason: 42 }), 'reason');
    expect((await cancel(tx.id)).status).toBe(200);
    expectError(await cancel(tx.id), 409, 'TRANSACTION_NOT_CANCELLABLE');
    expectError(await cancel('Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), 404, 'TRANSACTION_NOT_FOUND');
  });
});

describe('incoming transactions carry every field of the spec', () => {
  it('a crypto payment carries reconciliationInstructions.transactionHash; a fiat one only its reference; receiptDeliveryConfirmedAt once confirmed', async () => {
    const crypto = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receiverUmaAddress: w.seed.alice.umaAddress, receivingCurrencyCode: 'USDC', receivingCurrencyAmount: 5_000_000 });
    expect(crypto.status, crypto.text).toBeLessThan(300);
    expect(crypto.body.reconciliationInstructions).toEqual({ reference: expect.any(String), transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const fiat = (await receive()).body;
    expect(fiat.reconciliationInstructions).toEqual({ reference: expect.any(String) });
    await advance(w, 5);
    const confirmed = (await confirm(crypto.body.id)).body;
    expect(confirmed).toMatchObject({
      type: 'INCOMING', customerId: w.seed.alice.id, platformCustomerId: 'cust-alice-001', settledAt: expect.any(String),
      receiptDeliveryConfirmedAt: expect.any(String), receivedAmount: { amount: 5_000_000, currency: { code: 'USDC' } },
    });
  });
});
