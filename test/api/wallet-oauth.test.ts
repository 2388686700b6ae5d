// OAUTH credentials: creation by signed retry, verify with a nonce-bound OIDC token and a sealed session key,
// and every claim check (issuer, audience, subject, iat age and skew, exp, nonce, single use, malformed tokens).
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectError } from '../support/assertions';
import { decodeStamp, newKeyPair, openSessionKey, stamp } from '../../core/wallet/crypto';
import { expectedNonce, makeOidcToken } from '../../core/wallet/oauth';
import {
  AUD, ISS, REQUEST_ID, addOauth, at, credentialsOf, enc, expect401, firstLeg, nowMs, oauthSignIn, oidcClaims, oidcToken, openWalletWorld,
  otpSignIn, retryHeaders, send, sessionsOf, signed, type ClientSession, type WalletWorld,
} from '../support/worlds/wallet';

let w: WalletWorld;
let email: ClientSession;
beforeEach(async () => {
  w = await openWalletWorld();
  email = await otpSignIn(w.api, w.emailCredId);
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const nowS = async () => Math.floor((await nowMs(w.api)) / 1000);
const createBody = (oidcTokenValue: string) => ({ type: 'OAUTH', accountId: w.wallet.id, oidcToken: oidcTokenValue });
const privacy = (key: string) => signed(w.api, 'PATCH', `/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }, key);
const oauthSessions = async () => (await sessionsOf(w.api, w.wallet.id)).filter((s) => s.type === 'OAUTH');

describe('OAUTH credential creation', () => {
  it('a fresh token gives 202, then 201 AuthMethod whose nickname is the token email claim', async () => {
    const body = createBody(await oidcToken(w.api, { email: 'someone@gmail.com' }));
    const ch = await firstLeg(w.api, 'POST', '/auth/credentials', body);
    expect(ch).toEqual({ type: 'OAUTH', payloadToSign: expect.any(String), requestId: expect.stringMatching(REQUEST_ID), expiresAt: at(300) });
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', timestampMs: String(Date.parse(at(0))) });
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.type)).toEqual(['EMAIL_OTP']);
    const r = await send(w.api, 'POST', '/auth/credentials', body, retryHeaders(stamp(ch.payloadToSign, email.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ id: expect.stringMatching(/^AuthMethod:/), accountId: w.wallet.id, type: 'OAUTH', nickname: 'someone@gmail.com', createdAt: at(0), updatedAt: at(0) });
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.type)).toEqual(['EMAIL_OTP', 'OAUTH']);
  });

  const refused: [string, (now: number) => Record<string, unknown>][] = [
    ['an empty aud', () => ({ aud: '' })],
    ['an aud array of two', () => ({ aud: [AUD, 'other-client'] })],
    ['a missing sub', () => ({ sub: undefined })],
    ['an iat 66 s old (beyond 60 s + 5 s skew)', (now) => ({ iat: now - 66 })],
    ['an iat 6 s in the future (beyond 5 s skew)', (now) => ({ iat: now + 6 })],
    ['an exp in the past', (now) => ({ exp: now - 1 })],
    ['an exp equal to now', (now) => ({ exp: now })],
  ];
  it.each(refused)('refuses %s with 401 UNAUTHORIZED and a reason, creating nothing', async (_, claims) => {
    const token = await makeOidcToken(oidcClaims(await nowS(), claims(await nowS())));
    expect401(await w.api.post('/auth/credentials', createBody(token)), 'UNAUTHORIZED', /OIDC/);
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(1);
  });

  it('refuses an unsupported iss (401 UNAUTHORIZED as an auth failure, or 400 INVALID_INPUT as upstream-facts 2.6 lists), creating nothing', async () => {
    const r = await w.api.post('/auth/credentials', createBody(await oidcToken(w.api, { iss: 'https://login.example.com' })));
    if (r.status === 400) expectError(r, 400, 'INVALID_INPUT');
    else expect401(r, 'UNAUTHORIZED', /iss/);
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(1);
  });

  const accepted: [string, (now: number) => Record<string, unknown>][] = [
    ['an iat 64 s old (60 s + 5 s skew)', (now) => ({ iat: now - 64 })],
    ['an iat 5 s in the future', (now) => ({ iat: now + 5 })],
    ['a single-element aud array', () => ({ aud: [AUD] })],
    ['the bare accounts.google.com issuer', () => ({ iss: 'accounts.google.com' })],
  ];
  it.each(accepted)('accepts %s', async (_, claims) => {
    const token = await makeOidcToken(oidcClaims(await nowS(), claims(await nowS())));
    const r = await signed(w.api, 'POST', '/auth/credentials', createBody(token), email.privateKey);
    expect(r.status, r.text).toBe(201);
  });

  it.each([
    ['the literal sandbox-valid-oidc-token', 'sandbox-valid-oidc-token'],
    ['a token of two segments', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0'],
    ['a payload that is not JSON', `eyJhbGciOiJSUzI1NiJ9.${Buffer.from('not json').toString('base64url')}.c2ln`],
    ['a segment that is not base64url', 'eyJhbGciOiJSUzI1NiJ9.e30+/.c2ln'],
  ])('refuses %s with 400 INVALID_INPUT', async (_, token) => {
    expectError(await w.api.post('/auth/credentials', createBody(token)), 400, 'INVALID_INPUT');
  });
});

describe('OAUTH verify', () => {
  let credId: string;
  beforeEach(async () => {
    credId = (await addOauth(w.api, w.wallet.id, email.privateKey)).id;
  });
  const verify = (token: string, clientPublicKey: string) => w.api.post(`/auth/credentials/${enc(credId)}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey });

  it.each(['publicKey', 'publicKeyUncompressed'] as const)('answers 200 with an encryptedSessionSigningKey that opens to a key stamping later actions (%s client key)', async (form) => {
    const client = newKeyPair();
    const r = await verify(await oidcToken(w.api, { nonce: expectedNonce(client[form]) }), client[form]);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: w.wallet.id, type: 'OAUTH', authMethodId: credId, nickname: 'wallet.owner@gmail.com', expiresAt: at(900) });
    const key = await openSessionKey(r.body.encryptedSessionSigningKey, client.privateKey);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeStamp(stamp('x', key))!.publicKey).not.toBe(client.publicKey);
    expect((await privacy(key)).status).toBe(200);
    expect((await sessionsOf(w.api, w.wallet.id)).find((s) => s.id === r.body.id)).not.toHaveProperty('encryptedSessionSigningKey');
  });

  it('verify alone re-authenticates: a second fresh token gives a second session', async () => {
    const a = await oauthSignIn(w.api, credId);
    const b = await oauthSignIn(w.api, credId);
    expect(a.id).not.toBe(b.id);
    expect((await oauthSessions()).map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  const mismatches: [string, Record<string, unknown>][] = [
    ['a different iss', { iss: 'https://appleid.apple.com' }],
    ['a different aud', { aud: 'other-client' }],
    ['a different sub', { sub: 'google-oauth2|2002' }],
    ['a nonce of another key', { nonce: expectedNonce(newKeyPair().publicKey) }],
    ['no nonce', { nonce: undefined }],
  ];
  it.each(mismatches)('refuses a token with %s with 401 UNAUTHORIZED and mints no session', async (_, claims) => {
    const client = newKeyPair();
    const r = await verify(await oidcToken(w.api, { nonce: expectedNonce(client.publicKey), ...claims }), client.publicKey);
    expect401(r, 'UNAUTHORIZED', /OIDC/);
    expect(await oauthSessions()).toEqual([]);
  });

  it('refuses a nonce over the other encoding of the same client key (the exact hex string is hashed)', async () => {
    const client = newKeyPair();
    expect401(await verify(await oidcToken(w.api, { nonce: expectedNonce(client.publicKeyUncompressed) }), client.publicKey), 'UNAUTHORIZED');
  });

  it('refuses an iat 66 s old on verify too', async () => {
    const client = newKeyPair();
    const token = await makeOidcToken(oidcClaims((await nowS()) - 66, { nonce: expectedNonce(client.publicKey), exp: (await nowS()) + 600 }));
    expect401(await verify(token, client.publicKey), 'UNAUTHORIZED');
  });

  it('refuses the same token twice: each verify needs a fresh token', async () => {
    const client = newKeyPair();
    const token = await oidcToken(w.api, { nonce: expectedNonce(client.publicKey) });
    expect((await verify(token, client.publicKey)).status).toBe(200);
    expect401(await verify(token, client.publicKey), 'UNAUTHORIZED');
    expect(await oauthSessions()).toHaveLength(1);
  });

  it('refuses the literal sandbox-valid-oidc-token and a malformed token with 400 INVALID_INPUT', async () => {
    const client = newKeyPair();
    expectError(await verify('sandbox-valid-oidc-token', client.publicKey), 400, 'INVALID_INPUT');
    expectError(await verify('a.b', client.publicKey), 400, 'INVALID_INPUT');
    expect(await oauthSessions()).toEqual([]);
  });
});
