// The effect of SCA on money: a quote of a customer with an SCA factor waits in PENDING_AUTHORIZATION
// and cannot execute until POST /quotes/{quoteId}/authorize answers its challenge (a real TOTP code, or
// the sandbox code), single use, expiring on the workspace clock, rate limited with Retry-After.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, createQuote, enc, execute, expectBooksBalanced, externalAccount, getQuote, getTx, openWorld, type World } from '../support/money-path';
import { enrolTotp, expectOk, nextTotp, nowMs, SANDBOX_CODE, totpNow, wrongTotp } from './sca-helpers';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const authorize = (quoteId: string, body: Record<string, unknown>) => w.api.post(`/quotes/${enc(quoteId)}/authorize`, body);
const resend = (quoteId: string) => w.api.post(`/quotes/${enc(quoteId)}/authorize/resend`);
/** Alice (USD) pays Lucía's MXN account: a cross-currency payout of a customer. */
const aliceQuote = (extra: Record<string, unknown> = {}) => w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00, extra));

describe('a quote that needs SCA', () => {
  it('a customer without a factor is not affected: 201 PENDING, executable at once', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect(q.status).toBe('PENDING');
    expect(q.scaChallenge).toBeUndefined();
    expect((await execute(w, q.id)).status).toBe(200);
  });

  it('waits in PENDING_AUTHORIZATION (202, with its challenge), refuses execution, and runs once authorized with a real TOTP code', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const before = await balances(w, w.seed.aliceUsd);
    const created = await aliceQuote();
    expect(created.status, created.text).toBe(202);
    const q = created.body;
    expect(q).toMatchObject({ status: 'PENDING_AUTHORIZATION', scaChallenge: { id: expect.stringMatching(/^ScaChallenge:/), factor: 'TOTP', purpose: 'PAYOUT' } });
    expect(q.scaChallenge.availableFactors).toEqual(['TOTP', 'SMS_OTP']);
    expect(Date.parse(q.scaChallenge.expiresAt)).toBeLessThanOrEqual(Date.parse(q.expiresAt));
    expect((await getTx(w, q.transactionId)).status).toBe('PENDING_AUTHORIZATION'); // the contract's waiting status, with its quote

    const refused = await execute(w, q.id);
    expectError(refused, 409, 'CONFLICT');
    expect(refused.body.details).toEqual({ status: 'PENDING_AUTHORIZATION' });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);

    const code = await nextTotp(w, secret);
    const ok = expectOk(await authorize(q.id, { code, endUserIpAddress: '203.0.113.42' }), 200);
    expect(ok.body.status).toBe('PENDING');
    expect(ok.body.scaChallenge).toBeUndefined();
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
    const ran = expectOk(await execute(w, q.id), 200);
    expect(ran.body.status).toBe('PROCESSING');
    expect((await balances(w, w.seed.aliceUsd)).balance).toBe(before.balance - q.totalSendingAmount);
    await expectBooksBalanced(w);
  });

  it('a wrong code is 401 and the quote keeps waiting; a used challenge cannot authorize again (single use)', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote()).body;
    const wrong = await authorize(q.id, { code: wrongTotp(secret, await nowMs(w)) });
    expectError(wrong, 401, 'UNAUTHORIZED');
    expect(wrong.body.reason).toBe('Invalid SCA code');
    expect((await getQuote(w, q.id)).status).toBe('PENDING_AUTHORIZATION');
    const code = await nextTotp(w, secret);
    expectOk(await authorize(q.id, { code, challengeId: q.scaChallenge.id }), 200);
    expectError(await authorize(q.id, { code, challengeId: q.scaChallenge.id }), 409, 'CONFLICT');
  });

  it('a TOTP code accepted once is refused for the next quote in the same 30 s step', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const [a, b] = [(await aliceQuote()).body, (await aliceQuote()).body];
    const code = await nextTotp(w, secret);
    expectOk(await authorize(a.id, { code }), 200);
    expectError(await authorize(b.id, { code }), 401, 'UNAUTHORIZED');
    expectOk(await authorize(b.id, { code: await nextTotp(w, secret) }), 200);
  });

  it('the sandbox code authorizes too (scripted rehearsal); immediatelyExecute quotes run on authorization', async () => {
    await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote({ immediatelyExecute: true })).body;
    expect(q.status).toBe('PENDING_AUTHORIZATION');
    const ok = expectOk(await authorize(q.id, { code: SANDBOX_CODE }), 200);
    expect(ok.body.status).toBe('PROCESSING');
    await advance(w, 5);
    expect((await getQuote(w, q.id)).status).toBe('COMPLETED');
  });

  it('scaFactor picks SMS_OTP (sandbox code only, no SMS is sent); a factor the customer lacks is 400', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote({ scaFactor: 'SMS_OTP' })).body;
    expect(q.scaChallenge.factor).toBe('SMS_OTP');
    expectError(await authorize(q.id, { code: await nextTotp(w, secret) }), 401, 'UNAUTHORIZED');
    expectOk(await authorize(q.id, { code: SANDBOX_CODE }), 200);
    const bad = await aliceQuote({ scaFactor: 'PASSKEY' });
    expectError(bad, 400, 'INVALID_INPUT');
  });

  it('the challenge expires on the workspace clock (400 EXPIRED); a resend issues a new one that works', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote()).body;
    const ttl = (Date.parse(q.scaChallenge.expiresAt) - (await nowMs(w))) / 1000;
    await advance(w, ttl + 1);
    expectError(await authorize(q.id, { code: await totpNow(w, secret) }), 400, 'EXPIRED');
    expect((await getQuote(w, q.id)).status).toBe('PENDING_AUTHORIZATION');
    const r = await resend(q.id);
    expect(r.status, r.text).toBe(204);
    const fresh = (await getQuote(w, q.id)).scaChallenge;
    expect(fresh!.id).not.toBe(q.scaChallenge.id);
    expect(Date.parse(fresh!.expiresAt)).toBeLessThanOrEqual(Date.parse(q.expiresAt));
    expectError(await authorize(q.id, { code: SANDBOX_CODE, challengeId: q.scaChallenge.id }), 409, 'CONFLICT'); // the old one was replaced
    expectOk(await authorize(q.id, { code: await totpNow(w, secret) }), 200);
  });

  it('a quote not authorized before expiresAt expires with its transaction; authorize is then 409', async () => {
    await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote()).body;
    await advance(w, (Date.parse(q.expiresAt) - (await nowMs(w))) / 1000 + 1);
    expect((await getQuote(w, q.id)).status).toBe('EXPIRED');
    expect((await getTx(w, q.transactionId)).status).toBe('EXPIRED');
    expectError(await authorize(q.id, { code: SANDBOX_CODE }), 409, 'CONFLICT');
    expectError(await resend(q.id), 409, 'CONFLICT');
  });

  it('after 5 wrong codes authorize is 429 RATE_LIMITED with Retry-After, even with the right code, until the window passes', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote()).body;
    for (let i = 0; i < 5; i++) expectError(await authorize(q.id, { code: wrongTotp(secret, await nowMs(w)) }), 401, 'UNAUTHORIZED');
    const limited = await authorize(q.id, { code: SANDBOX_CODE });
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.body.details.retryAfterSeconds).toBe(retryAfter);
    expect((await getQuote(w, q.id)).status).toBe('PENDING_AUTHORIZATION');
    expectError(await authorize(q.id, { code: 'abc' }), 429, 'RATE_LIMITED'); // nothing is checked while limited
  });

  it('resend is limited to 3 challenges a minute (429 with Retry-After), then allowed again', async () => {
    await enrolTotp(w, w.seed.alice.id);
    const q = (await aliceQuote()).body; // the first challenge counts
    expect((await resend(q.id)).status).toBe(204);
    expect((await resend(q.id)).status).toBe(204);
    const limited = await resend(q.id);
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await advance(w, retryAfter);
    expect((await resend(q.id)).status).toBe(204);
  });

  it('unknown quotes are 404 QUOTE_NOT_FOUND; a quote that needs no SCA is 409 on authorize', async () => {
    expectError(await authorize('Quote:019b76da-a800-7000-8000-000000000000', { code: SANDBOX_CODE }), 404, 'QUOTE_NOT_FOUND');
    expectError(await resend('Quote:019b76da-a800-7000-8000-000000000000'), 404, 'QUOTE_NOT_FOUND');
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expectError(await authorize(q.id, { code: SANDBOX_CODE }), 409, 'CONFLICT');
  });
});

