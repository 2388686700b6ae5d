import { z } from 'zod';
import { currencyCodes } from '../kernel/money';

const currencyCode = z.string().refine((c) => currencyCodes().includes(c), { message: 'is not a supported currency code' });

/** A postal address. */
export const addressSchema = z.object({
  line1: z.string().min(1), line2: z.string().optional(), city: z.string().min(1), state: z.string().optional(),
  postalCode: z.string().min(1), country: z.string().length(2, 'must be an ISO 3166-1 alpha-2 code'),
});

const common = {
  platformCustomerId: z.string().trim().min(1).max(100).optional(),
  region: z.string().length(2, 'must be an ISO 3166-1 alpha-2 code').optional(),
  currencies: z.array(currencyCode).min(1).max(20).optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +14155550100').optional(),
  umaAddress: z.string().regex(/^\$[a-z0-9._-]{1,64}@[a-z0-9.-]+\.[a-z]{2,}$/i, 'must look like $name@domain.example').optional(),
  endUserTermsConsent: z.object({ version: z.string(), acceptedAt: z.iso.datetime() }).optional(),
};

const individual = {
  fullName: z.string().trim().min(1).max(200).optional(),
  birthDate: z.iso.date().optional(),
  nationality: z.string().length(2).optional(),
  address: addressSchema.optional(),
  idType: z.string().optional(),
  identifier: z.string().optional(),
  countryOfIssuance: z.string().length(2).optional(),
};

/** Business details; `registrationNumber` drives the sandbox's KYB outcome later. */
export const businessInfoSchema = z.object({
  legalName: z.string().trim().min(1), country: z.string().length(2), taxId: z.string().min(1),
  incorporatedOn: z.iso.date(), registrationNumber: z.string().optional(), address: addressSchema.optional(),
}).loose();

/** `POST /customers` body, by `customerType`. */
export const createCustomerSchema = z.discriminatedUnion('customerType', [
  z.object({ customerType: z.literal('INDIVIDUAL'), ...common, ...individual }).strict(),
  z.object({ customerType: z.literal('BUSINESS'), ...common, businessInfo: businessInfoSchema }).strict(),
]);

/** `PATCH /customers/{id}` body: the editable fields (the type cannot change). */
export const updateCustomerSchema = z
  .object({ ...common, ...individual, businessInfo: businessInfoSchema.partial().optional() })
  .omit({ currencies: true })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });

/** `GET /customers` query. */
export const listCustomersQuery = z.object({
  platformCustomerId: z.string().optional(),
  customerType: z.enum(['INDIVIDUAL', 'BUSINESS']).optional(),
  region: z.string().optional(),
  email: z.string().optional(),
  umaAddress: z.string().optional(),
  kycStatus: z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']).optional(),
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  createdBefore: z.iso.datetime({ offset: true }).optional(),
  includeDeleted: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** KYC (individuals) or KYB (businesses) status. */
export type VerificationStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'HOLD';

/** The Customer resource. */
export interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  umaAddress: string;
  kycStatus?: VerificationStatus;
  kybStatus?: VerificationStatus;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}
