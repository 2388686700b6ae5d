// Same-currency transfers: POST /transfer-out and POST /transfer-in with the sandbox's suffix outcomes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, expectBooksBalanced, externalAccount, getTx, identifierOf, invoke, openWorld, type World } from '../support/money-path';
import { connectedAgent, openPolicy } from './agents-world';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const out = (source: string, destination: string, amount: number, headers: Record<string, string> = {}) =>
  w.api.post('/transfer-out', { source: { accountId: source }, destination: { accountId: destination }, amount }, { headers });
const inn = (source: string, destination: string, amount: number) =>
  w.api.post('/transfer-in', { source: { accountId: source }, destination: { accountId: destination }, amount });
const ledgerLines = async (txId: string) => ((await invoke(w, 'transactions/detail', { id: txId })).ledger as unknown[]).length;

describe('POST /transfer-out', () => {
  it('success: 201 PENDING OUTGOING DEBIT, the amount held at once, COMPLETED after 5 s with the balance lowered', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await out(w.seed.aliceUsd, w.seed.aliceExt['000'], 12_345);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^Transaction:/), type: 'OUTGOING', status: 'PENDING', direction: 'DEBIT', customerId: w.seed.alice.id,
      sentAmount: { amount: 12_345, currency: { code: 'USD' } }, receivedAmount: { amount: 12_345, currency: { code: 'USD' } },
      source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] },
    });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 12_345, totalBalance: start.totalBalance });
    await advance(w, 4);
    expect((await getTx(w, r.body.id)).status).toBe('PENDING');
    await advance(w, 1);
    expect(await getTx(w, r.body.id)).toMatchObject({ status: 'COMPLETED', settledAt: expect.any(String) });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 12_345, totalBalance: start.totalBalance - 12_345 });
    await expectBooksBalanced(w);
  });

  it('suffix 002 (insufficient funds) and 003 (account closed) fail at once and move no money', async () => {
    const closed = await externalAccount(w, w.seed.alice.id, 'USD', '003');
    const start = await balances(w, w.seed.aliceUsd);
    for (const [dst, reason] of [[w.seed.aliceExt['002'], 'INSUFFICIENT_FUNDS'], [closed, 'ACCOUNT_INVALID']] as const) {
      const r = await out(w.seed.aliceUsd, dst, 10_00);
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ status: 'FAILED', failureReason: reason });
      expect(r.body).not.toHaveProperty('refund');
      expect(await ledgerLines(r.body.id)).toBe(0);
    }
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await advance(w, 60);
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('suffix 004: the bank rejects it after 5 s (FAILED ACCOUNT_CANNOT_RECEIVE, as upstream has no outgoing REJECTED) and the amount is refunded', async () => {
    const dst = await externalAccount(w, w.seed.alice.id, 'USD', '004');
    const start = await balances(w, w.seed.aliceUsd);
    const r = await out(w.seed.aliceUsd, dst, 10_00);
    await advance(w, 5);
    expect(await getTx(w, r.body.id)).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: { status: 'PENDING' } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance - 10_00, totalBalance: start.totalBalance });
    await advance(w, 10);
    expect((await getTx(w, r.body.id)).refund).toMatchObject({ status: 'COMPLETED', settledAt: expect.any(String) });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('suffix 005: PENDING after 29 s, FAILED after 31 s, then refunded', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await out(w.seed.aliceUsd, w.seed.aliceExt['005'], 10_00);
    await advance(w, 29);
    expect((await getTx(w, r.body.id)).status).toBe('PENDING');
    await advance(w, 2);
    expect(await getTx(w, r.body.id)).toMatchObject({ status: 'FAILED', failureReason: expect.any(String) });
    await advance(w, 10);
    expect((await getTx(w, r.body.id)).refund).toMatchObject({ status: 'COMPLETED' });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('a cross-currency transfer is 400 pointing to quotes, and nothing is created', async () => {
    expectInvalidField(await out(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 10_00), 'destination.accountId');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('a paymentRail the destination cannot receive on is 400 naming destination.paymentRail, and nothing is created', async () => {
    const before = (await w.api.get('/transactions?limit=1')).body.totalCount;
    const r = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'], paymentRail: 'SPEI' }, amount: 100 });
    expectInvalidField(r, 'destination.paymentRail');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(before);
  });

  it('insufficient funds is 400 INSUFFICIENT_FUNDS and nothing moves', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    expectError(await out(w.seed.aliceUsd, w.seed.aliceExt['000'], start.balance + 1), 400, 'INSUFFICIENT_FUNDS');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('an Idempotency-Key replays the first transfer instead of sending again', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const a = await out(w.seed.aliceUsd, w.seed.aliceExt['000'], 5_00, { 'Idempotency-Key': 'transfer-1' });
    const b = await out(w.seed.aliceUsd, w.seed.aliceExt['000'], 5_00, { 'Idempotency-Key': 'transfer-1' });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(start.balance - 5_00);
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(1);
  });
});

describe('POST /transfer-in', () => {
  it('credits the internal account: totalBalance at once, balance after completion', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const r = await inn(w.seed.aliceExt['000'], w.seed.aliceUsd, 777);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ type: 'INCOMING', status: 'PENDING', receivedAmount: { amount: 777, currency: { code: 'USD' } }, destination: { accountId: w.seed.aliceUsd } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance, totalBalance: start.totalBalance + 777 });
    await advance(w, 5);
    expect((await getTx(w, r.body.id)).status).toBe('COMPLETED');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance + 777, totalBalance: start.totalBalance + 777 });
    await expectBooksBalanced(w);
  });

  it('failures return nothing: 002/003 fail at once, 004 is REJECTED and 005 FAILED later, and no money arrives', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    const sources = { '002': w.seed.aliceExt['002'], '003': await externalAccount(w, w.seed.alice.id, 'USD', '003'), '004': await externalAccount(w, w.seed.alice.id, 'USD', '004'), '005': w.seed.aliceExt['005'] };
    const ids: Record<string, string> = {};
    for (const [suffix, src] of Object.entries(sources)) {
      const r = await inn(src, w.seed.aliceUsd, 1_000);
      expect(r.status, r.text).toBe(201);
      ids[suffix] = r.body.id;
      expect(r.body.status, suffix).toBe(suffix === '002' || suffix === '003' ? 'FAILED' : 'PENDING');
    }
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: start.balance, totalBalance: start.totalBalance + 2_000 });
    await advance(w, 31);
    expect((await getTx(w, ids['004']!)).status).toBe('REJECTED');
    expect((await getTx(w, ids['005']!)).status).toBe('FAILED');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await advance(w, 60);
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
    await expectBooksBalanced(w);
  });

  it('a cross-currency pull is 400 and nothing is created', async () => {
    const r = await inn(w.seed.sophieIban['0000'], w.seed.aliceUsd, 10_00);
    expectInvalidField(r, 'source.accountId');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('records the external account number as sender and the internal account as receiver', async () => {
    const r = await inn(w.seed.aliceExt['000'], w.seed.aliceUsd, 100);
    const number = await identifierOf(w, w.seed.aliceExt['000']);
    const bySender = (await w.api.get(`/transactions?senderAccountIdentifier=${number}`)).body.data.map((t: { id: string }) => t.id);
    const byReceiver = (await w.api.get(`/transactions?receiverAccountIdentifier=${encodeURIComponent(w.seed.aliceUsd)}`)).body.data.map((t: { id: string }) => t.id);
    expect(bySender).toEqual([r.body.id]);
    expect(byReceiver).toEqual([r.body.id]);
  });
});

