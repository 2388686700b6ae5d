import { z } from 'zod';
import { handler } from '../api/console-handler';
import { LISTED_TX_STATUSES } from './schema';
import type { TransactionService } from './service';
import { amountRanges } from './search-match';

/** The largest amount the filter takes, in major units: the spec's limit in the smallest units of a currency without decimals. */
const MAX_MAJOR = 9_000_000_000_000_000;

/** The explorer's query: one search box plus filters. */
export const explorerQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.array(z.enum(LISTED_TX_STATUSES)).optional(),
  type: z.enum(['INCOMING', 'OUTGOING', 'CARD']).optional(),
  currency: z.string().min(3).max(5).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  /** The amount range, in the currency's major units (250 is 250 dollars); with `currency`, in that currency only. */
  amountMin: z.number().min(0).max(MAX_MAJOR).optional(),
  amountMax: z.number().min(0).max(MAX_MAJOR).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
}).refine((q) => q.amountMin === undefined || q.amountMax === undefined || q.amountMin <= q.amountMax, {
  path: ['amountMax'], message: 'amountMax must not be below amountMin',
});

/**
 * Console handlers for support staff: the transaction explorer. Whatever they paste finds the
 * transaction: its id, its quote id, its reference, a customer id or platform id, an account id or
 * account number, a UMA address, words of the description, an amount, or a customer's name. (The whole story of one transaction spans areas: console/transaction-detail.ts.)
 * `accountIdentifier` names the identifier of an external account id (the accounts area answers);
 * `customersNamed` the customers whose name matches (the customers area answers).
 */
export function transactionHandlers(
  transactions: TransactionService,
  accountIdentifier: (externalAccountId: string) => string | undefined,
  customersNamed: (q: string) => string[],
) {
  return {
    'transactions/search': handler(explorerQuery, ({ amountMin, amountMax, ...q }) => {
      const amounts = amountMin === undefined && amountMax === undefined ? undefined
        : amountRanges(amountMin ?? 0, amountMax ?? MAX_MAJOR, ((amountMin ?? 0) + (amountMax ?? amountMin ?? 0)) / 2, q.currency);
      return transactions.explore({ ...q, amounts, qAccountIdentifier: q.q ? accountIdentifier(q.q) : undefined, qCustomerIds: q.q ? customersNamed(q.q) : undefined });
    }),
  };
}
