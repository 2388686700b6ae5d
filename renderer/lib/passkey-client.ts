import {
  browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startAuthentication, startRegistration, type AuthenticatorTransport,
} from '@simplewebauthn/browser';
import type { AssertionJson, AttestationJson, Ceremony, SoftwareAuthenticator } from './software-authenticator';

/** Which authenticator made a registration or an assertion. */
export type AuthenticatorKind = 'platform' | 'software';

/** The relying party passkeys of the workspace are bound to (`wallets/detail`). */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

/** The passkey side of the rehearsal: the browser's platform authenticator when it can serve this page, else the software one. */
export interface PasskeyClient {
  /** Runs a registration ceremony. */
  register(c: Ceremony, user: { id: string; name: string; displayName: string }): Promise<{ attestation: AttestationJson; authenticator: AuthenticatorKind }>;
  /** Runs an assertion ceremony with a registered credential. */
  assert(c: Ceremony, credentialId: string): Promise<{ assertion: AssertionJson; authenticator: AuthenticatorKind }>;
}

/** Whether a page host may use an RP id: the same host, or a subdomain of it (WebAuthn's rule). */
export function hostFitsRpId(hostname: string, rpId: string): boolean {
  return hostname === rpId || hostname.endsWith(`.${rpId}`);
}

/**
 * Whether the browser's own WebAuthn can serve this rehearsal: it has WebAuthn and a platform
 * authenticator, the page origin is one the relying party accepts, and the page host fits the RP id.
 */
export async function platformUsable(rp: RelyingParty, origin: string): Promise<boolean> {
  if (!rp.origins.includes(origin)) return false;
  let host = '';
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (!hostFitsRpId(host, rp.rpId) || !browserSupportsWebAuthn()) return false;
  return platformAuthenticatorIsAvailable().catch(() => false);
}

/** Creates the passkey client for a relying party; `usable` decides (once per ceremony) whether the platform authenticator serves. */
export function createPasskeyClient(rp: RelyingParty, software: SoftwareAuthenticator, usable: () => Promise<boolean>): PasskeyClient {
  return {
    async register(c, user) {
      if (await usable()) {
        const r = await startRegistration({
          optionsJSON: {
            challenge: c.challenge, rp: { id: rp.rpId, name: 'Payments Console rehearsal' }, user,
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }], attestation: 'none', timeout: 60_000,
            authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'preferred', userVerification: 'preferred' },
          },
        });
        const attestation: AttestationJson = { credentialId: r.id, clientDataJson: r.response.clientDataJSON, attestationObject: r.response.attestationObject };
        if (r.response.transports) attestation.transports = r.response.transports;
        return { attestation, authenticator: 'platform' };
      }
      return { attestation: software.register(c, user.id), authenticator: 'software' };
    },
    async assert(c, credentialId) {
      // A passkey this page made in software can only be used in software.
      if (software.holds(credentialId)) return { assertion: software.assert(c, credentialId), authenticator: 'software' };
      if (!(await usable())) throw new Error(`This console does not hold passkey ${credentialId} and no platform authenticator can serve ${c.origin}: add a passkey in this run, then sign in with it`);
      const transports: AuthenticatorTransport[] = ['internal'];
      const r = await startAuthentication({ optionsJSON: { challenge: c.challenge, rpId: rp.rpId, allowCredentials: [{ id: credentialId, type: 'public-key', transports }], userVerification: 'preferred', timeout: 60_000 } });
      const assertion: AssertionJson = { credentialId: r.id, clientDataJson: r.response.clientDataJSON, authenticatorData: r.response.authenticatorData, signature: r.response.signature };
      if (r.response.userHandle) assertion.userHandle = r.response.userHandle;
      return { assertion, authenticator: 'platform' };
    },
  };
}
