import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { ServiceError, unauthorized } from '../kernel/errors';

/** The relying party passkeys are bound to in this workspace. */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

/** The legacy assertion signature the sandbox still accepts in place of a WebAuthn signature. */
export const LEGACY_PASSKEY_SIGNATURE = 'sandbox-valid-passkey-signature';

/** A registration (attestation) as the API receives it; binary fields are base64url. */
export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[] | undefined;
}

/** An assertion as the API receives it; binary fields are base64url. */
export interface Assertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | undefined;
}

/** The WebAuthn challenge bytes for a hex challenge string: its UTF-8 encoding, base64url (the spec's flow rule 4). */
export function webauthnChallenge(hexChallenge: string): string {
  return Buffer.from(hexChallenge, 'utf8').toString('base64url');
}

/** Verifies a passkey registration with @simplewebauthn/server; returns the credential's public key and counter. */
export async function verifyRegistration(a: Attestation, challenge: string, rp: RelyingParty): Promise<{ credentialId: string; publicKey: string; counter: number; challenge: string }> {
  try {
    const r = await verifyRegistrationResponse({
      response: {
        id: a.credentialId, rawId: a.credentialId, type: 'public-key', clientExtensionResults: {},
        response: { clientDataJSON: a.clientDataJson, attestationObject: a.attestationObject, ...(a.transports ? { transports: a.transports as never } : {}) },
      },
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserPresence: true,
      requireUserVerification: false,
    });
    if (!r.verified) throw new Error('attestation did not verify');
    const c = r.registrationInfo.credential;
    // The challenge as the authenticator signed it (base64url in clientDataJSON): one spelling per challenge, whatever the caller sent.
    const signed = (JSON.parse(Buffer.from(a.clientDataJson, 'base64url').toString('utf8')) as { challenge: string }).challenge;
    return { credentialId: c.id, publicKey: Buffer.from(c.publicKey).toString('base64url'), counter: c.counter, challenge: signed };
  } catch (err) {
    throw new ServiceError(400, 'INVALID_INPUT', `attestation: ${err instanceof Error ? err.message : 'does not verify'}`, { errors: [{ field: 'attestation', message: err instanceof Error ? err.message : 'does not verify' }] });
  }
}

/** Verifies a passkey assertion (credential id, challenge, origin and RP, user presence, signature, counter); returns the new counter. */
export async function verifyAssertion(a: Assertion, hexChallenge: string, stored: { credentialId: string; publicKey: string; counter: number }, rp: RelyingParty): Promise<number> {
  if (a.credentialId !== stored.credentialId) throw unauthorized('The assertion was made with a different passkey than this credential');
  try {
    const r = await verifyAuthenticationResponse({
      response: {
        id: a.credentialId, rawId: a.credentialId, type: 'public-key', clientExtensionResults: {},
        response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature, ...(a.userHandle ? { userHandle: a.userHandle } : {}) },
      },
      expectedChallenge: webauthnChallenge(hexChallenge),
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      credential: { id: stored.credentialId, publicKey: Uint8Array.from(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter },
      requireUserVerification: false,
    });
    if (!r.verified) throw new Error('assertion did not verify');
    return r.authenticationInfo.newCounter;
  } catch (err) {
    throw unauthorized(`Passkey assertion failed: ${err instanceof Error ? err.message : 'does not verify'}`);
  }
}
