import { z } from 'zod';
import { p256KeyHex, p256UncompressedKeyHex } from './key-schema';

/** The credential types (declared with the signed-request vocabulary in api/signed-request.ts). */
export { CREDENTIAL_TYPES, type CredentialType } from '../api/signed-request';

const hexKey = p256KeyHex();
const clientKey = hexKey.meta({ description: "The client's P-256 public key (SEC1 hex); the session key is sealed to it", example: '03b4c7185c691f4d810f63db100ae35ccdad833b2ddfcba39f56100c7277254241' });
const uncompressedKey = p256UncompressedKeyHex();
const b64url = z.string().min(1).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const accountId = z.string().regex(/^InternalAccount:[0-9a-f-]{36}$/i, 'must be an InternalAccount:<uuid> id')
  .meta({ description: 'The embedded wallet (an EMBEDDED_WALLET internal account)', example: 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });
const oidcToken = z.string().min(1).meta({ description: "A fresh OIDC id token from the provider (JWT); iat at most 60 seconds old" });

/** `POST /auth/credentials` body by type. */
export const createCredentialSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EMAIL_OTP'), accountId }).strict(),
  z.object({ type: z.literal('SMS_OTP'), accountId }).strict(),
  z.object({ type: z.literal('OAUTH'), accountId, oidcToken }).strict(),
  z.object({
    type: z.literal('PASSKEY'), accountId,
    nickname: z.string().trim().min(1).max(100).regex(/^[\p{L}\p{N} ._'()-]+$/u, "may hold letters, digits, spaces and . _ - ' ( )"),
    challenge: b64url.meta({ description: 'The WebAuthn registration challenge your backend issued (single use)' }),
    attestation: z.object({ credentialId: b64url, clientDataJson: b64url, attestationObject: b64url, transports: z.array(z.string()).optional() }).strict()
      .meta({ description: "The browser's registration response; binary fields base64url" }),
  }).strict(),
]).meta({ id: 'CreateAuthCredentialRequest' });

/** `GET /auth/credentials` and `GET /auth/sessions` query. */
export const accountQuery = z.object({ accountId });

/** `POST /auth/credentials/{id}/challenge` body (clientPublicKey only for PASSKEY). */
export const challengeSchema = z.object({ clientPublicKey: clientKey.optional() }).strict().optional();

/** `POST /auth/credentials/{id}/verify` body by type. */
export const verifyCredentialSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: z.string().min(1) }).strict(),
  z.object({ type: z.literal('SMS_OTP'), encryptedOtpBundle: z.string().min(1) }).strict(),
  z.object({ type: z.literal('OAUTH'), oidcToken, clientPublicKey: clientKey }).strict(),
  z.object({
    type: z.literal('PASSKEY'),
    assertion: z.object({ credentialId: b64url, clientDataJson: b64url, authenticatorData: b64url, signature: z.string().min(1), userHandle: z.string().optional() }).strict(),
  }).strict(),
]).meta({ id: 'VerifyAuthCredentialRequest' });

/** `POST /auth/sessions/{id}/refresh` body. */
export const refreshSchema = z.object({ clientPublicKey: clientKey }).strict();

/** `POST /internal-accounts/{id}/export` body. */
export const exportSchema = z.object({
  clientPublicKey: uncompressedKey.meta({ description: 'A fresh uncompressed P-256 key (130 hex) the wallet secret is sealed to' }),
}).strict();

/** `PATCH /internal-accounts/{id}` body (every field optional, as in the contract: an empty patch changes nothing). */
export const privacySchema = z.object({ privateEnabled: z.boolean().optional().meta({ description: 'Whether the wallet is private; unchanged when absent' }) }).strict();

/** `POST /sandbox/customers/{customerId}/embedded-wallet` body. */
export const createWalletSchema = z.object({ currency: z.enum(['USDC', 'BTC', 'USDT']).default('USDC') }).strict().optional();

