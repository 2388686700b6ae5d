import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';
import { requestLogQueries, type RequestLogQueries } from './request-log-query';
import { bodyBytes, entryBytes, entryWriter, type ApiCallRecord, type QueuedCall } from './request-log-entry';
import { LogOutage, RETRY_AFTER_MS } from './request-log-outage';
import { DEFAULT_RETENTION, retentionPruner, type RequestLogRetention } from './request-log-retention';

/** The log's entries and filters as readers see them (declared with the queries in request-log-query.ts). */
export type { ApiCallDetail, ApiCallMention, ApiCallSummary, CausedEvent, RequestLogFilter } from './request-log-query';
/** What one entry is, and the console's header naming it (declared with the entry's writer in request-log-entry.ts). */
export { CONSOLE_LOG_ID_HEADER, resourceIdsIn, type ApiCallRecord, type ConsoleLogIdHeader } from './request-log-entry';
/** The retention bounds (declared with the pruner in request-log-retention.ts). */
export { DEFAULT_RETENTION, type RequestLogRetention } from './request-log-retention';

/** How long small entries wait, so that those of several calls are written in one transaction. */
const FLUSH_AFTER_MS = 20;
/**
 * A write takes every entry that has waited this long, beyond its TIMED_WRITE_BYTES, so that the queue does not
 * fall behind a steady load (after one long turn, every waiting entry goes in one transaction). Why 10: entries
 * of list pages that waited 20-40 ms were still copied into V8's old generation.
 */
const OVERDUE_AFTER_MS = 10;
/** A queue this long is written at once, whatever the timer. */
const FLUSH_AT_ENTRIES = 256;
/** Retention is enforced once per this many written entries. */
const PRUNE_EVERY = 500;
/**
 * A write takes entries up to about this many bytes of bodies in one transaction, then lets waiting calls
 * run before the next; a queue holding this much is written on the next turn, without waiting for the
 * timer. Why: five list pages of 56 kB written at once held the event loop for several milliseconds, the
 * slowest of a client's sequential calls (the p95 of a page at a million transactions went from 3.8 ms
 * without the log to 7-16 ms with it).
 */
const TIMED_WRITE_BYTES = 64 * 1024;

/**
 * The request log: every API call, with secrets redacted before anything is written, bounded by
 * retention so a long-lived workspace does not grow without limit.
 *
 * Why a queue: one synchronous write transaction per call, reads included, was the largest single
 * cost of an API call. Entries are kept in memory and written with the next group commit of API
 * writes, or in transactions of their own of about TIMED_WRITE_BYTES each: FLUSH_AFTER_MS later, or on the
 * next turn once that many bytes wait (all at once when many entries wait, and every entry older than
 * OVERDUE_AFTER_MS), before any read of the log, and at close. What a crash can lose is the last 20 ms or so
 * of diagnostics, never money: an entry is recorded only after its call's changes are committed.
 */
export class RequestLog {
  private writesSincePrune = 0;
  private readonly writeBatch;
  private readonly deleteBeyondRetention: () => number;
  private queue: QueuedCall[] = [];
  /** The length of the queued entries' bodies, kept with the queue: what the next-turn write is decided on. */
  private queueBodyBytes = 0;
  /** Whether the workspace file refuses the log's writes (a full disk), and what was dropped meanwhile. */
  private readonly outage: LogOutage;
  /** Entries written inside a group commit that has not committed yet. */
  private riding: QueuedCall[] = [];
  private pruneSoon = false;
  private timer: NodeJS.Timeout | undefined;
  /** The write on the next turn: the next chunk while the queue drains one transaction per turn, or the first once 64 kB of bodies wait. */
  private draining: NodeJS.Immediate | undefined;
  /**
   * Commits a waiting group commit (the kernel's), called before the log writes on its own: a prune, and the
   * flush before a read. Why: written into an open group, entries would join it without the bookkeeping that
   * puts them back if its COMMIT fails (writePending has it), and a group stays open for up to two turns.
   */
  settleGroup: () => void = () => {};
  /** Reads of the log: the console's list, one entry, and the calls that touched a resource (each sees every recorded call). */
  readonly read: RequestLogQueries;

