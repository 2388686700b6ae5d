// POST /sandbox/cards/{id}/simulate/clearing as the spec writes it: only from AUTHORIZED or PARTIALLY_SETTLED,
// partial and full clearings, over-authorized clearings that pull the difference, amount 0 as an expiry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, expectBooksBalanced } from '../support/money-path';
import { authorize, type Card, cardTx, type CardWorld, clearing, eventTypes, expectReconciled, issueCard, openCardWorld, simulate } from '../support/worlds/cards';
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

describe('clearing a card transaction', () => {
  it('a partial clearing gives PARTIALLY_SETTLED; the rest gives SETTLED, the hold paid out to the merchant', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 10_000);
    expect(tx).toMatchObject({ type: 'CARD', status: 'AUTHORIZED', direction: 'DEBIT', cardId: card.id, accountId: w.seed.aliceUsd, authorizedAmount: { amount: 10_000 }, pullSummary: { count: 1, totalAmount: 10_000, pendingCount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 10_000, totalBalance: start.totalBalance });

    const partial = await clearing(w, card.id, tx.id, 4_000);
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmount: { amount: 4_000 }, settlementSummary: { count: 1, totalAmount: 4_000 }, lastEventAt: expect.any(String) });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 10_000, totalBalance: start.totalBalance - 4_000 });

    const second = await clearing(w, card.id, tx.id, 3_000);
    expect(second.body).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmount: { amount: 7_000 }, settlementSummary: { count: 2, totalAmount: 7_000 } });

    const full = await clearing(w, card.id, tx.id, 3_000);
    expect(full.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 10_000 }, settlementSummary: { count: 3, totalAmount: 10_000 }, pullSummary: { count: 1, totalAmount: 10_000 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 10_000, totalBalance: start.totalBalance - 10_000 });
    expect(await cardTx(w, tx.id)).toEqual(full.body);
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED']);
    await expectReconciled(w, tx.id);
    await expectBooksBalanced(w);
  });

  it('one clearing of the authorized amount settles at once', async () => {
    const tx = await authorize(w, card.id, 2_500);
    const r = await clearing(w, card.id, tx.id, 2_500);
    expect(r.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 2_500 }, authorizedAmount: { amount: 2_500 } });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
  });

  it('a clearing below the authorization after partials releases nothing until it settles; a final one releases the unused hold', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 5_000);
    await clearing(w, card.id, tx.id, 2_000);
    const expired = await clearing(w, card.id, tx.id, 0);
    expect(expired.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 2_000 }, settlementSummary: { count: 1, totalAmount: 2_000 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 2_000, totalBalance: start.totalBalance - 2_000 });
    await expectReconciled(w, tx.id);
    await expectBooksBalanced(w);
  });

  it('above the authorized amount: a second, post-hoc pull of the difference; authorizedAmount stays', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 1_250);
    const r = await clearing(w, card.id, tx.id, 1_500);
    expect(r.body).toMatchObject({
      status: 'SETTLED', authorizedAmount: { amount: 1_250 }, settledAmount: { amount: 1_500 },
      settlementSummary: { count: 1, totalAmount: 1_500 }, pullSummary: { count: 2, totalAmount: 1_500, pendingCount: 0 },
    });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_500, totalBalance: start.totalBalance - 1_500 });
    const rec = await expectReconciled(w, tx.id);
    expect(rec.totals).toEqual({ leftBalance: 1_500, paidToMerchant: 1_500, held: 0, owed: 0 });
    expect(rec.events.map((e) => `${e.kind}:${e.outcome}:${e.amount}`)).toEqual(['AUTHORIZATION:DONE:1250', 'PULL:CONFIRMED:1250', 'CLEARING:DONE:1500', 'PULL:CONFIRMED:250']);
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    await expectBooksBalanced(w);
  });

  it('amount 0 is an authorization expiry: no clearing, the hold released, and the transaction closed as SETTLED with 0 settled', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 3_000);
    const r = await clearing(w, card.id, tx.id, 0);
    expect(r.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 0 }, settlementSummary: { count: 0, totalAmount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    const rec = await expectReconciled(w, tx.id);
    expect(rec.totals).toEqual({ leftBalance: 0, paidToMerchant: 0, held: 0, owed: 0 });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    await expectBooksBalanced(w);
  });

  it('a SETTLED, REFUNDED or EXCEPTION transaction is refused with a 400 in the error shape, and nothing changes', async () => {
    const settled = await authorize(w, card.id, 1_000);
    await clearing(w, card.id, settled.id, 1_000);
    const refunded = await authorize(w, card.id, 1_000);
    await clearing(w, card.id, refunded.id, 1_000);
    expect((await simulate(w, card.id, 'return', { cardTransactionId: refunded.id, amount: 1_000 })).body.status).toBe('REFUNDED');
    const exception = await authorize(w, card.id, 1_000, '006');
    expect(exception.status).toBe('EXCEPTION');
    for (const tx of [settled, refunded, exception]) {
      const before = await cardTx(w, tx.id);
      const r = await clearing(w, card.id, tx.id, 500);
      expectError(r, 400, 'CARD_TRANSACTION_NOT_CLEARABLE');
      expect(r.body.details).toMatchObject({ status: before.status, allowed: ['AUTHORIZED', 'PARTIALLY_SETTLED'] });
      expect(await cardTx(w, tx.id)).toEqual(before);
    }
    await expectBooksBalanced(w);
  });

  it('the parent id suffix 002 makes the post-hoc pull fail: SETTLED then EXCEPTION, with the difference owed', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 1_000, '102');
    expect(tx.id).toMatch(/002$/);
    expect(tx.status).toBe('AUTHORIZED');
    const r = await clearing(w, card.id, tx.id, 1_300);
    expect(r.body).toMatchObject({ status: 'EXCEPTION', settledAmount: { amount: 1_300 }, pullSummary: { count: 2, totalAmount: 1_000, pendingCount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_000, totalBalance: start.totalBalance - 1_000 });
    const rec = await expectReconciled(w, tx.id);
    expect(rec.totals).toEqual({ leftBalance: 1_000, paidToMerchant: 1_300, held: 0, owed: 300 });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.EXCEPTION']);
    await expectBooksBalanced(w);
  });

  it('the parent id suffix 006 makes the post-hoc pull report FAILED: EXCEPTION', async () => {
    const tx = await authorize(w, card.id, 1_000, '106');
    expect(tx.id).toMatch(/006$/);
    const r = await clearing(w, card.id, tx.id, 1_100);
    expect(r.body.status).toBe('EXCEPTION');
    expect((await expectReconciled(w, tx.id)).totals.owed).toBe(100);
  });

  it('the parent id suffix 005 keeps the post-hoc pull pending 30 s; advancing the clock confirms it', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = await authorize(w, card.id, 1_000, '005');
    expect(tx).toMatchObject({ status: 'AUTHORIZED', pullSummary: { count: 1, totalAmount: 0, pendingCount: 1 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expectError(await clearing(w, card.id, tx.id, 1_000), 400, 'PULL_PENDING');
    await advance(w, 29);
    expect((await cardTx(w, tx.id)).pullSummary).toEqual({ count: 1, totalAmount: 0, pendingCount: 1 });
    await advance(w, 1);
    expect((await cardTx(w, tx.id)).pullSummary).toEqual({ count: 1, totalAmount: 1_000, pendingCount: 0 });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_000, totalBalance: start.totalBalance });

    const r = await clearing(w, card.id, tx.id, 1_200);
    expect(r.body).toMatchObject({ status: 'SETTLED', pullSummary: { count: 2, totalAmount: 1_000, pendingCount: 1 } });
    expect((await expectReconciled(w, tx.id)).totals.owed).toBe(200);
    await advance(w, 30);
    expect(await cardTx(w, tx.id)).toMatchObject({ status: 'SETTLED', pullSummary: { count: 2, totalAmount: 1_200, pendingCount: 0 } });
    expect((await expectReconciled(w, tx.id)).totals).toEqual({ leftBalance: 1_200, paidToMerchant: 1_200, held: 0, owed: 0 });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED']);
    await expectBooksBalanced(w);
  });

  it('a retried clearing with the same Idempotency-Key replays the first answer and clears once', async () => {
    const tx = await authorize(w, card.id, 1_000);
    const body = { cardTransactionId: tx.id, amount: 400 };
    const first = await w.api.post(`/sandbox/cards/${encodeURIComponent(card.id)}/simulate/clearing`, body, { headers: { 'Idempotency-Key': 'clear-once-1' } });
    const again = await w.api.post(`/sandbox/cards/${encodeURIComponent(card.id)}/simulate/clearing`, body, { headers: { 'Idempotency-Key': 'clear-once-1' } });
    expect(again.body).toEqual(first.body);
    expect(await cardTx(w, tx.id)).toMatchObject({ status: 'PARTIALLY_SETTLED', settlementSummary: { count: 1, totalAmount: 400 } });
    expectError(await w.api.post(`/sandbox/cards/${encodeURIComponent(card.id)}/simulate/clearing`, { ...body, amount: 500 }, { headers: { 'Idempotency-Key': 'clear-once-1' } }), 409, 'CONFLICT');
  });

  it('refuses bad input with 400 naming the field, an unknown transaction or one of another card with 404', async () => {
    const tx = await authorize(w, card.id, 1_000);
    expectInvalidField(await clearing(w, card.id, tx.id, -1), 'amount');
    expectInvalidField(await clearing(w, card.id, tx.id, 1.5), 'amount');
    expectInvalidField(await simulate(w, card.id, 'clearing', { amount: 10 }), 'cardTransactionId');
    expectError(await clearing(w, card.id, 'CardTransaction:nope', 10), 404, 'TRANSACTION_NOT_FOUND');
    const other = await issueCard(w);
    expectError(await clearing(w, other.id, tx.id, 10), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await clearing(w, 'Card:missing', tx.id, 10), 404, 'REFERENCE_NOT_FOUND');
    expect((await cardTx(w, tx.id)).status).toBe('AUTHORIZED');
  });
});
