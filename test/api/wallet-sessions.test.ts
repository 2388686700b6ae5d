// Wallet sessions and credential revocation: refresh (stamped by the session itself), revoke session,
// 15-minute expiry on the workspace clock, and revoking a credential with a session of a different one.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectError } from '../support/assertions';
import { newKeyPair, openSessionKey, stamp } from '../../core/wallet/crypto';
import {
  advance, at, credentialsOf, enc, expect401, firstLeg, openWalletWorld, otpSignIn, retryHeaders, send, sessionsOf, signed,
  type ClientSession, type WalletWorld,
} from '../support/worlds/wallet';

let w: WalletWorld;
let a: ClientSession;
let b: ClientSession;
beforeEach(async () => {
  w = await openWalletWorld({ phoneNumber: '+14155550188' });
  a = await otpSignIn(w.api, w.emailCredId);
  b = await otpSignIn(w.api, w.emailCredId);
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

/** Whether a session key can still stamp a signed action of the wallet (privacy update). */
const canStamp = async (key: string) => {
  const r = await signed(w.api, 'PATCH', `/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }, key);
  if (r.status !== 200) expect401(r, 'WALLET_SIGNATURE_INVALID');
  return r.status === 200;
};
const activeIds = async () => (await sessionsOf(w.api, w.wallet.id)).map((s) => s.id).sort();
const refreshPath = (id: string) => `/auth/sessions/${enc(id)}/refresh`;

describe('session refresh', () => {
  it('202, then a retry stamped by the session itself gives 201 a new 15-minute session whose sealed key opens and stamps', async () => {
    await advance(w.api, 600);
    const client = newKeyPair();
    const ch = await firstLeg(w.api, 'POST', refreshPath(a.id), { clientPublicKey: client.publicKey });
    expect(ch.type).toBe('EMAIL_OTP');
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', parameters: { targetPublicKey: client.publicKey } });
    const r = await send(w.api, 'POST', refreshPath(a.id), { clientPublicKey: client.publicKey }, retryHeaders(stamp(ch.payloadToSign, a.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: w.wallet.id, type: 'EMAIL_OTP', authMethodId: w.emailCredId, createdAt: at(600), expiresAt: at(1500) });
    expect(r.body.id).not.toBe(a.id);
    const key = await openSessionKey(r.body.encryptedSessionSigningKey, client.privateKey);
    await advance(w.api, 400); // a and b have expired; the refreshed session has not
    expect(await activeIds()).toEqual([r.body.id]);
    expect(await canStamp(key)).toBe(true);
  });

  it('a refresh retry stamped by another session of the same wallet is 401 WALLET_SIGNATURE_INVALID', async () => {
    const body = { clientPublicKey: newKeyPair().publicKey };
    const ch = await firstLeg(w.api, 'POST', refreshPath(a.id), body);
    expect401(await send(w.api, 'POST', refreshPath(a.id), body, retryHeaders(stamp(ch.payloadToSign, b.privateKey), ch.requestId)), 'WALLET_SIGNATURE_INVALID');
    expect(await activeIds()).toEqual([a.id, b.id].sort());
  });

  it('refreshing a session that is no longer active is 401 (upstream-facts 2.6: the original session must be active on both legs)', async () => {
    const body = { clientPublicKey: newKeyPair().publicKey };
    const ch = await firstLeg(w.api, 'POST', refreshPath(a.id), body);
    expect((await signed(w.api, 'DELETE', `/auth/sessions/${enc(a.id)}`, undefined, b.privateKey)).status).toBe(204);
    expect((await send(w.api, 'POST', refreshPath(a.id), body, retryHeaders(stamp(ch.payloadToSign, a.privateKey), ch.requestId))).status).toBe(401);
    expect((await send(w.api, 'POST', refreshPath(a.id), body)).status).toBe(401);
  });
});

describe('session revocation and expiry', () => {
  it('DELETE /auth/sessions/{id}: 202, then 204 on a retry stamped by the session itself; it is no longer listed and can no longer stamp', async () => {
    const ch = await firstLeg(w.api, 'DELETE', `/auth/sessions/${enc(a.id)}`);
    expect(ch.type).toBe('EMAIL_OTP');
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS' });
    expect(await activeIds()).toEqual([a.id, b.id].sort());
    const r = await send(w.api, 'DELETE', `/auth/sessions/${enc(a.id)}`, undefined, retryHeaders(stamp(ch.payloadToSign, a.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(204);
    expect(r.text).toBe('');
    expect(await activeIds()).toEqual([b.id]);
    expect(await canStamp(a.privateKey)).toBe(false);
    expect(await canStamp(b.privateKey)).toBe(true);
  });

  it('any active session of the wallet may stamp the revocation of another', async () => {
    expect((await signed(w.api, 'DELETE', `/auth/sessions/${enc(a.id)}`, undefined, b.privateKey)).status).toBe(204);
    expect(await activeIds()).toEqual([b.id]);
  });

  it('a session that is not active (revoked, never issued or expired) is 404 on DELETE', async () => {
    expect((await signed(w.api, 'DELETE', `/auth/sessions/${enc(a.id)}`, undefined, b.privateKey)).status).toBe(204);
    expectError(await w.api.delete(`/auth/sessions/${enc(a.id)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.delete(`/auth/sessions/${enc('Session:019b76da-a800-7000-8000-000000000000')}`), 404, 'REFERENCE_NOT_FOUND');
    await advance(w.api, 900);
    expectError(await w.api.delete(`/auth/sessions/${enc(b.id)}`), 404, 'REFERENCE_NOT_FOUND');
  });

  it('sessions last 15 minutes: listed and stamping at 899 s, gone and refused at 900 s', async () => {
    await advance(w.api, 899);
    expect(await activeIds()).toEqual([a.id, b.id].sort());
    expect(await canStamp(a.privateKey)).toBe(true);
    await advance(w.api, 1);
    expect(await activeIds()).toEqual([]);
    expect(await canStamp(a.privateKey)).toBe(false);
    expect(await canStamp(b.privateKey)).toBe(false);
  });
});

