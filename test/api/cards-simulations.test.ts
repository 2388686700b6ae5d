// The sandbox's single-message and credit card simulations (credit authorization, financial authorization,
// financial credit authorization, credit authorization advice) over real HTTP: upstream's 202 answer,
// the ledger postings and balances each makes, and the events on the transaction stream.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, enc, expectBooksBalanced } from '../support/money-path';
import { UpstreamContract } from '../contract/upstream';
import { startReceiver, until } from '../support/webhook-receiver';
import { type Card, cardTx, type CardWorld, clearing, eventTypes, expectReconciled, issueCard, merchant, openCardWorld, reconciliation, simulate } from '../support/worlds/cards';
import { type ApiResult } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

const upstream = new UpstreamContract();
const OPERATION: Record<string, string> = {
  credit_authorization: 'sandboxSimulateCardCreditAuthorization',
  financial_authorization: 'sandboxSimulateCardFinancialAuthorization',
  financial_credit_authorization: 'sandboxSimulateCardFinancialCreditAuthorization',
  credit_authorization_advice: 'sandboxSimulateCardCreditAuthorizationAdvice',
};

let w: CardWorld;
let card: Card;
beforeEach(async () => {
  w = await openCardWorld();
  card = w.card;
});
afterEach(async () => {
  await w.close();
});

/** One of the four simulations; a 202 must validate against upstream's schema for that operation. */
async function run(kind: keyof typeof OPERATION, amount: number, suffix = '000', cardId = card.id): Promise<ApiResult> {
  const r = await simulate(w, cardId, kind, { amount, currency: { code: 'USD' }, merchant: merchant(suffix) });
  if (r.status === 202) expect(upstream.errors(OPERATION[kind]!, 202, r.body), `${kind} against upstream's schema`).toEqual([]);
  return r;
}

/** The ledger lines posted about one card transaction, as [kind, account, bucket, amount]. */
async function postings(id: string): Promise<[string, string, string, number][]> {
  const r = await reconciliation(w, id);
  return (r.ledger as { kind: string; accountId: string; bucket: string; amount: number }[]).map((e) => [e.kind, e.accountId, e.bucket, e.amount]);
}

describe('credit authorization', () => {
  it('202 with a CREDIT card transaction AUTHORIZED and no money moved; its clearing pays it into the funding account', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await run('credit_authorization', 2_500);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ type: 'CARD', direction: 'CREDIT', status: 'AUTHORIZED', cardId: card.id, accountId: w.seed.aliceUsd, authorizedAmount: { amount: 2_500 }, issuerTransactionToken: expect.any(String) });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expect(await postings(r.body.id)).toEqual([]);

    const partial = await clearing(w, card.id, r.body.id, 1_000);
    expect(partial.body).toMatchObject({ status: 'PARTIALLY_SETTLED', direction: 'CREDIT', settledAmount: { amount: 1_000 } });
    const full = await clearing(w, card.id, r.body.id, 1_500);
    expect(full.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 2_500 }, settlementSummary: { count: 2, totalAmount: 2_500 }, pullSummary: { count: 0, totalAmount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance + 2_500, totalBalance: start.totalBalance + 2_500 });
    expect(await postings(r.body.id)).toEqual([
      ['CARD_CREDIT', 'edge:card-network:USD', 'AVAILABLE', -1_000], ['CARD_CREDIT', w.seed.aliceUsd, 'AVAILABLE', 1_000],
      ['CARD_CREDIT', 'edge:card-network:USD', 'AVAILABLE', -1_500], ['CARD_CREDIT', w.seed.aliceUsd, 'AVAILABLE', 1_500],
    ]);
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED']);
    expect(await cardTx(w, r.body.id)).toEqual(full.body);
    await expectBooksBalanced(w);
  });

  it('a credit needs no funds and no limit applies; suffix 003 and a FROZEN card decline CARD_PAUSED, nothing stored', async () => {
    await w.api.patch(`/cards/${enc(card.id)}`, { maxSpendPerTransaction: 100 });
    const big = await run('credit_authorization', 9_000_000, '002');
    expect(big.body).toMatchObject({ status: 'AUTHORIZED', direction: 'CREDIT' });
    expectError(await run('credit_authorization', 100, '003'), 400, 'CARD_PAUSED');
    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'FROZEN' });
    expectError(await run('credit_authorization', 100), 400, 'CARD_PAUSED');
    expectError(await run('financial_credit_authorization', 100), 400, 'CARD_PAUSED');
    const list = await w.api.get(`/transactions?type=CARD&customerId=${enc(w.seed.alice.id)}`);
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([big.body.id]);
  });

  it('a credit cannot be returned or adjusted by an authorization advice; an expiry closes it with nothing paid', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const tx = (await run('credit_authorization', 700)).body;
    expectError(await simulate(w, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 900 }), 400, 'CARD_TRANSACTION_NOT_ADJUSTABLE');
    const expired = await clearing(w, card.id, tx.id, 0);
    expect(expired.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 0 } });
    expectError(await simulate(w, card.id, 'return', { cardTransactionId: tx.id, amount: 1 }), 400, 'CARD_TRANSACTION_NOT_REFUNDABLE');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });
});

