import { apiRequest } from '../api/client';
import type { AssertionJson, AttestationJson } from './software-authenticator';
import { base64urlnopad } from '@scure/base';
import { clientError, signedSteps, type FlowDefinition } from './wallet-flow';
import { base64urlText, keyPairStep, need, openKeyStep, type AuthMethod, type FlowEnv } from './wallet-env';
import { randomChallenge, webauthnChallengeOf, type KeyPair } from './wallet-crypto';

/**
 * The passkey flows of the Wallet auth rehearsal: registration (the caller's backend issues the
 * challenge, the signed retry registers the attestation) and sign-in (flow rule 4). The ceremonies
 * run on the browser's platform authenticator when it can serve this page, else in software.
 */

/** Adds a passkey: the caller's backend issues a challenge, the authenticator attests, the signed retry registers it. */
export function passkeyAdd(env: FlowEnv, nickname: string): FlowDefinition {
  let challenge: string | undefined;
  let attestation: AttestationJson | undefined;
  return {
    id: 'passkey-add', title: 'Add a passkey', summary: 'A WebAuthn registration bound to this page origin and the workspace relying party.',
    steps: [
      { title: "Issue a registration challenge (the caller's backend: 32 random bytes, base64url)", actor: 'client', run: async (t) => t.show('challenge', (challenge = randomChallenge())) },
      {
        title: 'Create the passkey (WebAuthn registration ceremony)', actor: 'client',
        async run(t) {
          const user = { id: base64urlnopad.encode(new TextEncoder().encode(env.wallet.accountId)), name: env.wallet.email ?? env.wallet.accountId, displayName: env.wallet.customerName };
          const r = await env.passkeys.register({ rpId: env.wallet.relyingParty.rpId, origin: env.origin, challenge: need(challenge, 'The challenge') }, user);
          attestation = r.attestation;
          t.show('Authenticator', r.authenticator === 'platform' ? "The browser's platform authenticator" : 'The software authenticator (P-256 key in memory)');
          t.show('clientDataJSON (decoded)', JSON.parse(base64urlText(r.attestation.clientDataJson)) as unknown);
          t.show('attestation', r.attestation);
        },
      },
      ...signedSteps(
        'Add the credential: POST /auth/credentials',
        () => apiRequest('POST /auth/credentials', { body: { type: 'PASSKEY', accountId: env.wallet.accountId, nickname, challenge: need(challenge, 'The challenge'), attestation: need(attestation, 'The attestation') } }),
        () => env.signer(), () => undefined, [201],
      ),
    ],
  };
}

/** PASSKEY sign-in (flow rule 4): challenge bound to the client key, assertion over its UTF-8 bytes, verify with Request-Id. */
export function passkeySignIn(env: FlowEnv, credential: AuthMethod): FlowDefinition {
  let client: KeyPair | undefined;
  let issued: { challenge: string; requestId: string } | undefined;
  let assertion: AssertionJson | undefined;
  let session: unknown;
  const credentialId = credential.id;
  return {
    id: 'passkey', title: 'Sign in with a passkey', summary: `Assert with “${credential.nickname}”; the session key comes back sealed to the client key bound at challenge time.`,
    steps: [
      keyPairStep('Generate a client key pair (P-256)', (k) => (client = k)),
      {
        title: 'Request a challenge: POST /auth/credentials/{id}/challenge {clientPublicKey}', actor: 'api',
        async run(t) {
          const res = await t.send(apiRequest('POST /auth/credentials/{id}/challenge', { params: { id: credentialId }, body: { clientPublicKey: need(client, 'The client key').publicKey } }), [200]);
          issued = res.body as { challenge: string; requestId: string };
          t.show('WebAuthn challenge = UTF-8 bytes of the hex string (base64url)', webauthnChallengeOf(issued.challenge));
        },
      },
      {
        title: 'Assert with the passkey (WebAuthn authentication ceremony)', actor: 'client',
        async run(t) {
          const c = need(issued, 'The challenge');
          if (credential.type !== 'PASSKEY') throw clientError('NO_CREDENTIAL_ID', 'The credential has no WebAuthn credential id');
          const r = await env.passkeys.assert({ rpId: env.wallet.relyingParty.rpId, origin: env.origin, challenge: webauthnChallengeOf(c.challenge) }, credential.credentialId);
          assertion = r.assertion;
          t.show('Authenticator', r.authenticator === 'platform' ? "The browser's platform authenticator" : 'The software authenticator');
          t.show('clientDataJSON (decoded)', JSON.parse(base64urlText(r.assertion.clientDataJson)) as unknown);
          t.show('assertion', r.assertion);
        },
      },
      {
        title: 'Verify: POST /auth/credentials/{id}/verify with the assertion and Request-Id', actor: 'api',
        async run(t) {
          const headers = { 'Request-Id': need(issued, 'The challenge').requestId };
          session = (await t.send(apiRequest('POST /auth/credentials/{id}/verify', { params: { id: credentialId }, headers, body: { type: 'PASSKEY', assertion: need(assertion, 'The assertion') } }), [200])).body;
        },
      },
      openKeyStep(env, () => session, () => client),
    ],
  };
}
