// Incoming-payment approval: with a webhook endpoint set, an incoming payment waits for the
// platform's answer to INCOMING_PAYMENT.PENDING (200 approve, 202 decide later, 403 reject, 422 needs
// fields, no answer fails), and that webhook is never retried.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, getTx, invoke, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Answer, type Receiver } from '../support/webhook-receiver';

let w: World;
let rx: Receiver;
beforeEach(async () => {
  w = await openWorld();
  rx = await startReceiver();
  rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
  expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
});
afterEach(async () => {
  await rx.close();
  await w.close();
});

const pendingHooks = () => rx.received.filter((r) => r.envelope.type === 'INCOMING_PAYMENT.PENDING');

async function receiveWith(answer: Answer): Promise<string> {
  rx.answer = (r) => (r.envelope.type === 'INCOMING_PAYMENT.PENDING' ? answer : { status: 200 });
  const r = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', customerId: w.seed.alice.id, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 12_34 });
  expect(r.status, r.text).toBe(200);
  expect(r.body.status).toBe('PENDING');
  const hook = await until(() => pendingHooks().find((h) => h.envelope.data?.id === r.body.id), 'the approval webhook');
  expect(hook.verified).toBe(true);
  return r.body.id as string;
}

const approvalOf = async (txId: string) => {
  const list = await invoke(w, 'webhooks/list', { type: 'INCOMING_PAYMENT.PENDING', resourceId: txId });
  return (await invoke(w, 'webhooks/get', { id: list.data[0]!.id })).approval;
};

describe('incoming-payment approval replies', () => {
  it('200 approves: the payment completes as usual', async () => {
    const id = await receiveWith({ status: 200, body: { receiverCustomerInfo: { FULL_NAME: 'Alice Johnson' } } });
    await until(async () => (await approvalOf(id))?.status === 'APPROVED', 'approved');
    await advance(w, 5);
    expect((await getTx(w, id)).status).toBe('COMPLETED');
    expect((await approvalOf(id))!.detail.receiverCustomerInfo).toEqual({ FULL_NAME: 'Alice Johnson' });
  });

  it('202 waits for a later decision: POST /transactions/{id}/reject fails it; the console approves another', async () => {
    const id = await receiveWith({ status: 202 });
    await until(async () => (await approvalOf(id))?.status === 'DEFERRED', 'deferred');
    await advance(w, 600);
    expect((await getTx(w, id)).status).toBe('PENDING');
    const r = await w.api.post(`/transactions/${enc(id)}/reject`, { reason: 'sender not on our allow list' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED' });
    const again = await w.api.post(`/transactions/${enc(id)}/reject`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');

    const other = await receiveWith({ status: 202 });
    await until(async () => (await approvalOf(other))?.status === 'DEFERRED', 'deferred');
    await invoke(w, 'webhooks/approve', { transactionId: other });
    await advance(w, 5);
    expect((await getTx(w, other)).status).toBe('COMPLETED');

    const third = await receiveWith({ status: 202 });
    await until(async () => (await approvalOf(third))?.status === 'DEFERRED', 'deferred');
    const approved = await w.api.post(`/transactions/${enc(third)}/approve`);
    expect(approved.status, approved.text).toBe(200);
    await advance(w, 5);
    expect((await getTx(w, third)).status).toBe('COMPLETED');
  });

  it('a deferred payment nobody decides fails PAYMENT_APPROVAL_TIMED_OUT after 24 hours', async () => {
    const id = await receiveWith({ status: 202 });
    await until(async () => (await approvalOf(id))?.status === 'DEFERRED', 'deferred');
    await advance(w, 24 * 3600 - 1);
    expect((await getTx(w, id)).status).toBe('PENDING');
    await advance(w, 1);
    expect(await getTx(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' });
    expect((await w.api.post(`/transactions/${enc(id)}/reject`)).status).toBe(409);
  });

  it('403 rejects and 422 asks for fields: both fail the payment with the reason', async () => {
    const rejected = await receiveWith({ status: 403, body: { code: 'BLOCKED', message: 'no', reason: 'sanctions hit' } });
    await until(async () => (await getTx(w, rejected)).status === 'FAILED', 'failed');
    expect((await getTx(w, rejected)).failureReason).toBe('COMPLIANCE_REJECTED');
    expect((await approvalOf(rejected))!.detail).toMatchObject({ answer: 403, reason: 'sanctions hit' });

    const needsFields = await receiveWith({ status: 422, body: { requiredFields: ['BIRTH_DATE'] } });
    await until(async () => (await getTx(w, needsFields)).status === 'FAILED', 'failed');
    expect((await getTx(w, needsFields)).failureReason).toBe('MISSING_MANDATORY_PAYEE_DATA');
    expect((await approvalOf(needsFields))!.detail.requiredFields).toEqual(['BIRTH_DATE']);
  });

  it('an error answer fails the payment and the approval webhook is not retried', async () => {
    const id = await receiveWith({ status: 500 });
    await until(async () => (await getTx(w, id)).status === 'FAILED', 'failed');
    expect((await getTx(w, id)).failureReason).toBe('PAYMENT_APPROVAL_WEBHOOK_ERROR');
    await advance(w, 3600);
    expect(pendingHooks()).toHaveLength(1);
  });

  it('without an endpoint incoming payments do not wait', async () => {
    expect((await w.api.patch('/config', { webhookEndpoint: null })).status).toBe(200);
    const r = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', customerId: w.seed.alice.id, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_00 });
    await advance(w, 5);
    expect((await getTx(w, r.body.id)).status).toBe('COMPLETED');
  });
});