describe('trusted beneficiaries', () => {
  const trust = (id: string, verb: 'trust' | 'untrust', body?: Record<string, unknown>) =>
    w.api.post(`/customers/external-accounts/${enc(id)}/${verb}${body ? '/confirm' : ''}`, body);

  it('a beneficiary the customer trusted (with SCA) skips SCA; untrusting it brings SCA back', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const mine = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const pay = () => w.api.post('/quotes', accountQuote(w.seed.aliceUsd, mine, 'SENDING', 50_00));
    expect((await pay()).status).toBe(202);

    const start = expectOk(await trust(mine, 'trust'), 200);
    expect(start.body.scaChallenge).toMatchObject({ factor: 'TOTP', purpose: 'TRUST_BENEFICIARY' });
    expectError(await trust(mine, 'trust', { code: wrongTotp(secret, await nowMs(w)) }), 401, 'UNAUTHORIZED');
    const confirmed = expectOk(await trust(mine, 'trust', { challengeId: start.body.scaChallenge.id, code: await nextTotp(w, secret) }), 200);
    expect(confirmed.body).toEqual({ trusted: true });
    expectError(await trust(mine, 'trust'), 409, 'BENEFICIARY_TRUSTED');

    const direct = await pay();
    expect(direct.status, direct.text).toBe(201);
    expect(direct.body.status).toBe('PENDING');
    expect((await execute(w, direct.body.id)).status).toBe(200);
    // Trust is the payer's own: Lucía's accounts are not trusted by Alice.
    expect((await aliceQuote()).status).toBe(202);

    const untrust = expectOk(await trust(mine, 'untrust'), 200);
    expect(untrust.body.scaChallenge.purpose).toBe('UNTRUST_BENEFICIARY');
    expect(expectOk(await trust(mine, 'untrust', { code: await nextTotp(w, secret) }), 200).body).toEqual({ trusted: false });
    expect((await pay()).status).toBe(202);
    expectError(await trust(mine, 'untrust'), 409, 'INVALID_STATE_TRANSITION');
  });

  it('5 wrong codes spend the trust challenge (409); an expired one is 400 EXPIRED; unknown accounts are 404', async () => {
    const { secret } = await enrolTotp(w, w.seed.alice.id);
    const mine = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    expectOk(await trust(mine, 'trust'), 200);
    for (let i = 0; i < 4; i++) expectError(await trust(mine, 'trust', { code: wrongTotp(secret, await nowMs(w)) }), 401, 'UNAUTHORIZED');
    expectError(await trust(mine, 'trust', { code: wrongTotp(secret, await nowMs(w)) }), 409, 'CONFLICT');
    expectError(await trust(mine, 'trust', { code: SANDBOX_CODE }), 409, 'CONFLICT');
    const again = expectOk(await trust(mine, 'trust'), 200);
    await advance(w, (Date.parse(again.body.scaChallenge.expiresAt) - (await nowMs(w))) / 1000);
    expectError(await trust(mine, 'trust', { code: SANDBOX_CODE }), 400, 'EXPIRED');
    expectError(await trust('ExternalAccount:019b76da-a800-7000-8000-000000000000', 'trust'), 404, 'REFERENCE_NOT_FOUND');
  });
});
