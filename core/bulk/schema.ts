import { z } from 'zod';

/** Statuses of a bulk import job. */
export const BULK_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
/** A bulk import job status. */
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** The largest CSV accepted, and the most rows in one file. */
export const MAX_CSV_BYTES = 1024 * 1024;
/** The most data rows (after the header) one CSV may hold. */
export const MAX_CSV_ROWS = 5000;

const rowError = z.object({
  code: z.string().meta({ example: 'INVALID_INPUT' }),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}).strict();

/** The outcome of one CSV row. */
export const bulkRowSchema = z.object({
  row: z.number().int().min(1).meta({ description: 'The line of the CSV (the header is line 1, which also carries a problem with the file as a whole)' }),
  status: z.enum(['PENDING', 'CREATED', 'FAILED']),
  platformCustomerId: z.string().optional(),
  customerId: z.string().optional().meta({ description: 'The customer created from the row' }),
  error: rowError.optional().meta({ description: 'Why the row was refused, as the API would answer POST /customers' }),
}).strict().meta({ id: 'BulkCustomerImportRow' });
/** The outcome of one CSV row. */
export type BulkRow = z.infer<typeof bulkRowSchema>;

/** A bulk customer import job: its progress and a result per row. */
export const bulkJobSchema = z.object({
  id: z.string().meta({ description: "The job's id (upstream's name)", example: 'BulkUploadJob:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  jobId: z.string().meta({ description: 'The same id, as the 202 of the upload names it', example: 'BulkUploadJob:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  status: z.enum(BULK_JOB_STATUSES).meta({ description: 'COMPLETED once every row is done (some may have failed); FAILED when no row could be imported' }),
  fileName: z.string(),
  progress: z.object({
    total: z.number().int().min(0), processed: z.number().int().min(0), successful: z.number().int().min(0), failed: z.number().int().min(0),
  }).strict(),
  errors: z.array(rowError.extend({
    correlationId: z.string().meta({ description: "The row's platformCustomerId, else `row N`; `file` for a problem with the file as a whole" }),
    row: z.number().int(), platformCustomerId: z.string().optional(),
  }).strict()).meta({ description: "The failed rows, in file order, each as upstream's error entry (code, message, details, correlationId)" }),
  results: z.array(bulkRowSchema).meta({ description: 'Every row, in file order' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().optional(),
}).strict().meta({ id: 'BulkCustomerImportJob' });
/** A bulk customer import job. */
export type BulkJob = z.infer<typeof bulkJobSchema>;
