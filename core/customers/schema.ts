import { z } from 'zod';
import { currencyCodes } from '../kernel/money';
import { pageSchema } from '../kernel/pagination';
import { fromBound, toBound } from '../kernel/date-bounds';

const currencyCode = z.string().refine((c) => currencyCodes().includes(c), { message: 'is not a supported currency code' });
const country = z.string().length(2, 'must be an ISO 3166-1 alpha-2 code');

/** The customer types. */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
/** KYC (individuals) or KYB (businesses) statuses. */
export const VERIFICATION_STATUSES = ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'] as const;
/** KYC (individuals) or KYB (businesses) status. */
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A postal address (`city` is optional, as in the contract: not every address has one, e.g. Singapore, Monaco). */
export const addressSchema = z.object({
  line1: z.string().min(1), line2: z.string().optional(), city: z.string().min(1).optional(), state: z.string().optional(),
  postalCode: z.string().min(1), country,
}).strict().meta({ id: 'Address' });

/** How a customer accepted the end-user terms (the contract's set). */
export const TERMS_ACCEPTANCE_METHODS = ['CHECKBOX', 'CLICK_TO_ACCEPT'] as const;

/** The contract's record of a customer's acceptance of the end-user terms, as sent and as answered. */
const consentSchema = z.object({
  acceptedAt: z.iso.datetime({ offset: true }),
  ipAddress: z.string().min(1).max(45).meta({ description: 'Where the customer accepted from (IPv4 or IPv6)', example: '198.51.100.24' }),
  termsVersion: z.string().min(1).meta({ example: 'V1' }),
  acceptanceMethod: z.enum(TERMS_ACCEPTANCE_METHODS),
}).strict().meta({ id: 'EndUserTermsConsent', description: 'Which end-user terms the customer accepted, when, from where and how' });

// Consents stored before the contract's names ({version, acceptedAt}) are answered with termsVersion and
// without the two fields they never had (customers/repo.ts), so the answer declares those two optional.
const storedConsentSchema = consentSchema.partial({ ipAddress: true, acceptanceMethod: true });

const common = {
  platformCustomerId: z.string().trim().min(1).max(100).optional(),
  region: country.optional(),
  currencies: z.array(currencyCode).min(1).max(20).optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +14155550100').optional(),
  umaAddress: z.string().regex(/^\$[a-z0-9._-]{1,64}@[a-z0-9.-]+\.[a-z]{2,}$/i, 'must look like $name@domain.example').optional(),
  endUserTermsConsent: consentSchema.optional(),
};

/** The contract's enhanced due diligence answers of an individual (CustomerEdd), kept and answered as sent. */
const edd = {
  sourceOfFundsCategories: z.array(z.enum(['SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN', 'SAVINGS', 'SALE_OF_ASSETS', 'OTHER'])).optional(),
  sourceOfFundsOtherDescription: z.string().min(1).max(500).optional(),
  sourceOfWealthCategories: z.array(z.enum(['SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER'])).optional(),
  sourceOfWealthOtherDescription: z.string().min(1).max(500).optional(),
  purposeOfAccount: z.enum(['CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS', 'CROSS_BORDER_B2B', 'AR_AUTOMATION', 'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION', 'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER']).optional(),
  purposeOfAccountOtherDescription: z.string().min(1).max(500).optional(),
  expectedMonthlyTransactionCount: z.enum(['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000']).optional(),
  expectedMonthlyTransactionVolume: z.enum(['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M']).optional(),
  annualIncomeRange: z.enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M']).optional(),
  netWorthRange: z.enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M']).optional(),
  pepStatus: z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).optional(),
};

const individual = {
  ...edd,
  fullName: z.string().trim().min(1).max(200).optional(),
  birthDate: z.iso.date().optional(),
  nationality: country.optional(),
  address: addressSchema.optional(),
  idType: z.string().optional(),
  identifier: z.string().optional(),
  countryOfIssuance: country.optional(),
};

/** The fields only individuals have. */
export const INDIVIDUAL_FIELDS = Object.keys(individual) as (keyof typeof individual)[];

// Upstream's business info carries more optional fields than are modelled here; they are kept and echoed.
/** Business details; `registrationNumber` drives the sandbox's KYB outcome later. */
export const businessInfoSchema = z.object({
  legalName: z.string().trim().min(1), country, taxId: z.string().min(1),
  incorporatedOn: z.iso.date(), registrationNumber: z.string().optional(), address: addressSchema.optional(),
}).loose().meta({ id: 'BusinessInfo' });

/** `POST /customers` body, by `customerType`. */
// The contract lets a platform that verifies its own customers state the outcome (kycStatus, kybStatus).
const attestedKyc = z.enum(VERIFICATION_STATUSES).optional().meta({ description: "The customer's KYC status as the platform verified it; the sandbox's default (APPROVED) when absent" });
const attestedKyb = z.enum(VERIFICATION_STATUSES).optional().meta({ description: "The business's KYB status as the platform verified it; UNVERIFIED when absent" });

