// Embedded-wallet scenarios: the Global Account sandbox values of the spec, played as a client plays
// them (real HPKE sealing of the code, real P-256 stamps of the signed retry; see the `sealOtp` and
// `sign` step fields in types.ts).
import { SANDBOX_OTP_CODE } from '../wallet/otp';
import { LEGACY_SIGNATURE } from '../wallet/signed-retry';
import { LEGACY_PASSKEY_SIGNATURE } from '../wallet/passkey';
import type { ScenarioDefinition, ScenarioStep } from './types';

const GROUP = 'Embedded wallets';
const VALUES = 'spec, Sandbox behaviors, Global Account sandbox values';
const verifyPath = '/auth/credentials/{{credential}}/verify';

/** A customer with an email and its embedded wallet; saves `customer`, `wallet` and `credential` (the EMAIL_OTP credential it is born with). */
function walletOwner(): ScenarioStep[] {
  return [
    { title: 'Create a customer with an email and a phone number', request: { method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', fullName: 'Wallet Owner', nationality: 'US', email: 'wallet.{{$n}}@example.com', phoneNumber: '+1415555{{$n}}', currencies: ['USD'] } }, expect: { status: 201 }, save: { customer: 'id' } },
    { title: 'Give the customer an embedded wallet (sandbox)', request: { method: 'POST', path: '/sandbox/customers/{{customer}}/embedded-wallet' }, expect: { status: 201, fields: { type: 'EMBEDDED_WALLET' } }, save: { wallet: 'id' } },
    { title: 'The wallet is born with one EMAIL_OTP credential', request: { method: 'GET', path: '/auth/credentials?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.type': 'EMAIL_OTP', 'data.1': null } }, save: { credential: 'data.0.id' } },
    { title: 'Ask for a code: the answer carries the target bundle to seal it to', request: { method: 'POST', path: '/auth/credentials/{{credential}}/challenge' }, expect: { status: 200, fields: { type: 'EMAIL_OTP' } }, save: { bundle: 'otpEncryptionTargetBundle' } },
  ];
}

/** Seals `code` with a fresh key saved as `key` and sends it through verify with the signed retry stamped by that key. */
function verifyCode(title: string, code: string, key: string, expect: ScenarioStep['expect'], save?: Record<string, string>, sms = false): ScenarioStep {
  return {
    title,
    sealOtp: { bundle: sms ? '{{smsBundle}}' : '{{bundle}}', code, key, as: `${key}Bundle` },
    request: { method: 'POST', path: sms ? '/auth/credentials/{{smsCredential}}/verify' : verifyPath, body: { type: sms ? 'SMS_OTP' : 'EMAIL_OTP', encryptedOtpBundle: `{{${key}Bundle}}` } },
    sign: { key },
    expect,
    ...(save ? { save } : {}),
  };
}

/** The wallet owner signed in with the sandbox code; saves `session` (its id) and `sessionKey` (its private key). */
function signedIn(): ScenarioStep[] {
  return [
    ...walletOwner(),
    verifyCode(`Seal the sandbox code ${SANDBOX_OTP_CODE} and verify: 202, then the stamped retry gives a session`, SANDBOX_OTP_CODE, 'sessionKey', { status: 200, fields: { type: 'EMAIL_OTP', accountId: '{{wallet}}' } }, { session: 'id' }),
  ];
}

/** The claims of the test identity (a supported issuer, a client audience, a subject unique to the run). */
const GOOGLE = { iss: 'https://accounts.google.com', aud: 'rehearsal-web-client', sub: 'google-oauth2|{{$n}}', email: 'wallet.{{$n}}@gmail.com' };
const oauthVerify = (token: string, client: string) => ({ method: 'POST' as const, path: '/auth/credentials/{{oauthCredential}}/verify', body: { type: 'OAUTH', oidcToken: `{{${token}}}`, clientPublicKey: `{{${client}Public}}` } });

const RP = { rpId: '{{rpId}}', origin: '{{origin}}' };
/** POST /auth/credentials/{id}/challenge for the passkey with a new client key; saves `challenge` and `passkeyRequest`. */
const passkeyChallenge = (title: string, client: string): ScenarioStep => ({
  title, newKeyPair: client, request: { method: 'POST', path: '/auth/credentials/{{passkeyCredential}}/challenge', body: { clientPublicKey: `{{${client}Public}}` } },
  expect: { status: 200 }, save: { challenge: 'challenge', passkeyRequest: 'requestId' },
});
/** PASSKEY verify with a saved assertion and the challenge's Request-Id. */
const passkeyVerify = (assertion: string) => ({ method: 'POST' as const, path: '/auth/credentials/{{passkeyCredential}}/verify', headers: { 'Request-Id': '{{passkeyRequest}}' }, body: { type: 'PASSKEY', assertion: `{{${assertion}}}` } });

const privacy = (on: boolean) => ({ method: 'PATCH' as const, path: '/internal-accounts/{{wallet}}', body: { privateEnabled: on } });

/** The embedded-wallet scenarios. */
export function walletScenarios(): ScenarioDefinition[] {
  return [
    {
      name: 'wallet-email-otp-sign-in', group: GROUP, source: 'CATALOGUE',
      title: `Wallet sign-in by email code: a wrong code is refused, the sandbox code ${SANDBOX_OTP_CODE} opens a session that signs actions`,
      rule: `${VALUES} 1: "EMAIL_OTP and SMS_OTP code is always ${SANDBOX_OTP_CODE}; HPKE encryption, decryption and signature checks are real; only delivery is skipped. Any other decrypted code returns 401 UNAUTHORIZED with a reason field Invalid OTP code." Flow rule 1: the generated private key is the session signing key.`,
      steps: [
        ...walletOwner(),
        verifyCode('Seal the wrong code 123456 and verify: refused with 401, reason "Invalid OTP code"', '123456', 'wrongKey', { status: 401, fields: { code: 'UNAUTHORIZED', reason: 'Invalid OTP code' } }),
        { title: 'The wrong code opened no session', request: { method: 'GET', path: '/auth/sessions?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0': null } } },
        verifyCode(`Seal the sandbox code ${SANDBOX_OTP_CODE} and verify: 202, then the stamped retry gives a session`, SANDBOX_OTP_CODE, 'sessionKey', { status: 200, fields: { type: 'EMAIL_OTP', accountId: '{{wallet}}', encryptedSessionSigningKey: null } }, { session: 'id' }),
        { title: 'The wallet has that one session', request: { method: 'GET', path: '/auth/sessions?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.id': '{{session}}', 'data.1': null } } },
        { title: 'The session key signs a wallet action (turn privacy on)', request: privacy(true), sign: { key: 'sessionKey' }, expect: { status: 200, fields: { privateEnabled: true } } },
      ],
    },
    {
      name: 'wallet-sms-otp-sign-in', group: GROUP, source: 'CATALOGUE',
      title: `Wallet sign-in by text message: an SMS_OTP credential added with a signed retry signs in with ${SANDBOX_OTP_CODE}`,
      rule: `${VALUES} 1: "EMAIL_OTP and SMS_OTP code is always ${SANDBOX_OTP_CODE}". Flow rules 2 and 7: SMS_OTP follows the EMAIL_OTP flow; the otpEncryptionTargetBundle of the registration response is used when present.`,
      steps: [
        ...signedIn(),
        { title: 'Add an SMS_OTP credential (signed with the email session)', request: { method: 'POST', path: '/auth/credentials', body: { type: 'SMS_OTP', accountId: '{{wallet}}' } }, sign: { key: 'sessionKey' }, expect: { status: 201, fields: { type: 'SMS_OTP', nickname: '+1415555{{$n}}' } }, save: { smsCredential: 'id', smsBundle: 'otpEncryptionTargetBundle' } },
        verifyCode('Seal the wrong code 999999 for the phone: refused with 401', '999999', 'smsWrongKey', { status: 401, fields: { code: 'UNAUTHORIZED', reason: 'Invalid OTP code' } }, undefined, true),
        verifyCode(`Seal ${SANDBOX_OTP_CODE} for the phone and verify: a second session, from the SMS credential`, SANDBOX_OTP_CODE, 'smsKey', { status: 200, fields: { type: 'SMS_OTP', authMethodId: '{{smsCredential}}' } }, undefined, true),
        { title: 'The wallet has two sessions', request: { method: 'GET', path: '/auth/sessions?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.1.accountId': '{{wallet}}', 'data.2': null } } },
      ],
    },
    {
      name: 'wallet-credential-revocation', group: GROUP, source: 'CATALOGUE',
      title: 'Revoking a credential: never the only one, only from a session of another credential, and its sessions end with it',
      rule: 'spec, Credential lifecycle: "Revoking a credential: 202 challenge, then 204 on the signed retry; all active sessions issued by the revoked credential are revoked"; DELETE /auth/credentials/{id}: "400 if it is the only credential"; Authentication 6: "Revocation needs a session of a different credential on the same account; an account keeps at least one credential"',
      steps: [
        ...signedIn(),
        { title: 'Revoking the only credential is refused', request: { method: 'DELETE', path: '/auth/credentials/{{credential}}' }, sign: { key: 'sessionKey' }, expect: { status: 400, fields: { code: 'INVALID_INPUT' } } },
        { title: 'Add an SMS_OTP credential (signed with the email session)', request: { method: 'POST', path: '/auth/credentials', body: { type: 'SMS_OTP', accountId: '{{wallet}}' } }, sign: { key: 'sessionKey' }, expect: { status: 201 }, save: { smsCredential: 'id', smsBundle: 'otpEncryptionTargetBundle' } },
        { title: 'Revoking the email credential with its own session is refused', request: { method: 'DELETE', path: '/auth/credentials/{{credential}}' }, sign: { key: 'sessionKey' }, expect: { status: 401, fields: { code: 'WALLET_SIGNATURE_INVALID' } } },
        verifyCode(`Sign in by text message with ${SANDBOX_OTP_CODE}`, SANDBOX_OTP_CODE, 'smsKey', { status: 200, fields: { type: 'SMS_OTP' } }, { smsSession: 'id' }, true),
        { title: 'Revoke the email credential, signed with the SMS session', request: { method: 'DELETE', path: '/auth/credentials/{{credential}}' }, sign: { key: 'smsKey' }, expect: { status: 204 } },
        { title: 'Only the SMS session is left: the email session ended with its credential', request: { method: 'GET', path: '/auth/sessions?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.id': '{{smsSession}}', 'data.1': null } } },
        { title: 'Only the SMS credential is left', request: { method: 'GET', path: '/auth/credentials?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.type': 'SMS_OTP', 'data.1': null } } },
      ],
    },
    {
      name: 'wallet-email-change-signed', group: GROUP, source: 'CATALOGUE',
      title: 'Changing the email of a wallet owner needs the signed retry, and moves the EMAIL_OTP credential with it',
      rule: 'spec, Wallet credential endpoints, PATCH /customers/{customerId}: "changing the email of a customer with tied EMAIL_OTP credentials returns a signed-retry challenge; the retry with the signature headers updates the customer email and the tied credential email together"',
      steps: [
        ...signedIn(),
        { title: 'Change the email: 202, then the stamped retry changes it', request: { method: 'PATCH', path: '/customers/{{customer}}', body: { email: 'moved.{{$n}}@example.com' } }, sign: { key: 'sessionKey' }, expect: { status: 200, fields: { email: 'moved.{{$n}}@example.com' } } },
        { title: 'The EMAIL_OTP credential now carries the new email', request: { method: 'GET', path: '/auth/credentials?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.nickname': 'moved.{{$n}}@example.com' } } },
      ],
    },
    {
      name: 'wallet-request-id-single-use', group: GROUP, source: 'CATALOGUE',
      title: 'A signed retry cannot be replayed: the same Request-Id again is refused with 401',
      rule: 'spec, Signed-retry exchange: "requestId reused → 401"; Authentication 4: "the requestId (Request:<uuid>) is single-use"',
      steps: [
        ...signedIn(),
        { title: 'Turn privacy on with a stamped retry', request: privacy(true), sign: { key: 'sessionKey' }, expect: { status: 200, fields: { privateEnabled: true } } },
        { title: 'Send the same retry again (same Request-Id and signature): refused', request: { ...privacy(true), headers: { 'Svc-Wallet-Signature': '{{$signature}}', 'Request-Id': '{{$requestId}}' } }, expect: { status: 401, fields: { code: 'REQUEST_ID_REUSED' } } },
      ],
    },
    {
      name: 'wallet-signed-retry-expires', group: GROUP, source: 'CATALOGUE',
      title: 'A signed retry must come before expiresAt: 299 s after the challenge it is accepted, 301 s after it is refused',
      rule: 'spec, Signed-retry exchange: the retry must come "before expiresAt"; Authentication 4: "retry before expiresAt (typically 5 minutes after issue)"',
      steps: [
        ...signedIn(),
        { title: 'Ask to turn privacy on: 202 with a payload to sign', request: privacy(true), expect: { status: 202 }, save: { early: 'requestId' } },
        { title: '299 s later the retry is accepted', advanceSeconds: 299, request: { ...privacy(true), headers: { 'Svc-Wallet-Signature': LEGACY_SIGNATURE, 'Request-Id': '{{early}}' } }, expect: { status: 200, fields: { privateEnabled: true } } },
        { title: 'Ask to turn privacy off: 202 with a payload to sign', request: privacy(false), expect: { status: 202 }, save: { late: 'requestId' } },
        { title: '301 s later the retry is refused: the challenge expired', advanceSeconds: 301, request: { ...privacy(false), headers: { 'Svc-Wallet-Signature': LEGACY_SIGNATURE, 'Request-Id': '{{late}}' } }, expect: { status: 401, fields: { code: 'UNAUTHORIZED' } } },
      ],
    },
    {
      name: 'wallet-legacy-signature', group: GROUP, source: 'CATALOGUE',
      title: `The legacy signature header value ${LEGACY_SIGNATURE} is still accepted on a signed retry`,
      rule: `${VALUES} 5: "Signed actions validate a P-256 signature over the exact pending payload whose public key belongs to an active sandbox session of the wallet. The legacy header value ${LEGACY_SIGNATURE} is still accepted."`,
      steps: [
        ...signedIn(),
        { title: `Turn privacy on, answering the challenge with ${LEGACY_SIGNATURE}`, request: privacy(true), sign: { signature: LEGACY_SIGNATURE }, expect: { status: 200, fields: { privateEnabled: true } } },
        { title: 'A stamp by a key of no session is refused', newKeyPair: 'strangerKey', request: privacy(false), sign: { key: 'strangerKey' }, expect: { status: 401, fields: { code: 'WALLET_SIGNATURE_INVALID' } } },
      ],
    },
    {
      name: 'wallet-oauth-sign-in', group: GROUP, source: 'CATALOGUE',
      title: 'Wallet sign-in with an identity provider: a fresh token bound to the client key opens a session; a stale or replayed token is refused',
      rule: `${VALUES} 4: "Claims required on create: iss (a supported issuer), aud, sub, iat (at most 60 seconds before the request, 5 seconds clock skew allowed), exp … On verify the token must carry the same iss, aud and sub as the credential and a nonce equal to the SHA-256 of the exact hex clientPublicKey sent." Flow rule 3: the response carries encryptedSessionSigningKey sealed to clientPublicKey. Authentication 7: a fresh token is required for each verify.`,
      steps: [
        ...signedIn(),
        { title: 'Add an OAUTH credential with a fresh Google token (signed with the email session)', oidcToken: { claims: GOOGLE, as: 'createToken' }, request: { method: 'POST', path: '/auth/credentials', body: { type: 'OAUTH', accountId: '{{wallet}}', oidcToken: '{{createToken}}' } }, sign: { key: 'sessionKey' }, expect: { status: 201, fields: { type: 'OAUTH' } }, save: { oauthCredential: 'id' } },
        { title: 'Verify with a token issued 66 s ago: refused (older than 60 s plus 5 s skew)', newKeyPair: 'staleClient', oidcToken: { claims: GOOGLE, ageSeconds: 66, nonceFor: 'staleClient', as: 'staleToken' }, request: oauthVerify('staleToken', 'staleClient'), expect: { status: 401, fields: { code: 'UNAUTHORIZED', reason: 'OIDC iat is more than 60 seconds old; get a fresh token' } } },
        { title: 'Verify with a fresh token whose nonce is the SHA-256 of the client key: a session, its key sealed to the client', newKeyPair: 'client', oidcToken: { claims: GOOGLE, nonceFor: 'client', as: 'verifyToken' }, request: oauthVerify('verifyToken', 'client'), expect: { status: 200, fields: { type: 'OAUTH', authMethodId: '{{oauthCredential}}' } }, save: { sealedKey: 'encryptedSessionSigningKey' } },
        { title: 'The same token again is refused: each verify needs a fresh one', request: oauthVerify('verifyToken', 'client'), expect: { status: 401, fields: { code: 'UNAUTHORIZED', reason: 'This OIDC token was already used: each verify needs a fresh token' } } },
        { title: 'The client opens the sealed session key and signs a wallet action with it', openSessionKey: { bundle: '{{sealedKey}}', key: 'client', as: 'oauthSessionKey' }, request: privacy(true), sign: { key: 'oauthSessionKey' }, expect: { status: 200, fields: { privateEnabled: true } } },
      ],
    },
    {
      name: 'wallet-passkey-sign-in', group: GROUP, source: 'CATALOGUE',
      title: `Wallet sign-in with a passkey: the real WebAuthn ceremony, a wrong origin refused, and the legacy signature ${LEGACY_PASSKEY_SIGNATURE} accepted`,
      rule: `${VALUES} 3: "Passkeys use the real WebAuthn ceremony. Sandbox validates credential id, challenge, origin/RP binding, user-presence bit, signature and signature counter. The legacy assertion signature value ${LEGACY_PASSKEY_SIGNATURE} is still accepted and skips WebAuthn verification." Flow rule 4.`,
      steps: [
        ...signedIn(),
        { title: 'Read the platform\'s passkey relying party', request: { method: 'GET', path: '/config' }, expect: { status: 200 }, save: { rpId: 'passkeys.rpId', origin: 'passkeys.origins.0' } },
        { title: 'Register a passkey made by a software authenticator (signed with the email session)', passkey: { authenticator: 'laptop', action: 'register', ...RP, as: 'attestation' }, request: { method: 'POST', path: '/auth/credentials', body: { type: 'PASSKEY', accountId: '{{wallet}}', nickname: 'Rehearsal laptop', challenge: '{{attestationChallenge}}', attestation: '{{attestation}}' } }, sign: { key: 'sessionKey' }, expect: { status: 201, fields: { type: 'PASSKEY', nickname: 'Rehearsal laptop' } }, save: { passkeyCredential: 'id' } },
        passkeyChallenge('Ask for a passkey challenge bound to a new client key', 'badClient'),
        { title: 'An assertion made for another web site is refused', passkey: { authenticator: 'laptop', action: 'assert', challenge: '{{challenge}}', rpId: '{{rpId}}', origin: 'https://phishing.example', as: 'badAssertion' }, request: passkeyVerify('badAssertion'), expect: { status: 401, fields: { code: 'UNAUTHORIZED' } } },
        passkeyChallenge('Ask for another challenge, bound to a new client key', 'client'),
        { title: 'The passkey signs the challenge: a session, its key sealed to the client', passkey: { authenticator: 'laptop', action: 'assert', challenge: '{{challenge}}', ...RP, as: 'assertion' }, request: passkeyVerify('assertion'), expect: { status: 200, fields: { type: 'PASSKEY', authMethodId: '{{passkeyCredential}}' } }, save: { sealedKey: 'encryptedSessionSigningKey' } },
        { title: 'The client opens the sealed session key and signs a wallet action with it', openSessionKey: { bundle: '{{sealedKey}}', key: 'client', as: 'passkeySessionKey' }, request: privacy(true), sign: { key: 'passkeySessionKey' }, expect: { status: 200, fields: { privateEnabled: true } } },
        passkeyChallenge('Ask for a third challenge', 'legacyClient'),
        { title: `An assertion whose signature is ${LEGACY_PASSKEY_SIGNATURE} is accepted`, passkey: { authenticator: 'laptop', action: 'assert', challenge: '{{challenge}}', ...RP, signature: LEGACY_PASSKEY_SIGNATURE, as: 'legacyAssertion' }, request: passkeyVerify('legacyAssertion'), expect: { status: 200, fields: { type: 'PASSKEY' } } },
      ],
    },
    {
      name: 'wallet-oidc-literal-refused', group: GROUP, source: 'CATALOGUE',
      title: 'The old literal OIDC token sandbox-valid-oidc-token is refused',
      rule: `${VALUES} 4: "OAuth uses JWT-shaped tokens with any signature segment … The literal sandbox-valid-oidc-token is rejected." 2: "A malformed OIDC JWT may return 400 INVALID_INPUT before authentication starts."`,
      steps: [
        ...signedIn(),
        { title: 'Add an OAUTH credential with the literal token: refused, nothing added', request: { method: 'POST', path: '/auth/credentials', body: { type: 'OAUTH', accountId: '{{wallet}}', oidcToken: 'sandbox-valid-oidc-token' } }, sign: { key: 'sessionKey' }, expect: { status: 400, fields: { code: 'INVALID_INPUT' } } },
        { title: 'The wallet still has only its EMAIL_OTP credential', request: { method: 'GET', path: '/auth/credentials?accountId={{wallet}}' }, expect: { status: 200, fields: { 'data.0.type': 'EMAIL_OTP', 'data.1': null } } },
      ],
    },
  ];
}
