import { randomUUID } from 'node:crypto';
import { openDatabase, type Db } from './db';
import { WorkspaceClock, type ClockOptions } from './clock';
import { createIdGenerator, idPosition, type IdGenerator, type IdHighWater } from './ids';
import { EventOutbox } from './events';
import { CallScope } from './request-log-scope';
import { Scheduler } from './scheduler';
import { RequestLog, DEFAULT_RETENTION, type RequestLogRetention } from './request-log';
import { GroupCommit } from './group-commit';
import { BackgroundCheckpointer } from './checkpointer';
import { acquireWorkspaceLock, type WorkspaceLock } from './workspace-lock';
import { sweepLeftoverCopies } from './leftover-copies';

/** Options for the kernel of one workspace. */
export interface KernelOptions {
  dbPath: string;
  clock?: ClockOptions;
  requestLogRetention?: RequestLogRetention;
  /** When WAL checkpoints move to a worker thread after opening (default 2 s; negative: never). */
  backgroundCheckpointsAfterMs?: number;
  /** The host kind told to a second opener refused by the workspace's lock (serve, electron...). */
  holder?: string;
  /**
   * false opens the file without its single-writer lock. Only for tests of what must hold even when two
   * processes share a file (the scheduler's claim of a due job); never for a host.
   */
  singleWriter?: boolean;
}

/** The shared services every area receives: database, clock, ids, events, scheduler, request log. */
export interface Kernel {
  db: Db;
  clock: WorkspaceClock;
  ids: IdGenerator;
  events: EventOutbox;
  scheduler: Scheduler;
  requestLog: RequestLog;
  /** The API call running in the current async context (its log id), which the events it causes record. */
  callScope: CallScope;
  /** This process's run of the workspace: rows it marks as in progress name it, so the next run can tell them abandoned. */
  bootId: string;
  /**
   * Runs `fn` in one synchronous SQLite transaction (nested calls join the outer one); events it
   * appended are delivered after commit and dropped on rollback.
   */
  transaction: <T>(fn: () => T) => T;
  /**
   * Runs an API call whose changes may share one commit with the calls answered alongside it (see
   * group-commit.ts); the caller must await `durable()` before it answers.
   */
  apiCall<T>(fn: () => T): T;
  /**
   * Resolves once every change made so far is committed (at once when nothing waits to commit); given
   * `groupStats().failures` read when a call started, it also rejects when any commit failed since.
   */
  durable(failuresAtStart?: number): Promise<void>;
  /** Commits the changes waiting for a group commit now (before a snapshot, a restore or an export). */
  settle(): void;
  /** Group commits since the workspace opened, the changes they held, and the commits that failed. */
  groupStats(): { commits: number; changes: number; failures: number };
  /** True while a worker thread checkpoints the WAL (see checkpointer.ts). */
  checkpointsInBackground(): boolean;
  /**
   * Registers a small write to make inside every group commit, just before it commits (no commit of its
   * own); it must not throw for the group's sake (a throw is logged and the group commits anyway).
   */
  beforeGroupCommit(fn: () => void): void;
  close(): void;
}

/** Opens the workspace database and wires the kernel services over it. */
export function createKernel(options: KernelOptions): Kernel {
  // The lock comes before the open: a second host must not even migrate a file another one writes.
  const lock = holdWorkspace(options);
  let db: Db | undefined;
  try {
    db = openDatabase(options.dbPath);
    if (lock) releasedWithConnection(db, lock);
    return wireKernel(db, options);
  } catch (err) {
    if (db?.open) db.close();
    lock?.release();
    throw err;
  }
}

