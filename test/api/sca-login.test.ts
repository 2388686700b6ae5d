// SCA login (start and complete, lockout), recorded security events, and factor resets, on the
// workspace clock with real TOTP codes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, invoke, openWorld, type World } from '../support/money-path';
import { enrolTotp, expectOk, nextTotp, nowMs, SANDBOX_CODE, scaPath, wrongTotp } from './sca-helpers';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const IP = '203.0.113.42';
const loginStart = (customerId: string, factor: string) => w.api.post(scaPath('/login/start', customerId), { factor });
const loginComplete = (customerId: string, body: Record<string, unknown>) => w.api.post(scaPath('/login/complete', customerId), { endUserIpAddress: IP, ...body });
const record = (customerId: string, eventType: string) => w.api.post(scaPath('/record-event', customerId), { eventType });

describe('login', () => {
  it('TOTP: a real code logs in (with or without a started challenge); the same code is refused the second time', async () => {
    const alice = w.seed.alice.id;
    const { secret } = await enrolTotp(w, alice);
    const code = await nextTotp(w, secret);
    const ok = expectOk(await loginComplete(alice, { factor: 'TOTP', code }), 200);
    expect(ok.body.status).toBe('SUCCESS');
    expect(Date.parse(ok.body.sessionExpiresAt)).toBe((await nowMs(w)) + 15 * 60_000);
    expectError(await loginComplete(alice, { factor: 'TOTP', code }), 401, 'UNAUTHORIZED');

    const start = expectOk(await loginStart(alice, 'TOTP'), 200);
    expect(start.body).toMatchObject({ factor: 'TOTP', challengeId: expect.stringMatching(/^ScaChallenge:/), expiresAt: expect.any(String) });
    const next = await nextTotp(w, secret);
    expectOk(await loginComplete(alice, { factor: 'TOTP', challengeId: start.body.challengeId, code: next }), 200);
    expectError(await loginComplete(alice, { factor: 'TOTP', challengeId: start.body.challengeId, code: await nextTotp(w, secret) }), 409, 'CONFLICT');
  });

  it('a recovery code stands in for the app once, in any letter case; a used one is refused', async () => {
    const alice = w.seed.alice.id;
    const { recoveryCodes } = await enrolTotp(w, alice);
    expectOk(await loginComplete(alice, { factor: 'TOTP', code: recoveryCodes[0]!.toLowerCase() }), 200);
    expectError(await loginComplete(alice, { factor: 'TOTP', code: recoveryCodes[0] }), 401, 'UNAUTHORIZED');
    expectError(await loginComplete(alice, { factor: 'TOTP', code: 'ABCD-EFGH-JKLM' }), 401, 'UNAUTHORIZED');
    expectOk(await loginComplete(alice, { factor: 'TOTP', code: recoveryCodes[1] }), 200);
  });

  it('SMS_OTP: the challenge takes the sandbox code, expires on the workspace clock, and must be answered with its own factor', async () => {
    const alice = w.seed.alice.id; // seeded with a phone number: SMS_OTP is available without enrolment
    const start = expectOk(await loginStart(alice, 'SMS_OTP'), 200);
    expectInvalidField(await loginComplete(alice, { factor: 'TOTP', challengeId: start.body.challengeId, code: SANDBOX_CODE }), 'factor');
    await advance(w, (Date.parse(start.body.expiresAt) - (await nowMs(w))) / 1000);
    expectError(await loginComplete(alice, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: SANDBOX_CODE }), 400, 'EXPIRED');
    const again = expectOk(await loginStart(alice, 'SMS_OTP'), 200);
    expectOk(await loginComplete(alice, { factor: 'SMS_OTP', challengeId: again.body.challengeId, code: SANDBOX_CODE }), 200);
    expectInvalidField(await loginStart(alice, 'TOTP'), 'factor'); // not enrolled
  });

  it('every 5th wrong code locks the customer out for 15 minutes (423 with lockedUntil), even for the right code', async () => {
    const alice = w.seed.alice.id;
    const { secret } = await enrolTotp(w, alice);
    for (let i = 1; i <= 4; i++) {
      const r = await loginComplete(alice, { factor: 'TOTP', code: wrongTotp(secret, await nowMs(w)) });
      expectError(r, 401, 'UNAUTHORIZED');
      expect(r.body.details.failedAttempts).toBe(i);
    }
    const fifth = await loginComplete(alice, { factor: 'TOTP', code: wrongTotp(secret, await nowMs(w)) });
    expectError(fifth, 423, 'ACCOUNT_LOCKED');
    const lockedUntil = Date.parse(fifth.body.details.lockedUntil);
    expect(lockedUntil).toBe((await nowMs(w)) + 15 * 60_000);
    expect(fifth.body.details).toMatchObject({ suspended: false, failedAttempts: 5 });
    expectError(await loginComplete(alice, { factor: 'TOTP', code: await nextTotp(w, secret) }), 423, 'ACCOUNT_LOCKED');
    await advance(w, 15 * 60);
    expectOk(await loginComplete(alice, { factor: 'TOTP', code: await nextTotp(w, secret) }), 200);
    expect((await record(alice, 'FAILED_LOGIN_ATTEMPT')).body.failedAttempts).toBe(1); // success cleared the count
  });
});

