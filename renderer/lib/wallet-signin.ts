import { apiRequest } from '../api/client';
import { signedSteps, type FlowDefinition, type StepTools } from './wallet-flow';
import { keyPairStep, need, openKeyStep, sessionOf, type AuthMethod, type FlowEnv } from './wallet-env';
import {
  decodeJwt, decodeTargetBundle, encryptOtpBundle, expectedNonce, makeOidcToken, rehearsalSubject, REHEARSAL_AUDIENCE, REHEARSAL_ISSUER, TOKEN_LIFETIME_S,
  type KeyPair,
} from './wallet-crypto';

/**
 * The OTP and OAuth flows of the Wallet auth rehearsal, as the spec's flow rules describe them (the
 * passkey flows are in wallet-passkey.ts). The console plays the wallet's client: it makes the keys,
 * seals the code, builds the tokens and opens the sealed session keys.
 */

/** EMAIL_OTP or SMS_OTP sign-in (flow rules 1 and 2): challenge, TEK, sealed code, verify, stamped retry. */
export function otpSignIn(env: FlowEnv, credential: AuthMethod): FlowDefinition {
  let bundle: string | undefined;
  let tek: KeyPair | undefined;
  let sealed: string | undefined;
  return {
    id: credential.type === 'SMS_OTP' ? 'sms-otp' : 'email-otp', title: `Sign in with ${credential.type}`, needsCode: true,
    summary: `A code to ${credential.nickname}: seal it with a fresh key to the enclave, and that key becomes the session key.`,
    steps: [
      {
        title: 'Request a code: POST /auth/credentials/{id}/challenge', actor: 'api',
        async run(t) {
          const res = await t.send(apiRequest('POST /auth/credentials/{id}/challenge', { params: { id: credential.id } }), [200]);
          bundle = String((res.body as { otpEncryptionTargetBundle?: unknown }).otpEncryptionTargetBundle ?? '');
          const decoded = decodeTargetBundle(bundle);
          t.show('otpEncryptionTargetBundle data (hex-decoded)', decoded.data);
          t.show('targetPublic: the enclave HPKE key the code is sealed to', decoded.data.targetPublic);
        },
      },
      keyPairStep('Generate the TEK key pair (P-256): its private key becomes the session key', (k) => (tek = k)),
      {
        title: 'Seal {otp_code, public_key} to targetPublic (HPKE) as encryptedOtpBundle', actor: 'client',
        async run(t) {
          const key = need(tek, 'The TEK');
          const code = env.otpCode();
          t.show('Plaintext sealed (never sent as is)', { otp_code: code, public_key: key.publicKeyUncompressed });
          sealed = await encryptOtpBundle(need(bundle, 'The target bundle'), code, key.publicKeyUncompressed);
          t.show('encryptedOtpBundle', JSON.parse(sealed) as unknown);
        },
      },
      ...signedSteps(
        'Verify: POST /auth/credentials/{id}/verify',
        () => apiRequest('POST /auth/credentials/{id}/verify', { params: { id: credential.id }, body: { type: credential.type === 'SMS_OTP' ? 'SMS_OTP' : 'EMAIL_OTP', encryptedOtpBundle: need(sealed, 'The sealed code') } }),
        () => ({ privateKey: need(tek, 'The TEK').privateKey, label: 'TEK (the key sealed in the OTP bundle)' }),
        (res) => env.hold(sessionOf(res.body), need(tek, 'The TEK').privateKey),
        [200],
      ),
    ],
  };
}

async function oidcToken(env: FlowEnv, t: StepTools, extra: Record<string, unknown> = {}): Promise<string> {
  const now = await env.nowSeconds();
  const claims = {
    iss: REHEARSAL_ISSUER, aud: REHEARSAL_AUDIENCE, sub: rehearsalSubject(env.wallet.accountId),
    ...(env.wallet.email ? { email: env.wallet.email } : {}), iat: now, exp: now + TOKEN_LIFETIME_S, ...extra,
  };
  const token = await makeOidcToken(claims);
  t.show('OIDC token claims (iat and exp on the workspace clock)', decodeJwt(token)?.claims);
  t.show('oidcToken', token);
  return token;
}

/** Adds an OAUTH credential (a signed retry stamped by a held session). */
export function oauthAdd(env: FlowEnv): FlowDefinition {
  let token: string | undefined;
  return {
    id: 'oauth-add', title: 'Add an OAUTH credential', summary: 'A Google-issued OIDC token (JWT-shaped, any signature in the sandbox) registered through the signed retry.',
    steps: [
      { title: 'Get an OIDC token from the provider (iat within 60 s of the request)', actor: 'client', run: async (t) => void (token = await oidcToken(env, t)) },
      ...signedSteps(
        'Add the credential: POST /auth/credentials',
        () => apiRequest('POST /auth/credentials', { body: { type: 'OAUTH', accountId: env.wallet.accountId, oidcToken: need(token, 'The OIDC token') } }),
        () => env.signer(), () => undefined, [201],
      ),
    ],
  };
}

/** OAUTH sign-in (flow rule 3): a fresh token whose nonce commits to the client key; the session key comes back sealed to it. */
export function oauthSignIn(env: FlowEnv, credential: AuthMethod): FlowDefinition {
  let client: KeyPair | undefined;
  let token: string | undefined;
  let session: unknown;
  return {
    id: 'oauth', title: 'Sign in with OAUTH', summary: `Verify alone suffices: a fresh token for ${credential.nickname} with nonce = SHA-256(clientPublicKey).`,
    steps: [
      keyPairStep('Generate a client key pair (P-256)', (k) => (client = k)),
      {
        title: 'Get a fresh OIDC token with nonce = SHA-256(clientPublicKey hex)', actor: 'client',
        run: async (t) => void (token = await oidcToken(env, t, { nonce: expectedNonce(need(client, 'The client key').publicKey) })),
      },
      {
        title: 'Verify: POST /auth/credentials/{id}/verify (OIDC token + clientPublicKey)', actor: 'api',
        async run(t) {
          const body = { type: 'OAUTH' as const, oidcToken: need(token, 'The OIDC token'), clientPublicKey: need(client, 'The client key').publicKey };
          session = (await t.send(apiRequest('POST /auth/credentials/{id}/verify', { params: { id: credential.id }, body }), [200])).body;
        },
      },
      openKeyStep(env, () => session, () => client),
    ],
  };
}

/** Adds an EMAIL_OTP or SMS_OTP credential (one per wallet) through the signed retry. */
export function otpAdd(env: FlowEnv, type: 'EMAIL_OTP' | 'SMS_OTP'): FlowDefinition {
  return {
    id: `${type === 'SMS_OTP' ? 'sms' : 'email'}-otp-add`, title: `Add an ${type} credential`, summary: `Codes go to the customer's ${type === 'SMS_OTP' ? 'phone' : 'email'}.`,
    steps: signedSteps(
      'Add the credential: POST /auth/credentials',
      () => apiRequest('POST /auth/credentials', { body: { type, accountId: env.wallet.accountId } }),
      () => env.signer(),
      (res, t) => {
        const bundle = (res.body as { otpEncryptionTargetBundle?: unknown }).otpEncryptionTargetBundle;
        if (typeof bundle === 'string') t.show('otpEncryptionTargetBundle data (hex-decoded)', decodeTargetBundle(bundle).data);
      },
      [201],
    ),
  };
}
