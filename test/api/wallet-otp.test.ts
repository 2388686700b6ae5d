// Embedded wallets and their OTP credentials: provisioning, EMAIL_OTP and SMS_OTP sign-in (real HPKE,
// real P-256 stamps), the wrong-code and stale-bundle failures, the challenge rate limit, listing and permissions.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs, createToken, createCustomer } from '../support/builders';
import { expectError } from '../support/assertions';
import { encryptOtpBundle, fromHex, newKeyPair, stamp } from '../../core/wallet/crypto';
import {
  OTP, REQUEST_ID, advance, at, createWallet, credentialsOf, enc, expect401, firstLeg, openWalletWorld, otpChallenge, otpSignIn,
  retryHeaders, send, sessionsOf, signed, type WalletWorld,
} from '../support/worlds/wallet';

let w: WalletWorld;
beforeEach(async () => {
  w = await openWalletWorld({ phoneNumber: '+14155550123' });
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const verifyPath = (id: string) => `/auth/credentials/${enc(id)}/verify`;
const bundleFor = async (credId: string, code = OTP, tek = newKeyPair()) => ({ tek, encryptedOtpBundle: await encryptOtpBundle(await otpChallenge(w.api, credId), code, tek.publicKeyUncompressed) });

describe('embedded wallet provisioning', () => {
  it('POST /sandbox/customers/{id}/embedded-wallet answers 201 with an EMBEDDED_WALLET born with one EMAIL_OTP credential tied to the customer email', async () => {
    expect(w.wallet).toMatchObject({ id: expect.stringMatching(/^InternalAccount:/), type: 'EMBEDDED_WALLET', customerId: w.customer.id, privateEnabled: false });
    expect(w.wallet.balance.currency.code).toBe('USDC');
    const creds = await credentialsOf(w.api, w.wallet.id);
    expect(creds).toEqual([{ id: w.emailCredId, accountId: w.wallet.id, type: 'EMAIL_OTP', nickname: w.customer.email, createdAt: at(0), updatedAt: at(0) }]);
    expect(await sessionsOf(w.api, w.wallet.id)).toEqual([]);
  });

  it('a customer without an email cannot get an embedded wallet (400): the wallet is born with EMAIL_OTP tied to it', async () => {
    const noEmail = await createCustomer(w.api, { email: undefined });
    expectError(await createWallet(w.api, noEmail.id), 400, 'INVALID_INPUT');
  });

  it('GET /auth/credentials refuses a malformed accountId with 400 and lists nothing for an unknown wallet', async () => {
    expectError(await w.api.get('/auth/credentials?accountId=not-an-account'), 400, 'INVALID_INPUT');
    expectError(await w.api.get('/auth/credentials'), 400, 'INVALID_INPUT');
    const unknown = await w.api.get(`/auth/credentials?accountId=${enc('InternalAccount:019b76da-a800-7000-8000-000000000000')}`);
    expect(unknown.status, unknown.text).toBe(200);
    expect(unknown.body).toEqual({ data: [] });
  });

  it('a VIEW-only token can list credentials but every wallet mutation is 403 FORBIDDEN', async () => {
    const view = w.api.as((await createToken(w.api, ['VIEW'])).auth);
    expect((await view.get(`/auth/credentials?accountId=${enc(w.wallet.id)}`)).status).toBe(200);
    const other = await createCustomer(w.api);
    expectError(await createWallet(view, other.id), 403, 'FORBIDDEN');
    expectError(await view.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`), 403, 'FORBIDDEN');
    expectError(await view.post('/auth/credentials', { type: 'SMS_OTP', accountId: w.wallet.id }), 403, 'FORBIDDEN');
    expectError(await view.patch(`/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }), 403, 'FORBIDDEN');
    expectError(await view.delete(`/auth/credentials/${enc(w.emailCredId)}`), 403, 'FORBIDDEN');
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(1);
    expect((await w.api.get(`/customers/internal-accounts?customerId=${enc(other.id)}`)).body.data.some((a: { type: string }) => a.type === 'EMBEDDED_WALLET')).toBe(false);
  });
});

