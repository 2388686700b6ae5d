import { z } from 'zod';
import { commit, defineRoute, idParam, implement, reply } from '../api/contract';
import type { Context } from 'hono';
import { readMultipart, tooLarge } from '../documents/upload';
import { invalidInput, ServiceError } from '../kernel/errors';
import { bulkJobSchema, MAX_CSV_BYTES, MAX_CSV_ROWS } from './schema';
import type { BulkCustomerImports } from './service';

const TAG = 'Customers';

/** A CSV is text: UTF-8 that decodes cleanly and holds no NUL byte (a spreadsheet saved as .xlsx does). */
function sniffCsv(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'text/csv';
  } catch {
    return undefined;
  }
}

/** A `text/csv` body (the console's upload): the file name from Content-Disposition, the same limits as a multipart file. */
async function rawCsv(c: Context): Promise<string> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > MAX_CSV_BYTES) throw tooLarge(MAX_CSV_BYTES, declared);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_CSV_BYTES) throw tooLarge(MAX_CSV_BYTES, bytes.byteLength);
  if (!sniffCsv(bytes)) throw invalidInput('file', 'must be a UTF-8 CSV text file');
  return new TextDecoder().decode(bytes);
}

/** The name a text/csv upload gives itself in Content-Disposition; `upload.csv` otherwise (and for a multipart body that could not be read). */
function declaredName(c: Context): string {
  return /filename="([^"]{1,255})"/.exec(c.req.header('content-disposition') ?? '')?.[1] ?? 'upload.csv';
}

/** The CSV of the request as [file name, text]: a text/csv body, or the `file` part of a multipart one. */
async function readCsv(c: Context): Promise<[string, string]> {
  const oversize = c.get('oversizeBody') as number | undefined;
  if (oversize !== undefined) throw tooLarge(oversize, undefined, 'The request');
  if (/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) return [declaredName(c), await rawCsv(c)];
  const { file } = await readMultipart(c, MAX_CSV_BYTES, true, sniffCsv, 'must be a UTF-8 CSV text file');
  if (!file) throw invalidInput('file', 'is required');
  return [file.fileName, new TextDecoder().decode(file.bytes)];
}

/** `POST /customers/bulk/csv` and `GET /customers/bulk/jobs/{jobId}`, declared once. */
export const bulkContract = {
  uploadCustomersCsv: defineRoute({
    method: 'post', path: '/customers/bulk/csv', tag: TAG, permission: 'MANAGE',
    summary: 'Imports customers from a CSV file as a job; answers at once with the job to follow',
    description: `multipart/form-data with a \`file\` part (or the CSV itself as a text/csv body): UTF-8 CSV, at most 1 MB and ${MAX_CSV_ROWS} rows. Upstream's upload answers only 202: `
      + 'a request without a readable CSV (no file, not UTF-8 text, beyond 1 MB, malformed) still gets its job, which FAILS with one error on line 1 (correlationId `file`) naming the problem. The header names the fields of POST /customers '
      + '(customerType is required; nested fields use dots such as address.city or businessInfo.legalName; currencies separated by ";"). '
      + 'Each row is then created as POST /customers would, 20 rows a second on the workspace clock; GET /customers/bulk/jobs/{jobId} shows the progress '
      + 'and a result per row. BULK_UPLOAD.COMPLETED (or FAILED when no row could be imported) follows as a webhook.',
    maxBodyBytes: MAX_CSV_BYTES,
    answersAnyBody: true,
    form: z.object({
      file: z.string().meta({ format: 'binary', description: 'The CSV file (UTF-8, at most 1 MB); its file name is kept on the job' }),
    }).meta({ id: 'BulkCustomerCsvUpload' }),
    responses: { 202: { description: 'The PENDING job (one that will FAIL naming the problem when the request carried no readable CSV)', schema: bulkJobSchema } },
  }),
  getBulkCustomerImportJob: defineRoute({
    method: 'get', path: '/customers/bulk/jobs/{jobId}', tag: TAG, permission: 'VIEW',
    summary: 'A bulk import job: its status, progress and the outcome of every row',
    params: z.object({ jobId: idParam('The job id', 'BulkUploadJob:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    responses: { 200: { description: 'The job', schema: bulkJobSchema } },
    errors: { 404: 'BULK_UPLOAD_JOB_NOT_FOUND' },
  }),
};

/** Serves the bulk customer import routes. */
export function bulkRoutes(imports: BulkCustomerImports) {
  return implement(bulkContract, {
    uploadCustomersCsv: async ({ c }) => {
      // The job is created in a deferred step, so a keyed upload's job and its stored answer commit together.
      let csv: [string, string];
      try {
        csv = await readCsv(c);
      } catch (err) {
        if (!(err instanceof ServiceError) || (err.status !== 400 && err.status !== 413)) throw err;
        return commit(() => reply(202, imports.refuse(declaredName(c), err)));
      }
      const [fileName, text] = csv;
      return commit(() => reply(202, imports.start(fileName, text)));
    },
    getBulkCustomerImportJob: ({ params }) => reply(200, imports.get(params.jobId)),
  });
}
