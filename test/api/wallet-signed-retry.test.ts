// The signed-retry exchange every wallet action uses: the 202 challenge, the two retry headers, each 401 code,
// body binding, single use, expiry, the legacy header and high-S stamps. The action under test is mostly the
// wallet privacy update (PATCH /internal-accounts/{id}); it is applied only by a valid retry.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { newKeyPair, stamp, STAMP_SCHEME } from '../../core/wallet/crypto';
import {
  REQUEST_ID, addWallet, advance, at, b64url, credentialsOf, enc, expect401, firstLeg, flipS, highSStamp, oidcToken, openWalletWorld,
  otpSignIn, retryHeaders, send, type ClientSession, type WalletWorld,
} from '../support/worlds/wallet';

let w: WalletWorld;
let session: ClientSession;
beforeEach(async () => {
  w = await openWalletWorld();
  session = await otpSignIn(w.api, w.emailCredId);
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const path = () => `/internal-accounts/${enc(w.wallet.id)}`;
const ON = { privateEnabled: true };
const retry = (requestId: string | undefined, signature: string | undefined, body: unknown = ON) => send(w.api, 'PATCH', path(), body, retryHeaders(signature, requestId));
const privateEnabled = async () => (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.customer.id)}`)).body.data.find((a: { id: string }) => a.id === w.wallet.id).privateEnabled;
const envelope = (fields: Record<string, unknown>) => b64url(JSON.stringify(fields));

describe('signed-retry exchange', () => {
  it('leg 1 answers 202 {type, payloadToSign, requestId Request:<uuid>, expiresAt 5 minutes later} and changes nothing', async () => {
    const r = await send(w.api, 'PATCH', path(), ON);
    expect(r.status, r.text).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['expiresAt', 'payloadToSign', 'requestId', 'type']);
    expect(r.body).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.stringMatching(REQUEST_ID), expiresAt: at(300) });
    expect(JSON.parse(r.body.payloadToSign)).toMatchObject({ parameters: { requestId: r.body.requestId }, timestampMs: String(Date.parse(at(0))) });
    expect(await privateEnabled()).toBe(false);
    const again = await firstLeg(w.api, 'PATCH', path(), ON);
    expect(again.requestId).not.toBe(r.body.requestId);
  });

  it("the 202 type is a credential type (the spec's 'type (credential type)') for every signed action", async () => {
    const client = newKeyPair();
    const legs = [
      await firstLeg(w.api, 'PATCH', path(), ON),
      await firstLeg(w.api, 'POST', `/internal-accounts/${enc(w.wallet.id)}/export`, { clientPublicKey: client.publicKeyUncompressed }),
      await firstLeg(w.api, 'DELETE', `/auth/sessions/${enc(session.id)}`),
      await firstLeg(w.api, 'POST', `/auth/sessions/${enc(session.id)}/refresh`, { clientPublicKey: client.publicKey }),
      await firstLeg(w.api, 'PATCH', `/customers/${enc(w.customer.id)}`, { email: 'renamed@example.com' }),
    ];
    expect(legs.map((l) => l.type)).toEqual(legs.map(() => expect.stringMatching(/^(PASSKEY|OAUTH|EMAIL_OTP|SMS_OTP)$/)));
  });

  it('a stamped retry with the same Request-Id applies the action (200)', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const r = await retry(ch.requestId, stamp(ch.payloadToSign, session.privateKey));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: w.wallet.id, type: 'EMBEDDED_WALLET', privateEnabled: true });
  });

  it('a retry without Svc-Wallet-Signature is 401 WALLET_SIGNATURE_MISSING', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(ch.requestId, undefined), 'WALLET_SIGNATURE_MISSING');
    expect(await privateEnabled()).toBe(false);
  });

  it.each([
    ['not base64url at all', '%%% not a stamp %%%'],
    ['base64url of text that is not JSON', b64url('hello')],
    ['a JSON stamp without a signature', b64url(JSON.stringify({ publicKey: '02ab', scheme: STAMP_SCHEME }))],
    ['a stamp whose signature is not DER', b64url(JSON.stringify({ publicKey: '02'.padEnd(66, 'a'), scheme: STAMP_SCHEME, signature: 'zz' }))],
    ['an empty header', ''],
  ])('a malformed stamp (%s) is refused with 401 and changes nothing', async (_, signature) => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const r = await retry(ch.requestId, signature);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ status: 401, code: expect.stringMatching(/^WALLET_SIGNATURE_/) });
    expect(await privateEnabled()).toBe(false);
  });

  it('a retry without Request-Id is 401 REQUEST_ID_MISSING', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(undefined, stamp(ch.payloadToSign, session.privateKey)), 'REQUEST_ID_MISSING');
    expect(await privateEnabled()).toBe(false);
  });

  it.each([
    ['garbage', () => 'garbage'],
    ['a value that is not base64url', () => '***not base64url!***'],
    ['JSON that does not parse', () => b64url('{"publicKey":"03')],
    ['a scheme other than SIGNATURE_SCHEME_TK_API_P256', (good: Record<string, string>) => envelope({ ...good, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' })],
    ['a missing signature field', (good: Record<string, string>) => envelope({ publicKey: good['publicKey'], scheme: STAMP_SCHEME })],
    ['a public key that is not a compressed P-256 point', (good: Record<string, string>) => envelope({ ...good, publicKey: `02${'ff'.repeat(32)}` })],
    ['a signature that is not DER hex', (good: Record<string, string>) => envelope({ ...good, signature: 'zz' })],
  ])('a stamp that is %s is 401 WALLET_SIGNATURE_MALFORMED', async (_, make) => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const good = JSON.parse(Buffer.from(stamp(ch.payloadToSign, session.privateKey), 'base64url').toString()) as Record<string, string>;
    expect401(await retry(ch.requestId, make(good)), 'WALLET_SIGNATURE_MALFORMED');
    expect(await privateEnabled()).toBe(false);
  });

  it('a retry whose body differs from leg 1 is 401 WALLET_SIGNATURE_BODY_MISMATCH', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(ch.requestId, stamp(ch.payloadToSign, session.privateKey), { privateEnabled: false }), 'WALLET_SIGNATURE_BODY_MISMATCH');
    expect(await privateEnabled()).toBe(false);
  });

  it("a Request-Id replayed on another wallet's path is refused with 401", async () => {
    const other = await addWallet(w.api);
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const r = await send(w.api, 'PATCH', `/internal-accounts/${enc(other.wallet.id)}`, ON, retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(401);
  });

  it('the same JSON with another key order and spacing on the retry is accepted', async () => {
    const token = await oidcToken(w.api);
    const ch = await firstLeg(w.api, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: w.wallet.id, oidcToken: token });
    const reordered = `{\n  "oidcToken" : "${token}",\n  "accountId":"${w.wallet.id}",   "type": "OAUTH"\n}`;
    const r = await send(w.api, 'POST', '/auth/credentials', reordered, retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(201);
    expect((await credentialsOf(w.api, w.wallet.id)).map((c) => c.type)).toEqual(['EMAIL_OTP', 'OAUTH']);
  });

  it("a stamp by another wallet's active session is 401 WALLET_SIGNATURE_INVALID", async () => {
    const other = await addWallet(w.api);
    const otherSession = await otpSignIn(w.api, other.emailCredId);
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(ch.requestId, stamp(ch.payloadToSign, otherSession.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect(await privateEnabled()).toBe(false);
  });

  it('a stamp by a key that belongs to no session is 401 WALLET_SIGNATURE_INVALID', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(ch.requestId, stamp(ch.payloadToSign, newKeyPair().privateKey)), 'WALLET_SIGNATURE_INVALID');
  });

  it('a stamp over a different payload (even one byte) is 401 WALLET_SIGNATURE_INVALID', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    expect401(await retry(ch.requestId, stamp(`${ch.payloadToSign} `, session.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect401(await retry(ch.requestId, stamp(JSON.stringify(JSON.parse(ch.payloadToSign), null, 1), session.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect(await privateEnabled()).toBe(false);
  });

  it('a Request-Id is single use: replaying a successful retry is 401 REQUEST_ID_REUSED', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const signature = stamp(ch.payloadToSign, session.privateKey);
    expect((await retry(ch.requestId, signature)).status).toBe(200);
    expect401(await retry(ch.requestId, signature), 'REQUEST_ID_REUSED');
  });

  it('a Request-Id never issued is refused with 401', async () => {
    expect401(await retry('Request:019b76da-a800-7000-8000-000000000000', stamp('x', session.privateKey)), 'UNAUTHORIZED');
  });

  it('a retry must arrive before expiresAt: at 299 s it is accepted, at 301 s it is 401', async () => {
    const early = await firstLeg(w.api, 'PATCH', path(), ON);
    const late = await firstLeg(w.api, 'PATCH', path(), { privateEnabled: false });
    await advance(w.api, 299);
    expect((await retry(early.requestId, stamp(early.payloadToSign, session.privateKey))).status).toBe(200);
    await advance(w.api, 2);
    expect401(await retry(late.requestId, stamp(late.payloadToSign, session.privateKey), { privateEnabled: false }), 'UNAUTHORIZED', /expired/);
    expect(await privateEnabled()).toBe(true);
  });

  it('the legacy header value sandbox-valid-signature is accepted', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const r = await retry(ch.requestId, 'sandbox-valid-signature');
    expect(r.status, r.text).toBe(200);
    expect(await privateEnabled()).toBe(true);
  });

  it('a high-S DER signature verifies, and so does its low-S twin', async () => {
    const ch = await firstLeg(w.api, 'PATCH', path(), ON);
    const high = highSStamp(ch.payloadToSign, session.privateKey);
    expect((await retry(ch.requestId, high)).status).toBe(200);
    const ch2 = await firstLeg(w.api, 'PATCH', path(), ON);
    expect((await retry(ch2.requestId, flipS(highSStamp(ch2.payloadToSign, session.privateKey)))).status).toBe(200);
  });
});
