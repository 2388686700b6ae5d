import { z } from 'zod';

// Here, below both areas, because a quote carries the challenge the SCA area issues and answers, and
// the quotes area must not import the SCA area (which drives quotes).

/** The factors a customer can authenticate with (upstream's ScaFactor). */
export const SCA_FACTORS = ['SMS_OTP', 'TOTP', 'PASSKEY'] as const;
/** One SCA factor type. */
export type ScaFactorType = (typeof SCA_FACTORS)[number];

/** ScaFactor, as a schema. */
export const scaFactorSchema = z.enum(SCA_FACTORS).meta({ id: 'ScaFactor', description: 'A Strong Customer Authentication factor type' });

/** An SCA challenge to answer (upstream's ScaChallenge). */
export const scaChallengeSchema = z.object({
  id: z.string().meta({ example: 'ScaChallenge:019542f5-b3e7-1d02-0000-000000000007' }),
  expiresAt: z.iso.datetime(),
  factor: scaFactorSchema,
  availableFactors: z.array(scaFactorSchema),
  purpose: z.string().optional().meta({ example: 'PAYOUT' }),
  passkeyAssertionOptions: z.record(z.string(), z.unknown()).optional(),
  passkeyAllowedOrigins: z.array(z.string()).optional(),
}).strict().meta({ id: 'ScaChallenge', description: 'What the customer must answer (a code of the factor, or a passkey assertion) before expiresAt' });
/** An SCA challenge. */
export type ScaChallenge = z.infer<typeof scaChallengeSchema>;
