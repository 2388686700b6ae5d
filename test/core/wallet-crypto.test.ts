// The wallet wire formats (upstream-facts section 3) against the published samples and real libraries:
// stamps, HPKE with the protocol's info and AAD, OTP target bundles and sealed session keys.
import { describe, expect, it } from 'vitest';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { AeadId, CipherSuite, KdfId, KemId } from 'hpke-js';
import {
  compressPublicKey, decodeStamp, encryptOtpBundle, fromHex, hpkeOpen, hpkeSeal, newKeyPair, openSessionKey, sealSessionKey, stamp, targetBundle,
  toHex, verifyStamp,
} from '../../core/wallet/crypto';
import { expectedNonce } from '../../core/wallet/oauth';

// Section 3.1 sample.
const PAYLOAD = '{"organizationId":"org_sample","parameters":{"userId":"user_sample"},"timestampMs":"1775681700000","type":"ACTIVITY_TYPE_EXAMPLE"}';
const SAMPLE_KEY = '03b4c7185c691f4d810f63db100ae35ccdad833b2ddfcba39f56100c7277254241';
const SAMPLE_SIG = '3045022052af7b7cf7aec249d678f00c5d7da60b1442b783703e53d6f277aeead9f04a6c022100cb762f36c8dc1b8753fb29b0c154b4d413d8e1dc1932db3f1c96e5c1575e5a10';
const HEADER =
  'eyJwdWJsaWNLZXkiOiIwM2I0YzcxODVjNjkxZjRkODEwZjYzZGIxMDBhZTM1Y2NkYWQ4MzNiMmRkZmNiYTM5ZjU2MTAwYzcyNzcyNTQyNDEiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0NTAyMjA1MmFmN2I3Y2Y3YWVjMjQ5ZDY3OGYwMGM1ZDdkYTYwYjE0NDJiNzgzNzAzZTUzZDZmMjc3YWVlYWQ5ZjA0YTZjMDIyMTAwY2I3NjJmMzZjOGRjMWI4NzUzZmIyOWIwYzE1NGI0ZDQxM2Q4ZTFkYzE5MzJkYjNmMWM5NmU1YzE1NzVlNWExMCJ9';
// Section 3.4 sample enclave key.
const ENCLAVE_PRIV = '9ad6c6b5c4ea384eb721b853e80a17ab0bd3f9ae83b31aeda77ea101fdd37b5b';
const INFO = new TextEncoder().encode('turnkey_hpke');
const suite = new CipherSuite({ kem: KemId.DhkemP256HkdfSha256, kdf: KdfId.HkdfSha256, aead: AeadId.Aes256Gcm });
const ab = (b: Uint8Array) => b.slice().buffer;
const base58check = createBase58check(sha256);

