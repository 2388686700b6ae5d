import { z } from 'zod';

/** `POST /sandbox/clock/advance` body. */
export const advanceSchema = z.object({
  seconds: z.number().positive('must be a positive number of seconds').max(366 * 86_400, 'must be at most one year'),
}).strict();

/** `POST /sandbox/send` body: pays a REALTIME_FUNDING quote. */
export const sandboxSendSchema = z.object({
  quoteId: z.string().min(1),
  currencyCode: z.string().min(3).max(5),
  currencyAmount: z.number().int().positive().optional(),
}).strict();

/** `POST /sandbox/uma/receive` body: an incoming UMA payment to one of the platform's customers. */
export const umaReceiveSchema = z.object({
  senderUmaAddress: z.string().regex(/^\$[^@\s]+@[^@\s]+\.[a-z]{2,}$/i, 'must be a UMA address such as $bob@sandbox.uma.example'),
  receiverUmaAddress: z.string().min(3),
  receivingCurrencyCode: z.string().min(3).max(5),
  receivingCurrencyAmount: z.number().int('must be an integer in the smallest unit of the currency').positive().max(100_000_000_000),
}).strict();
