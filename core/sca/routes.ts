import { z } from 'zod';
import { defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { quoteSchema } from '../quotes/schema';
import type { ScaService } from './service';
import type { FactorResets } from './resets';
import type { BeneficiaryTrust } from './trust';
import type { QuoteAuthorization } from './quote-authorization';
import {
  authorizeSchema, confirmResultSchema, confirmSchema, customerQuery, enrollSchema, enrollStartSchema, factorListSchema, loginCompleteResultSchema,
  loginCompleteSchema, loginStartResultSchema, loginStartSchema, recordEventResultSchema, recordEventSchema, resetCompleteSchema, resetStartResultSchema,
  resetStartSchema, resetStatusSchema, trustConfirmResultSchema, trustConfirmSchema, trustStartSchema,
} from './schema';

const TAG = 'Strong Customer Authentication';
const credentialId = z.object({ credentialId: idParam('The factor (credentialId of GET /sca/factors)', 'ScaFactor:019542f5-b3e7-1d02-0000-000000000001') });
const resetId = z.object({ resetId: idParam('The factor reset', 'TwoFactorReset:019542f5-b3e7-1d02-0000-000000000001') });
const externalAccountId = z.object({ externalAccountId: idParam('The beneficiary (a customer\'s external account)', 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000001') });
const quoteId = z.object({ quoteId: idParam('The quote waiting for authorization', 'Quote:019542f5-b3e7-1d02-0000-000000000006') });

const CUSTOMER_404 = 'USER_NOT_FOUND: no live customer has this customerId';
const WRONG_CODE = 'UNAUTHORIZED: the code or passkey assertion is wrong (reason "Invalid SCA code")';
const CHALLENGE_STATE = 'EXPIRED: the challenge is past its expiresAt (ask for a new one); INVALID_INPUT: the challengeId is not this request\'s';
const trustErrors = {
  400: `${CHALLENGE_STATE}; INVALID_INPUT: a platform account has no end user to authenticate`,
  401: WRONG_CODE,
  404: 'REFERENCE_NOT_FOUND: no external account has this id',
};

/** The Strong Customer Authentication routes: factors, login, security events, factor resets, trusted beneficiaries, quote authorization. */
export const scaContract = {
  listScaFactors: defineRoute({
    method: 'get', path: '/sca/factors', tag: TAG, permission: 'VIEW',
    summary: "A customer's active SCA factors",
    query: customerQuery,
    responses: { 200: { description: 'The active factors, oldest first', schema: factorListSchema } },
    errors: { 404: CUSTOMER_404 },
  }),
  startScaFactorEnrollment: defineRoute({
    method: 'post', path: '/sca/factors', tag: TAG, permission: 'MANAGE',
    summary: 'Starts enrolling a factor: a TOTP secret and its otpauth URI, or passkey creation options',
    description: 'TOTP: load totpUri (or the base32 secret) into an authenticator app, then confirm with its first code. PASSKEY: create a credential with the options and confirm with it. '
      + 'Once a customer has an active factor, their payouts (quotes) need SCA unless they pay a trusted beneficiary.',
    query: customerQuery, body: enrollSchema,
    responses: { 200: { description: 'What the customer loads into their authenticator', schema: enrollStartSchema } },
    errors: { 404: CUSTOMER_404, 409: 'CONFLICT: the customer already has an authenticator app' },
  }),
  confirmScaFactorEnrollment: defineRoute({
    method: 'post', path: '/sca/factors/confirm', tag: TAG, permission: 'MANAGE',
    summary: 'Confirms an enrolment with the first TOTP code (RFC 6238) or the passkey registration; the factor becomes active',
    query: customerQuery, body: confirmSchema,
    responses: { 200: { description: 'TOTP: recovery codes, shown once; PASSKEY: the new factor', schema: confirmResultSchema } },
    errors: {
      400: 'INVALID_INPUT: the secret is not an enrolment in progress, or the passkey registration does not verify',
      401: 'UNAUTHORIZED: the code does not match the secret at the workspace clock\'s time',
      404: CUSTOMER_404,
      409: 'CONFLICT: an authenticator app is already active; PASSKEY_ALREADY_ENROLLED',
    },
  }),
  deleteScaFactor: defineRoute({
    method: 'delete', path: '/sca/factors/{credentialId}', tag: TAG, permission: 'MANAGE',
    summary: 'Deletes one of the customer\'s factors',
    params: credentialId, query: customerQuery,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: `${CUSTOMER_404}; REFERENCE_NOT_FOUND: the customer has no such active factor` },
  }),
  startScaLogin: defineRoute({
    method: 'post', path: '/sca/login/start', tag: TAG, permission: 'MANAGE',
    summary: 'Starts an SCA login: a challenge for SMS_OTP or TOTP, WebAuthn request options for PASSKEY',
    description: 'No SMS is sent in the sandbox: SMS_OTP challenges take the sandbox code 123456.',
    query: customerQuery, body: loginStartSchema,
    responses: { 200: { description: 'The challenge to answer with POST /sca/login/complete', schema: loginStartResultSchema } },
    errors: { 400: 'INVALID_INPUT: the factor is not available for this customer', 404: CUSTOMER_404, 409: 'CONFLICT: the customer has no factor at all' },
  }),
  completeScaLogin: defineRoute({
    method: 'post', path: '/sca/login/complete', tag: TAG, permission: 'MANAGE',
    summary: 'Completes an SCA login with a code or a passkey assertion',
    description: 'A TOTP code may be sent without a started challenge. Every 5th wrong answer locks the customer out for 15 minutes (423); the 10th suspends them until a factor reset or RESET_PASSWORD_COMPLETED.',
    query: customerQuery, body: loginCompleteSchema,
    responses: { 200: { description: 'The login succeeded', schema: loginCompleteResultSchema } },
    errors: { 400: CHALLENGE_STATE, 401: `${WRONG_CODE}; details.failedAttempts counts them`, 404: CUSTOMER_404, 409: 'CONFLICT: the challenge was already used', 423: 'ACCOUNT_LOCKED: locked out or suspended (details.lockedUntil, suspended, failedAttempts)' },
  }),
  recordSecurityEvent: defineRoute({
    method: 'post', path: '/sca/record-event', tag: TAG, permission: 'MANAGE',
    summary: 'Records a security event the platform observed (a failed password login, a completed password reset)',
    description: 'FAILED_LOGIN_ATTEMPT counts towards the same lockout as wrong SCA codes; RESET_PASSWORD_COMPLETED clears the count, the lockout and a suspension.',
    query: customerQuery, body: recordEventSchema,
    responses: { 200: { description: "The customer's lockout state after the event", schema: recordEventResultSchema } },
    errors: { 404: CUSTOMER_404 },
  }),
  startTwoFactorReset: defineRoute({
    method: 'post', path: '/sca/factors/reset', tag: TAG, permission: 'MANAGE',
    summary: 'Starts resetting a lost factor: the end user passes a liveness check, then the reset completes',
    description: 'Sandbox: the liveness check passes 30 seconds (workspace clock) after the start; the reset expires after 30 minutes.',
    query: customerQuery, body: resetStartSchema,
    responses: { 201: { description: 'The reset and the liveness check link', schema: resetStartResultSchema } },
    errors: { 404: CUSTOMER_404, 409: 'INVALID_STATE_TRANSITION: the customer has no such factor to reset', 429: 'RATE_LIMITED: 3 resets per customer per 24 hours; wait the Retry-After seconds' },
  }),
  getTwoFactorResetStatus: defineRoute({
    method: 'get', path: '/sca/factors/reset/{resetId}', tag: TAG, permission: 'VIEW',
    summary: 'A factor reset\'s status',
    params: resetId, query: customerQuery,
    responses: { 200: { description: 'The reset', schema: resetStatusSchema } },
    errors: { 404: `${CUSTOMER_404}; REFERENCE_NOT_FOUND: the customer has no such reset` },
  }),
  completeTwoFactorReset: defineRoute({
    method: 'post', path: '/sca/factors/reset/{resetId}/complete', tag: TAG, permission: 'MANAGE',
    summary: 'Completes a reset whose liveness check passed: the lost factor is removed and the lockout cleared',
    params: resetId, query: customerQuery, body: resetCompleteSchema,
    responses: { 204: { description: 'Completed; the customer enrols a new factor' } },
    errors: { 404: `${CUSTOMER_404}; REFERENCE_NOT_FOUND: the customer has no such reset`, 409: 'INVALID_STATE_TRANSITION: the liveness check has not passed, or the reset is over' },
  }),
  startBeneficiaryTrust: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/trust', tag: TAG, permission: 'MANAGE',
    summary: 'Starts trusting a beneficiary: payouts to it will skip SCA once confirmed',
    params: externalAccountId,
    responses: { 200: { description: 'The challenge the owner answers', schema: trustStartSchema } },
    errors: { ...trustErrors, 409: 'BENEFICIARY_TRUSTED: already trusted; CONFLICT: the owner has no SCA factor' },
  }),
  confirmBeneficiaryTrust: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/trust/confirm', tag: TAG, permission: 'MANAGE',
    summary: 'Confirms trusting a beneficiary with the answer to its challenge',
    params: externalAccountId, body: trustConfirmSchema,
    responses: { 200: { description: 'The account is trusted', schema: trustConfirmResultSchema } },
    errors: { ...trustErrors, 409: 'CONFLICT: the challenge was used, replaced, or spent by 5 wrong codes (start again)' },
  }),
  startBeneficiaryUntrust: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/untrust', tag: TAG, permission: 'MANAGE',
    summary: 'Starts untrusting a beneficiary',
    params: externalAccountId,
    responses: { 200: { description: 'The challenge the owner answers', schema: trustStartSchema } },
    errors: { ...trustErrors, 409: 'INVALID_STATE_TRANSITION: the account is not trusted' },
  }),
  confirmBeneficiaryUntrust: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/untrust/confirm', tag: TAG, permission: 'MANAGE',
    summary: 'Confirms untrusting a beneficiary with the answer to its challenge',
    params: externalAccountId, body: trustConfirmSchema,
    responses: { 200: { description: 'The account is no longer trusted', schema: trustConfirmResultSchema } },
    errors: { ...trustErrors, 409: 'CONFLICT: the challenge was used, replaced, or spent by 5 wrong codes (start again)' },
  }),
  authorizeQuote: defineRoute({
    method: 'post', path: '/quotes/{quoteId}/authorize', tag: TAG, permission: 'TRANSACT',
    summary: 'Answers a PENDING_AUTHORIZATION quote\'s SCA challenge; the quote becomes executable',
    description: 'The quote moves to PENDING (execute it with POST /quotes/{quoteId}/execute), or runs at once when it was created with immediatelyExecute '
      + '(if that execution is refused, for funds, the quote stays authorized and PENDING). Sandbox: the code 123456 is accepted.',
    params: quoteId, body: authorizeSchema,
    responses: { 200: { description: 'The quote, PENDING (or PROCESSING when it was to execute at once)', schema: quoteSchema } },
    errors: {
      400: CHALLENGE_STATE,
      401: WRONG_CODE,
      404: 'QUOTE_NOT_FOUND',
      409: 'CONFLICT: the quote does not wait for authorization (already authorized, expired, ...) or the challenge was replaced by a resend',
      429: 'RATE_LIMITED: 5 wrong codes within 15 minutes; wait the Retry-After seconds',
    },
  }),
  resendQuoteScaCode: defineRoute({
    method: 'post', path: '/quotes/{quoteId}/authorize/resend', tag: TAG, permission: 'TRANSACT',
    summary: 'Sends a new challenge for a PENDING_AUTHORIZATION quote (the previous one stops working)',
    params: quoteId,
    responses: { 204: { description: 'Sent; GET /quotes/{quoteId} shows the new scaChallenge' } },
    errors: { 404: 'QUOTE_NOT_FOUND', 409: 'CONFLICT: the quote does not wait for authorization', 429: 'RATE_LIMITED: 3 challenges per quote per minute; wait the Retry-After seconds' },
  }),
};

