import type { Db } from './db';
import { contentsReplaced } from './write-generation';
import { reclaimWalAfter } from './wal-reclaim';

/** What a group commit does around the commit itself (the request log's queue, the kernel's events and scheduler). */
export interface GroupCommitHooks {
  /** Just before the commit, inside the group's transaction: writes that may join it (never throws). */
  beforeCommit?(): void;
  /** Where the event outbox stands, to drop only a failed change's events. */
  mark(): number;
  rollbackTo(mark: number): void;
  /** After the commit: deliver the events and re-arm the scheduler. */
  committed(): void;
  /** After a failed commit: drop every event of the group. */
  discarded(): void;
}

/**
 * Commits the writes of API calls that arrive together as one SQLite transaction.
 *
 * Why: a commit writes every page the change touched to the WAL (a quote touches about 36: the quote, its
 * transaction row and their indexes, events, the expiry job), and it was 40 % of the time of a
 * `POST /quotes`. Calls answered in the same turn of the event loop mostly touch the same pages, so one
 * commit for all of them writes each page once (measured in process: 1,170 µs per quote alone, 580 µs in
 * groups of 10).
 *
 * How it stays correct: each call's change runs in its own SAVEPOINT inside the group's transaction, so
 * a failing change rolls back alone, its events with it. The group commits when the event loop turns
 * (setImmediate; one turn later while calls arrive together, see settleDue), and every API answer waits
 * for that commit (`durable`) before it is sent, so an acknowledged write is on disk exactly as before,
 * and a crash loses only changes nobody was answered about. While no API call is in flight, other work
 * (the scheduler's timer, the console's own handlers) commits an open group first and then runs as it
 * always did; a snapshot, restore or export always does.
 */
export class GroupCommit {
  /** API calls being handled now (from their start until their answer is ready to wait for `durable`). */
  private inFlight = 0;
  private open: { waiters: { resolve(): void; reject(err: unknown): void }[]; changes: number; waited: boolean } | undefined;
  /** How many changes the last group held: more than one means calls arrive together, and waiting pays. */
  private lastGroupChanges = 0;
  /** Groups committed, the changes they held and the commits that failed, since the workspace opened. */
  readonly stats = { commits: 0, changes: 0, failures: 0 };
  /** Why the last group failed: a call that outlived it is answered with that cause (a full disk is not a 500). */
  private lastFailure: unknown;

  constructor(private readonly db: Db, private readonly hooks: GroupCommitHooks) {}

  /**
   * Runs an API call (sync or async): while any is in flight, every change joins a group; await
   * `durable()` before answering. Why a count and not AsyncLocalStorage: on Node 20 that hooks every
   * promise of the process, and cost reads 5-10 % of their speed; a change made meanwhile by other work
   * (the scheduler's timer) joining the group is harmless, its commit only comes a moment later.
   */
  run<T>(fn: () => T): T {
    this.inFlight++;
    let result: T;
    try {
      result = fn();
    } catch (err) {
      this.inFlight--;
      throw err;
    }
    if (result instanceof Promise) return result.finally(() => this.inFlight--) as T;
    this.inFlight--;
    return result;
  }

  /** True while an API call is in flight. */
  get inApiCall(): boolean {
    return this.inFlight > 0;
  }

  /** True while a group's transaction is open. */
  get isOpen(): boolean {
    return this.open !== undefined;
  }

  /** Runs one change as a savepoint of the open (or a new) group. */
  change<T>(fn: () => T): T {
    if (!this.open) {
      this.db.exec('BEGIN IMMEDIATE');
      const group = (this.open = { waiters: [], changes: 0, waited: false });
      setImmediate(() => this.settleDue(group));
    }
    const mark = this.hooks.mark();
    try {
      // Inside an open transaction better-sqlite3 makes this a SAVEPOINT, rolled back alone on a throw.
      const result = this.db.transaction(fn)();
      this.stats.changes++;
      this.open.changes++;
      return result;
    } catch (err) {
      this.hooks.rollbackTo(mark);
      // SQLite may roll back the whole transaction on a full disk or an I/O error (a page spilled from the
      // cache mid-change): the group's other changes are gone too. Left open, the next change would commit
      // on its own and the group's COMMIT would fail with "no transaction is active" instead of the cause.
      if (!this.db.inTransaction) this.fail(this.open, err);
      throw err;
    }
  }

  /**
   * Resolves once every change made so far is committed; rejects when their commit failed, or, given the
   * `stats.failures` read when a call started, when any commit failed since (a call can outlive its group).
   */
  async durable(failuresAtStart?: number): Promise<void> {
    const open = this.open;
    if (open) await new Promise<void>((resolve, reject) => open.waiters.push({ resolve, reject }));
    if (failuresAtStart !== undefined && this.stats.failures !== failuresAtStart) throw this.lastFailure ?? new Error('a group commit failed while the call ran');
  }

  /**
   * The turn that opened `group` is over: commit it, or, while calls arrive together, wait one more turn.
   * Why: ten clients writing at once fell into two cohorts that alternated, each answered by its own commit
   * (4-6 changes per commit); the clients answered by one commit send their next calls while the other
   * cohort is handled, and one more turn lets those calls join the group. A commit writes each page it
   * touches once, so ten quotes cost 14 pages of WAL each instead of 20 for five (measured in process).
   * A lone client's group (one change, nothing else in flight) commits at once, as before.
   */
  private settleDue(group: NonNullable<GroupCommit['open']>): void {
    if (this.open !== group) return;
    if (!group.waited && (this.lastGroupChanges > 1 || this.inFlight > 0)) {
      group.waited = true;
      // Queued from inside an immediate, this one runs in the next turn, after its I/O.
      setImmediate(() => this.settleDue(group));
      return;
    }
    this.settle();
  }

  /** Commits the open group now (a no-op when none is open). */
  settle(): void {
    const group = this.open;
    if (!group) return;
    this.lastGroupChanges = group.changes;
    this.hooks.beforeCommit?.();
    this.open = undefined;
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      this.fail(group, err);
      return;
    }
    this.stats.commits++;
    this.hooks.committed();
    for (const w of group.waiters) w.resolve();
  }

  /** Ends `group` as failed, with `err` as its cause: nothing of it is kept, and every call waiting on it is told. */
  private fail(group: NonNullable<GroupCommit['open']>, err: unknown): void {
    if (this.open === group) this.open = undefined;
    if (this.db.inTransaction) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // The connection rolled back by itself (SQLite does on some I/O errors).
      }
    }
    this.stats.failures++;
    this.lastFailure = err;
    reclaimWalAfter(this.db, err);
    this.hooks.discarded();
    // Values kept for a table generation (list totals, counts) may have counted rows that are gone now.
    contentsReplaced(this.db);
    for (const w of group.waiters) w.reject(err);
  }
}
