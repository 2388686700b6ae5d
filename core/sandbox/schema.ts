import { z } from 'zod';

/** `POST /sandbox/clock/advance` body. */
export const advanceSchema = z.object({
  seconds: z.number().positive('must be a positive number of seconds').max(366 * 86_400, 'must be at most one year')
    .meta({ description: 'How far to move the clock; fractions allowed', example: 360 }),
}).strict().meta({ id: 'AdvanceSandboxClockRequest' });

/** `POST /sandbox/send` body: pays a REALTIME_FUNDING quote. */
export const sandboxSendSchema = z.object({
  quoteId: z.string().min(1).meta({ example: 'Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  currencyCode: z.string().min(3).max(5).meta({ description: "The quote's sending currency", example: 'USD' }),
  currencyAmount: z.number().int().positive().optional().meta({ description: "The amount paid; defaults to the quote's totalSendingAmount, and must equal it" }),
}).strict().meta({ id: 'SandboxSendRequest' });

/**
 * `POST /sandbox/uma/receive` body: an incoming UMA payment to one of the platform's customers, named
 * by UMA address or, as upstream also allows, by customer id (whose UMA address is then implied).
 */
export const umaReceiveSchema = z.object({
  senderUmaAddress: z.string().regex(/^\$[^@\s]+@[^@\s]+\.[a-zA-Z]{2,}$/, 'must be a UMA address such as $bob@sandbox.uma.example')
    .meta({ example: '$bob@sandbox.uma.example' }),
  receiverUmaAddress: z.string().min(3).optional().meta({ description: "The receiving customer's UMA address; required unless customerId is given", example: '$alice@demo-platform.localhost' }),
  customerId: z.string().min(1).optional().meta({ description: 'The receiving customer, instead of (or agreeing with) receiverUmaAddress' }),
  receivingCurrencyCode: z.string().min(3).max(5).meta({ example: 'USD' }),
  receivingCurrencyAmount: z.number().int('must be an integer in the smallest unit of the currency').positive().max(100_000_000_000)
    .meta({ description: 'In the smallest unit of the receiving currency', example: 5000 }),
}).strict().refine((b) => b.receiverUmaAddress !== undefined || b.customerId !== undefined, {
  path: ['receiverUmaAddress'], message: 'is required unless customerId names the receiving customer',
}).meta({ id: 'SandboxReceiveRequest' });

/** The workspace clock with the scheduler's queue, as the sandbox API and the console report it. */
export const clockReportSchema = z.object({
  mode: z.enum(['REAL', 'FROZEN']).meta({ description: 'FROZEN moves only when advanced; REAL follows the wall clock' }),
  now: z.iso.datetime().meta({ description: "The workspace's current instant" }),
  offsetSeconds: z.number().int().meta({ description: 'How far the workspace clock is ahead of real time' }),
  pendingJobs: z.number().int().min(0).meta({ description: 'Scheduled jobs not yet run (quote expiries, delayed payment outcomes...)' }),
  // Always present; null says "nothing is queued" (a sandbox-only resource, so no upstream shape to follow).
  nextJobDueAt: z.iso.datetime().nullable().meta({ description: 'When the next job falls due; null when none is queued' }),
  jobsRun: z.number().int().min(0).optional().meta({ description: 'Advance and resume: how many due jobs ran' }),
  jobsFailed: z.number().int().min(0).optional().meta({ description: 'Advance and resume: how many of them failed' }),
  cancelled: z.boolean().optional().meta({ description: 'Advance: true when it was cancelled before reaching its target (the clock stays at the last job run)' }),
  advance: z.object({
    jobsDone: z.number().int().min(0),
    jobsDue: z.number().int().min(0).meta({ description: 'Jobs due by the target, counting those done (grows when jobs schedule jobs)' }),
    until: z.iso.datetime().meta({ description: 'The instant the advance moves the clock to' }),
  }).strict().optional().meta({ description: 'Present while an advance is running: how far it has got' }),
}).strict().meta({ id: 'SandboxClock', description: 'The sandbox test clock' });

/** The clock as the API and the console report it. */
export type ClockReport = z.infer<typeof clockReportSchema>;
