import { z } from 'zod';

const hexKey = z.string().regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/, 'must be a P-256 public key in SEC1 hex (66 compressed or 130 uncompressed characters)');
const uncompressedKey = z.string().regex(/^04[0-9a-fA-F]{128}$/, 'must be an uncompressed P-256 public key (130 hex characters starting 04)');
const b64url = z.string().min(1).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const accountId = z.string().regex(/^InternalAccount:[0-9a-f-]{36}$/i, 'must be an InternalAccount:<uuid> id');

/** `POST /auth/credentials` body by type. */
export const createCredentialSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EMAIL_OTP'), accountId }).strict(),
  z.object({ type: z.literal('SMS_OTP'), accountId }).strict(),
  z.object({ type: z.literal('OAUTH'), accountId, oidcToken: z.string().min(1) }).strict(),
  z.object({
    type: z.literal('PASSKEY'), accountId,
    nickname: z.string().trim().min(1).max(100).regex(/^[\p{L}\p{N} ._'()-]+$/u, "may hold letters, digits, spaces and . _ - ' ( )"),
    challenge: b64url,
    attestation: z.object({ credentialId: b64url, clientDataJson: b64url, attestationObject: b64url, transports: z.array(z.string()).optional() }).strict(),
  }).strict(),
]);

/** `GET /auth/credentials` and `GET /auth/sessions` query. */
export const accountQuery = z.object({ accountId });

/** `POST /auth/credentials/{id}/challenge` body (clientPublicKey only for PASSKEY). */
export const challengeSchema = z.object({ clientPublicKey: hexKey.optional() }).strict().optional();

/** `POST /auth/credentials/{id}/verify` body by type. */
export const verifyCredentialSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: z.string().min(1) }).strict(),
  z.object({ type: z.literal('SMS_OTP'), encryptedOtpBundle: z.string().min(1) }).strict(),
  z.object({ type: z.literal('OAUTH'), oidcToken: z.string().min(1), clientPublicKey: hexKey }).strict(),
  z.object({
    type: z.literal('PASSKEY'),
    assertion: z.object({ credentialId: b64url, clientDataJson: b64url, authenticatorData: b64url, signature: z.string().min(1), userHandle: z.string().optional() }).strict(),
  }).strict(),
]);

/** `POST /auth/sessions/{id}/refresh` body. */
export const refreshSchema = z.object({ clientPublicKey: hexKey }).strict();

/** `POST /internal-accounts/{id}/export` body. */
export const exportSchema = z.object({ clientPublicKey: uncompressedKey }).strict();

/** `PATCH /internal-accounts/{id}` body. */
export const privacySchema = z.object({ privateEnabled: z.boolean() }).strict();

/** `POST /sandbox/customers/{customerId}/embedded-wallet` body. */
export const createWalletSchema = z.object({ currency: z.enum(['USDC', 'BTC', 'USDT']).default('USDC') }).strict().optional();
