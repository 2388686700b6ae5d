// Webhook delivery to a real receiver on 127.0.0.1: envelopes signed with the workspace's P-256 key
// (verified by Node's own crypto against the key GET /config publishes), the retry schedule on the
// test clock, no retry after 409 or for TEST, replay with the same envelope id, a hanging receiver.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPublicKey } from 'node:crypto';
import { advance, enc, invoke, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { FROZEN_MS } from '../support/api-client';

let w: World;
let rx: Receiver;
beforeEach(async () => {
  w = await openWorld();
  rx = await startReceiver();
  rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
});
afterEach(async () => {
  await rx.close();
  await w.close();
});

const setEndpoint = async (url: string) => {
  const r = await w.api.patch('/config', { webhookEndpoint: url });
  expect(r.status, r.text).toBe(200);
  return r;
};
const deliveryOf = (envelopeId: string) => invoke(w, 'webhooks/get', { id: envelopeId });
const fund = (amount = 1_00) => w.api.post(`/sandbox/internal-accounts/${enc(w.seed.aliceUsd)}/fund`, { amount });
const received = (type: string) => rx.received.filter((r) => r.envelope.type === type);

describe('webhook signing and the public key', () => {
  it('GET /config publishes the P-256 public key as SPKI PEM', async () => {
    const pem = (await w.api.get('/config')).body.webhookPublicKey as string;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(pem);
    expect(key.asymmetricKeyType).toBe('ec');
    expect(key.asymmetricKeyDetails).toMatchObject({ namedCurve: 'prime256v1' });
  });

  it('setting the endpoint sends a signed TEST webhook with the envelope and no data', async () => {
    await setEndpoint(rx.url);
    const [test] = await until(() => received('TEST').length === 1 && received('TEST'), 'the TEST webhook');
    expect(test!.verified).toBe(true);
    expect(test!.headers['x-svc-signature']).toMatch(/^\{"v":"1","s":"[A-Za-z0-9+/=]+"\}$/);
    expect(test!.envelope).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'TEST', timestamp: new Date(FROZEN_MS).toISOString() });
    const { delivery } = await until(async () => { const d = await deliveryOf(test!.envelope.id); return d.delivery.status === 'SUCCEEDED' && d; }, 'TEST delivered');
    expect(delivery).toMatchObject({ type: 'TEST', origin: 'TEST', attemptCount: 1, nextAttemptAt: null });
  });

  it('a committed change becomes a webhook carrying the resource; the tampered body fails verification', async () => {
    await setEndpoint(rx.url);
    expect((await fund(2_500)).status).toBe(200);
    const [hook] = await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length && received('INTERNAL_ACCOUNT.BALANCE_UPDATED'), 'balance webhook');
    expect(hook!.verified).toBe(true);
    expect(hook!.envelope.data).toMatchObject({ id: w.seed.aliceUsd, balance: { currency: { code: 'USD' } } });
    const sig = String(hook!.headers['x-svc-signature']);
    const { verifySignature } = await import('../support/webhook-receiver');
    const pem = (await w.api.get('/config')).body.webhookPublicKey;
    expect(verifySignature(hook!.raw, sig, pem)).toBe(true);
    expect(verifySignature(hook!.raw.replace('2500', '2501'), sig, pem)).toBe(false);
  });

  it('a receiver that rejects the signature (401 INVALID_SIGNATURE) is a failed attempt with its answer stored', async () => {
    rx.setPublicKey(createPublicKey({ key: (await import('node:crypto')).generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }) }).export({ type: 'spki', format: 'pem' }).toString());
    await setEndpoint(rx.url);
    const [test] = await until(() => received('TEST').length && received('TEST'), 'TEST');
    const d = await until(async () => { const x = await deliveryOf(test!.envelope.id); return x.delivery.status === 'FAILED' && x; }, 'FAILED');
    expect(d.attempts[0]).toMatchObject({ outcome: 'FAILED', responseStatus: 401, responseBody: expect.stringContaining('INVALID_SIGNATURE') });
  });
});

