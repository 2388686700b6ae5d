import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { BulkJob, BulkJobStatus, BulkRow } from './schema';

interface JobRow {
  id: string; file_name: string; status: BulkJobStatus; total: number; processed: number; successful: number; failed: number;
  created_at: number; updated_at: number; completed_at: number | null;
}
interface RowRow {
  row_number: number; input: string; status: BulkRow['status']; customer_id: string | null; platform_customer_id: string | null; error: string | null;
}

/** A row still to import: its line and the fields read from it. */
export interface PendingRow {
  row: number;
  input: Record<string, string>;
}

function rowFromRow(r: RowRow): BulkRow {
  return {
    row: r.row_number, status: r.status,
    ...(r.platform_customer_id ? { platformCustomerId: r.platform_customer_id } : {}),
    ...(r.customer_id ? { customerId: r.customer_id } : {}),
    ...(r.error ? { error: JSON.parse(r.error) as NonNullable<BulkRow['error']> } : {}),
  };
}

/** The SQL of bulk import jobs and their rows, prepared once over a workspace's database. */
export function bulkRepo(db: Db) {
  const insertJob = db.prepare(`INSERT INTO bulk_jobs (id, file_name, status, total, created_at, updated_at) VALUES (?, ?, 'PENDING', ?, ?, ?)`);
  const insertRow = db.prepare(`INSERT INTO bulk_job_rows (job_id, row_number, input, status, platform_customer_id) VALUES (?, ?, ?, 'PENDING', ?)`);
  const job = db.prepare<[string], JobRow>('SELECT * FROM bulk_jobs WHERE id = ?');
  const rows = db.prepare<[string], RowRow>('SELECT row_number, input, status, customer_id, platform_customer_id, error FROM bulk_job_rows WHERE job_id = ? ORDER BY row_number');
  const pending = db.prepare<[string, number], RowRow>(`SELECT row_number, input, status, customer_id, platform_customer_id, error FROM bulk_job_rows WHERE job_id = ? AND status = 'PENDING' ORDER BY row_number LIMIT ?`);
  const setRow = db.prepare('UPDATE bulk_job_rows SET status = ?, customer_id = ?, error = ? WHERE job_id = ? AND row_number = ?');
  const count = db.prepare(
    `UPDATE bulk_jobs SET processed = processed + 1, successful = successful + ?, failed = failed + ?, updated_at = ? WHERE id = ?`,
  );
  const setStatus = db.prepare('UPDATE bulk_jobs SET status = ?, updated_at = ?, completed_at = coalesce(?, completed_at) WHERE id = ?');
  const read = (id: string): BulkJob | undefined => {
    const j = job.get(id);
    if (!j) return undefined;
    const results = rows.all(id).map(rowFromRow);
    return {
      id: j.id, jobId: j.id, status: j.status, fileName: j.file_name,
      progress: { total: j.total, processed: j.processed, successful: j.successful, failed: j.failed },
      errors: results.filter((r) => r.status === 'FAILED').map((r) => ({
        ...r.error!, correlationId: r.row === 1 ? 'file' : r.platformCustomerId ?? `row ${r.row}`,
        row: r.row, ...(r.platformCustomerId ? { platformCustomerId: r.platformCustomerId } : {}),
      })),
      results, createdAt: isoOf(j.created_at), updatedAt: isoOf(j.updated_at),
      ...(j.completed_at !== null ? { completedAt: isoOf(j.completed_at) } : {}),
    };
  };
  return {
    /** Stores a new PENDING job with its rows. */
    insert(id: string, fileName: string, input: PendingRow[], atMs: number): void {
      insertJob.run(id, fileName, input.length, atMs, atMs);
      for (const r of input) insertRow.run(id, r.row, JSON.stringify(r.input), r.input['platformCustomerId'] || null);
    },
    /** A job with every row's outcome. */
    find: read,
    /** The next rows still to import, in file order. */
    pending(id: string, limit: number): PendingRow[] {
      return pending.all(id, limit).map((r) => ({ row: r.row_number, input: JSON.parse(r.input) as Record<string, string> }));
    },
    /** Records a row's outcome and counts it in the job's progress. */
    settleRow(id: string, row: number, outcome: { customerId: string } | { error: NonNullable<BulkRow['error']> }, atMs: number): void {
      const ok = 'customerId' in outcome;
      setRow.run(ok ? 'CREATED' : 'FAILED', ok ? outcome.customerId : null, ok ? null : JSON.stringify(outcome.error), id, row);
      count.run(ok ? 1 : 0, ok ? 0 : 1, atMs, id);
    },
    /** Changes the job's status (and its completion time when it ends). */
    setStatus(id: string, status: BulkJobStatus, atMs: number, completed: boolean): void {
      setStatus.run(status, atMs, completed ? atMs : null, id);
    },
    /** Jobs newest first (the console's list), without their rows. */
    list(limit: number, cursor?: string): Page<Omit<BulkJob, 'results' | 'errors'>> {
      return selectPage<JobRow, Omit<BulkJob, 'results' | 'errors'>>(db, {
        select: 'SELECT * FROM bulk_jobs', from: 'FROM bulk_jobs', where: [], params: [], limit, cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: (j) => ({
          id: j.id, jobId: j.id, status: j.status, fileName: j.file_name, progress: { total: j.total, processed: j.processed, successful: j.successful, failed: j.failed },
          createdAt: isoOf(j.created_at), updatedAt: isoOf(j.updated_at), ...(j.completed_at !== null ? { completedAt: isoOf(j.completed_at) } : {}),
        }),
        position: (j) => ({ k: j.created_at, id: j.id }),
      });
    },
  };
}
