import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';
import { redactBody, redactHeaders, redactPath } from './redact';
import { requestLogQueries, type RequestLogQueries } from './request-log-query';
import { reclaimWalAfter } from './wal-reclaim';

/** The log's entries and filters as readers see them (declared with the queries in request-log-query.ts). */
export type { ApiCallDetail, ApiCallMention, ApiCallSummary, CausedEvent, RequestLogFilter } from './request-log-query';

/** One API call as it is recorded. */
export interface ApiCallRecord {
  method: string;
  path: string;
  query: string;
  status: number;
  errorCode?: string | undefined;
  durationMs: number;
  source: 'HTTP' | 'CONSOLE';
  /** Who the server authenticated (a token's client id, an agent, `console`); never read from the raw header. */
  principal?: string | undefined;
  idempotencyKey?: string | undefined;
  requestHeaders: Headers;
  requestBody?: string | undefined;
  responseBody?: string | undefined;
  /** The fault rule that acted on the call, and what it did in words. */
  fault?: { ruleId: string; note: string } | undefined;
  /** The answer was an idempotent replay of an earlier call's (the call did nothing new). */
  replayed?: boolean | undefined;
}

/** Retention bounds of the request log: whichever is hit first prunes the oldest entries. */
export interface RequestLogRetention {
  maxEntries: number;
  maxAgeDays: number;
}

/** The response header that tells the console the log entry of its own API call (never sent to HTTP clients). */
export const CONSOLE_LOG_ID_HEADER = 'x-console-log-id';
/** The name of that header, for the renderer (which imports types only). */
export type ConsoleLogIdHeader = typeof CONSOLE_LOG_ID_HEADER;

/** The default retention: 50,000 calls or 30 days. */
export const DEFAULT_RETENTION: RequestLogRetention = { maxEntries: 50_000, maxAgeDays: 30 };

const ID_IN_TEXT = /\b(?:Quote|Transaction|CardTransaction|Card|Customer|InternalAccount|ExternalAccount|Agent|AuthMethod|Session|Request|Lookup|Token):[0-9a-fA-F-]{8,64}/g;

/** Ids of resources mentioned in a path or body (used to find "the calls that touched X"). */
export function resourceIdsIn(...texts: (string | null | undefined)[]): string[] {
  const ids = new Set<string>();
  for (const t of texts) if (t) for (const m of t.matchAll(ID_IN_TEXT)) ids.add(m[0]);
  return [...ids];
}

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
/** While the log cannot be written (a full disk), how long it waits before trying again. */
const RETRY_AFTER_MS = 1_000;
/**
 * While the log cannot be written, it keeps at most this many entries, and about this many bytes of bodies,
 * in memory; older ones are dropped (and counted). Why: a disk full for an hour must not fill the memory too.
 */
const MAX_WAITING_ENTRIES = 10_000;
const MAX_WAITING_BYTES = 16 * 1024 * 1024;
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
 * A call waiting to be written, with the time and id it was given when it was recorded, and when it was
 * queued (monotonic: the workspace clock may be frozen or moved by the sandbox).
 */
