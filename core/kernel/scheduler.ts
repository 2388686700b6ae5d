import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';
import { conflict, storageError } from './errors';
import { selectPage, type Page } from './pagination';

/** A persisted unit of delayed work. */
export interface Job {
  id: string;
  kind: string;
  dueAt: number;
  payload: Record<string, unknown>;
  resourceId: string | null;
}

/** Runs one job inside its own savepoint; throwing rolls that savepoint back (its events too) and marks the job FAILED. */
export type JobHandler = (job: Job) => void;

interface JobRow {
  id: string;
  kind: string;
  due_at: number;
  payload: string;
  resource_id: string | null;
}

/** What became of one due job: it ran, it failed, or another run had taken it since it was read. */
type JobOutcome = 'ran' | 'failed' | 'taken';

/** How long one transaction of due jobs may hold the thread (the timer's runs then give pending I/O a turn). */
const RUN_SLICE_MS = 8;

/** Summary of a scheduler run (for `POST /sandbox/clock/advance` and the console). */
export interface RunReport {
  ran: number;
  failed: number;
}

/** Where a batched advance stands: jobs run so far, jobs due in all (it grows when jobs schedule jobs), the target instant. */
export interface AdvanceProgress {
  done: number;
  due: number;
  targetMs: number;
}

/** How a batched advance runs. */
export interface BatchOptions {
  /** How long one batch may hold the thread before other work gets a turn (default 8 ms). */
  sliceMs?: number;
  /** Hears the progress after every batch. */
  onProgress?: (progress: AdvanceProgress) => void;
  /** Read between batches: true stops the advance where it stands (the clock stays at the last job run). */
  cancelled?: () => boolean;
  /** The instant to reach instead of now + seconds (a resumed advance); never earlier than now. */
  untilMs?: number;
}

