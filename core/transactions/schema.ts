import { z } from 'zod';

/** Every transaction status of the spec. */
export const TX_STATUSES = ['CREATED', 'PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED'] as const;
/** A transaction status. */
export type TxStatus = (typeof TX_STATUSES)[number];

/** The refund object of a failed outgoing payment. */
export interface Refund {
  reference: string;
  initiatedAt: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  settledAt?: string;
  reason?: 'TRANSACTION_FAILED' | 'USER_CANCELLATION' | 'TIMEOUT';
}

/** An incoming or outgoing transaction as the API returns it (fields by kind; see repo.ts). */
export type Transaction = Record<string, unknown> & { id: string; type: 'INCOMING' | 'OUTGOING'; status: TxStatus };

const dateTime = z.iso.datetime({ offset: true });

/** `GET /transactions` query: the agent list's filters plus customerId and platformCustomerId. */
export const listTransactionsQuery = z.object({
  customerId: z.string().optional(),
  platformCustomerId: z.string().optional(),
  accountIdentifier: z.string().optional(),
  senderAccountIdentifier: z.string().optional(),
  receiverAccountIdentifier: z.string().optional(),
  status: z.enum(TX_STATUSES).optional(),
  type: z.enum(['INCOMING', 'OUTGOING']).optional(),
  reference: z.string().optional(),
  startDate: dateTime.optional(),
  endDate: dateTime.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
