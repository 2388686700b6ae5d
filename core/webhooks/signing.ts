import { createPublicKey } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { hex } from '@scure/base';

/** The header that carries a delivery's signature (upstream's name, renamed for this service). */
export const SIGNATURE_HEADER = 'X-Svc-Signature';

/** A workspace's webhook signing key: the private scalar (hex) and the public key as SPKI PEM. */
export interface SigningKey {
  privateKey: string;
  publicKeyPem: string;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A fresh P-256 signing key; the public half in SPKI PEM, the format receivers load with any crypto library. */
export function newSigningKey(): SigningKey {
  const priv = p256.utils.randomSecretKey();
  const point = p256.getPublicKey(priv, false); // 0x04 || x || y
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(point.slice(1, 33)), y: b64url(point.slice(33, 65)) };
  const publicKeyPem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey: hex.encode(priv), publicKeyPem };
}

/**
 * The `X-Svc-Signature` value for a body: ECDSA P-256 over SHA-256 of the exact body bytes, the DER
 * signature in standard base64, wrapped as upstream's versioned form `{"v":"1","s":"…"}`.
 */
export function signBody(body: string, privateKeyHex: string): string {
  // p256.sign hashes the message with SHA-256 itself (prehash), as receivers' verify('sha256', …) expects.
  const der = p256.sign(new TextEncoder().encode(body), hex.decode(privateKeyHex), { format: 'der' });
  return JSON.stringify({ v: '1', s: Buffer.from(der).toString('base64') });
}

/** The base64 DER signature inside a header value, which may be bare base64 or the `{"v":"1","s":"…"}` form. */
export function signatureOf(header: string): string {
  const text = header.trim();
  if (!text.startsWith('{')) return text;
  const parsed = JSON.parse(text) as { s?: unknown };
  if (typeof parsed.s !== 'string') throw new Error('the signature header has no "s" field');
  return parsed.s;
}
