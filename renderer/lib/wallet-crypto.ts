/**
 * The wallet client's cryptography for the Wallet auth rehearsal. This is the one renderer module that
 * imports core/ at runtime: core/wallet/crypto.ts and core/wallet/oauth.ts are isomorphic on purpose
 * (no Node built-ins; @noble, @scure and hpke-js over WebCrypto), so the console plays the client with
 * exactly the code the service's own tests use. Everything else from core/ stays type-only.
 */
import { p256 } from '@noble/curves/nist.js';
import { base64urlnopad } from '@scure/base';
import {
  compressPublicKey, decodeStamp, encryptOtpBundle, fromHex, hpkeOpen, newKeyPair, openSessionKey, sha256Hex, stamp, toHex, uncompressPublicKey,
  type Stamp,
} from '../../core/wallet/crypto';
import { expectedNonce, makeOidcToken } from '../../core/wallet/oauth';

/** The core's client helpers (key pairs, stamps, HPKE bundles, OIDC tokens), for the rest of the renderer. */
export { compressPublicKey, decodeStamp, encryptOtpBundle, expectedNonce, fromHex, makeOidcToken, newKeyPair, openSessionKey, sha256Hex, stamp, toHex, uncompressPublicKey };
/** A decoded `Svc-Wallet-Signature` stamp. */
export type { Stamp };

/** A P-256 key pair as hex (private scalar, compressed and uncompressed public keys). */
export type KeyPair = ReturnType<typeof newKeyPair>;

const utf8 = (text: string) => new TextEncoder().encode(text);
const fromUtf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The JSON inside an `otpEncryptionTargetBundle` (its hex `data`): the enclave's HPKE target key and ids. */
export interface TargetBundleData {
  targetPublic: string;
  organizationId?: string;
  userId?: string;
}

/** Decodes an `otpEncryptionTargetBundle` string: the envelope and the JSON its hex `data` holds. */
export function decodeTargetBundle(bundle: string): { envelope: Record<string, unknown>; data: TargetBundleData } {
  const envelope = JSON.parse(bundle) as Record<string, unknown>;
  if (typeof envelope['data'] !== 'string') throw new Error('the target bundle has no hex data field');
  const data = JSON.parse(fromUtf8(fromHex(envelope['data']))) as TargetBundleData;
  if (typeof data.targetPublic !== 'string') throw new Error('the target bundle names no targetPublic key');
  return { envelope, data };
}

/** The header and claims of a JWT-shaped token (OIDC tokens, the OTP verification token); undefined when not JWT-shaped. */
export function decodeJwt(token: string): { header: unknown; claims: Record<string, unknown> } | undefined {
  const [head, body] = token.split('.');
  if (!head || !body) return undefined;
  try {
    const part = (p: string) => JSON.parse(fromUtf8(base64urlnopad.decode(p.replace(/=+$/, '')))) as unknown;
    return { header: part(head), claims: part(body) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/**
 * Opens `encryptedWalletCredentials` from an export: a JSON envelope whose hex `data` holds
 * `{encappedPublic, ciphertext}`, HPKE-sealed to the export key; returns the mnemonic.
 */
export async function openExportBundle(encryptedWalletCredentials: string, exportPrivateKeyHex: string): Promise<string> {
  const envelope = JSON.parse(encryptedWalletCredentials) as { data?: unknown };
  if (typeof envelope.data !== 'string') throw new Error('the export bundle has no hex data field');
  const inner = JSON.parse(fromUtf8(fromHex(envelope.data))) as { encappedPublic?: unknown; ciphertext?: unknown };
  if (typeof inner.encappedPublic !== 'string' || typeof inner.ciphertext !== 'string') throw new Error('the export bundle data lacks encappedPublic or ciphertext');
  return fromUtf8(await hpkeOpen(fromHex(inner.ciphertext), fromHex(inner.encappedPublic), exportPrivateKeyHex));
}

/** The compressed public key (hex) of a P-256 private key (hex): what a stamp made with it carries. */
export function publicKeyOf(privateKeyHex: string): string {
  return toHex(p256.getPublicKey(fromHex(privateKeyHex), true));
}

/** A random base64url challenge of `bytes` bytes (the WebAuthn registration challenge the caller's backend issues). */
export function randomChallenge(bytes = 32): string {
  return base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The WebAuthn challenge for a passkey sign-in: the UTF-8 bytes of the hex challenge string, as base64url (flow rule 4). */
export function webauthnChallengeOf(hexChallenge: string): string {
  return base64urlnopad.encode(utf8(hexChallenge));
}

/**
 * The OIDC subject the console's rehearsal uses for a wallet: stable per account, so a later sign-in
 * presents the same iss, aud and sub the credential was registered with.
 */
export function rehearsalSubject(accountId: string): string {
  return `console-${sha256Hex(accountId).slice(0, 20)}`;
}

/** The audience of the rehearsal's OIDC tokens. */
export const REHEARSAL_AUDIENCE = 'payments-console';
/** The issuer of the rehearsal's OIDC tokens (one the sandbox accepts). */
export const REHEARSAL_ISSUER = 'https://accounts.google.com';
/** How long a rehearsal OIDC token is valid, in seconds. */
export const TOKEN_LIFETIME_S = 600;
