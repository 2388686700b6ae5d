import { z } from 'zod';
import { pageSchema } from '../kernel/pagination';

/** A snapshot name: letters, digits, dot, dash and underscore, so it is also a safe file name. */
export const snapshotNameSchema = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'may hold only letters, digits, dot, dash and underscore, starting with a letter or digit')
  .meta({ description: 'The snapshot name (letters, digits, dot, dash, underscore)', example: 'before-payouts' });

/** `POST /sandbox/workspace/snapshots` body. */
export const createSnapshotSchema = z.object({
  name: snapshotNameSchema,
  note: z.string().trim().max(500).optional().meta({ description: 'What the snapshot holds, for people reading the list' }),
  overwrite: z.boolean().default(false).meta({ description: 'Replace a snapshot of the same name instead of answering 409' }),
}).strict().meta({ id: 'CreateSandboxSnapshotRequest' });

/** One named snapshot of the workspace. */
export const snapshotSchema = z.object({
  name: z.string(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime().meta({ description: 'When the snapshot was taken (real time)' }),
  clockAt: z.iso.datetime().nullable().meta({ description: "The workspace clock's instant in the snapshot" }),
  sizeBytes: z.number().int().min(0),
}).strict().meta({ id: 'SandboxSnapshot' });
/** One named snapshot of the workspace. */
export type Snapshot = z.infer<typeof snapshotSchema>;

/** A page of snapshots. */
export const snapshotPageSchema = pageSchema(snapshotSchema, 'SandboxSnapshotList');

/** What a reset or a restore answers. */
export const restoreResultSchema = z.object({
  restored: z.string().meta({ description: 'The snapshot restored, or `seed` for a reset' }),
  clock: z.object({ mode: z.enum(['REAL', 'FROZEN']), now: z.iso.datetime() }).strict(),
  counts: z.record(z.string(), z.number().int().min(0)).meta({ description: 'Rows per table after the restore' }),
}).strict().meta({ id: 'SandboxRestoreResult' });
/** What a reset or a restore answers. */
export type RestoreResult = z.infer<typeof restoreResultSchema>;

/** Query of `GET /sandbox/requests`. */
export const requestQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
  path: z.string().min(1).max(500).optional().meta({ description: 'The exact path (with or without /2025-10-13); end it with * to match every path starting so' }),
  status: z.coerce.number().int().min(100).max(599).optional(),
  idempotencyKey: z.string().min(1).max(255).optional(),
  since: z.iso.datetime({ offset: true }).optional().meta({ description: 'Calls made at or after this instant (workspace clock)' }),
});

/** One logged API call as `GET /sandbox/requests` lists it. */
export const loggedRequestSchema = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string().meta({ description: 'The path as called, with the versioned base' }),
  query: z.string(),
  status: z.number().int(),
  errorCode: z.string().nullable(),
  durationMs: z.number(),
  source: z.enum(['HTTP', 'CONSOLE']),
  principal: z.string().nullable().meta({ description: 'The client id that called' }),
  idempotencyKey: z.string().nullable(),
  resourceIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  requestBody: z.string().nullable().meta({ description: 'The body as received (secrets redacted)' }),
  responseBody: z.string().nullable().meta({ description: 'The answer (secrets redacted)' }),
  faultRuleId: z.string().nullable().meta({ description: 'The fault rule that acted on the call (see /sandbox/fault-rules), if one did' }),
  faultNote: z.string().nullable().meta({ description: 'What that rule did, in words' }),
  replayed: z.boolean().meta({ description: 'The answer was an idempotent replay of an earlier call with the same key' }),
}).strict().meta({ id: 'SandboxLoggedRequest' });
/** One logged API call as the endpoint lists it. */
export type LoggedRequest = z.infer<typeof loggedRequestSchema>;

/** A page of logged calls, newest first. */
export const loggedRequestPageSchema = pageSchema(loggedRequestSchema, 'SandboxLoggedRequestList');

/** What kind of thing a scheduled job does, for grouping and icons. */
export const JOB_CATEGORIES = ['SETTLEMENT', 'FAILURE', 'REFUND', 'EXPIRY', 'RETRY', 'RESET', 'OTHER'] as const;

/** One job the clock will run. */
export const upcomingJobSchema = z.object({
  id: z.string(),
  kind: z.string().meta({ description: 'The job kind as the scheduler knows it' }),
  category: z.enum(JOB_CATEGORIES),
  description: z.string().meta({ description: 'What happens, in plain words' }),
  dueAt: z.iso.datetime(),
  inSeconds: z.number().meta({ description: 'How far ahead of the workspace clock it is due (0 when overdue)' }),
  resourceId: z.string().nullable(),
}).strict().meta({ id: 'SandboxClockJob' });
/** One job the clock will run. */
export type UpcomingJob = z.infer<typeof upcomingJobSchema>;

/** A page of upcoming jobs, soonest first. */
export const upcomingJobPageSchema = pageSchema(upcomingJobSchema, 'SandboxClockJobList');

/** Query of `GET /sandbox/clock/jobs`. */
export const jobQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
  kind: z.string().min(1).max(100).optional(),
});
