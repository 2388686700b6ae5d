// The effect of SCA on money, as the contract puts it: a quote that needs SCA and its transaction wait
// in PENDING_AUTHORIZATION (announced by OUTGOING_PAYMENT.PENDING_AUTHORIZATION) and no money moves until
// the quote is authorized and executed. Transfers and agents' quotes never wait: the contract gives them
// no waiting answer (201 only) and no authorize route, which the last two cases pin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, enc, execute, expectBooksBalanced, externalAccount, getTx, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { UpstreamContract } from '../contract/upstream';
import { connectedAgent } from './agents-world';
import { enrolTotp, expectOk, SANDBOX_CODE } from './sca-helpers';

const upstream = new UpstreamContract();
let w: World;
beforeEach(async () => {
  w = await openWorld();
  await enrolTotp(w, w.seed.alice.id);
});
afterEach(async () => {
  await w.close();
});

const authorize = (quoteId: string) => w.api.post(`/quotes/${enc(quoteId)}/authorize`, { code: SANDBOX_CODE });
/** Alice (USD, with an SCA factor) pays Lucía's MXN account. */
const aliceQuote = (extra: Record<string, unknown> = {}) => w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00, extra));
const hookOf = (rx: Receiver, type: string, id: string) => until(() => rx.received.find((r) => r.envelope.type === type && r.envelope.data?.id === id), `${type} of ${id}`);

describe('a payment that needs SCA', () => {
  it('waits in PENDING_AUTHORIZATION with its quote (webhook and list say so), becomes PENDING when authorized, and moves money only when executed', async () => {
    const rx = await startReceiver();
    try {
      expectOk(await w.api.patch('/config', { webhookEndpoint: rx.url }), 200);
      const before = await balances(w, w.seed.aliceUsd);
      const q = expectOk(await aliceQuote(), 202).body;
      const waiting = await getTx(w, q.transactionId);
      expect(waiting).toMatchObject({ type: 'OUTGOING', status: 'PENDING_AUTHORIZATION', quoteId: q.id });
      expect(upstream.errors('getTransactionById', 200, waiting)).toEqual([]);
      const listed = expectOk(await w.api.get('/transactions?status=PENDING_AUTHORIZATION'), 200).body;
      expect(listed.data.map((t: { id: string }) => t.id)).toEqual([q.transactionId]);
      expect((await hookOf(rx, 'OUTGOING_PAYMENT.PENDING_AUTHORIZATION', q.transactionId)).envelope.data!.status).toBe('PENDING_AUTHORIZATION');
      expect(await balances(w, w.seed.aliceUsd)).toEqual(before);

      expect(expectOk(await authorize(q.id), 200).body.status).toBe('PENDING');
      expect((await getTx(w, q.transactionId)).status).toBe('PENDING');
      expect((await hookOf(rx, 'OUTGOING_PAYMENT.PENDING', q.transactionId)).envelope.data!.status).toBe('PENDING');
      expect(await balances(w, w.seed.aliceUsd)).toEqual(before); // an authorization alone moves nothing

      expectOk(await execute(w, q.id), 200);
      expect((await getTx(w, q.transactionId)).status).toBe('PROCESSING');
      expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - q.totalSendingAmount);
      await expectBooksBalanced(w);
    } finally {
      await rx.close();
    }
  });

  it('with immediatelyExecute nothing is debited while it waits; authorizing it debits and pays out at once', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const q = expectOk(await aliceQuote({ immediatelyExecute: true }), 202).body;
    expect((await getTx(w, q.transactionId)).status).toBe('PENDING_AUTHORIZATION');
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    expect(expectOk(await authorize(q.id), 200).body.status).toBe('PROCESSING');
    expect((await getTx(w, q.transactionId)).status).toBe('PROCESSING');
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - q.totalSendingAmount);
    await expectBooksBalanced(w);
  });
});

describe('what does not wait for SCA (the contract gives it no waiting answer)', () => {
  it('a transfer-out and a transfer-in of a customer with an SCA factor are 201 and move money at once', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const out = expectOk(await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 12_345 }), 201);
    expect(out.body.status).toBe('PENDING');
    expect(upstream.errors('createTransferOut', 201, out.body)).toEqual([]);
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - 12_345);
    const inn = expectOk(await w.api.post('/transfer-in', { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd }, amount: 777 }), 201);
    expect(inn.body.status).toBe('PENDING');
    await advance(w, 5);
    expect((await getTx(w, out.body.id)).status).toBe('COMPLETED');
    expect((await getTx(w, inn.body.id)).status).toBe('COMPLETED');
    await expectBooksBalanced(w);
  });

  it("an agent's quote for a customer with an SCA factor is 201 PENDING without a challenge, and its execution pays at once", async () => {
    const agent = await connectedAgent(w);
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const before = await balances(w, w.seed.aliceUsd);
    const q = expectOk(await agent.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 2_500)), 201).body;
    expect(q.status).toBe('PENDING');
    expect(q.scaChallenge).toBeUndefined();
    expect(upstream.errors('agentCreateQuote', 201, q)).toEqual([]);
    expect((await getTx(w, q.transactionId)).status).toBe('PENDING');
    expectOk(await agent.api.post(`/agents/me/quotes/${enc(q.id)}/execute`), 200);
    expect((await getTx(w, q.transactionId)).status).toBe('PROCESSING');
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - q.totalSendingAmount);
  });
});