/** The kernel services over an open (and held) workspace database. */
function wireKernel(db: Db, options: KernelOptions): Kernel {
  const clock = new WorkspaceClock(db, options.clock);
  const ids = createIdGenerator(() => clock.nowMs(), storedHighWater(db));
  const callScope = new CallScope();
  const events = new EventOutbox(db, clock, ids, () => callScope.current());
  const beforeGroupCommit: (() => void)[] = [];
  const requestLog = new RequestLog(db, clock, ids, options.requestLogRetention ?? DEFAULT_RETENTION);

  const group = new GroupCommit(db, {
    // Calls recorded meanwhile, and what areas asked to write with the next commit, ride along in it.
    beforeCommit: () => {
      requestLog.writePending();
      for (const fn of beforeGroupCommit) {
        try {
          fn();
        } catch (err) {
          console.error('[kernel] a write meant to ride along with a group commit failed:', err);
        }
      }
    },
    mark: () => events.mark(),
    rollbackTo: (mark) => events.rollbackTo(mark),
    committed: () => {
      requestLog.groupCommitted();
      events.flush();
      scheduler.arm();
    },
    discarded: () => {
      requestLog.groupDiscarded();
      events.discard();
      // A job the failed group ran is pending again: its timer must see it.
      scheduler.arm();
    },
  });
  /** How deep the running code is in kernel transactions (they are synchronous, so this is one call stack). */
  let depth = 0;
  const transaction = <T>(fn: () => T): T => {
    // Joins the caller's transaction (a kernel one, or an outer SQLite one that is not a group's); the outermost one flushes.
    if (depth > 0 || (db.inTransaction && !group.isOpen)) return fn();
    const grouped = group.inApiCall;
    // Other work commits a waiting group first (before counting depth: the group's event listeners run
    // here and may start transactions of their own).
    if (!grouped) group.settle();
    depth++;
    let result: T;
    try {
      if (grouped) return group.change(fn);
      // IMMEDIATE: the write lock (and so the newest state) from the first read, so what a transaction read
      // cannot be changed by another connection before it writes (a due job claimed twice, see scheduler.ts).
      result = db.transaction(fn).immediate();
    } catch (err) {
      if (!grouped) events.discard();
      throw err;
    } finally {
      depth--;
    }
    // After the commit and outside the count: listeners may start transactions of their own.
    events.flush();
    scheduler.arm();
    return result;
  };
  /** Commits an open group now, unless a kernel transaction is running (it would commit half a change). */
  const settle = () => {
    if (depth === 0) group.settle();
  };

  const scheduler = new Scheduler(db, clock, ids, transaction, events);
  requestLog.settleGroup = settle;
  readsSeeQueuedLog(db, requestLog, settle);
  // Why later: a workspace opened for a moment (a test, a duplicate, a command-line run) never pays for a thread.
  let checkpointer: BackgroundCheckpointer | undefined;
  const after = options.backgroundCheckpointsAfterMs ?? BACKGROUND_CHECKPOINTS_AFTER_MS;
  const startCheckpoints = setTimeout(() => {
    if (db.open) checkpointer = new BackgroundCheckpointer(db, options.dbPath);
  }, after);
  startCheckpoints.unref();
  if (options.dbPath === ':memory:' || after < 0) clearTimeout(startCheckpoints);

  return {
    db,
    clock,
    ids,
    events,
    scheduler,
    requestLog,
    callScope,
    bootId: randomUUID(),
    transaction,
    apiCall: (fn) => group.run(fn),
    durable: (failuresAtStart) => group.durable(failuresAtStart),
    settle,
    groupStats: () => ({ ...group.stats }),
    checkpointsInBackground: () => checkpointer?.running ?? false,
    beforeGroupCommit: (fn) => void beforeGroupCommit.push(fn),
    close() {
      settle();
      scheduler.close();
      requestLog.flush();
      db.prepare("INSERT INTO workspace_meta (key, value) VALUES ('ids.highWater', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(JSON.stringify(ids.highWater()));
      clearTimeout(startCheckpoints);
      // The worker's connection closes first, so this one is the last and leaves the file checkpointed.
      try {
        checkpointer?.close();
      } catch (err) {
        console.error('[checkpoint] the background checkpointer did not close cleanly:', err);
      } finally {
        db.close();
      }
    },
  };
}

/**
 * The workspace's lock lives exactly as long as its connection: however the connection closes (the
 * kernel's close, or a test dropping it as a crash would), the lock goes with it, and never before.
 */
function releasedWithConnection(db: Db, lock: WorkspaceLock): void {
  const close = db.close.bind(db);
  db.close = (() => {
    const closed = close();
    lock.release();
    return closed;
  }) as Db['close'];
}

/**
 * Takes the workspace's single-writer lock (none for a throwaway in-memory workspace), then removes the
 * copies a killed export or snapshot left in its folders: holding the lock, nobody else is writing them.
 */
function holdWorkspace(options: KernelOptions): WorkspaceLock | undefined {
  if (options.dbPath === ':memory:' || options.singleWriter === false) return undefined;
  const lock = acquireWorkspaceLock(options.dbPath, options.holder);
  try {
    const swept = sweepLeftoverCopies(options.dbPath);
    if (swept.files.length > 0) console.error(`[workspace] removed ${swept.files.length} unfinished cop${swept.files.length === 1 ? 'y' : 'ies'} left by a killed export or snapshot (${swept.bytes} bytes)`);
  } catch (err) {
    console.error(`[workspace] leftover copies could not be looked for: ${err instanceof Error ? err.message : String(err)}`);
  }
  return lock;
}

/** How long a workspace stays open before its checkpoints move to a worker thread. */
const BACKGROUND_CHECKPOINTS_AFTER_MS = 2_000;

/** Statements kept prepared per workspace; past this many distinct SQL texts the cache starts over. */
const MAX_CACHED_STATEMENTS = 2_000;

/**
 * Two things every `db.prepare` of the workspace gets. A statement is prepared once per SQL text and
 * reused (queries built per call, such as list pages, used to be compiled on every request; no code
 * here changes a statement's mode with pluck/raw/bind, so sharing one is safe). And the request log
 * writes its entries in batches, so SQL over its tables (a test's or a tool's own query) and a copy of
 * the file (VACUUM INTO, the online backup) write the queue first; the log's own reads flush themselves.
 */
function readsSeeQueuedLog(db: Db, log: RequestLog, settle: () => void): void {
  const prepare = db.prepare.bind(db);
  const backup = db.backup.bind(db);
  const cache = new Map<string, { statement: ReturnType<Db['prepare']>; touchesLog: boolean; outsideTransaction: boolean }>();
  db.prepare = ((sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      entry = { statement: prepare(sql), touchesLog: /request_log|VACUUM/i.test(sql), outsideTransaction: /^\s*(VACUUM|ATTACH|DETACH)\b/i.test(sql) };
      if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
      cache.set(sql, entry);
    }
    // Statements SQLite refuses inside a transaction commit a waiting group first.
    if (entry.outsideTransaction) settle();
    if (entry.touchesLog && log.pending) {
      settle();
      log.flush();
    }
    return entry.statement;
  }) as Db['prepare'];
  db.backup = ((...a: Parameters<Db['backup']>) => {
    settle();
    log.flush();
    return backup(...a);
  }) as Db['backup'];
}

/**
 * The newest id position of the workspace: the mark saved at the last clean close, or a newer stored
 * id (after a crash), so ids made after a reopen under a frozen clock sort after every id made before.
 * Each table's max(id) is an index lookup.
 */
function storedHighWater(db: Db): IdHighWater | undefined {
  const tables = (db.prepare("SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'id')").all() as { name: string }[]).map((t) => t.name);
  const saved = db.prepare("SELECT value FROM workspace_meta WHERE key = 'ids.highWater'").get() as { value: string } | undefined;
  let best: IdHighWater | undefined = saved ? (JSON.parse(saved.value) as IdHighWater) : undefined;
  for (const t of tables) {
    const row = db.prepare(`SELECT max(id) AS id FROM "${t}"`).get() as { id: string | null };
    const pos = row.id ? idPosition(row.id) : undefined;
    if (pos && (!best || pos.ms > best.ms || (pos.ms === best.ms && pos.seq > best.seq))) best = pos;
  }
  return best;
}