describe('upstream client: amount is optional, as in the contract', () => {
  it("a transfer-out without amount moves the source account's whole available balance; a second one finds nothing and is refused", async () => {
    const start = await balances(w, w.seed.aliceUsd);
    expect(start.balance).toBeGreaterThan(0);
    const r = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] } });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ status: 'PENDING', sentAmount: { amount: start.balance }, receivedAmount: { amount: start.balance } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: 0, totalBalance: start.totalBalance });
    expectError(await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] } }), 400, 'INSUFFICIENT_FUNDS');
    await advance(w, 5);
    expect((await getTx(w, r.body.id)).status).toBe('COMPLETED');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: 0, totalBalance: start.totalBalance - start.balance });
    await expectBooksBalanced(w);
  });

  it('a transfer-in without amount is 400 naming amount (an external bank balance is unknown, so there is no whole balance to pull) and moves nothing', async () => {
    const start = await balances(w, w.seed.aliceUsd);
    expectInvalidField(await w.api.post('/transfer-in', { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd } }), 'amount');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(start);
  });

  it("an agent's transfer-out without amount is judged and executed for the whole available balance, which its action records", async () => {
    const agent = await connectedAgent(w, openPolicy({ spendingLimits: { currency: 'USD', perTransactionLimit: 9_000_000_000_000 } }));
    const start = await balances(w, w.seed.aliceUsd);
    const r = await agent.api.post('/agents/me/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] } });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ status: 'APPROVED', transferDetails: { amount: start.balance }, transaction: { sentAmount: { amount: start.balance } } });
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(0);
    expectInvalidField(await agent.api.post('/agents/me/transfer-in', { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd } }), 'amount');
  });
});