/**
 * The one scheduler of a workspace. Everything that happens later is a row in `jobs` with a due time.
 * In real-time mode a timer wakes it at the next due time; under a frozen clock only `advance` runs jobs,
 * in due order, with the clock set to each job's due instant so timestamps read as if time had passed.
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: WorkspaceClock,
    private readonly ids: IdGenerator,
    private readonly transaction: <T>(fn: () => T) => T,
    private readonly outbox: { mark(): number; rollbackTo(mark: number): void },
  ) {}

  /** Registers the handler for a job kind; registering a kind twice is a programming error. */
  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Persists a job; call inside the transaction of the change that causes it. */
  schedule(kind: string, dueAt: number, payload: Record<string, unknown>, resourceId: string | null = null): string {
    const id = this.ids('Job');
    this.db
      .prepare(
        `INSERT INTO jobs (id, kind, due_at, payload, status, resource_id, created_at) VALUES (?, ?, ?, ?, 'PENDING', ?, ?)`,
      )
      .run(id, kind, dueAt, JSON.stringify(payload), resourceId, this.clock.nowMs());
    return id;
  }

  /** Cancels the pending jobs of a kind for a resource (for example a quote's expiry once it is executed); returns how many. */
  cancel(kind: string, resourceId: string): number {
    return this.db
      .prepare(`UPDATE jobs SET status = 'CANCELLED', finished_at = ? WHERE kind = ? AND resource_id = ? AND status = 'PENDING'`)
      .run(this.clock.nowMs(), kind, resourceId).changes;
  }

  /** Number of jobs still waiting. */
  pendingCount(): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM jobs WHERE status = 'PENDING'`).get() as { n: number }).n;
  }

  /** Number of pending jobs due at or before `untilMs`. */
  dueCount(untilMs: number): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM jobs WHERE status = 'PENDING' AND due_at <= ?`).get(untilMs) as { n: number }).n;
  }

  /** A keyset page of the pending jobs, soonest first (the clock control's "due next" list). */
  upcoming(limit: number, cursor?: string, kind?: string): Page<Job> {
    const where = [`status = 'PENDING'`];
    const params: unknown[] = [];
    if (kind) (where.push('kind = ?'), params.push(kind));
    return selectPage<JobRow, Job>(this.db, {
      select: 'SELECT id, kind, due_at, payload, resource_id FROM jobs', from: 'FROM jobs', where, params, limit, cursor,
      order: 'asc', keyColumn: 'due_at', idColumn: 'id', map: jobOf, position: (r) => ({ k: r.due_at, id: r.id }),
    });
  }

  /** The pending jobs of one resource, soonest first (what the clock will still do to a payment). */
  pendingFor(resourceId: string): Job[] {
    const rows = this.db.prepare(`SELECT id, kind, due_at, payload, resource_id FROM jobs WHERE resource_id = ? AND status = 'PENDING' ORDER BY due_at, id`).all(resourceId) as JobRow[];
    return rows.map(jobOf);
  }

  /** Throws 409 CLOCK_ADVANCE_IN_PROGRESS while a run of due jobs is under way. */
  assertIdle(): void {
    if (this.running) throw conflict('A clock advance is already running: wait for it to finish or cancel it', 'CLOCK_ADVANCE_IN_PROGRESS');
  }

  /** Due time of the next pending job, if any. */
  nextDueAt(): number | undefined {
    const row = this.db.prepare(`SELECT min(due_at) AS d FROM jobs WHERE status = 'PENDING'`).get() as { d: number | null };
    return row.d ?? undefined;
  }

  /**
   * Runs every job due at or before `untilMs`, oldest first, moving the clock to each due instant; with
   * `oneSlice`, only the jobs of one slice (the timer's runs: the rest follow after pending I/O had a turn).
   */
  runDue(untilMs: number = this.clock.nowMs(), options: { oneSlice?: boolean } = {}): RunReport {
    const report: RunReport = { ran: 0, failed: 0 };
    if (this.running) return report; // re-entrant calls (a job advancing the clock) are folded into the outer run
    this.running = true;
    try {
      const next = this.db.prepare(
        `SELECT id, kind, due_at, payload, resource_id FROM jobs WHERE status = 'PENDING' AND due_at <= ? ORDER BY due_at, id LIMIT 1`,
      );
      const due = () => next.get(untilMs) as JobRow | undefined;
      for (let first = due(), more = true; first && more; first = due()) {
        const slice = this.runSlice(first, due);
        report.ran += slice.ran;
        report.failed += slice.failed;
        more = slice.timeUp && !options.oneSlice;
      }
    } finally {
      this.running = false;
    }
    this.arm();
    return report;
  }

  /**
   * Runs due jobs from `first` in one transaction until none is due or RUN_SLICE_MS have passed (`timeUp`).
   * Why one transaction, as in advanceInBatches: outside an API call's group commit, a commit per job cost
   * more than the job; each job still runs in its own savepoint, so a failing job rolls back alone, its
   * events with it. Why slices for the timer: draining a whole backlog in one go held the event loop
   * (create + execute under load: p99 27-43 ms now against 32-73 ms, same CPU within noise).
   */
  private runSlice(first: JobRow, due: () => JobRow | undefined): RunReport & { timeUp: boolean } {
    const slice = { ran: 0, failed: 0, timeUp: false };
    const started = performance.now();
    try {
      this.transaction(() => {
        for (let row: JobRow | undefined = first; row; row = due()) {
          this.clock.moveTo(row.due_at);
          const outcome = this.runInSavepoint(row);
          if (outcome === 'ran') slice.ran++;
          else if (outcome === 'failed') slice.failed++;
          if (performance.now() - started >= RUN_SLICE_MS) {
            slice.timeUp = true;
            return;
          }
        }
      });
      return slice;
    } catch {
      // The slice's commit failed (a deferred constraint that one job broke, a full disk) and rolled all of
      // it back, the clock's moves too. Its first job runs again alone, so a job that cannot commit is marked
      // FAILED by itself, as in a transaction of its own; the others follow in the next slices.
      if (this.db.open) this.clock.reload();
      const outcome = this.runAlone(first);
      return { ran: outcome === 'ran' ? 1 : 0, failed: outcome === 'failed' ? 1 : 0, timeUp: true };
    }
  }

  /** Runs one job in a transaction of its own; a job that fails, or cannot commit, is marked FAILED (a full disk throws instead). */
  private runAlone(row: JobRow): JobOutcome {
    const handler = this.handlers.get(row.kind);
    try {
      if (!handler) throw new Error(`no handler registered for job kind ${row.kind}`);
      this.clock.moveTo(row.due_at);
      return this.transaction(() => {
        if (!this.claim(row)) return 'taken';
        handler(jobOf(row));
        this.markDone(row);
        return 'ran';
      });
    } catch (err) {
      // A full disk says nothing about the job: it stays PENDING and runs once space returns.
      if (storageError(err)) throw err;
      this.markFailed(row, err);
      return 'failed';
    }
  }

  /**
   * Takes a due job for this run, inside the writing transaction: a conditional update, so a job another
   * run (another connection, another process sharing the file) took after this one read it is left alone.
   * The kernel's transactions are IMMEDIATE, so what the update sees cannot change before the commit.
   */
  private claim(row: JobRow): boolean {
    return this.db.prepare(`UPDATE jobs SET attempts = attempts + 1 WHERE id = ? AND status = 'PENDING'`).run(row.id).changes === 1;
  }

  private markDone(row: JobRow): void {
    this.db.prepare(`UPDATE jobs SET status = 'DONE', finished_at = ? WHERE id = ?`).run(this.clock.nowMs(), row.id);
  }

  /** Marks a job FAILED, unless another run has finished it meanwhile (its claim rolled back with the failure). */
  private markFailed(row: JobRow, err: unknown): void {
    this.db
      .prepare(`UPDATE jobs SET status = 'FAILED', attempts = attempts + 1, last_error = ?, finished_at = ? WHERE id = ? AND status = 'PENDING'`)
      .run(err instanceof Error ? err.message : String(err), this.clock.nowMs(), row.id);
  }

  /** Advances the workspace clock by `seconds`, running the jobs that fall due on the way. */
  advance(seconds: number): RunReport {
    const target = this.clock.nowMs() + Math.round(seconds * 1000);
    const report = this.runDue(target);
    this.clock.moveTo(target);
    return report;
  }

  /**
   * Advances like `advance`, but runs the due jobs in time slices and yields between them, so the API
   * keeps answering during a large advance; it can be cancelled between slices. Only one runs at a time.
   */
  async advanceInBatches(seconds: number, options: BatchOptions = {}): Promise<RunReport & { cancelled: boolean }> {
    this.assertIdle();
    const targetMs = Math.max(this.clock.nowMs(), options.untilMs ?? this.clock.nowMs() + Math.round(seconds * 1000));
    const report = { ran: 0, failed: 0, cancelled: false };
    const slice = options.sliceMs ?? 8;
    const next = this.db.prepare(`SELECT id, kind, due_at, payload, resource_id FROM jobs WHERE status = 'PENDING' AND due_at <= ? ORDER BY due_at, id LIMIT 64`);
    this.running = true;
    try {
      for (;;) {
        const started = performance.now();
        // Why one transaction per slice: a commit per job costs more than the jobs themselves; each job
        // still runs in its own savepoint, so a failing job rolls back alone and its events are dropped.
        // The time is checked after every job, not every fetched batch: 64 jobs can take 40 ms, and a
        // caller waiting behind the slice would wait that long.
        this.transaction(() => {
          let rows = next.all(targetMs) as JobRow[];
          while (rows.length > 0) {
            for (const row of rows) {
              this.clock.moveTo(row.due_at);
              const outcome = this.runInSavepoint(row);
              if (outcome === 'ran') report.ran++;
              else if (outcome === 'failed') report.failed++;
              if (performance.now() - started >= slice) return;
            }
            rows = next.all(targetMs) as JobRow[];
          }
        });
        const left = this.dueCount(targetMs);
        options.onProgress?.({ done: report.ran + report.failed, due: report.ran + report.failed + left, targetMs });
        if (left === 0) break;
        if (options.cancelled?.()) {
          report.cancelled = true;
          break;
        }
        // Why setImmediate: it lets pending I/O (other API calls, the console's event stream) run first.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = false;
    }
    if (!report.cancelled) this.clock.moveTo(targetMs);
    this.arm();
    return report;
  }

  /** (Re)arms the real-time timer for the next due job; a frozen clock needs no timer. */
  arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.clock.isFrozen()) return;
    const due = this.nextDueAt();
    if (due === undefined) return;
    const delay = Math.min(Math.max(due - this.clock.nowMs(), 0), 2_147_483_647);
    this.timer = setTimeout(() => this.runFromTimer(), delay);
    this.timer.unref();
  }

  /**
   * The timer's run: one slice. A slice whose commit fails (a full disk) must not end the process from a
   * timer, nor leave the backlog without a timer: its jobs stay PENDING and are tried again a second later.
   */
  private runFromTimer(): void {
    try {
      this.runDue(undefined, { oneSlice: true });
    } catch (err) {
      console.error('[scheduler] due jobs could not be committed; trying again in a second:', err);
      if (this.closed) return;
      this.timer = setTimeout(() => this.runFromTimer(), 1_000);
      this.timer.unref();
    }
  }

  /** Stops the timer for good (the core is closing). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private runInSavepoint(row: JobRow): JobOutcome {
    const handler = this.handlers.get(row.kind);
    const mark = this.outbox.mark();
    try {
      // A nested better-sqlite3 transaction is a SAVEPOINT inside the slice's transaction.
      return this.db.transaction((): JobOutcome => {
        if (!this.claim(row)) return 'taken';
        if (!handler) throw new Error(`no handler registered for job kind ${row.kind}`);
        handler(jobOf(row));
        this.markDone(row);
        return 'ran';
      })();
    } catch (err) {
      // SQLite rolled the whole transaction back (an I/O error, a full disk): the slice ends here, and its
      // jobs stay PENDING. Marking this one FAILED now would commit on its own, and the next jobs too.
      if (!this.db.inTransaction || storageError(err)) throw err;
      this.outbox.rollbackTo(mark);
      this.markFailed(row, err);
      return 'failed';
    }
  }
}

function jobOf(row: JobRow): Job {
  return { id: row.id, kind: row.kind, dueAt: row.due_at, payload: JSON.parse(row.payload) as Record<string, unknown>, resourceId: row.resource_id };
}
