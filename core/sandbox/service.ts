import type { Ctx } from '../context';
import type { ClockReport } from './schema';

/** The clock as the API and the console report it (declared once, in schema.ts). */
export type { ClockReport };

/** Test-clock control shared by the sandbox API and the console; every change is an event. */
export class ClockService {
  constructor(private readonly ctx: Ctx) {}

  /** The current clock state with the scheduler's queue. */
  state(): ClockReport {
    const due = this.ctx.scheduler.nextDueAt();
    return { ...this.ctx.clock.state(), pendingJobs: this.ctx.scheduler.pendingCount(), nextJobDueAt: due === undefined ? null : new Date(due).toISOString() };
  }

  /** Advances the clock, running the jobs that fall due on the way, in order. */
  advance(seconds: number): ClockReport {
    const report = this.ctx.scheduler.advance(seconds);
    return { ...this.changed('ADVANCED', { seconds }), jobsRun: report.ran, jobsFailed: report.failed };
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

  private changed(change: string, extra: Record<string, unknown>): ClockReport {
    const state = this.state();
    this.ctx.transaction(() => this.ctx.events.append(`SANDBOX.CLOCK_${change}`, 'Clock', 'clock', { ...extra, now: state.now, mode: state.mode }));
    return state;
  }
}
