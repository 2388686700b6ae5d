// Keys inside an OTP bundle are client keys too: an encapsulated key or a sealed public_key that is not a
// P-256 point is refused as an unopenable bundle (401), never a 500 from HPKE or point decoding.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { encryptOtpBundle } from '../../core/wallet/crypto';
import { isP256Point } from '../../core/wallet/key-schema';
import { enc, expect401, OTP, openWalletWorld, otpChallenge, type WalletWorld } from '../support/worlds/wallet';

let w: WalletWorld;
/** One open challenge for every case: a refused bundle does not use it up (and challenges are rate limited). */
let targetBundle: string;
beforeAll(async () => {
  w = await openWalletWorld();
  targetBundle = await otpChallenge(w.api, w.emailCredId);
});
afterAll(async () => {
  await w?.close();
  removeTempDirs();
});

function offCurve(): string {
  for (;;) {
    const k = `04${randomBytes(64).toString('hex')}`;
    if (!isP256Point(k)) return k;
  }
}

const verify = (encryptedOtpBundle: string) => w.api.post(`/auth/credentials/${enc(w.emailCredId)}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle });

describe('an OTP bundle carrying a key off the curve is 401, not 500', () => {
  it.each([
    ['an encappedPublic off the curve', () => offCurve()],
    ['an all-zero encappedPublic', () => `04${'00'.repeat(64)}`],
    ['a compressed encappedPublic', () => `02${'ff'.repeat(32)}`],
  ])('%s', async (_label, key) => {
    const r = await verify(JSON.stringify({ encappedPublic: key(), ciphertext: randomBytes(48).toString('hex') }));
    expect401(r, 'UNAUTHORIZED');
  });

  it('a bundle whose sealed public_key is off the curve', async () => {
    const r = await verify(await encryptOtpBundle(targetBundle, OTP, offCurve()));
    expect(r.status, r.text).toBe(401);
    expect(r.body.message).toContain('public_key is not a P-256 point');
  });
});
