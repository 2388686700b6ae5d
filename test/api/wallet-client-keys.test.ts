// Every public key a client sends is checked as a P-256 point before any crypto runs: a well-formed hex
// string that is not on the curve is 400 INVALID_INPUT naming the field, never a 500 from HPKE or ECDSA.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectInvalidField } from '../support/assertions';
import { newKeyPair, stamp } from '../../core/wallet/crypto';
import { isP256Point } from '../../core/wallet/key-schema';
import { addOauth, addPasskey, enc, oidcToken, openWalletWorld, otpSignIn, retryHeaders, send, type ClientSession, type WalletWorld } from '../support/worlds/wallet';
import { type ApiResult } from '../support/api-client';

let w: WalletWorld;
let session: ClientSession;
let oauthCredId: string;
let passkeyCredId: string;
beforeAll(async () => {
  w = await openWalletWorld();
  session = await otpSignIn(w.api, w.emailCredId);
  oauthCredId = (await addOauth(w.api, w.wallet.id, session.privateKey)).id;
  const passkey = await addPasskey(w.api, w.wallet.id, session.privateKey);
  expect(passkey.status, passkey.text).toBe(201);
  passkeyCredId = passkey.body.id;
});
afterAll(async () => {
  await w?.close();
  removeTempDirs();
});

const hex = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('hex');

/** 04 followed by 64 random bytes: well-formed, and (almost surely) off the curve; drawn until it is. */
function offCurveUncompressed(): string {
  for (;;) {
    const k = `04${hex(randomBytes(64))}`;
    if (!isP256Point(k)) return k;
  }
}

/** 02/03 followed by an x for which no y exists (about half of all x). */
function offCurveCompressed(prefix: '02' | '03'): string {
  for (;;) {
    const k = `${prefix}${hex(randomBytes(32))}`;
    if (!isP256Point(k)) return k;
  }
}

/** A real point with one coordinate byte changed: every part right but the curve equation. */
function nudgedPoint(): string {
  const k = newKeyPair().publicKeyUncompressed;
  return `${k.slice(0, 128)}${((parseInt(k.slice(128), 16) + 1) % 256).toString(16).padStart(2, '0')}`;
}

/** One endpoint that takes a client key, and how a request carrying `key` is sent. */
interface KeyRoute {
  name: string;
  field: string;
  /** Whether a compressed key is a well-formed value here (export takes only the uncompressed form). */
  compressed: boolean;
  send(key: string): Promise<ApiResult>;
}

const exportPath = () => `/internal-accounts/${enc(w.wallet.id)}/export`;
const routes: KeyRoute[] = [
  { name: 'POST /internal-accounts/{id}/export', field: 'clientPublicKey', compressed: false, send: (key) => w.api.post(exportPath(), { clientPublicKey: key }) },
  {
    name: 'POST /internal-accounts/{id}/export (stamped retry)', field: 'clientPublicKey', compressed: false,
    send: (key) => send(w.api, 'POST', exportPath(), { clientPublicKey: key }, retryHeaders(stamp('{}', session.privateKey), 'Request:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b')),
  },
  { name: 'POST /auth/credentials/{id}/verify (OAUTH)', field: 'clientPublicKey', compressed: true, send: async (key) => w.api.post(`/auth/credentials/${enc(oauthCredId)}/verify`, { type: 'OAUTH', oidcToken: await oidcToken(w.api), clientPublicKey: key }) },
  { name: 'POST /auth/credentials/{id}/challenge (PASSKEY)', field: 'clientPublicKey', compressed: true, send: (key) => w.api.post(`/auth/credentials/${enc(passkeyCredId)}/challenge`, { clientPublicKey: key }) },
  { name: 'POST /auth/sessions/{id}/refresh', field: 'clientPublicKey', compressed: true, send: (key) => w.api.post(`/auth/sessions/${enc(session.id)}/refresh`, { clientPublicKey: key }) },
];

describe.each(routes)('$name refuses a client key that is not a P-256 point', (route) => {
  const bad: [string, () => string][] = [
    ['04 + 64 random bytes off the curve', offCurveUncompressed],
    ['a real point with its last byte changed', nudgedPoint],
    ['04 + all zero', () => `04${'00'.repeat(64)}`],
    ['all zero, 65 bytes', () => '00'.repeat(65)],
    ['one byte short', () => newKeyPair().publicKeyUncompressed.slice(0, 128)],
    ['one byte long', () => `${newKeyPair().publicKeyUncompressed}00`],
    ['not hex', () => `04${'zz'.repeat(64)}`],
    ['02 + an x off the curve', () => offCurveCompressed('02')],
    ['03 + an x off the curve', () => offCurveCompressed('03')],
    ['04 + coordinates beyond the field prime', () => `04${'ff'.repeat(64)}`],
  ];
  it.each(bad)('%s: 400 INVALID_INPUT naming the field', async (_label, make) => {
    expectInvalidField(await route.send(make()), route.field);
  });

  it('a key drawn at random (65 bytes, or 04/02/03 + random bytes) is never answered 5xx; one off the curve is 400 naming the field', async () => {
    const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map(hex);
    const key = fc.oneof(bytes(65), bytes(64).map((b) => `04${b}`), fc.tuple(fc.constantFrom('02', '03'), bytes(32)).map(([p, b]) => p + b));
    await fc.assert(fc.asyncProperty(key, async (k) => {
      const r = await route.send(k);
      expect(r.status, `${k}: ${r.text}`).toBeLessThan(500);
      const wellFormedShape = route.compressed ? /^(0[23][0-9a-f]{64}|04[0-9a-f]{128})$/ : /^04[0-9a-f]{128}$/;
      if (!wellFormedShape.test(k) || !isP256Point(k)) expectInvalidField(r, route.field);
    }), { numRuns: 40 });
  });
});

describe('a key that is a curve point still passes the check', () => {
  // Delegated keys no longer take a client key: the contract has the server generate them (wallet-delegated-keys.test.ts).
  it('export with a fresh uncompressed key answers its 202 challenge', async () => {
    expect((await w.api.post(exportPath(), { clientPublicKey: newKeyPair().publicKeyUncompressed })).status).toBe(202);
  });
});