  constructor(
    private readonly db: Db,
    private readonly clock: WorkspaceClock,
    private readonly ids: IdGenerator,
    retention: RequestLogRetention = DEFAULT_RETENTION,
  ) {
    const write = entryWriter(db);
    this.writeBatch = db.transaction((batch: QueuedCall[]) => {
      for (const q of batch) write(q);
    });
    this.deleteBeyondRetention = retentionPruner(db, clock, retention);
    this.outage = new LogOutage(db);
    const queries = requestLogQueries(db);
    const flushed = <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A): R => {
      this.settleGroup();
      this.flush();
      return fn(...a);
    };
    this.read = {
      list: flushed(queries.list), get: flushed(queries.get), count: flushed(queries.count),
      touching: flushed(queries.touching), search: flushed(queries.search), causedBy: flushed(queries.causedBy),
      exportAll: flushed(queries.exportAll),
    };
  }

  /**
   * Records one call and returns its id (the entry is written within about FLUSH_AFTER_MS, or before the next
   * read). Never throws: the call's answer is ready, and a log that cannot be written must not change it.
   */
  record(call: ApiCallRecord, reservedId?: string): string {
    const id = reservedId ?? this.ids('ApiCall');
    this.queue.push({ id, atMs: this.clock.nowMs(), wallMs: this.clock.realNowMs(), call, queuedAt: performance.now() });
    this.queueBodyBytes += bodyBytes(call);
    if (this.outage.active) this.dropBeyondBounds();
    // Inside an open group commit the queue waits for it (writePending): written here, the entries would
    // join the group without the bookkeeping that puts them back if its COMMIT fails.
    if (this.queue.length >= FLUSH_AT_ENTRIES && !this.db.inTransaction && !this.outage.active) this.flush();
    else this.scheduleWrite();
    return id;
  }

  /** An id for a call about to run, given to `record` once it is over (events the call causes name it meanwhile). */
  reserveId(): string {
    return this.ids('ApiCall');
  }

  /** Arms the next write: on the next turn once TIMED_WRITE_BYTES of bodies wait (unless retrying a failure), else the timer. */
  private scheduleWrite(): void {
    if (this.queueBodyBytes >= TIMED_WRITE_BYTES && !this.outage.active) this.writeNextTurn();
    else this.armTimer();
  }

  /** Starts the timer's write unless it is already due or under way (a draining queue takes new entries along). */
  private armTimer(): void {
    if (!this.draining) this.timer ??= setTimeout(() => this.writeTimed(), this.outage.active ? RETRY_AFTER_MS : FLUSH_AFTER_MS).unref();
  }

  /**
   * Starts writing on the next turn instead of after FLUSH_AFTER_MS. Why: large answers (list pages of 25 kB)
   * that waited 20-40 ms outlived two of V8's young-generation collections under load, and were copied into
   * the old generation: 30-65 MB of garbage every two seconds, serve at 200-230 MiB after the bench's load.
   */
  private writeNextTurn(): void {
    if (this.draining) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.draining = setImmediate(() => this.writeChunk()).unref();
  }

  /** The timer's write: the queue in transactions of about TIMED_WRITE_BYTES, one per turn of the event loop. */
  private writeTimed(): void {
    this.timer = undefined;
    this.writeChunk();
  }

  /** Writes one chunk of the queue (about TIMED_WRITE_BYTES, more when entries are overdue) and, while entries remain, the next one on the next turn. */
  private writeChunk(): void {
    this.draining = undefined;
    if (!this.queue.length || !this.db.open) return;
    // A group commit is open (this runs between turns): its commit takes the queue along (writePending).
    if (this.db.inTransaction) return this.armTimer();
    const batch = this.queue.slice(0, chunkLength(this.queue, performance.now() - OVERDUE_AFTER_MS));
    this.setQueue(this.queue.slice(batch.length));
    // A timer's failure would otherwise end the process; the entries wait for the next try instead.
    if (!this.tryWrite(batch)) return;
    this.writesSincePrune += batch.length;
    // Why here and not once drained: under steady calls the queue may never empty between turns.
    if (this.writesSincePrune >= PRUNE_EVERY) this.prune();
    if (this.queue.length) this.writeNextTurn();
  }

  private setQueue(queue: QueuedCall[]): void {
    this.queue = queue;
    this.queueBodyBytes = queue.reduce((n, q) => n + bodyBytes(q.call), 0);
  }

  /** True while recorded calls wait to be written. */
  get pending(): boolean {
    return this.queue.length > 0;
  }

  /**
   * Writes every queued call in one transaction (a no-op when none waits), pruning every PRUNE_EVERY entries.
   * Never throws: entries the workspace file refuses (a full disk) wait for the retry timer.
   */
  flush(): void {
    this.writeQueued();
    if (this.writesSincePrune >= PRUNE_EVERY) this.prune();
  }

  /**
   * Writes the queue inside the caller's open transaction (a group commit about to commit), so under
   * write load the log needs no commit of its own. Never throws: a log that cannot be written must not
   * undo the business changes it would have joined. The entries are kept until the group's outcome is
   * known (groupCommitted / groupDiscarded), and a due prune runs once the turn is over.
   */
  writePending(): void {
    // While the log cannot be written, its entries would only add pages to a commit the disk may refuse.
    if (!this.queue.length || !this.db.open || this.outage.active) return;
    const batch = this.queue;
    if (this.writeQueued()) this.riding.push(...batch);
    // Why not the flush timer: under steady writes every group would push it back, and pruning never ran.
    if (this.writesSincePrune >= PRUNE_EVERY && !this.pruneSoon) {
      this.pruneSoon = true;
      setImmediate(() => {
        this.pruneSoon = false;
        if (this.db.open && this.writesSincePrune >= PRUNE_EVERY) this.prune();
      }).unref();
    }
  }

  /** The group commit that carried the last entries committed: they are on disk. */
  groupCommitted(): void {
    this.riding = [];
  }

  /** The group commit that carried the last entries failed: they go back to the queue, in front. */
  groupDiscarded(): void {
    if (!this.riding.length) return;
    this.writesSincePrune = Math.max(0, this.writesSincePrune - this.riding.length);
    this.setQueue([...this.riding, ...this.queue]);
    this.riding = [];
    this.scheduleWrite();
  }

  /** Writes the queue; returns how many entries it wrote (none when the write failed: they wait for the retry). */
  private writeQueued(): number {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.draining) clearImmediate(this.draining);
    this.draining = undefined;
    if (!this.queue.length || !this.db.open) return 0;
    const batch = this.queue;
    this.setQueue([]);
    if (!this.tryWrite(batch)) return 0;
    this.writesSincePrune += batch.length;
    return batch.length;
  }

  /**
   * Writes `batch` (taken from the front of the queue) in one transaction, or, when the workspace file
   * refuses it, puts it back in front and arms the retry; true when it was written. Says once that the log
   * cannot be written, and once that it can again: a full disk refuses every try until space returns.
   */
  private tryWrite(batch: QueuedCall[]): boolean {
    if (this.outage.attempt(() => this.writeBatch(batch))) return true;
    this.setQueue([...batch, ...this.queue]);
    this.dropBeyondBounds();
    this.armTimer();
    return false;
  }

  /** While the log cannot be written: drops the oldest entries beyond the outage's bounds. */
  private dropBeyondBounds(): void {
    const drop = this.outage.excess(this.queue, this.queueBodyBytes);
    if (drop) this.setQueue(this.queue.slice(drop));
  }

  /** Deletes entries beyond the retention bounds; returns how many were removed (none when the file refuses the delete). */
  prune(): number {
    this.settleGroup();
    this.writeQueued();
    this.writesSincePrune = 0;
    return this.deleteBeyondRetention();
  }
}

/**
 * How many of the queue's first entries the next write takes: about TIMED_WRITE_BYTES of bodies, and at
 * least every entry queued before `overdueBefore`. Why the second: under steady load with large bodies
 * (list pages of 25 kB), calls arrived faster than 64 kB per turn drained them; entries waited 130 ms and
 * more, until the queue reached FLUSH_AT_ENTRIES and was written in one long stall (a list p99 of 55-68 ms
 * at a million transactions; 19-22 ms with this).
 */
function chunkLength(queue: readonly QueuedCall[], overdueBefore: number): number {
  let n = 0;
  for (let bytes = 0; n < queue.length && (bytes < TIMED_WRITE_BYTES || queue[n]!.queuedAt <= overdueBefore); n++) bytes += entryBytes(queue[n]!.call);
  return n;
}
