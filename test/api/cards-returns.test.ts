// Returns, return reversals, authorization advices and balance inquiries on card transactions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balances, expectBooksBalanced } from '../support/money-path';
import { authorize, type Card, cardTx, type CardWorld, clearing, eventTypes, expectReconciled, merchant, openCardWorld, simulate } from '../support/worlds/cards';
import { expectError, expectInvalidField } from '../support/assertions';

let w: CardWorld;
let card: Card;
beforeEach(async () => {
  w = await openCardWorld();
  card = w.card;
});
afterEach(async () => {
  await w.close();
});

const settled = async (amount: number, suffix = '000') => {
  const tx = await authorize(w, card.id, amount, suffix);
  await clearing(w, card.id, tx.id, amount);
  return tx;
};
const ret = (id: string, amount: number) => simulate(w, card.id, 'return', { cardTransactionId: id, amount });

describe('return (merchant refund)', () => {
  it('a partial return keeps SETTLED with refundedAmount; the rest makes it REFUNDED; the money comes back to the balance', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await settled(4_000);
    const partial = await ret(tx.id, 1_500);
    expect(partial.body).toMatchObject({ status: 'SETTLED', refundedAmount: { amount: 1_500 }, refundSummary: { count: 1, totalAmount: 1_500 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 2_500, totalBalance: start.totalBalance - 2_500 });
    expectInvalidField(await ret(tx.id, 2_501), 'amount');
    const full = await ret(tx.id, 2_500);
    expect(full.body).toMatchObject({ status: 'REFUNDED', refundedAmount: { amount: 4_000 }, refundSummary: { count: 2, totalAmount: 4_000 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expect((await expectReconciled(w, tx.id)).totals).toEqual({ leftBalance: 0, paidToMerchant: 0, held: 0, owed: 0 });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.REFUNDED']);
    await expectBooksBalanced(w);
  });

  it('is refused before any clearing, on PARTIALLY_SETTLED, on an expired authorization and on REFUNDED', async () => {
    const authorized = await authorize(w, card.id, 1_000);
    expectError(await ret(authorized.id, 100), 400, 'CARD_TRANSACTION_NOT_REFUNDABLE');
    await clearing(w, card.id, authorized.id, 400);
    expectError(await ret(authorized.id, 100), 400, 'CARD_TRANSACTION_NOT_REFUNDABLE');
    const expired = await authorize(w, card.id, 1_000);
    await clearing(w, card.id, expired.id, 0);
    expectError(await ret(expired.id, 1), 400, 'CARD_TRANSACTION_NOT_REFUNDABLE');
    const refunded = await settled(300);
    await ret(refunded.id, 300);
    expectError(await ret(refunded.id, 1), 400, 'CARD_TRANSACTION_NOT_REFUNDABLE');
  });
});

describe('return reversal', () => {
  it('only from REFUNDED: the refunded money is pulled again and the transaction is SETTLED with nothing refunded', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await settled(2_000);
    expectError(await simulate(w, card.id, 'return_reversal', { cardTransactionId: tx.id }), 400, 'CARD_TRANSACTION_NOT_REVERSIBLE');
    await ret(tx.id, 2_000);
    const r = await simulate(w, card.id, 'return_reversal', { cardTransactionId: tx.id });
    expect(r.body).toMatchObject({ status: 'SETTLED', refundedAmount: { amount: 0 }, pullSummary: { count: 2, totalAmount: 4_000 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 2_000, totalBalance: start.totalBalance - 2_000 });
    expect((await expectReconciled(w, tx.id)).totals).toEqual({ leftBalance: 2_000, paidToMerchant: 2_000, held: 0, owed: 0 });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.REFUNDED', 'CARD_TRANSACTION.SETTLED']);
    await expectBooksBalanced(w);
  });

  it('on an id ending 002 the pull fails: SETTLED then EXCEPTION, the amount owed', async () => {
    const tx = await settled(700, '102');
    await ret(tx.id, 700);
    const r = await simulate(w, card.id, 'return_reversal', { cardTransactionId: tx.id });
    expect(r.body.status).toBe('EXCEPTION');
    expect((await expectReconciled(w, tx.id)).totals.owed).toBe(700);
    expect((await eventTypes(w, tx.id)).slice(-2)).toEqual(['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.EXCEPTION']);
    await expectBooksBalanced(w);
  });
});

describe('authorization advice', () => {
  it('raises the authorized amount with another pull into the hold, or lowers it and releases the difference', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 1_000);
    const up = await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 1_600 });
    expect(up.body).toMatchObject({ status: 'AUTHORIZED', authorizedAmount: { amount: 1_600 }, pullSummary: { count: 2, totalAmount: 1_600 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_600, totalBalance: start.totalBalance });
    const down = await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 900 });
    expect(down.body).toMatchObject({ status: 'AUTHORIZED', authorizedAmount: { amount: 900 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 900, totalBalance: start.totalBalance });
    expect((await expectReconciled(w, tx.id)).totals.held).toBe(900);
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED']);
    await expectBooksBalanced(w);
  });

  it('lowering it to what has settled settles the transaction; below that or on a settled one is refused', async () => {
    const tx = await authorize(w, card.id, 1_000);
    await clearing(w, card.id, tx.id, 600);
    expectInvalidField(await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 599 }), 'amount');
    const r = await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 600 });
    expect(r.body).toMatchObject({ status: 'SETTLED', authorizedAmount: { amount: 600 }, settledAmount: { amount: 600 } });
    expect((await expectReconciled(w, tx.id)).totals).toEqual({ leftBalance: 600, paidToMerchant: 600, held: 0, owed: 0 });
    expectError(await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 700 }), 400, 'CARD_TRANSACTION_NOT_ADJUSTABLE');
    await expectBooksBalanced(w);
  });
});

describe('balance inquiry', () => {
  it('is a zero-amount authorization recorded as a SETTLED card transaction of 0, moving no money; suffix 003 declines', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await simulate(w, card.id, 'balance_inquiry', { merchant: merchant() });
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ type: 'CARD', status: 'SETTLED', authorizedAmount: { amount: 0 }, settledAmount: { amount: 0 }, pullSummary: { count: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
    expect(await cardTx(w, r.body.id)).toEqual(r.body);
    expectError(await simulate(w, card.id, 'balance_inquiry', { merchant: merchant('003') }), 400, 'CARD_PAUSED');
  });
});
