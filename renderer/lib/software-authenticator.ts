import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlnopad } from '@scure/base';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/**
 * A WebAuthn authenticator in software for the Wallet auth rehearsal, used where the browser offers
 * no platform authenticator for this origin (headless Chromium, Electron's file:// page). It makes the
 * same bytes a real authenticator makes: clientDataJSON, authenticatorData with the RP id hash, flags
 * and counter, a COSE EC2 key in a `none` attestation, and DER ES256 assertion signatures over
 * authenticatorData ‖ SHA-256(clientDataJSON). Its keys live in memory only, per credential id.
 */

/** A registration as the API takes it (`attestation` of `POST /auth/credentials`); binary fields are base64url. */
export interface AttestationJson {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[];
}

/** An assertion as the API takes it (`assertion` of `POST /auth/credentials/{id}/verify`); binary fields are base64url. */
export interface AssertionJson {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

/** What a ceremony binds: the relying party id, the page origin and the challenge (base64url). */
export interface Ceremony {
  rpId: string;
  origin: string;
  challenge: string;
}

interface HeldCredential {
  privateKey: Uint8Array;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** Authenticator data flag: user present. */
export const FLAG_UP = 0x01;
/** Authenticator data flag: attested credential data included. */
export const FLAG_AT = 0x40;
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const b64 = (bytes: Uint8Array) => base64urlnopad.encode(bytes);
const utf8 = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

function uint(value: number, bytes: 2 | 4): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  if (bytes === 2) view.setUint16(0, value);
  else view.setUint32(0, value);
  return out;
}

/** The COSE_Key (CBOR map {1:2, 3:-7, -1:1, -2:x, -3:y}) of a P-256 public key. */
export function coseKey(publicKeyUncompressed: Uint8Array): Uint8Array {
  return encodeCBOR(new Map<number, number | Uint8Array>([
    [COSE.kty, COSE.EC2], [COSE.alg, COSE.ES256], [COSE.crv, COSE.P256],
    [COSE.x, publicKeyUncompressed.slice(1, 33)], [COSE.y, publicKeyUncompressed.slice(33, 65)],
  ]));
}

/** authenticatorData: SHA-256(rpId) ‖ flags ‖ 4-byte big-endian counter ‖ optional attested credential data. */
export function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
  return concat(sha256(utf8(rpId)), new Uint8Array([flags]), uint(counter, 4), attested ?? new Uint8Array());
}

/** A software authenticator holding its credentials in memory. */
export interface SoftwareAuthenticator {
  /** Creates a credential (a `webauthn.create` ceremony) and returns the attestation. */
  register(ceremony: Ceremony, userHandle?: string): AttestationJson;
  /** Signs a `webauthn.get` ceremony with a held credential (its counter goes up by one). */
  assert(ceremony: Ceremony, credentialId: string): AssertionJson;
  /** Whether this authenticator holds the credential. */
  holds(credentialId: string): boolean;
  /** The current signature counter of a held credential. */
  counter(credentialId: string): number | undefined;
}

/** Creates an empty software authenticator. */
export function createSoftwareAuthenticator(): SoftwareAuthenticator {
  const held = new Map<string, HeldCredential>();
  const clientData = (type: 'webauthn.create' | 'webauthn.get', c: Ceremony) => utf8(JSON.stringify({ type, challenge: c.challenge, origin: c.origin, crossOrigin: false }));

  return {
    register(c, userHandle = b64(crypto.getRandomValues(new Uint8Array(16)))) {
      const privateKey = p256.utils.randomSecretKey();
      const rawId = crypto.getRandomValues(new Uint8Array(16));
      const credentialId = b64(rawId);
      // Attested credential data: a zero AAGUID (no attestation), the id with its length, the COSE key.
      const attested = concat(new Uint8Array(16), uint(rawId.length, 2), rawId, coseKey(p256.getPublicKey(privateKey, false)));
      const authData = authenticatorData(c.rpId, FLAG_UP | FLAG_AT, 0, attested);
      const attestationObject = encodeCBOR(new Map<string, CBORType>([['fmt', 'none'], ['attStmt', new Map<string, CBORType>()], ['authData', authData]]));
      held.set(credentialId, { privateKey, rpId: c.rpId, userHandle, counter: 0 });
      return { credentialId, clientDataJson: b64(clientData('webauthn.create', c)), attestationObject: b64(attestationObject), transports: ['internal'] };
    },
    assert(c, credentialId) {
      const cred = held.get(credentialId);
      if (!cred) throw new Error(`This console does not hold passkey ${credentialId} (it was made in another run or by another authenticator)`);
      if (cred.rpId !== c.rpId) throw new Error(`Passkey ${credentialId} belongs to relying party ${cred.rpId}, not ${c.rpId}`);
      cred.counter += 1;
      const authData = authenticatorData(c.rpId, FLAG_UP, cred.counter);
      const data = clientData('webauthn.get', c);
      // ES256: ECDSA P-256 with SHA-256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
      const signature = p256.sign(concat(authData, sha256(data)), cred.privateKey, { format: 'der' });
      return { credentialId, clientDataJson: b64(data), authenticatorData: b64(authData), signature: b64(signature), userHandle: cred.userHandle };
    },
    holds: (credentialId) => held.has(credentialId),
    counter: (credentialId) => held.get(credentialId)?.counter,
  };
}
