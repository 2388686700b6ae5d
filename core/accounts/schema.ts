import { z } from 'zod';

/** `GET /customers/internal-accounts` and `GET /platform/internal-accounts` query. */
export const listInternalAccountsQuery = z.object({
  customerId: z.string().optional(),
  currency: z.string().min(3).max(5).transform((s) => s.toUpperCase()).optional(),
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** `GET /customers/external-accounts` and `GET /platform/external-accounts` query. */
export const listExternalAccountsQuery = z.object({
  customerId: z.string().optional(),
  currency: z.string().min(3).max(5).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** `POST /sandbox/internal-accounts/{accountId}/fund` body. */
export const fundSchema = z.object({
  amount: z.number().int('must be an integer in the smallest unit of the currency').positive(),
}).strict();