/** Services behind the SCA routes. */
export interface ScaRouteDeps {
  sca: ScaService;
  resets: FactorResets;
  trust: BeneficiaryTrust;
  quotes: QuoteAuthorization;
}

/** Serves the SCA routes. */
export function scaRoutes(d: ScaRouteDeps) {
  const owned = (customerId: string) => d.sca.assertCustomer(customerId);
  return implement(scaContract, {
    listScaFactors: ({ query }) => reply(200, d.sca.list(query.customerId)),
    startScaFactorEnrollment: ({ query, body }) => reply(200, d.sca.enroll(query.customerId, body.type)),
    confirmScaFactorEnrollment: async ({ query, body }) => reply(200, await d.sca.confirm(query.customerId, body)),
    deleteScaFactor: ({ params, query }) => {
      d.sca.remove(query.customerId, params.credentialId);
      return noContent();
    },
    startScaLogin: ({ query, body }) => reply(200, d.sca.loginStart(query.customerId, body.factor)),
    completeScaLogin: async ({ query, body }) => reply(200, await d.sca.loginComplete(query.customerId, body)),
    recordSecurityEvent: ({ query, body }) => reply(200, d.sca.recordEvent(query.customerId, body.eventType)),
    startTwoFactorReset: ({ query, body }) => {
      owned(query.customerId);
      return reply(201, d.resets.start(query.customerId, body.factor));
    },
    getTwoFactorResetStatus: ({ params, query }) => {
      owned(query.customerId);
      return reply(200, d.resets.status(query.customerId, params.resetId));
    },
    completeTwoFactorReset: ({ params, query, body }) => {
      owned(query.customerId);
      d.resets.complete(query.customerId, params.resetId, body?.mobile);
      return noContent();
    },
    startBeneficiaryTrust: ({ params }) => reply(200, d.trust.start(params.externalAccountId, true)),
    confirmBeneficiaryTrust: async ({ params, body }) => reply(200, await d.trust.confirm(params.externalAccountId, true, body)),
    startBeneficiaryUntrust: ({ params }) => reply(200, d.trust.start(params.externalAccountId, false)),
    confirmBeneficiaryUntrust: async ({ params, body }) => reply(200, await d.trust.confirm(params.externalAccountId, false, body)),
    authorizeQuote: async ({ params, body }) => reply(200, await d.quotes.authorize(params.quoteId, body)),
    resendQuoteScaCode: ({ params }) => {
      d.quotes.resend(params.quoteId);
      return noContent();
    },
  });
}