describe('credential revocation', () => {
  let sms: { id: string };
  let smsSession: ClientSession;
  beforeEach(async () => {
    const r = await signed(w.api, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: w.wallet.id }, a.privateKey);
    sms = r.body;
    smsSession = await otpSignIn(w.api, sms.id, 'SMS_OTP', r.body.otpEncryptionTargetBundle);
  });
  const revoke = (id: string, key: string) => signed(w.api, 'DELETE', `/auth/credentials/${enc(id)}`, undefined, key);

  it("a retry stamped by a session of the credential being revoked is 401 WALLET_SIGNATURE_INVALID", async () => {
    const r = await revoke(sms.id, smsSession.privateKey);
    expect401(r, 'WALLET_SIGNATURE_INVALID');
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.id)).toContain(sms.id);
  });

  it('202, then 204 on a retry stamped by a session of a different credential; the credential and its sessions are revoked', async () => {
    const ch = await firstLeg(w.api, 'DELETE', `/auth/credentials/${enc(sms.id)}`);
    expect(ch.type).toBe('SMS_OTP');
    const r = await send(w.api, 'DELETE', `/auth/credentials/${enc(sms.id)}`, undefined, retryHeaders(stamp(ch.payloadToSign, a.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(204);
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.type)).toEqual(['EMAIL_OTP']);
    expect(await activeIds()).toEqual([a.id, b.id].sort());
    expect(await canStamp(smsSession.privateKey)).toBe(false);
    expectError(await w.api.post(`/auth/credentials/${enc(sms.id)}/challenge`), 404, 'REFERENCE_NOT_FOUND');
  });

  it('the last credential of a wallet cannot be revoked (400)', async () => {
    expect((await revoke(sms.id, a.privateKey)).status).toBe(204);
    expectError(await w.api.delete(`/auth/credentials/${enc(w.emailCredId)}`), 400, 'INVALID_INPUT');
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.id)).toEqual([w.emailCredId]);
    expect(await canStamp(a.privateKey)).toBe(true);
  });

  it('revoking the EMAIL_OTP credential with the SMS session revokes the EMAIL_OTP sessions', async () => {
    expect((await revoke(w.emailCredId, smsSession.privateKey)).status).toBe(204);
    expect(await activeIds()).toEqual([smsSession.id]);
    expect(await canStamp(a.privateKey)).toBe(false);
  });
});
