// SCA factors: TOTP enrolment verified for real (RFC 6238 codes from the enrolment secret), passkeys
// registered with a software authenticator, listing and deletion.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoke, openWorld, type World } from '../support/money-path';
import { SoftAuthenticator } from '../support/worlds/wallet';
import { enrolTotp, expectOk, nowMs, scaPath, totpAt, totpNow, wrongTotp } from './sca-helpers';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

describe('TOTP enrolment', () => {
  it('returns a base32 secret and its otpauth URI; the first real code activates the factor, with recovery codes', async () => {
    const alice = w.seed.alice.id;
    const start = expectOk(await w.api.post(scaPath('/factors', alice), { type: 'TOTP' }), 200);
    expect(start.body).toMatchObject({ type: 'TOTP', secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(start.body.secretBase32Encoded).toBe(start.body.secret);
    const uri = new URL(start.body.totpUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(start.body.secret);
    expect(uri.searchParams.get('period')).toBe('30');
    expect((await w.api.get(scaPath('/factors', alice))).body).toEqual({ factors: [] }); // pending is not listed

    const code = await totpNow(w, start.body.secret);
    const confirmed = expectOk(await w.api.post(scaPath('/factors/confirm', alice), { type: 'TOTP', secret: start.body.secret, code }), 200);
    expect(confirmed.body.type).toBe('TOTP');
    expect(confirmed.body.recoveryCodes).toHaveLength(8);
    for (const c of confirmed.body.recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const list = expectOk(await w.api.get(scaPath('/factors', alice)), 200);
    expect(list.body.factors).toEqual([{ factor: 'TOTP', credentialId: expect.stringMatching(/^ScaFactor:/), name: 'Authenticator app' }]);
  });

  it('the request log never keeps the secret, its otpauth URI, the code or the recovery codes', async () => {
    const { secret, recoveryCodes } = await enrolTotp(w, w.seed.alice.id);
    const page = await invoke(w, 'requestLog/list', { pathContains: '/sca/factors', method: 'POST' });
    expect(page.data.length).toBe(2);
    for (const entry of page.data as { id: string }[]) {
      const text = JSON.stringify(await invoke(w, 'requestLog/get', { id: entry.id }));
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(secret);
      for (const c of recoveryCodes) expect(text).not.toContain(c);
    }
  });

  it('a wrong code is 401 and leaves the factor pending; an unknown secret is 400 naming secret', async () => {
    const alice = w.seed.alice.id;
    const start = expectOk(await w.api.post(scaPath('/factors', alice), { type: 'TOTP' }), 200);
    const wrong = await w.api.post(scaPath('/factors/confirm', alice), { type: 'TOTP', secret: start.body.secret, code: wrongTotp(start.body.secret, await nowMs(w)) });
    expectError(wrong, 401, 'UNAUTHORIZED');
    expect((await w.api.get(scaPath('/factors', alice))).body.factors).toEqual([]);
    const other = await w.api.post(scaPath('/factors/confirm', alice), { type: 'TOTP', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456' });
    expectInvalidField(other, 'secret');
    // The secret belongs to Alice: Lucía cannot confirm it.
    const foreign = await w.api.post(scaPath('/factors/confirm', w.seed.lucia.id), { type: 'TOTP', secret: start.body.secret, code: await totpNow(w, start.body.secret) });
    expectInvalidField(foreign, 'secret');
  });

  it('a code of another time step (the phone two minutes off) is refused', async () => {
    const alice = w.seed.alice.id;
    const start = expectOk(await w.api.post(scaPath('/factors', alice), { type: 'TOTP' }), 200);
    const stale = totpAt(start.body.secret, (await nowMs(w)) - 120_000);
    expectError(await w.api.post(scaPath('/factors/confirm', alice), { type: 'TOTP', secret: start.body.secret, code: stale }), 401, 'UNAUTHORIZED');
  });

  it('a second authenticator app is 409 until the first is deleted; deletion is 204 then 404', async () => {
    const alice = w.seed.alice.id;
    const { credentialId } = await enrolTotp(w, alice);
    expectError(await w.api.post(scaPath('/factors', alice), { type: 'TOTP' }), 409, 'CONFLICT');
    expectError(await w.api.delete(`/sca/factors/${encodeURIComponent(credentialId)}?customerId=${encodeURIComponent(w.seed.lucia.id)}`), 404, 'REFERENCE_NOT_FOUND');
    const del = await w.api.delete(`/sca/factors/${encodeURIComponent(credentialId)}?customerId=${encodeURIComponent(alice)}`);
    expect(del.status, del.text).toBe(204);
    expect((await w.api.get(scaPath('/factors', alice))).body.factors).toEqual([]);
    expectError(await w.api.delete(`/sca/factors/${encodeURIComponent(credentialId)}?customerId=${encodeURIComponent(alice)}`), 404, 'REFERENCE_NOT_FOUND');
    expectOk(await w.api.post(scaPath('/factors', alice), { type: 'TOTP' }), 200);
  });

  it('an unknown customer is 404 USER_NOT_FOUND; a missing customerId or unknown type is 400', async () => {
    expectError(await w.api.get(scaPath('/factors', 'Customer:019b76da-a800-7000-8000-000000000000')), 404, 'USER_NOT_FOUND');
    expectInvalidField(await w.api.get('/sca/factors'), 'customerId');
    expectInvalidField(await w.api.post(scaPath('/factors', w.seed.alice.id), { type: 'EMAIL' }), 'type');
  });
});

describe('passkey enrolment', () => {
  it('returns WebAuthn creation options; a real registration from those options activates a PASSKEY factor', async () => {
    const alice = w.seed.alice.id;
    const start = expectOk(await w.api.post(scaPath('/factors', alice), { type: 'PASSKEY' }), 200);
    expect(start.body).toMatchObject({ type: 'PASSKEY', relyingPartyId: expect.any(String), allowedOrigins: expect.any(Array) });
    const origin = start.body.allowedOrigins[0] as string;
    const auth = new SoftAuthenticator(origin, start.body.relyingPartyId);
    const reg = auth.register(start.body.options.challenge);
    const credential = { id: reg.credentialId, rawId: reg.credentialId, type: 'public-key', response: { clientDataJSON: reg.clientDataJson, attestationObject: reg.attestationObject } };
    const bad = await w.api.post(scaPath('/factors/confirm', alice), { type: 'PASSKEY', origin: 'https://evil.example', credential });
    expectInvalidField(bad, 'origin');
    const ok = expectOk(await w.api.post(scaPath('/factors/confirm', alice), { type: 'PASSKEY', origin, credential }), 200);
    expect(ok.body).toEqual({ type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: expect.stringMatching(/^ScaFactor:/), name: 'Passkey' } });
    expect((await w.api.get(scaPath('/factors', alice))).body.factors.map((f: { factor: string }) => f.factor)).toEqual(['PASSKEY']);
    // The same registration again: nothing pending answers its challenge any more.
    expectInvalidField(await w.api.post(scaPath('/factors/confirm', alice), { type: 'PASSKEY', origin, credential }), 'credential');
  });

  it('a quote asking for PASSKEY is authorized by a real assertion over its challenge; a bad signature or a foreign origin is 401', async () => {
    const alice = w.seed.alice.id;
    const start = expectOk(await w.api.post(scaPath('/factors', alice), { type: 'PASSKEY' }), 200);
    const origin = start.body.allowedOrigins[0] as string;
    const auth = new SoftAuthenticator(origin, start.body.relyingPartyId);
    const reg = auth.register(start.body.options.challenge);
    expectOk(await w.api.post(scaPath('/factors/confirm', alice), { type: 'PASSKEY', origin, credential: { id: reg.credentialId, response: { clientDataJSON: reg.clientDataJson, attestationObject: reg.attestationObject } } }), 200);

    const quote = await w.api.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: w.seed.luciaClabe['12000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100_00, scaFactor: 'PASSKEY' });
    expect(quote.status, quote.text).toBe(202);
    const challenge = quote.body.scaChallenge;
    expect(challenge).toMatchObject({ factor: 'PASSKEY', passkeyAllowedOrigins: expect.arrayContaining([origin]) });
    expect(challenge.passkeyAssertionOptions.allowCredentials).toEqual([{ type: 'public-key', id: reg.credentialId }]);
    const hex = Buffer.from(challenge.passkeyAssertionOptions.challenge, 'base64url').toString('utf8');
    const asJson = (a: ReturnType<SoftAuthenticator['assert']>) => ({ id: a.credentialId, response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature } });
    const path = `/quotes/${encodeURIComponent(quote.body.id)}/authorize`;
    expectError(await w.api.post(path, { passkeyAssertion: asJson(auth.assert(hex, { badSignature: true })), origin }), 401, 'UNAUTHORIZED');
    const good = auth.assert(hex);
    expectError(await w.api.post(path, { passkeyAssertion: asJson(good), origin: 'https://evil.example' }), 401, 'UNAUTHORIZED');
    const ok = expectOk(await w.api.post(path, { passkeyAssertion: asJson(good), origin }), 200);
    expect(ok.body.status).toBe('PENDING');
  });
});