describe('record-event', () => {
  it('FAILED_LOGIN_ATTEMPT counts towards the lockout and suspension; RESET_PASSWORD_COMPLETED clears them', async () => {
    const sophie = w.seed.sophie.id;
    for (let i = 1; i <= 4; i++) expect(expectOk(await record(sophie, 'FAILED_LOGIN_ATTEMPT'), 200).body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: null, failedAttempts: i });
    const fifth = expectOk(await record(sophie, 'FAILED_LOGIN_ATTEMPT'), 200).body;
    expect(Date.parse(fifth.lockedUntil)).toBe((await nowMs(w)) + 15 * 60_000);
    expectError(await loginComplete(sophie, { factor: 'SMS_OTP', code: SANDBOX_CODE }), 423, 'ACCOUNT_LOCKED');
    for (let i = 6; i <= 10; i++) await record(sophie, 'FAILED_LOGIN_ATTEMPT');
    const state = expectOk(await record(sophie, 'FAILED_LOGIN_ATTEMPT'), 200).body;
    expect(state.suspended).toBe(true);
    // Support staff see the same state in the console (the customer drawer).
    expect(await invoke(w, 'sca/customer', { customerId: sophie })).toEqual({
      factors: [], failedAttempts: 11, lockedUntil: state.lockedUntil, suspended: true, sessionExpiresAt: null, trustedExternalAccountIds: [],
    });
    await advance(w, 16 * 60);
    expectError(await loginComplete(sophie, { factor: 'SMS_OTP', code: SANDBOX_CODE }), 423, 'ACCOUNT_LOCKED'); // suspended outlasts the lock
    expect(expectOk(await record(sophie, 'RESET_PASSWORD_COMPLETED'), 200).body).toEqual({ eventType: 'RESET_PASSWORD_COMPLETED', suspended: false, lockedUntil: null, failedAttempts: 0 });
    const start = expectOk(await loginStart(sophie, 'SMS_OTP'), 200);
    expectOk(await loginComplete(sophie, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: SANDBOX_CODE }), 200);
    expectInvalidField(await record(sophie, 'PASSWORD_CHANGED'), 'eventType');
  });
});

