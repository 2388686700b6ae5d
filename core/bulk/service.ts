import type { Ctx } from '../context';
import { invalidInput, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { parseWith } from '../api/validate';
import type { CustomerService } from '../customers/service';
import { createCustomerSchema } from '../customers/schema';
import { parseCsv } from './csv';
import { bulkRepo, type PendingRow } from './repo';
import { MAX_CSV_ROWS, type BulkJob, type BulkJobStatus, type BulkRow } from './schema';

const JOB_KIND = 'bulk.customers';
/** Rows imported per run; the next batch follows a second later on the workspace clock, so progress shows. */
const BATCH = 20;
const BATCH_GAP_MS = 1000;
const HEADER = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/;
/** The input key of line 1's pseudo-row that carries a problem with the whole file (no header can name it). */
const FILE_PROBLEM = '#file';
/** With it, when the problem is not INVALID_INPUT naming file: the error's code and details (JSON). */
const FILE_PROBLEM_CODE = '#code';
const FILE_PROBLEM_DETAILS = '#details';

/** The allowed job status changes; anything else is a bug and throws. */
const TRANSITIONS: Record<BulkJobStatus, readonly BulkJobStatus[]> = {
  PENDING: ['PROCESSING'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
};

/** Turns a CSV row into a POST /customers body: dotted headers nest (`address.city`), `currencies` splits on `;` or `|`, empty cells are absent. */
export function rowToBody(input: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    const value = raw.trim();
    if (value === '') continue;
    const path = key.split('.');
    let at = body;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = key === 'currencies' ? value.split(/[;|]/).map((c) => c.trim()).filter(Boolean) : value;
  }
  return body;
}

/** Customers in bulk: a CSV becomes a job that creates one customer per row on the workspace clock, with a result per row. */
export class BulkCustomerImports {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly customers: CustomerService) {
    this.repo = bulkRepo(ctx.db);
    ctx.scheduler.register(JOB_KIND, (job) => this.run(String(job.payload['jobId'])));
  }

  /**
   * Checks the file as a whole (a header line naming `customerType`, well-formed quoting, 1 to 5,000 rows,
   * each as wide as the header) and starts a PENDING job; each row is then checked as POST /customers would.
   */
  start(fileName: string, text: string): BulkJob {
    let rows: PendingRow[];
    try {
      rows = this.rowsOf(text);
    } catch (err) {
      // Upstream's upload answers only 202: a file it cannot read as a whole becomes a job that fails, its
      // one error on line 1 naming the problem (the request-level refusals stay in the route).
      if (!(err instanceof ServiceError) || err.code !== 'INVALID_INPUT') throw err;
      rows = [{ row: 1, input: { [FILE_PROBLEM]: err.message.replace(/^file: /, '') } }];
    }
    return this.open(fileName, rows);
  }

  /**
   * A request that carried no readable CSV (no file, not UTF-8 text, beyond 1 MB): upstream's upload answers
   * only 202, so it too becomes a job that fails, its one error on line 1 being the refusal itself.
   */
  refuse(fileName: string, err: ServiceError): BulkJob {
    return this.open(fileName, [{ row: 1, input: { [FILE_PROBLEM]: err.message, [FILE_PROBLEM_CODE]: err.code, [FILE_PROBLEM_DETAILS]: JSON.stringify(err.details ?? {}) } }]);
  }

  private open(fileName: string, rows: PendingRow[]): BulkJob {
    const now = this.ctx.clock.nowMs();
    return this.ctx.transaction(() => {
      const id = this.ctx.ids('BulkUploadJob');
      this.repo.insert(id, fileName, rows, now);
      this.ctx.scheduler.schedule(JOB_KIND, now, { jobId: id }, id);
      const job = this.get(id);
      this.ctx.events.append('BULK_UPLOAD.CREATED', 'BulkUploadJob', id, summary(job));
      return job;
    });
  }

  /** The file's data rows, or the 400 naming file when it cannot be read as a whole. */
  private rowsOf(text: string): PendingRow[] {
    const csv = parseCsv(text);
    if (!csv.ok) throw invalidInput('file', `is not valid CSV: line ${csv.line}: ${csv.message}`);
    const [header, ...data] = csv.records;
    if (!header) throw invalidInput('file', 'is empty: the first line must name the columns (customerType, platformCustomerId, fullName, email, …)');
    const names = header.map((h) => h.trim());
    const bad = names.filter((h) => !HEADER.test(h));
    if (bad.length) throw invalidInput('file', `has column names that are not field names: ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    const dup = names.find((h, i) => names.indexOf(h) !== i);
    if (dup) throw invalidInput('file', `names the column ${dup} twice`);
    if (!names.includes('customerType')) throw invalidInput('file', 'needs a customerType column (INDIVIDUAL or BUSINESS)');
    if (data.length === 0) throw invalidInput('file', 'has a header but no rows');
    if (data.length > MAX_CSV_ROWS) throw invalidInput('file', `has ${data.length} rows; at most ${MAX_CSV_ROWS} per file`);
    const rows: PendingRow[] = [];
    for (const [i, cells] of data.entries()) {
      if (cells.length !== names.length) throw invalidInput('file', `line ${i + 2} has ${cells.length} fields but the header has ${names.length}`);
      rows.push({ row: i + 2, input: Object.fromEntries(names.map((n, k) => [n, cells[k]!])) });
    }
    return rows;
  }

  /** A job with its progress and every row's outcome (404 BULK_UPLOAD_JOB_NOT_FOUND). */
  get(id: string): BulkJob {
    const job = this.repo.find(id);
    if (!job) throw new ServiceError(404, 'BULK_UPLOAD_JOB_NOT_FOUND', `Bulk upload job ${id} not found`, {});
    return job;
  }

  /** Jobs newest first, without their rows (the console's list). */
  list(limit: number, cursor?: string): Page<Omit<BulkJob, 'results' | 'errors'>> {
    return this.repo.list(limit, cursor);
  }

  private run(id: string): void {
    const job = this.get(id);
    const now = this.ctx.clock.nowMs();
    if (job.status === 'PENDING') this.status(id, job.status, 'PROCESSING', now);
    for (const r of this.repo.pending(id, BATCH)) this.repo.settleRow(id, r.row, this.importRow(r), now);
    const after = this.get(id);
    if (after.progress.processed < after.progress.total) {
      this.ctx.events.append('BULK_UPLOAD.PROGRESS', 'BulkUploadJob', id, summary(after));
      this.ctx.scheduler.schedule(JOB_KIND, now + BATCH_GAP_MS, { jobId: id }, id);
      return;
    }
    // FAILED only when nothing could be imported; a job with some refused rows still COMPLETED (its errors list them).
    const end = after.progress.successful === 0 ? 'FAILED' : 'COMPLETED';
    this.status(id, 'PROCESSING', end, now);
    this.ctx.events.append(`BULK_UPLOAD.${end}`, 'BulkUploadJob', id, this.get(id));
  }

  /** Creates one row's customer in its own savepoint, so a refused row leaves nothing behind (and no event). */
  private importRow(r: PendingRow): { customerId: string } | { error: NonNullable<BulkRow['error']> } {
    const problem = r.input[FILE_PROBLEM];
    const code = r.input[FILE_PROBLEM_CODE];
    if (problem !== undefined && code !== undefined) return { error: { code, message: problem, details: JSON.parse(r.input[FILE_PROBLEM_DETAILS] ?? '{}') as Record<string, unknown> } };
    if (problem !== undefined) return { error: { code: 'INVALID_INPUT', message: `file: ${problem}`, details: { errors: [{ field: 'file', message: problem }] } } };
    const mark = this.ctx.events.mark();
    try {
      return this.ctx.db.transaction(() => ({ customerId: this.customers.create(parseWith(createCustomerSchema, rowToBody(r.input))).id }))();
    } catch (err) {
      this.ctx.events.rollbackTo(mark);
      if (err instanceof ServiceError) return { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
      throw err;
    }
  }

  private status(id: string, from: BulkJobStatus, to: BulkJobStatus, now: number): void {
    if (!TRANSITIONS[from].includes(to)) throw new Error(`illegal bulk job transition ${from} -> ${to} for ${id}`);
    this.repo.setStatus(id, to, now, to === 'COMPLETED' || to === 'FAILED');
  }
}

/** A job without its per-row lists, for progress events. */
function summary(job: BulkJob): Omit<BulkJob, 'results' | 'errors'> {
  const { results: _r, errors: _e, ...rest } = job;
  return rest;
}
