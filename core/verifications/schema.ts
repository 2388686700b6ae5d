import { z } from 'zod';
import { addressSchema, businessCustomerSchema, individualCustomerSchema, VERIFICATION_STATUSES } from '../customers/schema';
import { pageSchema } from '../kernel/pagination';

/** Where a KYB (or KYC) verification stands; each change is a VERIFICATION.<status> webhook. */
export const VERIFICATION_STEPS = ['RESOLVE_ERRORS', 'READY_FOR_VERIFICATION', 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW', 'APPROVED', 'REJECTED'] as const;
/** Where a verification stands. */
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

const timestamp = z.iso.datetime();
/** Upstream's kinds of verification problem the sandbox reports. */
export const VERIFICATION_ERROR_TYPES = ['MISSING_FIELD', 'INVALID_FIELD', 'MISSING_BENEFICIAL_OWNER'] as const;
const fieldError = z.object({
  resourceId: z.string().meta({ description: 'The resource to fix (the customer, or a beneficial owner)' }),
  type: z.enum(VERIFICATION_ERROR_TYPES),
  field: z.string(),
  reason: z.string().meta({ description: 'What must be fixed (upstream\'s field)' }),
  message: z.string().meta({ description: 'The same, as the earlier field name' }),
}).strict().meta({ id: 'VerificationError' });

/** The Verification resource. */
export const verificationSchema = z.object({
  id: z.string().meta({ example: 'Verification:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  customerId: z.string(),
  type: z.enum(['KYB', 'KYC']).meta({ description: 'KYB for a business, KYC for a person' }),
  verificationStatus: z.enum(VERIFICATION_STEPS).meta({ description: "Where it stands (upstream's name; status is the same)" }),
  status: z.enum(VERIFICATION_STEPS),
  errors: z.array(fieldError).meta({ description: 'What must be fixed before the verification can run (status RESOLVE_ERRORS)' }),
  history: z.array(z.object({ status: z.enum(VERIFICATION_STEPS), at: timestamp }).strict()).meta({ description: 'Every status with its time' }),
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'Verification', description: 'A KYB or KYC check of a customer' });

/** The Verification resource. */
export type Verification = z.infer<typeof verificationSchema>;

/** `POST /verifications` body. */
export const createVerificationSchema = z.object({
  customerId: z.string().min(1).meta({ description: 'The business customer to verify' }),
}).strict();

/** `GET /verifications` query. */
export const listVerificationsQuery = z.object({
  customerId: z.string().min(1).optional(),
  verificationStatus: z.enum(VERIFICATION_STEPS).optional().meta({ description: "The contract's name of the status filter" }),
  status: z.enum(VERIFICATION_STEPS).optional().meta({ description: 'Older name of verificationStatus, still accepted' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** A page of verifications. */
export const verificationPageSchema = pageSchema(verificationSchema, 'VerificationList');

/** A beneficial owner's personal details; the last 3 characters of `lastName` drive the sandbox's KYC outcome. */
export const personalInfoSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  birthDate: z.iso.date().optional(),
  nationality: z.string().length(2, 'must be an ISO 3166-1 alpha-2 code').optional(),
  email: z.email().optional(),
  address: addressSchema.optional(),
}).loose().meta({ id: 'PersonalInfo' });

/** A beneficial owner's roles: the contract's set, plus SIGNATORY, which older callers of ours send. */
export const OWNER_ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER', 'SIGNATORY'] as const;

/** `POST /beneficial-owners` body. */
export const createOwnerSchema = z.object({
  customerId: z.string().min(1),
  personalInfo: personalInfoSchema,
  roles: z.array(z.enum(OWNER_ROLES)).min(1).optional(),
  ownershipPercentage: z.number().min(0).max(100).optional(),
}).strict();

/** `PATCH /beneficial-owners/{id}` body. */
export const updateOwnerSchema = z.object({
  personalInfo: personalInfoSchema.partial().optional(),
  roles: z.array(z.enum(OWNER_ROLES)).min(1).optional(),
  ownershipPercentage: z.number().min(0).max(100).optional(),
}).strict().refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });

/** The BeneficialOwner resource. */
export const ownerSchema = z.object({
  id: z.string().meta({ example: 'BeneficialOwner:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  customerId: z.string(),
  personalInfo: personalInfoSchema,
  roles: z.array(z.string()).optional(),
  ownershipPercentage: z.number().optional(),
  kycStatus: z.enum(VERIFICATION_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'BeneficialOwner', description: 'A person who owns or controls a business customer' });

/** The BeneficialOwner resource. */
export type BeneficialOwner = z.infer<typeof ownerSchema>;

/** `GET /beneficial-owners` query. */
export const listOwnersQuery = z.object({
  customerId: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** A page of beneficial owners. */
export const ownerPageSchema = pageSchema(ownerSchema, 'BeneficialOwnerList');

/** `POST /customers/{id}/kyc-link` answer. */
export const kycLinkSchema = z.object({
  kycUrl: z.string().meta({ description: 'Where the customer completes identity verification (a sandbox address: nothing is served there)' }),
  customerId: z.string(),
  expiresAt: timestamp,
  provider: z.enum(['SUMSUB']).meta({ description: "The hosted KYC provider (upstream's one provider; the sandbox plays its part)" }),
}).strict().meta({ id: 'KycLink' });

/** `POST /customers/{id}/kyc-link` body. */
export const kycLinkBodySchema = z.object({
  redirectUri: z.url().optional().meta({ description: 'Where the hosted flow sends the customer afterwards (carried on kycUrl)' }),
  redirectUrl: z.url().optional().meta({ description: 'Deprecated spelling of redirectUri, still accepted' }),
}).strict().optional();

/** `POST /customers/{id}/verify-email/confirm` and `verify-phone/confirm` body. */
export const confirmCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code sent to the customer'),
}).strict();

/** `POST /customers/{id}/verify-email/confirm` and `verify-phone/confirm` answer: the customer with its contactVerification. */
export const contactVerifiedSchema = (() => {
  const state = z.enum(['PENDING', 'VERIFIED']);
  const contactVerification = z.object({ email: state.optional(), phone: state.optional() }).strict()
    .meta({ id: 'ContactVerification', description: 'Whether the email and the phone number are verified (a contact the customer has is PENDING until confirmed)' });
  return z.discriminatedUnion('customerType', [
    individualCustomerSchema.extend({ contactVerification }),
    businessCustomerSchema.extend({ contactVerification }),
  ]).meta({ id: 'CustomerWithContactVerification', description: "The customer, as upstream's confirm answers it, with its contactVerification" });
})();

/** The customer after a confirmed contact. */
export type ContactVerified = z.infer<typeof contactVerifiedSchema>;