interface QueuedCall { id: string; atMs: number; wallMs: number; call: ApiCallRecord; queuedAt: number }

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
  private readonly insertEntry;
  private readonly linkResource;
  private readonly writeBatch;
  private readonly maxSeq;
  private readonly deleteOld;
  private readonly deleteOldLinks;
  private queue: QueuedCall[] = [];
  /** The length of the queued entries' bodies, kept with the queue: what the next-turn write is decided on. */
  private queueBodyBytes = 0;
  /**
   * The last write failed (a full disk): the next one waits for the retry timer, not for the next turn nor a
   * group commit (else a lasting error is retried on every call, and entries riding in a group make its
   * business writes fail too). It says since when, and how many entries were dropped meanwhile.
   */
  private failing: { since: number; dropped: number } | undefined;
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
    private readonly retention: RequestLogRetention = DEFAULT_RETENTION,
  ) {
    this.insertEntry = db.prepare(
      `INSERT INTO request_log (id, method, path, query, status, error_code, duration_ms, source, principal,
         idempotency_key, request_headers, request_body, response_body, resource_ids, created_at, wall_at, fault_rule_id, fault_note, replayed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.linkResource = db.prepare('INSERT OR IGNORE INTO request_log_resources (resource_id, log_seq) VALUES (?, ?)');
    this.writeBatch = db.transaction((batch: QueuedCall[]) => {
      for (const q of batch) this.write(q);
    });
    this.maxSeq = db.prepare<[], { m: number | null }>('SELECT max(seq) AS m FROM request_log');
    this.deleteOld = db.prepare('DELETE FROM request_log WHERE created_at < ? OR seq <= ?');
    this.deleteOldLinks = db.prepare('DELETE FROM request_log_resources WHERE log_seq IN (SELECT seq FROM request_log WHERE created_at < ? OR seq <= ?)');
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
    if (this.failing) this.dropBeyondBounds();
    // Inside an open group commit the queue waits for it (writePending): written here, the entries would
    // join the group without the bookkeeping that puts them back if its COMMIT fails.
    if (this.queue.length >= FLUSH_AT_ENTRIES && !this.db.inTransaction && !this.failing) this.flush();
    else this.scheduleWrite();
    return id;
  }

  /** An id for a call about to run, given to `record` once it is over (events the call causes name it meanwhile). */
  reserveId(): string {
    return this.ids('ApiCall');
  }

  /** Arms the next write: on the next turn once TIMED_WRITE_BYTES of bodies wait (unless retrying a failure), else the timer. */
  private scheduleWrite(): void {
    if (this.queueBodyBytes >= TIMED_WRITE_BYTES && !this.failing) this.writeNextTurn();
    else this.armTimer();
  }

  /** Starts the timer's write unless it is already due or under way (a draining queue takes new entries along). */
  private armTimer(): void {
    if (!this.draining) this.timer ??= setTimeout(() => this.writeTimed(), this.failing ? RETRY_AFTER_MS : FLUSH_AFTER_MS).unref();
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
    if (!this.queue.length || !this.db.open || this.failing) return;
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
    try {
      this.writeBatch(batch);
    } catch (err) {
      this.setQueue([...batch, ...this.queue]);
      reclaimWalAfter(this.db, err);
      if (!this.failing) {
        this.failing = { since: Date.now(), dropped: 0 };
        console.error(`[request-log] entries cannot be written (${describe(err)}); they wait in memory (up to ${MAX_WAITING_ENTRIES}) and are written once the workspace file takes writes again`);
      }
      this.dropBeyondBounds();
      this.armTimer();
      return false;
    }
    if (this.failing) {
      const { since, dropped } = this.failing;
      this.failing = undefined;
      console.error(`[request-log] entries are written again after ${Math.round((Date.now() - since) / 1000)} s${dropped ? `; ${dropped} of the oldest were dropped meanwhile` : ''}`);
    }
    return true;
  }

  /** While the log cannot be written: drops the oldest entries beyond MAX_WAITING_ENTRIES and MAX_WAITING_BYTES. */
  private dropBeyondBounds(): void {
    let drop = 0;
    let bytes = this.queueBodyBytes;
    while (drop < this.queue.length && (this.queue.length - drop > MAX_WAITING_ENTRIES || bytes > MAX_WAITING_BYTES)) bytes -= bodyBytes(this.queue[drop++]!.call);
    if (!drop) return;
    this.setQueue(this.queue.slice(drop));
    if (this.failing) this.failing.dropped += drop;
  }

  private write({ id, atMs, wallMs, call }: QueuedCall): void {
    const requestBody = redactBody(call.requestBody, undefined, 'request');
    const responseBody = redactBody(call.responseBody);
    const pathDecoded = redactPath(safeDecode(call.path));
    // A read touches what its path names; a write also touches what its response created or changed.
    // (Linking every row of a list response would make each page view "touch" dozens of objects.)
    const resources = resourceIdsIn(pathDecoded, call.query, requestBody, call.method === 'GET' ? null : responseBody);
    const info = this.insertEntry.run(
      id, call.method, pathDecoded, call.query, call.status, call.errorCode ?? null, call.durationMs, call.source,
      call.principal ?? null, call.idempotencyKey ?? null, JSON.stringify(redactHeaders(call.requestHeaders, call.principal)),
      requestBody, responseBody, resources.join(' '), atMs, wallMs, call.fault?.ruleId ?? null, call.fault?.note ?? null, call.replayed ? 1 : 0,
    );
    for (const r of resources) this.linkResource.run(r, info.lastInsertRowid);
  }

  /** Deletes entries beyond the retention bounds; returns how many were removed (none when the file refuses the delete). */
  prune(): number {
    this.settleGroup();
    this.writeQueued();
    this.writesSincePrune = 0;
    try {
      return this.deleteBeyondRetention();
    } catch (err) {
      // A full disk can refuse even a delete (it appends to the WAL); the next prune tries again.
      console.error(`[request-log] old entries could not be pruned (${describe(err)})`);
      return 0;
    }
  }

  private deleteBeyondRetention(): number {
    const cutoff = this.clock.nowMs() - this.retention.maxAgeDays * 86_400_000;
    const maxSeq = this.maxSeq.get()?.m ?? 0;
    const byCount = maxSeq - this.retention.maxEntries;
    const prune = this.db.transaction(() => {
      this.deleteOldLinks.run(cutoff, byCount);
      return this.deleteOld.run(cutoff, byCount).changes;
    });
    // Why without foreign keys: the links have no index by entry, so the cascade scanned the whole link
    // table once per deleted entry (seconds per prune on a full log); the links go first in one pass instead.
    if (this.db.inTransaction) return prune();
    this.db.pragma('foreign_keys = OFF');
    try {
      return prune();
    } finally {
      this.db.pragma('foreign_keys = ON');
    }
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

/** Roughly what an entry writes: its bodies, and a little for its path, headers and columns. */
function entryBytes(call: ApiCallRecord): number {
  return 512 + bodyBytes(call);
}

/** The length of a call's request and response bodies. */
function bodyBytes(call: ApiCallRecord): number {
  return (call.requestBody?.length ?? 0) + (call.responseBody?.length ?? 0);
}

/** An error as one line: SQLite's code and message. */
function describe(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
