// Sandbox payments: POST /sandbox/send (pays a REALTIME_FUNDING quote) and POST /sandbox/uma/receive
// (an incoming UMA payment to one of the platform's customers).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, createQuote, expectBooksBalanced, getQuote, getTx, invoke, openWorld, type World } from '../support/money-path';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const realtimeQuote = (currency = 'USD', destination?: string) => createQuote(w, {
  source: { sourceType: 'REALTIME_FUNDING', currency, customerId: w.seed.alice.id },
  destination: { destinationType: 'ACCOUNT', accountId: destination ?? w.seed.luciaClabe['12000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 250_00,
});

describe('POST /sandbox/send', () => {
  it('pays a REALTIME_FUNDING quote: PROCESSING at once, COMPLETED 5 s later, books balanced', async () => {
    const q = await realtimeQuote();
    const r = await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: q.transactionId, type: 'OUTGOING', status: 'PROCESSING', quoteId: q.id });
    expect((await getQuote(w, q.id)).status).toBe('PROCESSING');
    await expectBooksBalanced(w);
    await advance(w, 5);
    expect((await getQuote(w, q.id)).status).toBe('COMPLETED');
    expect((await getTx(w, q.transactionId)).status).toBe('COMPLETED');
    const history = (await invoke(w, 'transactions/detail', { id: q.transactionId })).history.map((h: { status: string; cause: string }) => `${h.status}:${h.cause}`);
    expect(history).toEqual(['PENDING:QUOTE_CREATED', 'PROCESSING:REALTIME_FUNDS_RECEIVED', 'COMPLETED:SANDBOX_DELIVERED']);
    await expectBooksBalanced(w);
  });

  it('accepts the exact quoted amount and refuses a different one with 400, leaving the quote PENDING', async () => {
    const q = await realtimeQuote();
    const wrong = await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD', currencyAmount: q.totalSendingAmount - 1 });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.code).toEqual(expect.any(String));
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    const right = await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD', currencyAmount: q.totalSendingAmount });
    expect(right.status, right.text).toBe(200);
  });

  it('a payment in another currency is 400 naming currencyCode, leaving the quote PENDING', async () => {
    const q = await realtimeQuote();
    expectInvalidField(await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'EUR' }), 'currencyCode');
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    expect((await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'usd' })).status).toBe(200);
  });

  it('an expired quote is 409 and the quote is EXPIRED', async () => {
    const q = await realtimeQuote('BRL');
    await advance(w, (Date.parse(q.expiresAt) - Date.parse(q.createdAt)) / 1000 + 1);
    expectError(await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'BRL' }), 409, 'CONFLICT');
    expect((await getQuote(w, q.id)).status).toBe('EXPIRED');
    expect((await getTx(w, q.transactionId)).failureReason).toBe('QUOTE_EXPIRED');
  });

  it('paying twice is 409', async () => {
    const q = await realtimeQuote();
    expect((await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD' })).status).toBe(200);
    expectError(await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD' }), 409, 'CONFLICT');
  });

  it('an internal-account quote is not paid this way (400), and an unknown quote is 404 QUOTE_NOT_FOUND', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect((await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD' })).status).toBe(400);
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    expectError(await w.api.post('/sandbox/send', { quoteId: 'Quote:019b76da-a800-7000-8000-000000000000', currencyCode: 'USD' }), 404, 'QUOTE_NOT_FOUND');
  });

  it('a rejecting destination (004) fails the paid quote and refunds the funding instrument, books balanced', async () => {
    const q = await realtimeQuote('USD', w.seed.sophieIban['0004']);
    expect((await w.api.post('/sandbox/send', { quoteId: q.id, currencyCode: 'USD' })).status).toBe(200);
    await advance(w, 15);
    expect(await getTx(w, q.transactionId)).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: { status: 'COMPLETED' } });
    expect((await getQuote(w, q.id)).status).toBe('FAILED');
    await expectBooksBalanced(w);
  });
});

