import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { PAYMENT_RAILS, PURPOSES } from '../quotes/schema';

const amount = z.number().int('must be an integer in the smallest unit of the currency').positive().max(MAX_AMOUNT);

/** `POST /transfer-in` body: pull from an external account into an internal account. */
export const transferInSchema = z.object({
  source: z.object({ accountId: z.string().min(1) }).strict(),
  destination: z.object({ accountId: z.string().min(1) }).strict(),
  amount,
  description: z.string().max(500).optional(),
}).strict();

/** `POST /transfer-out` body: push from an internal account to an external account of the same currency. */
export const transferOutSchema = z.object({
  source: z.object({ accountId: z.string().min(1) }).strict(),
  destination: z.object({ accountId: z.string().min(1), paymentRail: z.enum(PAYMENT_RAILS).optional() }).strict(),
  amount,
  remittanceInformation: z.string().max(140).optional(),
  purposeOfPayment: z.enum(PURPOSES).optional(),
  description: z.string().max(500).optional(),
}).strict();
