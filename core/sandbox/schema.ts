import { z } from 'zod';

/** `POST /sandbox/clock/advance` body. */
export const advanceSchema = z.object({
  seconds: z.number().positive('must be a positive number of seconds').max(366 * 86_400, 'must be at most one year'),
}).strict();