export const createCustomerSchema = z.discriminatedUnion('customerType', [
  z.object({ customerType: z.literal('INDIVIDUAL'), ...common, kycStatus: attestedKyc, ...individual }).strict(),
  z.object({ customerType: z.literal('BUSINESS'), ...common, kybStatus: attestedKyb, address: addressSchema.optional().meta({ description: "The business's address (the contract's BusinessCustomerFields)" }), businessInfo: businessInfoSchema }).strict(),
]);

/** `PATCH /customers/{id}` body: the editable fields, checked against the customer's type by the service. */
export const updateCustomerSchema = z
  .object({
    // Upstream's update body is discriminated by customerType, so its clients always send it.
    customerType: z.enum(CUSTOMER_TYPES).optional().meta({ description: "The customer's own type (optional; a customer's type cannot change)" }),
    ...common, ...individual, businessInfo: businessInfoSchema.partial().optional(),
  })
  .extend({
    kycStatus: attestedKyc.meta({ description: "An individual's new KYC status (its accounts open once APPROVED)" }),
    kybStatus: attestedKyb.meta({ description: "A business's new KYB status (its accounts open once APPROVED)" }),
    currencies: common.currencies.meta({ description: 'The currencies the customer holds; an internal account is opened for each one added (accounts of removed currencies stay, since they may hold money)' }),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'customerType'), { message: 'must change at least one field' })
  .meta({ id: 'UpdateCustomerRequest' });

/** `GET /customers` query. */
export const listCustomersQuery = z.object({
  platformCustomerId: z.string().optional(),
  customerType: z.enum(CUSTOMER_TYPES).optional(),
  region: z.string().optional(),
  email: z.string().optional().meta({ description: 'Matched in any letter case' }),
  umaAddress: z.string().optional(),
  currency: z.string().optional().meta({ description: 'Customers holding this currency' }),
  kycStatus: z.enum(VERIFICATION_STATUSES).optional().meta({ description: 'KYC or KYB status' }),
  createdAfter: fromBound().optional(),
  createdBefore: toBound().optional(),
  updatedAfter: fromBound().optional(),
  updatedBefore: toBound().optional(),
  isIncludingDeleted: z.enum(['true', 'false']).optional().meta({ description: 'Also list deleted customers (default false)' }),
  includeDeleted: z.enum(['true', 'false']).optional().meta({ description: 'Older name of isIncludingDeleted, still accepted' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

const resourceFields = {
  id: z.string().meta({ example: 'Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  platformCustomerId: z.string().meta({ description: "The platform's own id for the customer (generated when not given)", example: 'cust-alice-001' }),
  umaAddress: z.string().meta({ example: '$alice.johnson@demo-platform.localhost' }),
  region: z.string().optional(),
  currencies: z.array(z.string()).optional().meta({ description: 'Currencies the customer holds internal accounts in', example: ['USD'] }),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  endUserTermsConsent: storedConsentSchema.optional(),
  isDeleted: z.boolean().meta({ description: 'Deleted customers still answer reads; changes to them are 410 CUSTOMER_DELETED' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** A person; KYC is approved on creation in the sandbox. */
export const individualCustomerSchema = z.object({
  customerType: z.literal('INDIVIDUAL'),
  kycStatus: z.enum(VERIFICATION_STATUSES),
  ...resourceFields,
  fullName: z.string().optional(),
  birthDate: z.iso.date().optional(),
  nationality: z.string().optional(),
  address: addressSchema.optional(),
  idType: z.string().optional(),
  identifier: z.string().optional(),
  countryOfIssuance: z.string().optional(),
  ...edd,
}).strict().meta({ id: 'IndividualCustomer' });

/** A business; KYB starts UNVERIFIED and its accounts wait as PENDING until approval. */
export const businessCustomerSchema = z.object({
  customerType: z.literal('BUSINESS'),
  kybStatus: z.enum(VERIFICATION_STATUSES),
  ...resourceFields,
  address: addressSchema.optional(),
  businessInfo: businessInfoSchema,
}).strict().meta({ id: 'BusinessCustomer' });

/** The Customer resource, by `customerType`. */
export const customerSchema = z.discriminatedUnion('customerType', [individualCustomerSchema, businessCustomerSchema])
  .meta({ id: 'Customer', description: 'A person or business the platform moves money for' });

/** The Customer resource. */
export type Customer = z.infer<typeof customerSchema>;

/** A page of customers. */
export const customerPageSchema = pageSchema(customerSchema, 'CustomerList');

/** A customer's verification status: KYC for individuals, KYB for businesses. */
export function verificationStatusOf(c: Customer): VerificationStatus {
  return c.customerType === 'BUSINESS' ? c.kybStatus : c.kycStatus;
}
