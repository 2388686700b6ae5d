import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';
import { currencyAmountSchema, paymentInstructionsSchema } from '../payments/schema';

/** Internal account types. */
export const INTERNAL_ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET'] as const;
/** Internal account statuses. */
export const INTERNAL_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'] as const;

const currencyFilter = z.string().min(3).max(5).transform((s) => s.toUpperCase()).optional()
  .meta({ description: 'Only accounts in this currency (any letter case)', example: 'USD' });

/** `GET /platform/internal-accounts` query. */
export const listPlatformInternalAccountsQuery = pageQuerySchema.extend({
  currency: currencyFilter,
  type: z.enum(INTERNAL_ACCOUNT_TYPES).optional().meta({ description: 'Only accounts of this type' }),
});

/** `GET /customers/internal-accounts` query. */
export const listInternalAccountsQuery = listPlatformInternalAccountsQuery.extend({
  customerId: z.string().optional().meta({ description: "Only this customer's accounts", example: 'Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  includeDeleted: z.enum(['true', 'false']).optional()
    .meta({ description: 'Also list the accounts of deleted customers (default false)' }),
});

/** `GET /customers/external-accounts` and `GET /platform/external-accounts` query. */
export const listExternalAccountsQuery = pageQuerySchema.extend({
  customerId: z.string().optional().meta({ description: "Only this customer's accounts" }),
  currency: z.string().min(3).max(5).optional().meta({ description: 'Only accounts in this currency (any letter case)', example: 'MXN' }),
});

/** `POST /sandbox/internal-accounts/{accountId}/fund` body. */
export const fundSchema = z.object({
  amount: z.number().int('must be an integer in the smallest unit of the currency').positive(),
}).strict();

const timestamp = z.iso.datetime();

/** An account held for a customer (or for the platform itself) whose balance lives in the ledger. */
export const internalAccountSchema = z.object({
  id: z.string().meta({ example: 'InternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  customerId: z.string().optional().meta({ description: 'The owner; absent for an account of the platform itself' }),
  type: z.enum(INTERNAL_ACCOUNT_TYPES),
  status: z.enum(INTERNAL_ACCOUNT_STATUSES),
  balance: currencyAmountSchema.meta({ description: 'What can be spent now' }),
  totalBalance: currencyAmountSchema.meta({ description: 'The balance plus money held for payments in progress' }),
  fundingPaymentInstructions: z.array(paymentInstructionsSchema)
    .meta({ description: "How to pay money into the account; the reference (or the wallet address) credits it" }),
  privateEnabled: z.boolean().optional().meta({ description: 'EMBEDDED_WALLET only: whether the wallet is private' }),
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'InternalAccount', description: 'An account held for a customer or the platform, with its balance and funding instructions' });

/** The InternalAccount resource. */
export type InternalAccount = z.infer<typeof internalAccountSchema>;

/** A page of internal accounts. */
export const internalAccountPageSchema = pageSchema(internalAccountSchema, 'InternalAccountList');