describe('factor reset', () => {
  it('start (201), liveness passes 30 s later on the workspace clock, complete (204) removes the factor; status follows', async () => {
    const alice = w.seed.alice.id;
    await enrolTotp(w, alice);
    const started = expectOk(await w.api.post(scaPath('/factors/reset', alice), { factor: 'TOTP' }), 201);
    expect(started.body).toMatchObject({ resetId: expect.stringMatching(/^TwoFactorReset:/), livenessAccessToken: expect.any(String), verificationLink: expect.stringMatching(/^https:\/\//) });
    expect(Date.parse(started.body.expiresAt)).toBe((await nowMs(w)) + 30 * 60_000);
    const statusPath = `/sca/factors/reset/${enc(started.body.resetId)}?customerId=${enc(alice)}`;
    const completePath = `/sca/factors/reset/${enc(started.body.resetId)}/complete?customerId=${enc(alice)}`;
    expect(expectOk(await w.api.get(statusPath), 200).body).toEqual({ status: 'INITIATED', factor: 'TOTP', enrollmentStatus: null, expiresAt: started.body.expiresAt, completedAt: null });
    expectError(await w.api.post(completePath), 409, 'INVALID_STATE_TRANSITION');

    await advance(w, 30);
    expect(expectOk(await w.api.get(statusPath), 200).body.status).toBe('LIVENESS_PASSED');
    const done = await w.api.post(completePath);
    expect(done.status, done.text).toBe(204);
    const after = expectOk(await w.api.get(statusPath), 200).body;
    expect(after).toMatchObject({ status: 'COMPLETED', enrollmentStatus: 'PENDING', completedAt: new Date(await nowMs(w)).toISOString() });
    expect(expectOk(await w.api.get(scaPath('/factors', alice)), 200).body.factors).toEqual([]);
    expectError(await w.api.post(completePath), 409, 'INVALID_STATE_TRANSITION');

    await enrolTotp(w, alice);
    expect(expectOk(await w.api.get(statusPath), 200).body.enrollmentStatus).toBe('COMPLETED');
    expectError(await w.api.get(`/sca/factors/reset/${enc(started.body.resetId)}?customerId=${enc(w.seed.lucia.id)}`), 404, 'REFERENCE_NOT_FOUND');
  });

  it('an unclaimed reset expires after 30 minutes; a factor the customer lacks is 409; 3 starts a day, then 429 with Retry-After', async () => {
    const alice = w.seed.alice.id;
    expectError(await w.api.post(scaPath('/factors/reset', alice), { factor: 'TOTP' }), 409, 'INVALID_STATE_TRANSITION');
    const first = expectOk(await w.api.post(scaPath('/factors/reset', alice), { factor: 'SMS_OTP' }), 201);
    await advance(w, 30 * 60);
    const statusPath = `/sca/factors/reset/${enc(first.body.resetId)}?customerId=${enc(alice)}`;
    expect(expectOk(await w.api.get(statusPath), 200).body.status).toBe('EXPIRED');
    expectError(await w.api.post(`/sca/factors/reset/${enc(first.body.resetId)}/complete?customerId=${enc(alice)}`, { mobile: { countryCode: '+1', number: '4155550123' } }), 409, 'INVALID_STATE_TRANSITION');
    expectOk(await w.api.post(scaPath('/factors/reset', alice), { factor: 'SMS_OTP' }), 201);
    expectOk(await w.api.post(scaPath('/factors/reset', alice), { factor: 'SMS_OTP' }), 201);
    const limited = await w.api.post(scaPath('/factors/reset', alice), { factor: 'SMS_OTP' });
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBe(24 * 60 * 60 - 30 * 60);
  });

  it('completing a reset lifts a suspension', async () => {
    const alice = w.seed.alice.id;
    for (let i = 0; i < 10; i++) await record(alice, 'FAILED_LOGIN_ATTEMPT');
    const r = expectOk(await w.api.post(scaPath('/factors/reset', alice), { factor: 'SMS_OTP' }), 201);
    await advance(w, 30);
    expect((await w.api.post(`/sca/factors/reset/${enc(r.body.resetId)}/complete?customerId=${enc(alice)}`, { mobile: { countryCode: '+1', number: '4155550123' } })).status).toBe(204);
    const start = expectOk(await loginStart(alice, 'SMS_OTP'), 200);
    expectOk(await loginComplete(alice, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: SANDBOX_CODE }), 200);
  });
});
