import { z } from 'zod';
import { scaChallengeSchema, scaFactorSchema } from '../payments/sca-challenge';

export { SCA_FACTORS, type ScaChallenge, type ScaFactorType } from '../payments/sca-challenge';
/** What a challenge authorizes. */
export type ChallengePurpose = 'LOGIN' | 'PAYOUT' | 'TRUST_BENEFICIARY' | 'UNTRUST_BENEFICIARY';
/** Statuses of a factor reset (upstream's TwoFactorResetStatus.status). */
export const RESET_STATUSES = ['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED'] as const;
/** A factor reset's status. */
export type ResetStatus = (typeof RESET_STATUSES)[number];
/** Security events a platform reports (upstream's RecordSecurityEventRequest.eventType). */
export const SECURITY_EVENTS = ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'] as const;

const iso = z.iso.datetime();
const factor = scaFactorSchema;
const code = z.string().min(1).max(64).meta({ description: 'The 6-digit code of the factor (sandbox: 123456 is accepted for every factor)', example: '123456' });
const origin = z.string().min(1).meta({ example: 'https://app.example.com' });
const assertion = z.record(z.string(), z.unknown()).meta({ description: 'A WebAuthn assertion (id, response.clientDataJSON, response.authenticatorData, response.signature, base64url)' });

/** `customerId` query parameter of the /sca routes. */
export const customerQuery = z.object({
  customerId: z.string().min(1).meta({ description: 'The customer', example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
});

/** One enrolled factor as listed (upstream's ScaFactorView). */
export const factorViewSchema = z.object({
  factor,
  credentialId: z.string().meta({ description: 'Pass to DELETE /sca/factors/{credentialId}', example: 'ScaFactor:019542f5-b3e7-1d02-0000-000000000001' }),
  name: z.string(),
}).strict().meta({ id: 'ScaFactorView' });
/** A factor as listed. */
export type FactorView = z.infer<typeof factorViewSchema>;

/** `GET /sca/factors` answer. */
export const factorListSchema = z.object({ factors: z.array(factorViewSchema) }).strict().meta({ id: 'ScaFactorList' });

/** `POST /sca/factors` body. */
export const enrollSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOTP') }).strict().meta({ id: 'TotpFactorEnrollRequest' }),
  z.object({ type: z.literal('PASSKEY') }).strict().meta({ id: 'PasskeyFactorEnrollRequest' }),
]).meta({ id: 'ScaFactorEnrollRequest' });

/** `POST /sca/factors` answer: the TOTP secret to load in an authenticator app, or the passkey registration options. */
export const enrollStartSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TOTP'),
    secret: z.string().meta({ description: 'The shared secret (base32, as secretBase32Encoded); send it back with the first code' }),
    secretBase32Encoded: z.string(),
    totpUri: z.string().meta({ example: 'otpauth://totp/Payments:alice%40example.com?issuer=Payments&secret=ABC123&algorithm=SHA1&digits=6&period=30' }),
  }).strict().meta({ id: 'TotpEnrollmentStart' }),
  z.object({
    type: z.literal('PASSKEY'),
    options: z.record(z.string(), z.unknown()).meta({ description: 'PublicKeyCredentialCreationOptions (JSON form)' }),
    allowedOrigins: z.array(z.string()),
    relyingPartyId: z.string(),
  }).strict().meta({ id: 'PasskeyEnrollmentStart' }),
]).meta({ id: 'ScaFactorEnrollStart' });

/** `POST /sca/factors/confirm` body. */
export const confirmSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOTP'), secret: z.string().min(1), code }).strict().meta({ id: 'TotpEnrollmentConfirmRequest' }),
  z.object({ type: z.literal('PASSKEY'), origin, credential: z.record(z.string(), z.unknown()).meta({ description: 'The WebAuthn registration (id, response.clientDataJSON, response.attestationObject, base64url)' }) })
    .strict().meta({ id: 'PasskeyEnrollmentConfirmRequest' }),
]).meta({ id: 'ScaFactorConfirmRequest' });

/** `POST /sca/factors/confirm` answer. */
export const confirmResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string()).meta({ description: 'Shown once; each can stand in for a code once' }) }).strict().meta({ id: 'TotpEnrollmentConfirmResponse' }),
  z.object({ type: z.literal('PASSKEY'), factor: factorViewSchema }).strict().meta({ id: 'PasskeyEnrollmentConfirmResponse' }),
]).meta({ id: 'ScaFactorConfirmResponse' });

