import { describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { hpkeSeal, newKeyPair, targetBundle, toHex } from '../../core/wallet/crypto';
import type { AuthSession } from '../../core/wallet/schema';
import { decodeTargetBundle, openExportBundle, publicKeyOf, webauthnChallengeOf } from '../../renderer/lib/wallet-crypto';
import { hostFitsRpId } from '../../renderer/lib/passkey-client';
import { useWalletKeysStore } from '../../renderer/stores/wallet-keys';

const T = Date.UTC(2025, 9, 13, 10, 0, 0);
const session = (id: string, authMethodId: string, expiresAt = T + 60_000): AuthSession => ({
  id, accountId: 'InternalAccount:w', type: 'EMAIL_OTP', nickname: 'n', authMethodId, createdAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString(), expiresAt: new Date(expiresAt).toISOString(),
});

describe('the wallet client helpers', () => {
  it('decodes the target bundle the service issues down to its uncompressed targetPublic', () => {
    const enclave = newKeyPair();
    const decoded = decodeTargetBundle(targetBundle(enclave.publicKeyUncompressed, 'org', 'InternalAccount:w'));
    expect(decoded.envelope['version']).toBe('v1.0.0');
    expect(decoded.data).toEqual({ targetPublic: enclave.publicKeyUncompressed, organizationId: 'org', userId: 'InternalAccount:w' });
  });

  it('opens an export bundle (hex JSON {encappedPublic, ciphertext} sealed to the export key) back to the mnemonic', async () => {
    const key = newKeyPair();
    const mnemonic = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    const { enc, ciphertext } = await hpkeSeal(new TextEncoder().encode(mnemonic), key.publicKeyUncompressed);
    const data = toHex(new TextEncoder().encode(JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext), organizationId: 'org' })));
    const bundle = JSON.stringify({ version: 'v1.0.0', data, dataSignature: '', enclaveQuorumPublic: '' });
    expect(await openExportBundle(bundle, key.privateKey)).toBe(mnemonic);
    await expect(openExportBundle(bundle, newKeyPair().privateKey)).rejects.toThrow();
  });

  it('makes the WebAuthn challenge from the UTF-8 bytes of the hex challenge, and derives stamp keys', () => {
    expect(webauthnChallengeOf('ab12')).toBe(Buffer.from('ab12', 'utf8').toString('base64url'));
    const k = newKeyPair();
    expect(publicKeyOf(k.privateKey)).toBe(k.publicKey);
    expect(hostFitsRpId('localhost', 'localhost')).toBe(true);
    expect(hostFitsRpId('app.payments.example', 'payments.example')).toBe(true);
    expect(hostFitsRpId('127.0.0.1', 'localhost')).toBe(false);
  });
});

describe('the held keys', () => {
  it('pick a signer by the core key rules: exactly one session, a different credential, the preferred one first, never an expired one', () => {
    setActivePinia(createPinia());
    const keys = useWalletKeysStore();
    keys.hold(session('Session:a', 'AuthMethod:email'), 'aa');
    keys.hold(session('Session:b', 'AuthMethod:passkey'), 'bb');
    keys.hold(session('Session:old', 'AuthMethod:passkey', T - 1), 'cc');
    const ids = (rule: Parameters<typeof keys.candidates>[1]) => keys.candidates('InternalAccount:w', rule, T).map((k) => k.sessionId);
    expect(ids({})).toEqual(['Session:a', 'Session:b']);
    expect(ids({ prefer: 'Session:b' })).toEqual(['Session:b', 'Session:a']);
    expect(ids({ sessionId: 'Session:b' })).toEqual(['Session:b']);
    expect(ids({ excludeAuthMethodId: 'AuthMethod:passkey' })).toEqual(['Session:a']);
    expect(keys.candidates('InternalAccount:other', {}, T)).toEqual([]);

    keys.forget({ authMethodId: 'AuthMethod:passkey' });
    expect(ids({})).toEqual(['Session:a']);
    keys.prune('InternalAccount:w', new Set());
    expect(keys.keys.size).toBe(0);
  });
});