const timestamp = z.iso.datetime();
const requestId = z.string().regex(/^Request:/).meta({ example: 'Request:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });

const methodId = z.string().meta({ example: 'AuthMethod:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });
const walletId = z.string().meta({ description: 'The embedded wallet the credential unlocks', example: 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });
const nickname = z.string().meta({ description: 'The email (EMAIL_OTP), phone number (SMS_OTP), token email (OAUTH) or chosen name (PASSKEY)', example: 'alice.johnson@example.com' });
const passkeyId = z.string().meta({ description: 'The WebAuthn credential id (base64url)' });
const targetBundle = z.string().meta({ description: 'JSON text holding the HPKE key the client seals the code to (as encryptedOtpBundle); one per code sent' });
const methodFields = { id: methodId, accountId: walletId, nickname, createdAt: timestamp, updatedAt: timestamp };

const otpMethod = z.object({
  ...methodFields, type: z.enum(['EMAIL_OTP', 'SMS_OTP']),
  otpEncryptionTargetBundle: targetBundle.optional().meta({ description: 'Present when the answer sent a code (creation); never in lists' }),
}).strict();
const passkeyMethod = z.object({ ...methodFields, type: z.literal('PASSKEY'), credentialId: passkeyId }).strict();

/** A credential that unlocks an embedded wallet (variants by type). */
export const authMethodSchema = z.discriminatedUnion('type', [
  otpMethod,
  z.object({ ...methodFields, type: z.literal('OAUTH') }).strict(),
  passkeyMethod,
]).meta({ id: 'AuthMethod', description: 'A credential that unlocks an embedded wallet: a one-time code by email or SMS, an OAuth identity or a passkey' });
/** A credential that unlocks an embedded wallet. */
export type AuthMethod = z.infer<typeof authMethodSchema>;

/** `GET /auth/credentials` answer (not paginated). */
export const authMethodListSchema = z.object({ data: z.array(authMethodSchema) }).strict().meta({ id: 'AuthMethodList' });

/** A PASSKEY challenge: the credential plus the WebAuthn challenge bound to the client key. */
export const passkeyAuthChallengeSchema = passkeyMethod.extend({
  challenge: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'Lowercase hex; its UTF-8 bytes are the WebAuthn challenge of the assertion' }),
  requestId: requestId.meta({ description: 'Send it as the Request-Id header of the verify call' }),
  expiresAt: timestamp.meta({ description: 'The assertion must be verified before this instant' }),
}).meta({ id: 'PasskeyAuthChallenge', description: 'The WebAuthn challenge of a passkey sign-in, bound to the clientPublicKey sent' });
/** A PASSKEY challenge. */
export type PasskeyAuthChallenge = z.infer<typeof passkeyAuthChallengeSchema>;

/** `POST /auth/credentials/{id}/challenge` answer: a fresh code's target bundle, or a passkey challenge. */
export const credentialChallengeSchema = z.discriminatedUnion('type', [
  otpMethod.extend({ otpEncryptionTargetBundle: targetBundle }).meta({ id: 'OtpAuthChallenge', description: 'The credential with the target bundle of the code just sent' }),
  passkeyAuthChallengeSchema,
]).meta({ id: 'AuthCredentialChallenge' });
/** `POST /auth/credentials/{id}/challenge` answer. */
export type CredentialChallenge = z.infer<typeof credentialChallengeSchema>;

const sessionFields = {
  id: z.string().meta({ example: 'Session:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  accountId: walletId,
  authMethodId: methodId.meta({ description: 'The credential whose verification issued the session' }),
  nickname,
  createdAt: timestamp,
  updatedAt: timestamp,
  expiresAt: timestamp.meta({ description: '15 minutes after issue: refresh before, verify again after' }),
  encryptedSessionSigningKey: z.string().optional().meta({
    description: 'The session private key sealed to the clientPublicKey sent (HPKE, base58check). Present when the service made the key (OAUTH and PASSKEY sign-in, refresh); never in lists',
  }),
};

/** A signed-in session of a wallet: its key stamps signed actions until expiresAt. */
export const authSessionSchema = z.discriminatedUnion('type', [
  z.object({ ...sessionFields, type: z.enum(['EMAIL_OTP', 'SMS_OTP', 'OAUTH']) }).strict(),
  z.object({ ...sessionFields, type: z.literal('PASSKEY'), credentialId: passkeyId }).strict(),
]).meta({ id: 'AuthSession', description: 'A signed-in session of an embedded wallet; its key stamps signed actions until it expires' });
/** A signed-in session of a wallet. */
export type AuthSession = z.infer<typeof authSessionSchema>;

/** `GET /auth/sessions` answer: the active sessions (not paginated). */
export const authSessionListSchema = z.object({ data: z.array(authSessionSchema) }).strict().meta({ id: 'AuthSessionList' });

/** `POST /internal-accounts/{id}/export` answer. */
export const walletExportSchema = z.object({
  id: walletId.meta({ description: 'The exported wallet' }),
  encryptedWalletCredentials: z.string().meta({ description: 'JSON text {version, data, dataSignature, enclaveQuorumPublic}: data is the hex of the wallet mnemonic sealed (HPKE) to clientPublicKey' }),
}).strict().meta({ id: 'WalletExport', description: "The wallet's secret, sealed to the key the client sent" });
/** `POST /internal-accounts/{id}/export` answer. */
export type WalletExport = z.infer<typeof walletExportSchema>;
