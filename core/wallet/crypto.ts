import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlnopad, createBase58check, hex } from '@scure/base';
import { AeadId, CipherSuite, KdfId, KemId } from 'hpke-js';

/**
 * The wire formats of the embedded-wallet protocol (upstream-facts section 3), built on @noble/curves,
 * @noble/hashes, @scure/base and hpke-js. Nothing here is hand-rolled cryptography: this module only
 * arranges bytes the way real client libraries expect them. It is isomorphic (no Node built-ins), so
 * the console's wallet-auth rehearsal plays the client with exactly the same code.
 */

/** The only stamp scheme the service accepts. */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';
const HPKE_INFO = new TextEncoder().encode('turnkey_hpke');
const suite = new CipherSuite({ kem: KemId.DhkemP256HkdfSha256, kdf: KdfId.HkdfSha256, aead: AeadId.Aes256Gcm });
const base58check = createBase58check(sha256);

/** Bytes of a hex string (throws on odd length or non-hex characters). */
export function fromHex(text: string): Uint8Array {
  if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new Error('not a hex string');
  return hex.decode(text.toLowerCase());
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return hex.encode(bytes);
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const fromUtf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function ab(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

/** A fresh P-256 key pair as hex: private scalar, compressed and uncompressed public keys. */
export function newKeyPair(): { privateKey: string; publicKey: string; publicKeyUncompressed: string } {
  const priv = p256.utils.randomSecretKey();
  return { privateKey: toHex(priv), publicKey: toHex(p256.getPublicKey(priv, true)), publicKeyUncompressed: toHex(p256.getPublicKey(priv, false)) };
}

/** The compressed (33-byte) hex form of a P-256 public key given compressed or uncompressed; throws if it is not a curve point. */
export function compressPublicKey(hex: string): string {
  return p256.Point.fromHex(hex).toHex(true);
}

/** The uncompressed (65-byte) hex form of a P-256 public key. */
export function uncompressPublicKey(hex: string): string {
  return p256.Point.fromHex(hex).toHex(false);
}

/** A decoded `Svc-Wallet-Signature` stamp. */
export interface Stamp {
  publicKey: string;
  scheme: string;
  signature: string;
}

/** Makes a stamp over `payload` with a P-256 private key (what a client does; used by tests and the console). */
export function stamp(payload: string, privateKeyHex: string): string {
  const priv = fromHex(privateKeyHex);
  const signature = toHex(p256.sign(utf8(payload), priv, { format: 'der', lowS: false }));
  const envelope = JSON.stringify({ publicKey: toHex(p256.getPublicKey(priv, true)), scheme: STAMP_SCHEME, signature });
  return base64urlnopad.encode(utf8(envelope));
}

/** Decodes a stamp header value (base64url, padded or not); undefined when it is not a well-formed stamp. */
export function decodeStamp(header: string): Stamp | undefined {
  try {
    const json = JSON.parse(fromUtf8(base64urlnopad.decode(header.trim().replace(/=+$/, '')))) as Partial<Stamp>;
    if (typeof json.publicKey !== 'string' || typeof json.scheme !== 'string' || typeof json.signature !== 'string') return undefined;
    if (json.scheme !== STAMP_SCHEME || !/^0[23][0-9a-f]{64}$/i.test(json.publicKey) || !/^30[0-9a-f]+$/i.test(json.signature)) return undefined;
    p256.Point.fromHex(json.publicKey);
    return { publicKey: json.publicKey.toLowerCase(), scheme: json.scheme, signature: json.signature.toLowerCase() };
  } catch {
    return undefined;
  }
}

/** Verifies a stamp's DER signature over the exact payload bytes (high-S accepted, as client libraries produce it). */
export function verifyStamp(s: Stamp, payload: string): boolean {
  try {
    return p256.verify(fromHex(s.signature), utf8(payload), fromHex(s.publicKey), { format: 'der', lowS: false });
  } catch {
    return false;
  }
}

/** HPKE base-mode seal to an uncompressed recipient key, with the protocol's info and AAD (enc ‖ recipient). */
export async function hpkeSeal(plaintext: Uint8Array, recipientPublicHex: string): Promise<{ enc: Uint8Array; ciphertext: Uint8Array }> {
  const recipient = fromHex(uncompressPublicKey(recipientPublicHex));
  const sender = await suite.createSenderContext({ recipientPublicKey: await suite.kem.deserializePublicKey(ab(recipient)), info: ab(HPKE_INFO) });
  const enc = new Uint8Array(sender.enc);
  const ciphertext = new Uint8Array(await sender.seal(ab(plaintext), ab(new Uint8Array([...enc, ...recipient]))));
  return { enc, ciphertext };
}

/** HPKE base-mode open with a recipient private key (hex scalar); throws when the ciphertext does not authenticate. */
export async function hpkeOpen(ciphertext: Uint8Array, encUncompressed: Uint8Array, recipientPrivateHex: string): Promise<Uint8Array> {
  const priv = fromHex(recipientPrivateHex);
  const pub = p256.getPublicKey(priv, false);
  const recipientKey = { privateKey: await suite.kem.deserializePrivateKey(ab(priv)), publicKey: await suite.kem.deserializePublicKey(ab(pub)) };
  const ctx = await suite.createRecipientContext({ recipientKey, enc: ab(encUncompressed), info: ab(HPKE_INFO) });
  return new Uint8Array(await ctx.open(ab(ciphertext), ab(new Uint8Array([...encUncompressed, ...pub]))));
}

/** The `otpEncryptionTargetBundle` for an enclave key (sandbox: no enclave attestation, as upstream's sandbox). */
export function targetBundle(enclavePublicUncompressed: string, organizationId: string, userId: string): string {
  const data = toHex(utf8(JSON.stringify({ targetPublic: enclavePublicUncompressed, organizationId, userId })));
  return JSON.stringify({ version: 'v1.0.0', data, dataSignature: '', enclaveQuorumPublic: '' });
}

/** Client side of the OTP flow: seals `{otp_code, public_key}` to a target bundle (used by tests and the console). */
export async function encryptOtpBundle(bundle: string, otpCode: string, tekPublicUncompressed: string): Promise<string> {
  const data = JSON.parse(fromUtf8(fromHex((JSON.parse(bundle) as { data: string }).data))) as { targetPublic: string };
  const { enc, ciphertext } = await hpkeSeal(utf8(JSON.stringify({ otp_code: otpCode, public_key: tekPublicUncompressed })), data.targetPublic);
  return JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) });
}

/** `encryptedSessionSigningKey`: base58check(compressed enc ‖ HPKE ciphertext) of a 32-byte session scalar. */
export async function sealSessionKey(sessionPrivateHex: string, clientPublicHex: string): Promise<string> {
  const { enc, ciphertext } = await hpkeSeal(fromHex(sessionPrivateHex), clientPublicHex);
  return base58check.encode(new Uint8Array([...fromHex(compressPublicKey(toHex(enc))), ...ciphertext]));
}

/** Client side: opens an `encryptedSessionSigningKey` with the client's private key, returning the session scalar as hex. */
export async function openSessionKey(bundle: string, clientPrivateHex: string): Promise<string> {
  const bytes = base58check.decode(bundle);
  const enc = fromHex(uncompressPublicKey(toHex(bytes.slice(0, 33))));
  return toHex(await hpkeOpen(bytes.slice(33), enc, clientPrivateHex));
}

/** Lowercase hex SHA-256 of a UTF-8 string (OAuth nonce, passkey challenges). */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}