describe('Svc-Wallet-Signature stamps (3.1)', () => {
  it('the sample header decodes to the sample stamp and verifies over the sample payload', () => {
    const s = decodeStamp(HEADER);
    expect(s).toEqual({ publicKey: SAMPLE_KEY, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: SAMPLE_SIG });
    expect(verifyStamp(s!, PAYLOAD)).toBe(true);
  });

  it('the sample signature is high-S, and verifiers accept it (and its low-S twin)', () => {
    const sig = p256.Signature.fromHex(SAMPLE_SIG, 'der');
    expect(sig.hasHighS()).toBe(true);
    const low = new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s).toHex('der');
    expect(verifyStamp({ publicKey: SAMPLE_KEY, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: low }, PAYLOAD)).toBe(true);
  });

  it('a one-character change of the payload or the signature fails verification', () => {
    const s = decodeStamp(HEADER)!;
    expect(verifyStamp(s, PAYLOAD.replace('user_sample', 'user_samplf'))).toBe(false);
    expect(verifyStamp(s, `${PAYLOAD} `)).toBe(false);
    const last = s.signature.at(-1) === '0' ? '1' : '0';
    expect(verifyStamp({ ...s, signature: `${s.signature.slice(0, -1)}${last}` }, PAYLOAD)).toBe(false);
  });

  it('padded base64url is accepted; other schemes, uncompressed keys and non-JSON are not stamps', () => {
    expect(decodeStamp(`${HEADER}==`)).toEqual(decodeStamp(HEADER));
    const env = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(decodeStamp(env({ publicKey: SAMPLE_KEY, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519', signature: SAMPLE_SIG }))).toBeUndefined();
    expect(decodeStamp(env({ publicKey: p256.Point.fromHex(SAMPLE_KEY).toHex(false), scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: SAMPLE_SIG }))).toBeUndefined();
    expect(decodeStamp('garbage')).toBeUndefined();
  });

  it('stamp() makes the compact envelope {publicKey, scheme, signature} in that order, base64url without padding, that verifies', () => {
    const k = newKeyPair();
    const header = stamp(PAYLOAD, k.privateKey);
    expect(header).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = Buffer.from(header, 'base64url').toString();
    expect(Object.keys(JSON.parse(json))).toEqual(['publicKey', 'scheme', 'signature']);
    expect(json).not.toMatch(/\s/);
    expect(JSON.parse(json).publicKey).toBe(k.publicKey);
    expect(verifyStamp(decodeStamp(header)!, PAYLOAD)).toBe(true);
  });

  it('the OAuth nonce of the sample key is the lowercase hex SHA-256 of its hex string (3.6)', () => {
    expect(expectedNonce(SAMPLE_KEY)).toBe('50295b3163dcdd38e7842e5be4a749a1068cc78b061fc77fdca006038068f3fd');
  });
});

describe('HPKE bundles (3.2-3.5)', () => {
  it('the sample enclave private key derives the uncompressed public key 047791bb...1273', () => {
    const pub = toHex(p256.getPublicKey(fromHex(ENCLAVE_PRIV), false));
    expect(pub).toMatch(/^047791bb[0-9a-f]{118}1273$/);
    expect(compressPublicKey(pub)).toHaveLength(66);
    const bundle = JSON.parse(targetBundle(pub, 'org_sample', 'user_sample'));
    expect(JSON.parse(new TextDecoder().decode(fromHex(bundle.data)))).toEqual({ targetPublic: pub, organizationId: 'org_sample', userId: 'user_sample' });
  });

  it('seal/open roundtrip uses info turnkey_hpke and AAD enc ‖ recipient (checked with hpke-js directly); the wrong key or AAD fails', async () => {
    const r = newKeyPair();
    const plain = new TextEncoder().encode('hello enclave');
    const { enc, ciphertext } = await hpkeSeal(plain, r.publicKey); // a compressed recipient is decompressed
    expect(enc).toHaveLength(65);
    expect(ciphertext).toHaveLength(plain.length + 16);
    expect(new TextDecoder().decode(await hpkeOpen(ciphertext, enc, r.privateKey))).toBe('hello enclave');
    const recipientKey = { privateKey: await suite.kem.deserializePrivateKey(ab(fromHex(r.privateKey))), publicKey: await suite.kem.deserializePublicKey(ab(fromHex(r.publicKeyUncompressed))) };
    const open = async (aad: Uint8Array) => (await suite.createRecipientContext({ recipientKey, enc: ab(enc), info: ab(INFO) })).open(ab(ciphertext), ab(aad));
    expect(new TextDecoder().decode(await open(new Uint8Array([...enc, ...fromHex(r.publicKeyUncompressed)])))).toBe('hello enclave');
    await expect(open(new Uint8Array())).rejects.toThrow();
    await expect(hpkeOpen(ciphertext, enc, newKeyPair().privateKey)).rejects.toThrow();
  });

  it('an encryptedOtpBundle sealed to the sample target opens with the sample enclave key to {otp_code, public_key}', async () => {
    const pub = toHex(p256.getPublicKey(fromHex(ENCLAVE_PRIV), false));
    const tek = newKeyPair();
    const sealed = await encryptOtpBundle(targetBundle(pub, 'org_sample', 'user_sample'), '000000', tek.publicKeyUncompressed);
    const b = JSON.parse(sealed) as { encappedPublic: string; ciphertext: string };
    expect(Object.keys(b)).toEqual(['encappedPublic', 'ciphertext']);
    expect(b.encappedPublic).toMatch(/^04[0-9a-f]{128}$/);
    const opened = new TextDecoder().decode(await hpkeOpen(fromHex(b.ciphertext), fromHex(b.encappedPublic), ENCLAVE_PRIV));
    expect(opened).toBe(JSON.stringify({ otp_code: '000000', public_key: tek.publicKeyUncompressed }));
  });

  it.each(['publicKey', 'publicKeyUncompressed'] as const)('sealSessionKey/openSessionKey roundtrip to a %s client key; the bundle decodes to 81 bytes', async (form) => {
    const client = newKeyPair();
    const session = newKeyPair();
    const bundle = await sealSessionKey(session.privateKey, client[form]);
    const bytes = base58check.decode(bundle);
    expect(bytes).toHaveLength(81);
    expect([2, 3]).toContain(bytes[0]); // enc is stored compressed
    expect(await openSessionKey(bundle, client.privateKey)).toBe(session.privateKey);
    await expect(openSessionKey(bundle, newKeyPair().privateKey)).rejects.toThrow();
  });
});