describe('the endpoint setting', () => {
  it('accepts any endpoint but delivers only to loopback hosts unless the workspace allows the host', async () => {
    expect((await w.api.patch('/config', { webhookEndpoint: 'https://hooks.example.com/payments' })).status).toBe(200);
    const page = await until(async () => { const p = await invoke(w, 'webhooks/list', { type: 'TEST', status: 'FAILED' }); return p.totalCount === 1 && p; }, 'the refused TEST');
    const d = await deliveryOf(page.data[0]!.id);
    expect(d.attempts[0]).toMatchObject({ outcome: 'FAILED', responseStatus: null, error: expect.stringContaining('not allowed') });
    expect((await invoke(w, 'webhooks/overview')).endpointAllowed).toBe(false);
    await invoke(w, 'webhooks/settings', { allowedHosts: ['hooks.example.com'] });
    expect((await invoke(w, 'webhooks/overview')).endpointAllowed).toBe(true);
  });

  it('changes made while no endpoint is set are never sent once one is set, and the workspace remembers that after a restart', async () => {
    for (const amount of [1_01, 1_02, 1_03]) expect((await fund(amount)).status).toBe(200);
    await w.core.services.webhooks.deliveries.idle();
    await setEndpoint(rx.url);
    expect((await fund(1_04)).status).toBe(200);
    await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length >= 1, 'the balance webhook');
    await w.core.services.webhooks.deliveries.idle();
    expect(received('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(1);
    expect((await invoke(w, 'webhooks/list', { type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED' })).totalCount).toBe(1);

    // The cursor's jump past the unheard changes is written when the sender closes (the workspace closing),
    // so a reopened workspace does not send them either.
    expect((await w.api.patch('/config', { webhookEndpoint: null })).status).toBe(200);
    for (const amount of [1_05, 1_06]) expect((await fund(amount)).status).toBe(200);
    await w.core.services.webhooks.deliveries.idle();
    const db = w.core.services.ctx.db;
    const lastBalanceSeq = (db.prepare("SELECT max(seq) AS n FROM events WHERE type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED'").get() as { n: number }).n;
    const stored = () => Number((db.prepare("SELECT value FROM webhook_settings WHERE key = 'eventCursor'").get() as { value: string }).value);
    expect(stored()).toBeLessThan(lastBalanceSeq);
    w.core.services.webhooks.deliveries.close();
    expect(stored()).toBeGreaterThanOrEqual(lastBalanceSeq);
  });

  it('POST /sandbox/webhooks/test reports the answer, 400 without an endpoint or when nothing answers', async () => {
    expect((await w.api.post('/sandbox/webhooks/test')).body.code).toBe('WEBHOOK_ENDPOINT_NOT_SET');
    await setEndpoint(rx.url);
    rx.answer = () => ({ status: 200, body: { ok: true } });
    const r = await w.api.post('/sandbox/webhooks/test');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ url: rx.url, response_status: 200, response_body: '{"ok":true}' });
    await setEndpoint('http://127.0.0.1:9/nothing-listens-here');
    const down = await w.api.post('/sandbox/webhooks/test');
    expect(down.status).toBe(400);
    expect(down.body.code).toBe('WEBHOOK_DELIVERY_ERROR');
  });
});

describe('retries on the workspace clock', () => {
  it('a failing receiver is retried after 30 s, 1 min, 2 min…, each attempt stored; success stops the retries', async () => {
    await setEndpoint(rx.url);
    await until(() => received('TEST').length, 'TEST');
    rx.answer = () => ({ status: 503, body: { error: 'down' } });
    await fund();
    const [first] = await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length && received('INTERNAL_ACCOUNT.BALANCE_UPDATED'), 'first attempt');
    const id = first!.envelope.id;
    const status = (s: string) => until(async () => { const d = await deliveryOf(id); return d.delivery.status === s && d; }, s);
    let d = await status('RETRYING');
    const t0 = Date.parse(d.attempts[0]!.startedAt);
    expect(d.delivery.nextAttemptAt).toBe(new Date(t0 + 30_000).toISOString());
    expect(d.attempts[0]).toMatchObject({ number: 1, outcome: 'FAILED', responseStatus: 503, responseBody: '{"error":"down"}', responseHeaders: expect.objectContaining({ 'x-receiver': 'test' }) });
    await advance(w, 29);
    expect(received('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(1);
    await advance(w, 1);
    await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length === 2, 'attempt 2');
    d = await until(async () => { const x = await deliveryOf(id); return x.attempts[1]?.outcome === 'FAILED' && x; }, 'attempt 2 answered');
    expect(Date.parse(d.attempts[1]!.startedAt)).toBe(t0 + 30_000);
    expect(d.delivery.nextAttemptAt).toBe(new Date(t0 + 90_000).toISOString());
    rx.answer = () => ({ status: 200 });
    await advance(w, 60);
    d = await status('SUCCEEDED');
    expect(d.attempts.map((a: { startedAt: string }) => Date.parse(a.startedAt) - t0)).toEqual([0, 30_000, 90_000]);
    expect(d.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
    expect(new Set(received('INTERNAL_ACCOUNT.BALANCE_UPDATED').map((r) => r.envelope.id))).toEqual(new Set([id]));
    await advance(w, 3600);
    expect(received('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(3);
  });

  it('the delays grow to 30 minutes and stop 7 days after the event', async () => {
    const { retryDelaySeconds, nextAttemptAt } = await import('../../core/webhooks/backoff');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
    const giveUp = 7 * 86_400_000;
    expect(nextAttemptAt(300, giveUp - 1_000_000, giveUp)).toBeUndefined();
    expect(nextAttemptAt(300, giveUp - 1_800_000, giveUp)).toBe(giveUp);
  });

  it('a 409 (the receiver already has this id) is not retried', async () => {
    await setEndpoint(rx.url);
    await until(() => received('TEST').length, 'TEST');
    rx.answer = () => ({ status: 409 });
    await fund();
    const [hook] = await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length && received('INTERNAL_ACCOUNT.BALANCE_UPDATED'), 'attempt');
    const d = await until(async () => { const x = await deliveryOf(hook!.envelope.id); return x.delivery.status === 'FAILED' && x; }, 'FAILED');
    expect(d.delivery.nextAttemptAt).toBeNull();
    await advance(w, 7200);
    expect(received('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(1);
  });

  it('TEST is never retried', async () => {
    rx.answer = () => ({ status: 500 });
    await setEndpoint(rx.url);
    const [test] = await until(() => received('TEST').length && received('TEST'), 'TEST');
    await until(async () => (await deliveryOf(test!.envelope.id)).delivery.status === 'FAILED', 'FAILED');
    await advance(w, 7200);
    expect(received('TEST')).toHaveLength(1);
  });

  it('a hanging receiver times out without holding up the other deliveries', async () => {
    await invoke(w, 'webhooks/settings', { timeoutMs: 300 });
    await setEndpoint(rx.url);
    await until(() => received('TEST').length, 'TEST');
    rx.answer = (r) => (r.envelope.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' ? 'hang' : { status: 200 });
    await fund();
    await until(() => received('INTERNAL_ACCOUNT.BALANCE_UPDATED').length, 'the hanging request');
    const c = await w.api.post('/customers', { customerType: 'BUSINESS', businessInfo: { legalName: 'Hang Co', country: 'US', taxId: '12-3456789', incorporatedOn: '2020-01-01' } });
    expect(c.status).toBe(201);
    const acct = (await w.api.get(`/customers/internal-accounts?customerId=${enc(c.body.id)}`)).body.data[0].id;
    await w.core.services.internal.setStatus(acct, 'ACTIVE');
    const other = await until(() => received('INTERNAL_ACCOUNT.STATUS_UPDATED').length && received('INTERNAL_ACCOUNT.STATUS_UPDATED'), 'another delivery while one hangs');
    const hung = received('INTERNAL_ACCOUNT.BALANCE_UPDATED')[0]!.envelope.id;
    await until(async () => (await deliveryOf(other[0]!.envelope.id)).delivery.status === 'SUCCEEDED', 'the other delivered');
    const d = await until(async () => { const x = await deliveryOf(hung); return x.delivery.status === 'RETRYING' && x; }, 'the hanging attempt timed out');
    expect(d.attempts[0]).toMatchObject({ outcome: 'FAILED', responseStatus: null, error: expect.stringContaining('did not answer') });
  });
});

describe('replay and manual sends', () => {
  it('replay sends the same envelope id again; replaying every failed delivery sends each once', async () => {
    rx.answer = () => ({ status: 500 });
    await setEndpoint(rx.url);
    const [test] = await until(() => received('TEST').length && received('TEST'), 'TEST');
    await until(async () => (await deliveryOf(test!.envelope.id)).delivery.status === 'FAILED', 'FAILED');
    rx.answer = () => ({ status: 200 });
    const attempt = await invoke(w, 'webhooks/replay', { id: test!.envelope.id });
    expect(attempt).toMatchObject({ number: 2, trigger: 'REPLAY' });
    await until(() => received('TEST').length === 2, 'the replay');
    expect(received('TEST')[1]!.envelope.id).toBe(test!.envelope.id);
    expect(received('TEST')[1]!.raw).toBe(test!.raw);
    expect(received('TEST')[1]!.verified).toBe(true);
    await until(async () => (await deliveryOf(test!.envelope.id)).delivery.status === 'SUCCEEDED', 'SUCCEEDED');
    expect((await invoke(w, 'webhooks/replay-failed')).replayed).toBe(0);
    expect((await invoke(w, 'webhooks/list', { status: 'SUCCEEDED', type: 'TEST' })).totalCount).toBe(1);
  });

  it('sends any event type with the data of an existing object', async () => {
    await setEndpoint(rx.url);
    const d = await invoke(w, 'webhooks/send-event', { type: 'CUSTOMER.KYC_APPROVED', resourceId: w.seed.alice.id });
    expect(d).toMatchObject({ origin: 'MANUAL', type: 'CUSTOMER.KYC_APPROVED', resourceId: w.seed.alice.id });
    const [hook] = await until(() => received('CUSTOMER.KYC_APPROVED').length && received('CUSTOMER.KYC_APPROVED'), 'manual send');
    expect(hook!.envelope.data).toMatchObject({ id: w.seed.alice.id, kycStatus: 'APPROVED' });
    const bad = await w.core.invoke('webhooks/send-event', { type: 'CUSTOMER.KYC_APPROVED', resourceId: 'Customer:nope' });
    expect(bad).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
