import type { Ctx } from '../context';
import { conflict } from '../kernel/errors';
import type { AdvanceProgress } from '../kernel/scheduler';
import type { ClockReport } from './schema';

/** The clock as the API and the console report it (declared once, in schema.ts). */
export type { ClockReport };

/** Work done in several transactions under an idempotency key: where an interrupted attempt was going, and how to note it. */
export interface ResumableWork {
  resumed: unknown;
  note(progress: unknown): void;
}

/** Test-clock control shared by the sandbox API and the console; every change is an event. */
export class ClockService {
  private running: { progress: AdvanceProgress; cancel: boolean } | undefined;

  constructor(private readonly ctx: Ctx) {}

  /** The current clock state with the scheduler's queue, and the running advance's progress if any. */
  state(): ClockReport {
    const due = this.ctx.scheduler.nextDueAt();
    const report: ClockReport = { ...this.ctx.clock.state(), pendingJobs: this.ctx.scheduler.pendingCount(), nextJobDueAt: due === undefined ? null : new Date(due).toISOString() };
    const p = this.running?.progress;
    if (p) report.advance = { jobsDone: p.done, jobsDue: p.due, until: new Date(p.targetMs).toISOString() };
    return report;
  }

  /** Advances the clock in one go, running the jobs that fall due on the way, in order (tests and scripts). */
  advance(seconds: number): ClockReport {
    const report = this.ctx.scheduler.advance(seconds);
    return { ...this.changed('ADVANCED', { seconds }), jobsRun: report.ran, jobsFailed: report.failed };
  }

  /**
   * Advances the clock in batches that let other calls through, with progress readable from `state()`
   * and cancellable between batches (`cancelAdvance`). What the API and the console use. With `resume`
   * (a keyed request) the target instant is noted before the first batch, and a retry of an advance
   * that a crash interrupted goes on to that noted instant instead of moving by `seconds` again.
   */
  async advanceInBatches(seconds: number, resume?: ResumableWork): Promise<ClockReport> {
    if (this.running) throw conflict('A clock advance is already running: wait for it to finish or cancel it', 'CLOCK_ADVANCE_IN_PROGRESS');
    const noted = (resume?.resumed as { targetMs?: unknown } | undefined)?.targetMs;
    const targetMs = typeof noted === 'number' ? Math.max(noted, this.ctx.clock.nowMs()) : this.ctx.clock.nowMs() + Math.round(seconds * 1000);
    resume?.note({ targetMs });
    const running = { progress: { done: 0, due: this.ctx.scheduler.dueCount(targetMs), targetMs }, cancel: false };
    this.running = running;
    try {
      const report = await this.ctx.scheduler.advanceInBatches(seconds, {
        untilMs: targetMs,
        onProgress: (p) => (running.progress = p),
        cancelled: () => running.cancel,
      });
      const state = this.changed(report.cancelled ? 'ADVANCE_CANCELLED' : 'ADVANCED', { seconds, jobsRun: report.ran });
      return { ...state, jobsRun: report.ran, jobsFailed: report.failed, ...(report.cancelled ? { cancelled: true } : {}) };
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }

  /** Asks the running advance to stop after its current batch; 409 when none is running. */
  cancelAdvance(): ClockReport {
    if (!this.running) throw conflict('No clock advance is running', 'NO_CLOCK_ADVANCE');
    this.running.cancel = true;
    return this.state();
  }

  /** Freezes the clock at the current workspace instant. */
  freeze(): ClockReport {
    this.ctx.clock.freeze();
    this.ctx.scheduler.arm();
    return this.changed('FROZEN', {});
  }

  /** Resumes real time from the current workspace instant and runs whatever is due. */
  resume(): ClockReport {
    this.ctx.clock.resume();
    const report = this.ctx.scheduler.runDue();
    return { ...this.changed('RESUMED', {}), jobsRun: report.ran, jobsFailed: report.failed };
  }

  /**
   * Puts the clock on the computer's time (real time, no offset). Jobs already due run: those due at the
   * workspace instant it leaves, and, when it moves forward (from a clock frozen in the past), those it
   * passes on the way, in order. Jobs due later keep their workspace due time, so after going back from an
   * advance they wait that much longer in real time.
   */
  resetToWallTime(): ClockReport {
    this.ctx.scheduler.assertIdle();
    const before = this.ctx.scheduler.runDue();
    this.ctx.clock.resetToWall();
    const after = this.ctx.scheduler.runDue();
    this.ctx.scheduler.arm();
    return { ...this.changed('RESET_TO_WALL_TIME', {}), jobsRun: before.ran + after.ran, jobsFailed: before.failed + after.failed };
  }

  private changed(change: string, extra: Record<string, unknown>): ClockReport {
    const state = this.state();
    this.ctx.transaction(() => this.ctx.events.append(`SANDBOX.CLOCK_${change}`, 'Clock', 'clock', { ...extra, now: state.now, mode: state.mode }));
    return state;
  }
}