describe('EMAIL_OTP sign-in', () => {
  it('challenge gives a v1.0.0 target bundle with a fresh uncompressed enclave key for each issuance', async () => {
    const r = await w.api.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: w.emailCredId, type: 'EMAIL_OTP', nickname: w.customer.email });
    const target = (b: string) => JSON.parse(new TextDecoder().decode(fromHex(JSON.parse(b).data))).targetPublic as string;
    expect(JSON.parse(r.body.otpEncryptionTargetBundle)).toMatchObject({ version: 'v1.0.0', data: expect.stringMatching(/^[0-9a-f]+$/) });
    expect(target(r.body.otpEncryptionTargetBundle)).toMatch(/^04[0-9a-f]{128}$/);
    expect(target(await otpChallenge(w.api, w.emailCredId))).not.toBe(target(r.body.otpEncryptionTargetBundle));
  });

  it('bundle -> 202 signed-retry challenge -> stamped retry -> 200 session without encryptedSessionSigningKey, expiring 15 minutes later', async () => {
    const { tek, encryptedOtpBundle } = await bundleFor(w.emailCredId);
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle };
    const ch = await firstLeg(w.api, 'POST', verifyPath(w.emailCredId), body);
    expect(ch).toEqual({ type: 'EMAIL_OTP', payloadToSign: expect.any(String), requestId: expect.stringMatching(REQUEST_ID), expiresAt: at(300) });
    const claims = JSON.parse(Buffer.from(ch.payloadToSign.split('.')[1]!, 'base64url').toString());
    expect(claims.publicKey).toBe(tek.publicKey); // the verification token is bound to the TEK
    expect(await sessionsOf(w.api, w.wallet.id)).toEqual([]);
    const r = await send(w.api, 'POST', verifyPath(w.emailCredId), body, retryHeaders(stamp(ch.payloadToSign, tek.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: w.wallet.id, type: 'EMAIL_OTP', nickname: w.customer.email, createdAt: at(0), expiresAt: at(900) });
    expect(r.body).not.toHaveProperty('encryptedSessionSigningKey');
    expect((await sessionsOf(w.api, w.wallet.id)).map((s) => s.id)).toEqual([r.body.id]);
    // the TEK private key is the session key: it stamps a later signed action
    const p = await signed(w.api, 'PATCH', `/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }, tek.privateKey);
    expect(p.status, p.text).toBe(200);
  });

  it('a wrong code is 401 UNAUTHORIZED with reason "Invalid OTP code" and mints no session', async () => {
    const { encryptedOtpBundle } = await bundleFor(w.emailCredId, '123456');
    const r = await w.api.post(verifyPath(w.emailCredId), { type: 'EMAIL_OTP', encryptedOtpBundle });
    expect401(r, 'UNAUTHORIZED', 'Invalid OTP code');
    expect(await sessionsOf(w.api, w.wallet.id)).toEqual([]);
  });

  it('a bundle sealed to an older target bundle is refused after a re-challenge', async () => {
    const old = await bundleFor(w.emailCredId);
    await otpChallenge(w.api, w.emailCredId);
    expect401(await w.api.post(verifyPath(w.emailCredId), { type: 'EMAIL_OTP', encryptedOtpBundle: old.encryptedOtpBundle }), 'UNAUTHORIZED');
    expect(await sessionsOf(w.api, w.wallet.id)).toEqual([]);
  });

  it('a retry stamped by a key other than the TEK sealed in the bundle is 401 WALLET_SIGNATURE_INVALID', async () => {
    const { tek, encryptedOtpBundle } = await bundleFor(w.emailCredId);
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle };
    const ch = await firstLeg(w.api, 'POST', verifyPath(w.emailCredId), body);
    const r = await send(w.api, 'POST', verifyPath(w.emailCredId), body, retryHeaders(stamp(ch.payloadToSign, newKeyPair().privateKey), ch.requestId));
    expect401(r, 'WALLET_SIGNATURE_INVALID');
    expect(await sessionsOf(w.api, w.wallet.id)).toEqual([]);
    const ok = await send(w.api, 'POST', verifyPath(w.emailCredId), body, retryHeaders(stamp(ch.payloadToSign, tek.privateKey), ch.requestId));
    expect(ok.status, ok.text).toBe(200);
  });

  it('a compressed TEK in the bundle is accepted too, and the retry is stamped with it', async () => {
    const tek = newKeyPair();
    const bundle = await encryptOtpBundle(await otpChallenge(w.api, w.emailCredId), OTP, tek.publicKey);
    const r = await signed(w.api, 'POST', verifyPath(w.emailCredId), { type: 'EMAIL_OTP', encryptedOtpBundle: bundle }, tek.privateKey);
    expect(r.status, r.text).toBe(200);
  });

  it('a code is single use: the bundle of a completed sign-in is refused afterwards', async () => {
    const { tek, encryptedOtpBundle } = await bundleFor(w.emailCredId);
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle };
    expect((await signed(w.api, 'POST', verifyPath(w.emailCredId), body, tek.privateKey)).status).toBe(200);
    expect401(await w.api.post(verifyPath(w.emailCredId), body), 'UNAUTHORIZED');
    expect(await sessionsOf(w.api, w.wallet.id)).toHaveLength(1);
  });

  it('a code is refused once its challenge is older than 5 minutes', async () => {
    const { encryptedOtpBundle } = await bundleFor(w.emailCredId);
    await advance(w.api, 301);
    expect401(await w.api.post(verifyPath(w.emailCredId), { type: 'EMAIL_OTP', encryptedOtpBundle }), 'UNAUTHORIZED');
  });

  it('the 4th challenge within 60 s is 429 RATE_LIMITED with a Retry-After header, and allowed again after waiting it out', async () => {
    for (let i = 0; i < 3; i++) await otpChallenge(w.api, w.emailCredId);
    const r = await w.api.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`);
    expectError(r, 429, 'RATE_LIMITED');
    const retryAfter = Number(r.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${r.headers.get('retry-after')}`).toBe(true);
    await advance(w.api, retryAfter - 1);
    expectError(await w.api.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`), 429, 'RATE_LIMITED');
    await advance(w.api, 1);
    expect((await w.api.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`)).status).toBe(200);
  });
});

describe('SMS_OTP credential', () => {
  it('is created by signed retry with the customer phone as nickname and a target bundle, then signs in like EMAIL_OTP', async () => {
    const email = await otpSignIn(w.api, w.emailCredId);
    const r = await signed(w.api, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: w.wallet.id }, email.privateKey);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^AuthMethod:/), accountId: w.wallet.id, type: 'SMS_OTP', nickname: '+14155550123', otpEncryptionTargetBundle: expect.any(String) });
    const sms = await otpSignIn(w.api, r.body.id, 'SMS_OTP', r.body.otpEncryptionTargetBundle);
    expect(sms.body).toMatchObject({ type: 'SMS_OTP', authMethodId: r.body.id, nickname: '+14155550123', expiresAt: at(900) });
    expect(sms.body).not.toHaveProperty('encryptedSessionSigningKey');
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.type)).toEqual(['EMAIL_OTP', 'SMS_OTP']);
  });

  it('a second SMS_OTP is 400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS and a second EMAIL_OTP is 400 EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', async () => {
    const email = await otpSignIn(w.api, w.emailCredId);
    expect((await signed(w.api, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: w.wallet.id }, email.privateKey)).status).toBe(201);
    expectError(await w.api.post('/auth/credentials', { type: 'SMS_OTP', accountId: w.wallet.id }), 400, 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS');
    expectError(await w.api.post('/auth/credentials', { type: 'EMAIL_OTP', accountId: w.wallet.id }), 400, 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS');
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(2);
  });

  it('needs a customer phone number: without one SMS_OTP creation is 400 INVALID_INPUT', async () => {
    const noPhone = await createCustomer(w.api);
    const wallet = (await createWallet(w.api, noPhone.id)).body;
    expectError(await w.api.post('/auth/credentials', { type: 'SMS_OTP', accountId: wallet.id }), 400, 'INVALID_INPUT');
  });
});