describe('POST /sandbox/uma/receive', () => {
  const receive = (receiverUmaAddress: string, receivingCurrencyCode: string, receivingCurrencyAmount: number) =>
    w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receiverUmaAddress, receivingCurrencyCode, receivingCurrencyAmount });

  it("creates an INCOMING PENDING transaction that completes after 5 s and credits the receiver's internal account", async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const r = await receive(w.seed.alice.umaAddress, 'USD', 700);
    expect(r.status, r.text).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(300);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^Transaction:/), type: 'INCOMING', status: 'PENDING', direction: 'CREDIT', customerId: w.seed.alice.id, platformCustomerId: 'cust-alice-001',
      receivedAmount: { amount: 700, currency: { code: 'USD' } }, source: { umaAddress: '$bob@sandbox.uma.example' }, destination: { accountId: w.seed.aliceUsd },
    });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance, totalBalance: before.totalBalance + 700 });
    await advance(w, 4);
    expect((await getTx(w, r.body.id)).status).toBe('PENDING');
    await advance(w, 1);
    expect(await getTx(w, r.body.id)).toMatchObject({ status: 'COMPLETED', settledAt: expect.any(String) });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance + 700, totalBalance: before.totalBalance + 700 });
    await expectBooksBalanced(w);
  });

  it('a currency the customer has no account in gets an account provisioned and credited', async () => {
    const r = await receive(w.seed.lucia.umaAddress, 'EUR', 1_234);
    expect(r.status, r.text).toBeLessThan(300);
    const eurAccount = r.body.destination.accountId as string;
    await advance(w, 5);
    expect(await balances(w, eurAccount)).toEqual({ balance: 1_234, totalBalance: 1_234 });
    await expectBooksBalanced(w);
  });

  it('an unknown receiver is 404 UMA_NOT_FOUND and nothing is created', async () => {
    expectError(await receive('$nobody@demo-platform.localhost', 'USD', 700), 404, 'UMA_NOT_FOUND');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('a malformed sender, an unknown currency or a non-positive amount is 400', async () => {
    expectInvalidField(await w.api.post('/sandbox/uma/receive', { senderUmaAddress: 'bob', receiverUmaAddress: w.seed.alice.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1 }), 'senderUmaAddress');
    expectInvalidField(await receive(w.seed.alice.umaAddress, 'XYZ', 700), 'receivingCurrencyCode');
    expectInvalidField(await receive(w.seed.alice.umaAddress, 'USD', 0), 'receivingCurrencyAmount');
  });
});

// Clients generated from the upstream OpenAPI document may name the receiver by customerId instead of
// receiverUmaAddress (upstream accepts either); the customer's UMA address is then implied.
describe('upstream client: POST /sandbox/uma/receive with customerId', () => {
  const receiveFor = (fields: Record<string, unknown>) =>
    w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700, ...fields });
  const txCount = async () => (await w.api.get('/transactions?limit=1')).body.totalCount as number;

  it("upstream client: customerId alone names the receiver; the payment lands on that customer's account and completes", async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const r = await receiveFor({ customerId: w.seed.alice.id });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      type: 'INCOMING', status: 'PENDING', customerId: w.seed.alice.id, platformCustomerId: 'cust-alice-001',
      receivedAmount: { amount: 700, currency: { code: 'USD' } }, destination: { accountId: w.seed.aliceUsd },
    });
    // The implied UMA address is the receiver the transaction is found by.
    expect((await w.api.get(`/transactions?receiverAccountIdentifier=${encodeURIComponent(w.seed.alice.umaAddress)}`)).body.data.map((t: { id: string }) => t.id)).toEqual([r.body.id]);
    await advance(w, 5);
    expect((await getTx(w, r.body.id)).status).toBe('COMPLETED');
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance + 700);
    await expectBooksBalanced(w);
  });

  it('upstream client: customerId with the same receiverUmaAddress (in any letter case) is accepted', async () => {
    const r = await receiveFor({ customerId: w.seed.alice.id, receiverUmaAddress: w.seed.alice.umaAddress.toUpperCase() });
    expect(r.status, r.text).toBe(200);
    expect(r.body.customerId).toBe(w.seed.alice.id);
  });

  it("upstream client: customerId and receiverUmaAddress that disagree are 400 naming receiverUmaAddress, and nothing is created", async () => {
    const r = await receiveFor({ customerId: w.seed.alice.id, receiverUmaAddress: w.seed.lucia.umaAddress });
    expectInvalidField(r, 'receiverUmaAddress');
    expect(r.body.details.errors.map((e: { field: string }) => e.field)).toContain('customerId');
    expect(await txCount()).toBe(0);
  });

  it('upstream client: neither receiverUmaAddress nor customerId is 400 naming receiverUmaAddress', async () => {
    expectInvalidField(await receiveFor({}), 'receiverUmaAddress');
  });

  it('upstream client: an unknown customerId is 404 USER_NOT_FOUND and a deleted customer 410 CUSTOMER_DELETED; nothing is created', async () => {
    expectError(await receiveFor({ customerId: 'Customer:019b76da-a800-7000-8000-000000000000' }), 404, 'USER_NOT_FOUND');
    const created = await w.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'cust-gone-009', fullName: 'Gone Away' });
    expect(created.status, created.text).toBe(201);
    expect((await w.api.delete(`/customers/${encodeURIComponent(created.body.id)}`)).status).toBe(200);
    expectError(await receiveFor({ customerId: created.body.id }), 410, 'CUSTOMER_DELETED');
    expectError(await receiveFor({ receiverUmaAddress: created.body.umaAddress }), 404, 'UMA_NOT_FOUND');
    expect(await txCount()).toBe(0);
  });
});
