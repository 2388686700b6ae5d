import { openDatabase, type Db } from './db';
import { WorkspaceClock, type ClockOptions } from './clock';
import { createIdGenerator, type IdGenerator, type IdHighWater } from './ids';
import { EventOutbox } from './events';
import { Scheduler } from './scheduler';
import { RequestLog, DEFAULT_RETENTION, type RequestLogRetention } from './request-log';

/** Options for the kernel of one workspace. */
export interface KernelOptions {
  dbPath: string;
  clock?: ClockOptions;
  requestLogRetention?: RequestLogRetention;
}

/** The shared services every area receives: database, clock, ids, events, scheduler, request log. */
export interface Kernel {
  db: Db;
  clock: WorkspaceClock;
  ids: IdGenerator;
  events: EventOutbox;
  scheduler: Scheduler;
  requestLog: RequestLog;
  /**
   * Runs `fn` in one synchronous SQLite transaction (nested calls join the outer one); events it
   * appended are delivered after commit and dropped on rollback.
   */
  transaction: <T>(fn: () => T) => T;
  close(): void;
}

/** Opens the workspace database and wires the kernel services over it. */
export function createKernel(options: KernelOptions): Kernel {
  const db = openDatabase(options.dbPath);
  const clock = new WorkspaceClock(db, options.clock);
  const hw = db.prepare("SELECT value FROM workspace_meta WHERE key = 'ids.highWater'").get() as { value: string } | undefined;
  const ids = createIdGenerator(() => clock.nowMs(), hw ? (JSON.parse(hw.value) as IdHighWater) : undefined);
  const events = new EventOutbox(db, clock, ids);

  const transaction = <T>(fn: () => T): T => {
    if (db.inTransaction) return fn(); // joins the caller's transaction; the outermost one flushes
    let result: T;
    try {
      result = db.transaction(fn)();
    } catch (err) {
      events.discard();
      throw err;
    }
    events.flush();
    scheduler.arm();
    return result;
  };

  const scheduler = new Scheduler(db, clock, ids, transaction);
  const requestLog = new RequestLog(db, clock, ids, options.requestLogRetention ?? DEFAULT_RETENTION);

  return {
    db,
    clock,
    ids,
    events,
    scheduler,
    requestLog,
    transaction,
    close() {
      scheduler.close();
      db.prepare("INSERT INTO workspace_meta (key, value) VALUES ('ids.highWater', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(JSON.stringify(ids.highWater()));
      db.close();
    },
  };
}
