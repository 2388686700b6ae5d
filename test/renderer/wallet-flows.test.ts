import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/api/client';
import { useWalletAuthStore } from '../../renderer/stores/wallet-auth';
import { useWalletFlowStore } from '../../renderer/stores/wallet-flow';
import { useWalletKeysStore } from '../../renderer/stores/wallet-keys';
import { otpSignIn, oauthSignIn } from '../../renderer/lib/wallet-signin';
import { revokeCredential } from '../../renderer/lib/wallet-actions';
import { revokeBlocker } from '../../renderer/lib/wallet-view';
import { decodeJwt, expectedNonce, publicKeyOf, rehearsalSubject } from '../../renderer/lib/wallet-crypto';
import { ACCOUNT, EMAIL_CREDENTIAL, OAUTH_CREDENTIAL, walletFake } from './wallet-fake';

let fake: ReturnType<typeof walletFake>;

async function ready(credentials = [EMAIL_CREDENTIAL]) {
  fake = walletFake(credentials);
  setBridge(fake.bridge);
  setActivePinia(createPinia());
  const wallets = useWalletAuthStore();
  await wallets.load();
  await wallets.select(ACCOUNT);
  return { wallets, flows: useWalletFlowStore(), keys: useWalletKeysStore() };
}

const sent = () => fake.apiCalls.map((c) => `${c.method} ${c.path}${c.headers ? ` [${Object.keys(c.headers).join(', ')}]` : ''}`);

beforeEach(() => setBridge(null));