/** An SCA challenge to answer (upstream's ScaChallenge). */
export const challengeSchema = scaChallengeSchema;

/** `POST /sca/login/start` body. */
export const loginStartSchema = z.object({ factor }).strict().meta({ id: 'ScaLoginStartRequest' });
/** `POST /sca/login/start` answer. */
export const loginStartResultSchema = z.object({
  factor,
  challengeId: z.string().optional(),
  expiresAt: iso.optional(),
  passkeyOptions: z.record(z.string(), z.unknown()).optional(),
  allowedOrigins: z.array(z.string()).optional(),
  relyingPartyId: z.string().optional(),
}).strict().meta({ id: 'ScaLoginStart' });

/** What answers a challenge: a code, or a passkey assertion with its origin. */
const answerFields = {
  challengeId: z.string().min(1).nullable().optional(),
  code: code.nullable().optional(),
  passkeyAssertion: assertion.nullable().optional(),
  origin: origin.nullable().optional(),
};

/** `POST /sca/login/complete` body. */
export const loginCompleteSchema = z.object({
  factor,
  endUserIpAddress: z.string().min(1).meta({ example: '203.0.113.42' }),
  ...answerFields,
}).strict().meta({ id: 'ScaLoginCompleteRequest' });
/** `POST /sca/login/complete` answer. */
export const loginCompleteResultSchema = z.object({
  status: z.string().meta({ example: 'SUCCESS' }),
  sessionExpiresAt: iso.optional(),
}).strict().meta({ id: 'ScaLoginComplete' });

/** `POST /sca/record-event` body. */
export const recordEventSchema = z.object({ eventType: z.enum(SECURITY_EVENTS) }).strict().meta({ id: 'RecordSecurityEventRequest' });
/** `POST /sca/record-event` answer: the customer's lockout state after the event. */
export const recordEventResultSchema = z.object({
  eventType: z.enum(SECURITY_EVENTS),
  suspended: z.boolean(),
  lockedUntil: iso.nullable(),
  failedAttempts: z.number().int().min(0),
}).strict().meta({ id: 'RecordSecurityEventResponse' });

/** `POST /sca/factors/reset` body. */
export const resetStartSchema = z.object({ factor }).strict().meta({ id: 'TwoFactorResetStartRequest' });
/** `POST /sca/factors/reset` answer. */
export const resetStartResultSchema = z.object({
  resetId: z.string(),
  livenessAccessToken: z.string(),
  verificationLink: z.string(),
  expiresAt: iso,
}).strict().meta({ id: 'TwoFactorResetStart' });
/** `GET /sca/factors/reset/{resetId}` answer. */
export const resetStatusSchema = z.object({
  status: z.enum(RESET_STATUSES),
  factor,
  enrollmentStatus: z.enum(['PENDING', 'COMPLETED']).nullable(),
  expiresAt: iso,
  completedAt: iso.nullable(),
}).strict().meta({ id: 'TwoFactorResetStatus' });
/** `POST /sca/factors/reset/{resetId}/complete` body (optional). */
export const resetCompleteSchema = z.object({
  mobile: z.object({ countryCode: z.string().regex(/^\+\d{1,4}$/, 'must be + and 1-4 digits'), number: z.string().regex(/^\d{4,14}$/, 'must be 4-14 digits') }).strict().optional(),
}).strict().optional().meta({ id: 'TwoFactorResetCompleteRequest' });

/** `POST .../trust` and `.../untrust` answer. */
export const trustStartSchema = z.object({ scaChallenge: challengeSchema }).strict().meta({ id: 'BeneficiaryTrustStart' });
/** `POST .../trust/confirm` and `.../untrust/confirm` body. */
export const trustConfirmSchema = z.object(answerFields).strict().meta({ id: 'BeneficiaryTrustConfirmRequest' });
/** `POST .../trust/confirm` and `.../untrust/confirm` answer. */
export const trustConfirmResultSchema = z.object({ trusted: z.boolean() }).strict().meta({ id: 'BeneficiaryTrustConfirm' });

/** `POST /quotes/{quoteId}/authorize` body. */
export const authorizeSchema = z.object({
  ...answerFields,
  endUserIpAddress: z.string().min(1).nullable().optional(),
}).strict().meta({ id: 'ScaAuthorization' });
/** A code or passkey answer to a challenge. */
export type ChallengeAnswer = { challengeId?: string | null | undefined; code?: string | null | undefined; passkeyAssertion?: Record<string, unknown> | null | undefined; origin?: string | null | undefined };
