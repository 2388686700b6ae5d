import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';

/** A persisted unit of delayed work. */
export interface Job {
  id: string;
  kind: string;
  dueAt: number;
  payload: Record<string, unknown>;
  resourceId: string | null;
}

/** Runs one job inside its own transaction; throwing rolls that transaction back and marks the job FAILED. */
export type JobHandler = (job: Job) => void;

interface JobRow {
  id: string;
  kind: string;
  due_at: number;
  payload: string;
  resource_id: string | null;
}

/** Summary of a scheduler run (for `POST /sandbox/clock/advance` and the console). */
export interface RunReport {
  ran: number;
  failed: number;
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

  /** Cancels the pending jobs of a kind for a resource (for example a quote's expiry once it is executed). */
  cancel(kind: string, resourceId: string): void {
    this.db
      .prepare(`UPDATE jobs SET status = 'CANCELLED', finished_at = ? WHERE kind = ? AND resource_id = ? AND status = 'PENDING'`)
      .run(this.clock.nowMs(), kind, resourceId);
  }

  /** Number of jobs still waiting. */
  pendingCount(): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM jobs WHERE status = 'PENDING'`).get() as { n: number }).n;
  }

  /** Due time of the next pending job, if any. */
  nextDueAt(): number | undefined {
    const row = this.db.prepare(`SELECT min(due_at) AS d FROM jobs WHERE status = 'PENDING'`).get() as { d: number | null };
    return row.d ?? undefined;
  }

  /** Runs every job due at or before `untilMs`, oldest first, moving the clock to each due instant. */
  runDue(untilMs: number = this.clock.nowMs()): RunReport {
    const report: RunReport = { ran: 0, failed: 0 };
    if (this.running) return report; // re-entrant calls (a job advancing the clock) are folded into the outer run
    this.running = true;
    try {
      const next = this.db.prepare(
        `SELECT id, kind, due_at, payload, resource_id FROM jobs WHERE status = 'PENDING' AND due_at <= ? ORDER BY due_at, id LIMIT 1`,
      );
      for (;;) {
        const row = next.get(untilMs) as JobRow | undefined;
        if (!row) break;
        this.clock.moveTo(row.due_at);
        if (this.runOne(row)) report.ran++;
        else report.failed++;
      }
    } finally {
      this.running = false;
    }
    this.arm();
    return report;
  }

  /** Advances the workspace clock by `seconds`, running the jobs that fall due on the way. */
  advance(seconds: number): RunReport {
    const target = this.clock.nowMs() + Math.round(seconds * 1000);
    const report = this.runDue(target);
    this.clock.moveTo(target);
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
    this.timer = setTimeout(() => this.runDue(), delay);
    this.timer.unref();
  }

  /** Stops the timer for good (the core is closing). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private runOne(row: JobRow): boolean {
    const job: Job = {
      id: row.id,
      kind: row.kind,
      dueAt: row.due_at,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      resourceId: row.resource_id,
    };
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler registered for job kind ${job.kind}`);
      this.transaction(() => {
        handler(job);
        this.db.prepare(`UPDATE jobs SET status = 'DONE', attempts = attempts + 1, finished_at = ? WHERE id = ?`).run(this.clock.nowMs(), job.id);
      });
      return true;
    } catch (err) {
      this.db
        .prepare(`UPDATE jobs SET status = 'FAILED', attempts = attempts + 1, last_error = ?, finished_at = ? WHERE id = ?`)
        .run(err instanceof Error ? err.message : String(err), this.clock.nowMs(), job.id);
      return false;
    }
  }
}
