import { describe, expect, it } from 'vitest';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { decodeCBOR } from '@levischuck/tiny-cbor';
import { base64urlnopad } from '@scure/base';
import { createSoftwareAuthenticator, FLAG_AT, FLAG_UP } from '../../renderer/lib/software-authenticator';
import { sha256Hex, webauthnChallengeOf } from '../../renderer/lib/wallet-crypto';

const RP = { rpId: 'localhost', origin: 'http://127.0.0.1:4100' };
const challenge = base64urlnopad.encode(new Uint8Array(32).fill(7));

async function register() {
  const auth = createSoftwareAuthenticator();
  const attestation = auth.register({ ...RP, challenge });
  const verified = await verifyRegistrationResponse({
    response: {
      id: attestation.credentialId, rawId: attestation.credentialId, type: 'public-key', clientExtensionResults: {},
      response: { clientDataJSON: attestation.clientDataJson, attestationObject: attestation.attestationObject, transports: ['internal'] },
    },
    expectedChallenge: challenge, expectedOrigin: [RP.origin], expectedRPID: RP.rpId, requireUserPresence: true, requireUserVerification: false,
  });
  return { auth, attestation, verified };
}

describe('the software authenticator', () => {
  it('makes a registration that @simplewebauthn/server verifies (none attestation, COSE ES256 key, user present)', async () => {
    const { attestation, verified } = await register();
    expect(verified.verified).toBe(true);
    expect(verified.registrationInfo?.fmt).toBe('none');
    expect(verified.registrationInfo?.credential.id).toBe(attestation.credentialId);
    expect(verified.registrationInfo?.credential.counter).toBe(0);
    const object = decodeCBOR(base64urlnopad.decode(attestation.attestationObject)) as Map<string, unknown>;
    const authData = object.get('authData') as Uint8Array;
    expect(authData[32]).toBe(FLAG_UP | FLAG_AT);
    expect(JSON.parse(new TextDecoder().decode(base64urlnopad.decode(attestation.clientDataJson)))).toMatchObject({ type: 'webauthn.create', challenge, origin: RP.origin });
  });

  it('signs assertions the server verifies over the UTF-8 bytes of a hex challenge, counting up each time', async () => {
    const { auth, attestation, verified } = await register();
    const credential = verified.registrationInfo!.credential;
    let counter = credential.counter;
    for (const round of [1, 2]) {
      const hex = sha256Hex(`challenge ${round}`);
      const assertion = auth.assert({ ...RP, challenge: webauthnChallengeOf(hex) }, attestation.credentialId);
      const result = await verifyAuthenticationResponse({
        response: {
          id: assertion.credentialId, rawId: assertion.credentialId, type: 'public-key', clientExtensionResults: {},
          response: { clientDataJSON: assertion.clientDataJson, authenticatorData: assertion.authenticatorData, signature: assertion.signature, userHandle: assertion.userHandle },
        },
        expectedChallenge: Buffer.from(hex, 'utf8').toString('base64url'), expectedOrigin: [RP.origin], expectedRPID: RP.rpId,
        credential: { id: credential.id, publicKey: credential.publicKey, counter }, requireUserVerification: false,
      });
      expect(result.verified).toBe(true);
      expect(result.authenticationInfo.newCounter).toBe(round);
      counter = result.authenticationInfo.newCounter;
    }
    expect(auth.counter(attestation.credentialId)).toBe(2);
  });

  it('refuses to assert with a passkey it does not hold, or for another relying party', async () => {
    const { auth, attestation } = await register();
    expect(() => auth.assert({ ...RP, challenge }, 'bm90LWhlbGQ')).toThrow(/does not hold/);
    expect(() => auth.assert({ ...RP, rpId: 'example.com', challenge }, attestation.credentialId)).toThrow(/relying party localhost/);
  });
});