describe('financial authorization (single message)', () => {
  it('202 with a DEBIT SETTLED at once: the merchant paid and the amount pulled, balance and total both down', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await run('financial_authorization', 8_000);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({
      direction: 'DEBIT', status: 'SETTLED', authorizedAmount: { amount: 8_000 }, settledAmount: { amount: 8_000 },
      settlementSummary: { count: 1, totalAmount: 8_000 }, pullSummary: { count: 1, totalAmount: 8_000, pendingCount: 0 },
    });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 8_000, totalBalance: start.totalBalance - 8_000 });
    expect(await postings(r.body.id)).toEqual([
      ['CARD_CLEARING', `card-pull:${r.body.id}`, 'AVAILABLE', -8_000], ['CARD_CLEARING', 'edge:card-network:USD', 'AVAILABLE', 8_000],
      ['CARD_PULL_POST_HOC', w.seed.aliceUsd, 'AVAILABLE', -8_000], ['CARD_PULL_POST_HOC', `card-pull:${r.body.id}`, 'AVAILABLE', 8_000],
    ]);
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
    await expectReconciled(w, r.body.id);
    // Settled at once, it can be returned like any purchase.
    const back = await simulate(w, card.id, 'return', { cardTransactionId: r.body.id, amount: 8_000 });
    expect(back.body).toMatchObject({ status: 'REFUNDED' });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('suffix 005 leaves the pull pending 30 s, then confirms; 006 is reported FAILED: EXCEPTION with the amount owed', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const slow = (await run('financial_authorization', 1_000, '005')).body;
    expect(slow).toMatchObject({ status: 'SETTLED', pullSummary: { count: 1, totalAmount: 0, pendingCount: 1 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await advance(w, 30);
    expect(await cardTx(w, slow.id)).toMatchObject({ status: 'SETTLED', pullSummary: { count: 1, totalAmount: 1_000, pendingCount: 0 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 1_000, totalBalance: start.totalBalance - 1_000 });
    expect(await eventTypes(w, slow.id)).toEqual(['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED']);

    const failed = (await run('financial_authorization', 2_000, '006')).body;
    expect(failed).toMatchObject({ status: 'EXCEPTION', settledAmount: { amount: 2_000 }, pullSummary: { count: 1, totalAmount: 0 } });
    expect((await reconciliation(w, failed.id)).totals).toEqual({ leftBalance: 0, paidToMerchant: 2_000, held: 0, owed: 2_000 });
    expect(await eventTypes(w, failed.id)).toEqual(['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.EXCEPTION']);
    await expectBooksBalanced(w);
  });

  it('declines as an authorization does (002, 003, over the limit, more than the account holds), nothing stored; bad input is a 400 naming the field', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    expectError(await run('financial_authorization', 100, '002'), 400, 'INSUFFICIENT_FUNDS');
    expectError(await run('financial_authorization', 100, '003'), 400, 'CARD_PAUSED');
    expectError(await run('financial_authorization', start.balance + 1), 400, 'INSUFFICIENT_FUNDS');
    await w.api.patch(`/cards/${enc(card.id)}`, { maxSpendPerTransaction: 500 });
    expectError(await run('financial_authorization', 501), 400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED');
    expectInvalidField(await simulate(w, card.id, 'financial_authorization', { amount: 0, currency: { code: 'USD' }, merchant: merchant() }), 'amount');
    expectInvalidField(await simulate(w, card.id, 'financial_authorization', { amount: 10, currency: { code: 'EUR' }, merchant: merchant() }), 'currency.code');
    expectError(await simulate(w, 'Card:nope', 'financial_authorization', { amount: 10, currency: { code: 'USD' }, merchant: merchant() }), 404, 'REFERENCE_NOT_FOUND');
    expect((await w.api.get(`/transactions?type=CARD&customerId=${enc(w.seed.alice.id)}`)).body.data).toEqual([]);
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
  });
});

describe('financial credit authorization (single message)', () => {
  it('202 with a CREDIT SETTLED at once, paid into the funding account from the card network', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await run('financial_credit_authorization', 4_000);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ direction: 'CREDIT', status: 'SETTLED', settledAmount: { amount: 4_000 }, settlementSummary: { count: 1, totalAmount: 4_000 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance + 4_000, totalBalance: start.totalBalance + 4_000 });
    expect(await postings(r.body.id)).toEqual([['CARD_CREDIT', 'edge:card-network:USD', 'AVAILABLE', -4_000], ['CARD_CREDIT', w.seed.aliceUsd, 'AVAILABLE', 4_000]]);
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.SETTLED']);
    expectError(await clearing(w, card.id, r.body.id, 10), 400, 'CARD_TRANSACTION_NOT_CLEARABLE');
    await expectBooksBalanced(w);
  });
});

