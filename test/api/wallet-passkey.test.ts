// PASSKEY credentials with a software authenticator (real P-256, real CBOR): registration by signed retry,
// challenge bound to a client key, verify with Request-Id, and each WebAuthn check the sandbox enforces.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectError } from '../support/assertions';
import { newKeyPair, openSessionKey } from '../../core/wallet/crypto';
import {
  REQUEST_ID, SoftAuthenticator, addPasskey, advance, at, b64url, credentialsOf, enc, expect401, firstLeg, openWalletWorld, otpSignIn,
  passkeyChallenge, passkeyVerify, sessionsOf, signed, type AssertOptions, type ClientSession, type WalletWorld,
} from '../support/worlds/wallet';

let w: WalletWorld;
let email: ClientSession;
let auth: SoftAuthenticator;
let credId: string;
beforeEach(async () => {
  w = await openWalletWorld();
  email = await otpSignIn(w.api, w.emailCredId);
  auth = new SoftAuthenticator();
  const r = await addPasskey(w.api, w.wallet.id, email.privateKey, auth);
  if (r.status !== 201) throw new Error(`passkey registration: ${r.status} ${r.text}`);
  credId = r.body.id;
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const passkeySessions = async () => (await sessionsOf(w.api, w.wallet.id)).filter((s) => s.type === 'PASSKEY');
const registerBody = (a: SoftAuthenticator, challenge = b64url(randomBytes(32)), o: Parameters<SoftAuthenticator['register']>[1] = {}, signedChallenge = challenge) =>
  ({ type: 'PASSKEY', accountId: w.wallet.id, nickname: 'Phone (work)', challenge, attestation: a.register(signedChallenge, o) });

describe('PASSKEY registration', () => {
  it('the software authenticator registers through 202 then 201 AuthMethod carrying its credentialId', async () => {
    const other = new SoftAuthenticator();
    const body = registerBody(other);
    const ch = await firstLeg(w.api, 'POST', '/auth/credentials', body);
    expect(ch).toMatchObject({ type: 'PASSKEY', requestId: expect.stringMatching(REQUEST_ID), expiresAt: at(300) });
    const r = await signed(w.api, 'POST', '/auth/credentials', body, email.privateKey);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ id: expect.stringMatching(/^AuthMethod:/), accountId: w.wallet.id, type: 'PASSKEY', nickname: 'Phone (work)', credentialId: other.credentialId, createdAt: at(0), updatedAt: at(0) });
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => ('credentialId' in c ? c.credentialId : undefined) ?? c.type)).toEqual(['EMAIL_OTP', auth.credentialId, other.credentialId]);
  });

  it('registering the same WebAuthn credential id twice is 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS', async () => {
    expectError(await w.api.post('/auth/credentials', registerBody(auth)), 400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS');
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(2);
  });

  it('refuses a second registration whose attestation carries an already used challenge with 400 PASSKEY_CHALLENGE_ALREADY_USED', async () => {
    const challenge = b64url(randomBytes(32));
    const first = await signed(w.api, 'POST', '/auth/credentials', registerBody(new SoftAuthenticator(), challenge), email.privateKey);
    expect(first.status, first.text).toBe(201);
    // Another authenticator signs the same challenge: a replayed registration ceremony.
    const replayed = registerBody(new SoftAuthenticator(), challenge);
    const r = await w.api.post('/auth/credentials', replayed);
    expectError(r, 400, 'PASSKEY_CHALLENGE_ALREADY_USED');
    expect(r.body.details.errors[0].field).toBe('challenge');
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(3);
  });

  it('lets two registrations racing on one challenge store one passkey: the other is refused, never a 500', async () => {
    const challenge = b64url(randomBytes(32));
    const answers = await Promise.all([new SoftAuthenticator(), new SoftAuthenticator()].map((a) =>
      signed(w.api, 'POST', '/auth/credentials', registerBody(a, challenge), email.privateKey)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe('PASSKEY_CHALLENGE_ALREADY_USED');
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(3);
  });

  it.each([['a nickname with <>', 'My <key>'], ['an empty nickname', '   '], ['a nickname of 101 characters', 'k'.repeat(101)]])('refuses %s with 400 INVALID_INPUT', async (_, nickname) => {
    expectError(await w.api.post('/auth/credentials', { ...registerBody(new SoftAuthenticator()), nickname }), 400, 'INVALID_INPUT');
  });

  it.each([
    ['an origin outside the relying party', { origin: 'https://evil.example' }, false, /origin/],
    ['another rpId', { rpId: 'evil.example' }, false, /RP ID/],
    ['the user-presence flag cleared', { flags: 0x40 }, false, /presence/],
    ['a clientDataJSON challenge other than the body challenge', {}, true, /challenge/],
  ] as const)('refuses an attestation with %s with 400 INVALID_INPUT', async (_, o, otherChallenge, reason) => {
    const challenge = b64url(randomBytes(32));
    const body = registerBody(new SoftAuthenticator(), challenge, o, otherChallenge ? b64url(randomBytes(32)) : challenge);
    const r = await w.api.post('/auth/credentials', body);
    expectError(r, 400, 'INVALID_INPUT');
    expect(r.body.message).toMatch(reason);
    expect(await credentialsOf(w.api, w.wallet.id)).toHaveLength(2);
  });
});

describe('PASSKEY sign-in', () => {
  it('challenge with clientPublicKey, assertion over the UTF-8 hex challenge, verify with Request-Id: 200 session with a sealed key that opens and stamps', async () => {
    const client = newKeyPair();
    const ch = await passkeyChallenge(w.api, credId, client.publicKey);
    expect(ch).toMatchObject({ id: credId, type: 'PASSKEY', credentialId: auth.credentialId, challenge: expect.stringMatching(/^[0-9a-f]{64}$/), requestId: expect.stringMatching(REQUEST_ID), expiresAt: at(300) });
    const r = await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: w.wallet.id, type: 'PASSKEY', authMethodId: credId, credentialId: auth.credentialId, expiresAt: at(900) });
    const key = await openSessionKey(r.body.encryptedSessionSigningKey, client.privateKey);
    const p = await signed(w.api, 'PATCH', `/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }, key);
    expect(p.status, p.text).toBe(200);
  });

  it('each challenge commits to its client key: two challenges differ', async () => {
    const a = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    const b = await passkeyChallenge(w.api, credId, newKeyPair().publicKeyUncompressed);
    expect(a.challenge).not.toBe(b.challenge);
    expect(a.requestId).not.toBe(b.requestId);
  });

  it('a PASSKEY challenge without clientPublicKey is 400 INVALID_INPUT', async () => {
    expectError(await w.api.post(`/auth/credentials/${enc(credId)}/challenge`, {}), 400, 'INVALID_INPUT');
  });

  const bent: [string, AssertOptions, RegExp][] = [
    ['a wrong origin', { origin: 'https://evil.example' }, /origin/],
    ['a wrong rpId', { rpId: 'evil.example' }, /RP ID/],
    ['the user-presence flag cleared', { flags: 0x00 }, /not present/],
    ['a bad signature', { badSignature: true }, /did not verify/],
  ];
  it.each(bent)('refuses an assertion with %s with 401 and mints no session', async (_, o, reason) => {
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(ch.challenge, o), ch.requestId), 'UNAUTHORIZED', reason);
    expect(await passkeySessions()).toEqual([]);
    expect((await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId)).status).toBe(200); // the real one still works
  });

  it('refuses a replayed (non-increasing) signature counter with 401', async () => {
    const first = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect((await passkeyVerify(w.api, credId, auth.assert(first.challenge, { counter: 7 }), first.requestId)).status).toBe(200);
    const second = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(second.challenge, { counter: 7 }), second.requestId), 'UNAUTHORIZED', /counter/i);
    expect401(await passkeyVerify(w.api, credId, auth.assert(second.challenge, { counter: 6 }), second.requestId), 'UNAUTHORIZED');
    expect((await passkeyVerify(w.api, credId, auth.assert(second.challenge, { counter: 8 }), second.requestId)).status).toBe(200);
  });

  it('refuses an assertion over the challenge of another Request-Id of the same credential', async () => {
    const a = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    const b = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(a.challenge), b.requestId), 'UNAUTHORIZED');
  });

  it('refuses a Request-Id issued for another credential with 401', async () => {
    const other = new SoftAuthenticator();
    const otherId = (await addPasskey(w.api, w.wallet.id, email.privateKey, other)).body.id;
    const ch = await passkeyChallenge(w.api, otherId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId), 'UNAUTHORIZED');
    expect401(await passkeyVerify(w.api, credId, other.assert(ch.challenge), ch.requestId), 'UNAUTHORIZED');
    expect(await passkeySessions()).toEqual([]);
  });

  it('refuses an assertion made by another passkey than the credential with 401', async () => {
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, new SoftAuthenticator().assert(ch.challenge), ch.requestId), 'UNAUTHORIZED');
  });

  it('a verify without Request-Id is 401 REQUEST_ID_MISSING', async () => {
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(ch.challenge), undefined), 'REQUEST_ID_MISSING');
  });

  it('a Request-Id is single use: the second verify with it is 401', async () => {
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect((await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId)).status).toBe(200);
    const again = await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId);
    expect(again.status, again.text).toBe(401);
    expect(await passkeySessions()).toHaveLength(1);
  });

  it('a passkey challenge older than 5 minutes is refused with 401', async () => {
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    await advance(w.api, 301);
    expect401(await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId), 'UNAUTHORIZED');
  });

  it('the legacy assertion signature sandbox-valid-passkey-signature is accepted and still returns a sealed key', async () => {
    const client = newKeyPair();
    const ch = await passkeyChallenge(w.api, credId, client.publicKey);
    const r = await passkeyVerify(w.api, credId, { ...auth.assert(ch.challenge), signature: 'sandbox-valid-passkey-signature' }, ch.requestId);
    expect(r.status, r.text).toBe(200);
    expect(await openSessionKey(r.body.encryptedSessionSigningKey, client.privateKey)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('passkey challenges are rate limited too: the 4th within 60 s is 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    const r = await w.api.post(`/auth/credentials/${enc(credId)}/challenge`, { clientPublicKey: newKeyPair().publicKey });
    expectError(r, 429, 'RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('passkeys are bound to the configured relying party: after PATCH /config moves it, old passkeys fail and new ones work', async () => {
    const cfg = await w.api.patch('/config', { passkeys: { rpId: 'wallet.example', origins: ['https://wallet.example'] } });
    expect(cfg.status, cfg.text).toBe(200);
    const ch = await passkeyChallenge(w.api, credId, newKeyPair().publicKey);
    expect401(await passkeyVerify(w.api, credId, auth.assert(ch.challenge), ch.requestId), 'UNAUTHORIZED');
    expectError(await w.api.post('/auth/credentials', registerBody(new SoftAuthenticator())), 400, 'INVALID_INPUT');
    const moved = new SoftAuthenticator('https://wallet.example', 'wallet.example');
    const reg = await addPasskey(w.api, w.wallet.id, email.privateKey, moved);
    expect(reg.status, reg.text).toBe(201);
    const ch2 = await passkeyChallenge(w.api, reg.body.id, newKeyPair().publicKey);
    expect((await passkeyVerify(w.api, reg.body.id, moved.assert(ch2.challenge), ch2.requestId)).status).toBe(200);
  });
});
