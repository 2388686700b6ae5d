import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { PAYMENT_RAILS, PURPOSES } from '../payments/vocabulary';

const amount = z.number().int('must be an integer in the smallest unit of the currency').positive().max(MAX_AMOUNT)
  .meta({ description: 'In the smallest unit of the currency both accounts hold', example: 12345 });
const accountRef = (description: string) => z.object({ accountId: z.string().min(1).meta({ description }) }).strict();

/** `POST /transfer-in` body: pull from an external account into an internal account. */
export const transferInSchema = z.object({
  source: accountRef('The external bank account to pull from'),
  destination: accountRef('The internal account to credit'),
  // Optional as in the contract, but a pull needs it: see TransferService.transferIn.
  amount: amount.optional().meta({ description: 'In the smallest unit of the currency both accounts hold; required in practice (an external bank balance is unknown here)', example: 12345 }),
  description: z.string().max(500).optional(),
}).strict().meta({ id: 'TransferInRequest' });

/** `POST /transfer-out` body: push from an internal account to an external account of the same currency. */
export const transferOutSchema = z.object({
  source: accountRef('The internal account to debit'),
  destination: z.object({
    accountId: z.string().min(1).meta({ description: 'The external account to pay' }),
    paymentRail: z.enum(PAYMENT_RAILS).optional().meta({ description: 'A rail the account receives on; its default when absent' }),
  }).strict(),
  amount: amount.optional().meta({ description: "In the smallest unit of the currency both accounts hold; the source account's whole available balance when absent", example: 12345 }),
  remittanceInformation: z.string().max(140).optional().meta({ description: 'Travels with the payment (ACH addenda, wire details)' }),
  purposeOfPayment: z.enum(PURPOSES).optional(),
  description: z.string().max(500).optional(),
}).strict().meta({ id: 'TransferOutRequest' });

/** A transfer-out body whose amount is known (given, or the source's whole available balance). */
export type ResolvedTransferOut = z.output<typeof transferOutSchema> & { amount: number };
/** A transfer-in body whose amount is known. */
export type ResolvedTransferIn = z.output<typeof transferInSchema> & { amount: number };