describe('credit authorization advice', () => {
  it('is recorded even on a FROZEN card and whatever the suffix; a CLOSED card refuses it; its clearing pays it in', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'FROZEN' });
    const r = await run('credit_authorization_advice', 2_500, '003');
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ direction: 'CREDIT', status: 'AUTHORIZED', authorizedAmount: { amount: 2_500 } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    const events = (await reconciliation(w, r.body.id)).events as { kind: string }[];
    expect(events.map((e) => e.kind)).toEqual(['AUTHORIZATION', 'AUTHORIZATION_ADVICE']);
    await clearing(w, card.id, r.body.id, 2_500);
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance + 2_500, totalBalance: start.totalBalance + 2_500 });
    expect(await eventTypes(w, r.body.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);

    await w.api.patch(`/cards/${enc(card.id)}`, { state: 'CLOSED' });
    expectError(await run('credit_authorization_advice', 100), 400, 'CARD_NOT_ACTIVE');
    const processing = await issueCard(w, { platformCardId: 'card-advice-001' });
    expectError(await run('credit_authorization_advice', 100, '000', processing.id), 400, 'CARD_NOT_ACTIVE');
    await expectBooksBalanced(w);
  });
});

describe('webhooks', () => {
  it('each new message reaches the platform as a signed CARD_TRANSACTION.* webhook carrying the card transaction', async () => {
    const rx = await startReceiver();
    try {
      rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
      expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
      const made = [
        (await run('credit_authorization', 100)).body, (await run('financial_authorization', 200)).body,
        (await run('financial_credit_authorization', 300)).body, (await run('credit_authorization_advice', 400)).body,
      ];
      for (const tx of made) {
        const hook = await until(() => rx.received.find((r) => r.envelope.data?.id === tx.id), `the webhook of ${tx.id}`);
        expect(hook.verified).toBe(true);
        expect(hook.envelope.type).toBe(`CARD_TRANSACTION.${tx.status}`);
        expect(hook.envelope.data).toMatchObject({ id: tx.id, type: 'CARD', direction: tx.direction, status: tx.status, authorizedAmount: { amount: tx.authorizedAmount.amount } });
      }
    } finally {
      await rx.close();
    }
  });
});
