// POST /quotes/{id}/execute: holds and settlement, expiry, double execution, idempotency, funds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, createQuote, enc, execute, expectBooksBalanced, getQuote, getTx, invoke, openWorld, type World } from '../support/money-path';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const quoteToMxn = (amount = 100_00) => createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', amount));
const counts = () => ({
  quotes: (w.core.services.ctx.db.prepare('SELECT count(*) AS n FROM quotes').get() as { n: number }).n,
  transactions: (w.core.services.ctx.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n,
});
const ledgerOf = async (txId: string) => (await invoke(w, 'transactions/detail', { id: txId })).ledger as unknown[];

describe('execute', () => {
  it('answers 200 PROCESSING; the balance drops by totalSendingAmount while totalBalance keeps it (HELD) until settled', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const q = await quoteToMxn(123_45);
    const r = await execute(w, q.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: q.id, status: 'PROCESSING', transactionId: q.transactionId, totalSendingAmount: 123_45, totalReceivingAmount: q.totalReceivingAmount });
    expect((await getTx(w, q.transactionId)).status).toBe('PROCESSING');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 123_45, totalBalance: before.totalBalance });
    await expectBooksBalanced(w);
    await advance(w, 5);
    expect((await getQuote(w, q.id)).status).toBe('COMPLETED');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 123_45, totalBalance: before.totalBalance - 123_45 });
    await expectBooksBalanced(w);
  });

  it('accepts an empty JSON object as body and refuses unknown body fields', async () => {
    const q = await quoteToMxn();
    const bad = await w.api.post(`/quotes/${enc(q.id)}/execute`, { force: true });
    expectError(bad, 400, 'INVALID_INPUT');
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    const r = await w.api.post(`/quotes/${enc(q.id)}/execute`, {});
    expect(r.status, r.text).toBe(200);
  });

  it('executing twice is 409 and debits once', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const q = await quoteToMxn();
    expect((await execute(w, q.id)).status).toBe(200);
    const again = await execute(w, q.id);
    expectError(again, 409, 'CONFLICT');
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - 100_00);
    await advance(w, 5);
    expectError(await execute(w, q.id), 409, 'CONFLICT'); // COMPLETED is not executable either
  });

  it('an unknown quote is 404 QUOTE_NOT_FOUND', async () => {
    expectError(await execute(w, 'Quote:019b76da-a800-7000-8000-000000000000'), 404, 'QUOTE_NOT_FOUND');
  });
});

describe('expiry', () => {
  it('after expiresAt the quote is EXPIRED, its transaction EXPIRED with failureReason QUOTE_EXPIRED, and execute is 409', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const q = await quoteToMxn();
    const ttl = (Date.parse(q.expiresAt) - Date.parse(q.createdAt)) / 1000;
    expect(ttl).toBeGreaterThan(0);
    await advance(w, ttl - 1);
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    await advance(w, 2);
    expect((await getQuote(w, q.id)).status).toBe('EXPIRED');
    expect(await getTx(w, q.transactionId)).toMatchObject({ status: 'EXPIRED', failureReason: 'QUOTE_EXPIRED' });
    expectError(await execute(w, q.id), 409, 'CONFLICT');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    expect(await ledgerOf(q.transactionId)).toEqual([]);
    await expectBooksBalanced(w);
  });

  it('a quote executed before expiresAt is not expired later', async () => {
    const q = await quoteToMxn();
    const ttl = (Date.parse(q.expiresAt) - Date.parse(q.createdAt)) / 1000;
    await advance(w, ttl - 10);
    expect((await execute(w, q.id)).status).toBe(200);
    await advance(w, 20);
    expect((await getQuote(w, q.id)).status).toBe('COMPLETED');
    expect((await getTx(w, q.transactionId)).status).toBe('COMPLETED');
  });
});

describe('Idempotency-Key', () => {
  it('on POST /quotes replays the same body and creates no second quote or transaction', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00);
    const first = await w.api.post('/quotes', body, { headers: { 'Idempotency-Key': 'quote-key-1' } });
    const n = counts();
    const second = await w.api.post('/quotes', body, { headers: { 'Idempotency-Key': 'quote-key-1' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(counts()).toEqual(n);
    const other = await w.api.post('/quotes', body, { headers: { 'Idempotency-Key': 'quote-key-2' } });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('the same key with a different body is 409 and creates nothing', async () => {
    await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00), { headers: { 'Idempotency-Key': 'quote-key-3' } });
    const n = counts();
    const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_01), { headers: { 'Idempotency-Key': 'quote-key-3' } });
    expectError(r, 409, 'CONFLICT');
    expect(counts()).toEqual(n);
  });

  it('on execute replays the 200 body and debits once', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const q = await quoteToMxn();
    const first = await execute(w, q.id, { 'Idempotency-Key': 'exec-key-1' });
    const second = await execute(w, q.id, { 'Idempotency-Key': 'exec-key-1' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - 100_00);
    expect(await ledgerOf(q.transactionId)).toHaveLength(2); // one hold journal of two lines
  });
});

describe('insufficient funds', () => {
  it('execute is 400 INSUFFICIENT_FUNDS and nothing is held; the quote stays executable', async () => {
    const before = await balances(w, w.seed.luciaUsd);
    const q = await createQuote(w, accountQuote(w.seed.luciaUsd, w.seed.luciaClabe['12000'], 'SENDING', before.balance + 1));
    const r = await execute(w, q.id);
    expectError(r, 400, 'INSUFFICIENT_FUNDS');
    expect(await balances(w, w.seed.luciaUsd)).toEqual(before);
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    expect((await getTx(w, q.transactionId)).status).toBe('PENDING');
    expect(await ledgerOf(q.transactionId)).toEqual([]);
    // Funding the gap makes the same quote executable.
    expect((await w.api.post(`/sandbox/internal-accounts/${enc(w.seed.luciaUsd)}/fund`, { amount: 1 })).status).toBe(200);
    expect((await execute(w, q.id)).status).toBe(200);
    expect(await balances(w, w.seed.luciaUsd)).toEqual({ balance: 0, totalBalance: before.totalBalance + 1 });
    await expectBooksBalanced(w);
  });

  it('held funds are not spendable twice: a second quote over the remaining balance is refused', async () => {
    const { balance } = await balances(w, w.seed.luciaUsd);
    const a = await createQuote(w, accountQuote(w.seed.luciaUsd, w.seed.luciaClabe['12000'], 'SENDING', balance - 100));
    const b = await createQuote(w, accountQuote(w.seed.luciaUsd, w.seed.luciaClabe['12000'], 'SENDING', 1_000));
    expect((await execute(w, a.id)).status).toBe(200);
    expectError(await execute(w, b.id), 400, 'INSUFFICIENT_FUNDS');
    expect(await balances(w, w.seed.luciaUsd)).toEqual({ balance: 100, totalBalance: balance });
  });
});
