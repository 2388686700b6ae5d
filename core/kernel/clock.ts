import type { Db } from './db';

/** How the workspace clock runs: following real time (plus any advance offset) or frozen at an instant. */
export type ClockMode = 'REAL' | 'FROZEN';

/** What `GET /sandbox/clock` and the console show. */
export interface ClockState {
  mode: ClockMode;
  now: string;
  offsetSeconds: number;
}

/** Options for the workspace clock when a core is created. */
export interface ClockOptions {
  /** Start frozen (test clock); the default is the persisted mode, REAL for a new workspace. */
  mode?: ClockMode;
  /** The instant a newly frozen clock shows (ISO string); defaults to real now. */
  frozenAt?: string;
  /** Source of real time, replaceable in tests of the real-time mode. */
  realNow?: () => number;
}

/**
 * The workspace clock. All time in the core comes from here. Its state is persisted, so a workspace
 * reopened later keeps its frozen instant or its advance offset.
 */
export class WorkspaceClock {
  private mode: ClockMode = 'REAL';
  private offsetMs = 0;
  private frozenAt = 0;
  private readonly realNow: () => number;

  constructor(private readonly db: Db, options: ClockOptions = {}) {
    this.realNow = options.realNow ?? Date.now;
    const row = db.prepare('SELECT mode, offset_ms, frozen_at FROM clock_state WHERE id = 1').get() as
      | { mode: ClockMode; offset_ms: number; frozen_at: number | null }
      | undefined;
    if (row) {
      this.mode = row.mode;
      this.offsetMs = row.offset_ms;
      this.frozenAt = row.frozen_at ?? 0;
    }
    if (options.mode === 'FROZEN') {
      // Without an explicit instant, freeze where this workspace's clock stands (its offset included).
      this.frozenAt = options.frozenAt ? Date.parse(options.frozenAt) : this.nowMs();
      this.mode = 'FROZEN';
    } else if (options.mode === 'REAL' && this.mode === 'FROZEN') {
      // Run on from the persisted frozen instant: workspace time never jumps back.
      this.offsetMs = this.frozenAt - this.realNow();
      this.mode = 'REAL';
    }
    this.persist();
  }

  /** Reads the stored state again (after a restore replaced the workspace's rows underneath the clock). */
  reload(): void {
    const row = this.db.prepare('SELECT mode, offset_ms, frozen_at FROM clock_state WHERE id = 1').get() as
      | { mode: ClockMode; offset_ms: number; frozen_at: number | null }
      | undefined;
    if (!row) return;
    this.mode = row.mode;
    this.offsetMs = row.offset_ms;
    this.frozenAt = row.frozen_at ?? 0;
  }

  /** Milliseconds since the epoch on the workspace clock. */
  nowMs(): number {
    return this.mode === 'FROZEN' ? this.frozenAt : this.realNow() + this.offsetMs;
  }

  /** Real (wall-clock) milliseconds since the epoch, whatever the workspace clock shows: for what happens in the real world (API calls, webhook sends). */
  realNowMs(): number {
    return this.realNow();
  }

  /** The workspace time as a Date. */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** The workspace time as an RFC 3339 string. */
  iso(): string {
    return this.now().toISOString();
  }

  /** The clock's state for display. */
  state(): ClockState {
    return { mode: this.mode, now: this.iso(), offsetSeconds: Math.round(this.offsetMs / 1000) };
  }

  /** True when the clock only moves by `advance`. */
  isFrozen(): boolean {
    return this.mode === 'FROZEN';
  }

  /** Stops the clock at the current workspace instant. */
  freeze(): void {
    if (this.mode === 'FROZEN') return;
    this.frozenAt = this.nowMs();
    this.mode = 'FROZEN';
    this.persist();
  }

  /** Lets the clock run in real time again from the current workspace instant (time never jumps back). */
  resume(): void {
    if (this.mode === 'REAL') return;
    this.offsetMs = this.frozenAt - this.realNow();
    this.mode = 'REAL';
    this.persist();
  }

  /**
   * Follows the computer's clock again: real time, no offset. The one move that may go backwards (after an
   * advance), asked for explicitly; ids stay in creation order (ids.ts keeps a high-water mark), while
   * times stamped afterwards can read earlier than those stamped while the clock was ahead.
   */
  resetToWall(): void {
    this.mode = 'REAL';
    this.offsetMs = 0;
    this.persist();
  }

  /** Moves the clock to `ms` (never backwards); used by the scheduler to run jobs at their due instant. */
  moveTo(ms: number): void {
    const delta = ms - this.nowMs();
    if (delta <= 0) return;
    if (this.mode === 'FROZEN') this.frozenAt += delta;
    else this.offsetMs += delta;
    this.persist();
  }

  private persist(): void {
    this.db
      .prepare(
        `INSERT INTO clock_state (id, mode, offset_ms, frozen_at) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET mode = excluded.mode, offset_ms = excluded.offset_ms, frozen_at = excluded.frozen_at`,
      )
      .run(this.mode, this.offsetMs, this.mode === 'FROZEN' ? this.frozenAt : null);
  }
}

/** Formats epoch milliseconds as the API's date-time strings. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
