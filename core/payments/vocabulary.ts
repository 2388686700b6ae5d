import { z } from 'zod';

// Names shared by several areas' schemas (quotes, transactions, transfers, rates, external accounts).
// They live here, in the payment vocabulary below those areas, so none of them imports another's schema.

/** Every payment rail name the API accepts. */
export const PAYMENT_RAILS = ['ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW', 'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE'] as const;
/** A payment rail name. */
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** Crypto networks named by the spec (plus TRON). */
export const CRYPTO_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'SPARK', 'LIGHTNING', 'BITCOIN', 'TRON'] as const;

/** The purposes of payment the spec lists. */
export const PURPOSES = ['GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT', 'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER'] as const;

/**
 * Why an outgoing payment failed: upstream's values (without the SCA and deprecated ones) plus
 * INSUFFICIENT_FUNDS, which the sandbox's transfer-out suffix 002 reports.
 */
export const OUTGOING_FAILURE_REASONS = [
  'QUOTE_EXPIRED', 'QUOTE_RATE_UNAVAILABLE', 'QUOTE_EXECUTION_FAILED', 'FUNDING_AMOUNT_MISMATCH', 'PAYOUT_RETURNED', 'LIMIT_EXCEEDED',
  'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED', 'INSUFFICIENT_FUNDS',
] as const;

/**
 * Why an incoming payment failed: upstream's values plus the reasons of a failed transfer-in pull
 * (the sandbox's suffixes 002 to 005 on the external account).
 */
export const INCOMING_FAILURE_REASONS = [
  'LNURLP_FAILED', 'PAY_REQUEST_FAILED', 'PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAYMENT_APPROVAL_TIMED_OUT', 'OFFRAMP_FAILED',
  'MISSING_MANDATORY_PAYEE_DATA', 'QUOTE_EXPIRED', 'QUOTE_EXECUTION_FAILED', 'COMPLIANCE_REJECTED', 'COLLECTION_FAILED',
  'INSUFFICIENT_FUNDS', 'ACCOUNT_INVALID', 'ACCOUNT_CANNOT_RECEIVE',
] as const;

/** Why a payment failed, of either direction. */
export type FailureReason = (typeof OUTGOING_FAILURE_REASONS)[number] | (typeof INCOMING_FAILURE_REASONS)[number];

/** The spec's OutgoingRateDetails: the rate and fee breakdown of an outgoing payment. */
export const outgoingRateDetailsSchema = z.object({
  counterpartyMultiplier: z.number().positive().meta({ description: 'Receiving minor units per mSAT, as the counterparty institution prices it' }),
  counterpartyFixedFee: z.number().int().min(0).meta({ description: "The counterparty's fixed fee, in the receiving currency's smallest unit", example: 350 }),
  svcApiMultiplier: z.number().positive().meta({ description: 'mSATs per sending minor unit, after the variable fee' }),
  svcApiFixedFee: z.number().int().min(0).meta({ description: "The platform's fixed fee, in the sending currency's smallest unit", example: 30 }),
  svcApiVariableFeeRate: z.number().min(0).meta({ description: 'The variable fee as a fraction of the sending amount', example: 0.003 }),
  svcApiVariableFeeAmount: z.number().int().min(0).meta({ description: 'Sending amount × svcApiVariableFeeRate, rounded to the smallest unit', example: 30 }),
}).strict().meta({ id: 'OutgoingRateDetails', description: 'How the rate and the fees of a payment were computed' });

/** The spec's OutgoingRateDetails. */
export type OutgoingRateDetails = z.infer<typeof outgoingRateDetailsSchema>;
