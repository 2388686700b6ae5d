// Authorization simulations: approval with the hold in the ledger, the merchant-descriptor suffixes, and the card's own refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, enc, expectBooksBalanced } from '../support/money-path';
import { authorize, type Card, cardTx, type CardWorld, eventTypes, expectReconciled, issueCard, merchant, openCardWorld, simulate } from '../support/worlds/cards';
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

const auth = (amount: number, suffix = '000', extra: Record<string, unknown> = {}) =>
  simulate(w, card.id, 'authorization', { amount, currency: { code: 'USD' }, merchant: merchant(suffix), ...extra });

describe('authorization', () => {
  it('approves: a CARD transaction AUTHORIZED with every field, the amount pulled into the hold (balance down, totalBalance kept)', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await auth(1_250);
    expect(r.status, r.text).toBe(202); // upstream's status for a simulation
    expect(r.body).toEqual({
      type: 'CARD', id: expect.stringMatching(/^CardTransaction:/), customerId: w.seed.alice.id, platformCustomerId: 'cust-alice-001',
      status: 'AUTHORIZED', direction: 'DEBIT', merchant: merchant('000'), authorizedAmount: { amount: 1_250, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      accountId: w.seed.aliceUsd, authorizedAt: r.body.createdAt, createdAt: expect.any(String), updatedAt: expect.any(String), cardId: card.id,
      issuerTransactionToken: expect.any(String), settledAmount: { amount: 0, currency: expect.any(Object) }, refundedAmount: { amount: 0, currency: expect.any(Object) },
      pullSummary: { count: 1, totalAmount: 1_250, pendingCount: 0 }, settlementSummary: { count: 0, totalAmount: 0 }, refundSummary: { count: 0, totalAmount: 0 },
      lastEventAt: expect.any(String),
    });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_250, totalBalance: start.totalBalance });
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED']);
    expect((await expectReconciled(w, r.body.id)).totals).toEqual({ leftBalance: 1_250, paidToMerchant: 0, held: 1_250, owed: 0 });
    await expectBooksBalanced(w);
  });

  it('suffix 002 declines INSUFFICIENT_FUNDS and 003 CARD_PAUSED: 400, nothing stored, no money moved', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const before = (await w.api.get('/transactions?type=CARD')).body.totalCount;
    expectError(await auth(1_000, '002'), 400, 'INSUFFICIENT_FUNDS');
    expectError(await auth(1_000, '003'), 400, 'CARD_PAUSED');
    expect((await w.api.get('/transactions?type=CARD')).body.totalCount).toBe(before);
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
  });

  it('suffix 005: the pull stays pending about 30 s (nothing held yet), then confirms with one more event', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = (await auth(2_000, '005')).body;
    expect(tx).toMatchObject({ status: 'AUTHORIZED', pullSummary: { count: 1, totalAmount: 0, pendingCount: 1 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await advance(w, 30);
    expect(await cardTx(w, tx.id)).toMatchObject({ status: 'AUTHORIZED', pullSummary: { count: 1, totalAmount: 2_000, pendingCount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 2_000, totalBalance: start.totalBalance });
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.AUTHORIZED']);
    await expectBooksBalanced(w);
  });

  it('a delayed pull fails when the funding account no longer holds the amount: EXCEPTION', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = (await auth(start.balance, '005')).body;
    const other = await authorize(w, card.id, 1);
    expect(other.status).toBe('AUTHORIZED');
    await advance(w, 30);
    expect((await cardTx(w, tx.id)).status).toBe('EXCEPTION');
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.EXCEPTION']);
    await expectBooksBalanced(w);
  });

  it('suffix 006: approved, but the pull is reported FAILED: AUTHORIZED then EXCEPTION, nothing held', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = (await auth(900, '006')).body;
    expect(tx).toMatchObject({ status: 'EXCEPTION', pullSummary: { count: 1, totalAmount: 0, pendingCount: 0 } });
    expect(tx.id).toMatch(/006$/);
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expect(await eventTypes(w, tx.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.EXCEPTION']);
  });

  it('suffixes 102 and 106 approve normally with ids ending 002 and 006; other ids never end in a post-hoc suffix', async () => {
    expect((await auth(100, '102')).body).toMatchObject({ status: 'AUTHORIZED', id: expect.stringMatching(/002$/), pullSummary: { totalAmount: 100 } });
    expect((await auth(100, '106')).body).toMatchObject({ status: 'AUTHORIZED', id: expect.stringMatching(/006$/) });
    for (let i = 0; i < 10; i++) expect((await auth(1)).body.id).not.toMatch(/00[256]$/);
  });

  it('more than the funding sources hold declines INSUFFICIENT_FUNDS; the second funding source is used when the first is short', async () => {
    const lucia = await issueCard(w, { cardholderId: w.seed.lucia.id, fundingSources: [w.seed.luciaUsd] });
    const usd = await balances(w, w.seed.luciaUsd);
    expectError(await simulate(w, lucia.id, 'authorization', { amount: usd.balance + 1, currency: { code: 'USD' }, merchant: merchant() }), 400, 'INSUFFICIENT_FUNDS');
    const extra = (await w.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'two-sources', fullName: 'Two Sources', email: 'two@example.com', currencies: ['USD'] })).body;
    const acct = (await w.api.get(`/customers/internal-accounts?customerId=${enc(extra.id)}`)).body.data[0].id;
    await w.api.post(`/sandbox/internal-accounts/${enc(acct)}/fund`, { amount: 500 });
    const twoCard = (await w.api.post('/cards', { cardholderId: extra.id, form: 'VIRTUAL', fundingSources: [acct] })).body;
    expect((await simulate(w, twoCard.id, 'authorization', { amount: 400, currency: { code: 'USD' }, merchant: merchant() })).body.accountId).toBe(acct);
  });

  it('a frozen card declines CARD_PAUSED, a PROCESSING or closed one CARD_NOT_ACTIVE, above the limit TRANSACTION_SIZE_LIMIT_EXCEEDED', async () => {
    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'FROZEN' });
    expectError(await auth(100), 400, 'CARD_PAUSED');
    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'ACTIVE', maxSpendPerTransaction: 500 });
    expectError(await auth(501), 400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED');
    expect((await auth(500)).status).toBe(202);
    const processing = await issueCard(w, { platformCardId: 'proc-001' });
    expectError(await simulate(w, processing.id, 'authorization', { amount: 1, currency: { code: 'USD' }, merchant: merchant() }), 400, 'CARD_NOT_ACTIVE');
    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'CLOSED' });
    expectError(await auth(100), 400, 'CARD_NOT_ACTIVE');
  });

  it('refuses another currency, bad amounts and merchants, naming the field; an unknown card is 404', async () => {
    expectInvalidField(await auth(100, '000', { currency: { code: 'EUR' } }), 'currency.code');
    expectInvalidField(await auth(0), 'amount');
    expectInvalidField(await simulate(w, card.id, 'authorization', { amount: 10, currency: { code: 'USD' }, merchant: { descriptor: '' } }), 'merchant.descriptor');
    expectInvalidField(await simulate(w, card.id, 'authorization', { amount: 10, currency: { code: 'USD' }, merchant: { descriptor: 'X', mcc: '58' } }), 'merchant.mcc');
    expectError(await simulate(w, 'Card:nope', 'authorization', { amount: 10, currency: { code: 'USD' }, merchant: merchant() }), 404, 'REFERENCE_NOT_FOUND');
  });
});
