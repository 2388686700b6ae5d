// A software passkey authenticator for wallet scenarios: one ES256 credential with real P-256 keys and
// real CBOR (attestation format "none"), producing exactly what a browser hands over from
// navigator.credentials.create and .get, so the sandbox runs its full WebAuthn checks on it.
import { randomBytes } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { fromHex, toHex } from '../wallet/crypto';

/** The authenticator's state, kept as a saved value of the scenario between steps. */
export interface SoftCredential {
  credentialId: string;
  privateKey: string;
  counter: number;
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const FLAG_UP = 0x01;
const FLAG_AT = 0x40;

/** A new credential (random id and key). */
export function newSoftCredential(): SoftCredential {
  return { credentialId: b64url(randomBytes(16)), privateKey: toHex(p256.utils.randomSecretKey()), counter: 0 };
}

function authData(rpId: string, flags: number, counter: number, attested: Uint8Array = new Uint8Array()): Uint8Array {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return new Uint8Array([...sha256(new TextEncoder().encode(rpId)), flags, ...count, ...attested]);
}

/** navigator.credentials.create for a base64url registration challenge: the attestation the API takes. */
export function register(c: SoftCredential, challenge: string, rp: { rpId: string; origin: string }): Record<string, unknown> {
  const pub = p256.getPublicKey(fromHex(c.privateKey), false);
  const cose = new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, pub.slice(1, 33)], [-3, pub.slice(33, 65)]]);
  const id = Buffer.from(c.credentialId, 'base64url');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(id.length);
  const attested = new Uint8Array([...new Uint8Array(16), ...len, ...id, ...isoCBOR.encode(cose)]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData(rp.rpId, FLAG_UP | FLAG_AT, c.counter, attested)]]) as never);
  const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin: rp.origin, crossOrigin: false });
  return { credentialId: c.credentialId, clientDataJson: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal'] };
}

/** navigator.credentials.get for the hex challenge of a PASSKEY challenge (its UTF-8 bytes are the WebAuthn challenge). */
export function assert(c: SoftCredential, hexChallenge: string, rp: { rpId: string; origin: string }): Record<string, unknown> {
  c.counter += 1;
  const data = authData(rp.rpId, FLAG_UP, c.counter);
  const clientData = new TextEncoder().encode(JSON.stringify({ type: 'webauthn.get', challenge: b64url(hexChallenge), origin: rp.origin, crossOrigin: false }));
  const signature = p256.sign(new Uint8Array([...data, ...sha256(clientData)]), fromHex(c.privateKey), { format: 'der' });
  return { credentialId: c.credentialId, clientDataJson: b64url(clientData), authenticatorData: b64url(data), signature: b64url(signature) };
}