describe('the EMAIL_OTP sign-in driver', () => {
  it('sends challenge, verify, then the same verify stamped with the TEK, and holds the TEK as the session key', async () => {
    const { flows, keys } = await ready();
    flows.open((env) => otpSignIn(env, EMAIL_CREDENTIAL));
    expect(flows.records.map((r) => r.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);

    expect(await flows.runAll()).toBeNull();
    expect(sent()).toEqual([
      'POST /auth/credentials/AuthMethod%3Aemail/challenge',
      'POST /auth/credentials/AuthMethod%3Aemail/verify',
      'POST /auth/credentials/AuthMethod%3Aemail/verify [Svc-Wallet-Signature, Request-Id]',
    ]);
    const [, first, second] = fake.apiCalls;
    // The retry repeats the first leg's body exactly; only the two headers are added.
    expect(second!.body).toEqual(first!.body);
    expect(second!.headers!['Request-Id']).toMatch(/^Request:/);
    expect(flows.records.map((r) => r.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(flows.records.map((r) => r.exchange?.status)).toEqual([200, undefined, undefined, 202, 200]);

    // The stamp covers exactly the payload the service issued, and its key is the TEK the console now holds.
    const stamp = flows.records[4]!.stamp!;
    expect(stamp.payload).toBe(fake.issuedPayloads[0]);
    expect(stamp.decoded?.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256');
    const session = fake.sessions[0]!;
    expect(keys.holds(session.id)).toBe(true);
    const held = keys.keys.get(session.id)!;
    expect(publicKeyOf(held.privateKey)).toBe(stamp.decoded?.publicKey);
    expect(session.publicKey).toBe(stamp.decoded?.publicKey);
    // The plaintext code and the private key never travel: only the sealed bundle and the stamp do.
    const wire = JSON.stringify(fake.apiCalls);
    expect(wire).not.toContain(held.privateKey);
    expect(wire).not.toContain('otp_code');
  });

  it('shows the decoded target bundle and reads the code only when the sealing step runs', async () => {
    const { flows } = await ready();
    flows.open((env) => otpSignIn(env, EMAIL_CREDENTIAL));
    await flows.next();
    expect(flows.cursor).toBe(1);
    expect(fake.apiCalls).toHaveLength(1);
    const shown = flows.records[0]!.shown;
    expect(shown.map((s) => s.label)).toEqual(['otpEncryptionTargetBundle data (hex-decoded)', 'targetPublic: the enclave HPKE key the code is sealed to']);
    expect(shown[1]!.value).toMatch(/^04[0-9a-f]{128}$/);

    await flows.next();
    flows.otpCode = '123456';
    await flows.next();
    expect(flows.records[2]!.shown[0]!.value).toMatchObject({ otp_code: '123456' });
    // The sandbox only accepts 000000: the API refuses, and the step keeps its error body.
    const error = await flows.next();
    expect(error?.code).toBe('UNAUTHORIZED');
    expect(flows.failed).toBe(true);
    expect(flows.records[3]).toMatchObject({ state: 'failed', error: { code: 'UNAUTHORIZED', message: 'Invalid OTP code', status: 401 } });
    expect(flows.records[3]!.exchange).toMatchObject({ status: 401, response: { reason: 'Invalid OTP code' } });
    expect(flows.records[4]!.state).toBe('pending');
    // A stopped flow runs again from the start, with a fresh challenge and key.
    flows.otpCode = '000000';
    expect(await flows.runAll()).toBeNull();
    expect(flows.records.every((r) => r.state === 'done')).toBe(true);
  });
});

describe('the OAUTH sign-in driver', () => {
  it('sends a fresh token on the workspace clock with nonce = SHA-256(clientPublicKey), and opens the sealed session key', async () => {
    const { flows, keys } = await ready([EMAIL_CREDENTIAL, OAUTH_CREDENTIAL]);
    flows.open((env) => oauthSignIn(env, OAUTH_CREDENTIAL));
    expect(await flows.runAll()).toBeNull();
    const verify = fake.apiCalls.find((c) => c.path.endsWith('/verify'))!;
    const body = verify.body as { oidcToken: string; clientPublicKey: string };
    const claims = decodeJwt(body.oidcToken)!.claims;
    expect(claims).toMatchObject({ iss: 'https://accounts.google.com', aud: 'payments-console', sub: rehearsalSubject(ACCOUNT), email: 'alice.johnson@example.com' });
    expect(claims['iat']).toBe(Math.floor(fake.clockMs / 1000));
    expect(claims['nonce']).toBe(expectedNonce(body.clientPublicKey));
    expect(body.clientPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    const session = fake.sessions[0]!;
    expect(keys.keys.get(session.id)?.privateKey).toBe(fake.sealedKeys[0]);
  });
});

describe('revoking a credential', () => {
  it('needs a held session of a different credential, and says so', async () => {
    const { flows } = await ready([EMAIL_CREDENTIAL, OAUTH_CREDENTIAL]);
    expect(revokeBlocker(EMAIL_CREDENTIAL, 1, [])).toMatch(/keeps at least one credential/);
    expect(revokeBlocker(EMAIL_CREDENTIAL, 2, [])).toMatch(/session of a different credential/);
    expect(revokeBlocker(EMAIL_CREDENTIAL, 2, [EMAIL_CREDENTIAL.id])).toMatch(/session of a different credential/);
    expect(revokeBlocker(EMAIL_CREDENTIAL, 2, [OAUTH_CREDENTIAL.id])).toBeNull();

    flows.open((env) => otpSignIn(env, EMAIL_CREDENTIAL));
    await flows.runAll();
    expect(() => flows.env().signer({ excludeAuthMethodId: EMAIL_CREDENTIAL.id })).toThrow(/different credential/);

    // With the EMAIL_OTP session held, the OAUTH credential can go; the retry is stamped by that session.
    expect(await flows.run((env) => revokeCredential(env, OAUTH_CREDENTIAL))).toBeNull();
    expect(sent().slice(-2)).toEqual(['DELETE /auth/credentials/AuthMethod%3Aoauth', 'DELETE /auth/credentials/AuthMethod%3Aoauth [Svc-Wallet-Signature, Request-Id]']);
    expect(flows.records[1]!.stamp?.signer).toMatch(/^Session:\d+ \(EMAIL_OTP session\)$/);
    expect(flows.records[1]!.exchange?.status).toBe(204);
  });
});
