import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { FOREGROUND_AUTOCHECKPOINT, type Db } from './db';
/** How often the background checkpointer copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/** How long closing waits for the worker to close its connection (it is between two checkpoints, or in one). */
const CLOSE_WAIT_MS = 5_000;

// The worker's own program, plain CommonJS so that it runs the same from TypeScript sources, the bundles
// and a packaged build (a worker file would need a path that differs between all of them).
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const state = new Int32Array(workerData.shared);
function load() {
  for (const from of workerData.modules) {
    try { return from.endsWith('.js') ? require(from) : createRequire(from)('better-sqlite3'); } catch {}
  }
  throw new Error('better-sqlite3 could not be loaded in the checkpoint worker');
}
// 0 starting, 4 opening, 1 open, 3 refused (the workspace closed before the worker started).
if (Atomics.compareExchange(state, 0, 0, 4) === 0) {
  let db;
  try {
    const Database = load();
    db = new Database(workerData.path, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    db.pragma('wal_autocheckpoint = 0');
    // A checkpoint copies pages through, it never reads them twice: a small cache keeps the worker light.
    db.pragma('cache_size = -1024');
  } catch (err) {
    Atomics.store(state, 0, 2);
    Atomics.notify(state, 0);
    throw err;
  }
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
  parentPort.postMessage('open');
  // state[1] becomes 1 once the connection is closed, whether asked to or after a failure.
  const shut = () => {
    clearInterval(timer);
    try { db.close(); } catch {}
    Atomics.store(state, 1, 1);
    Atomics.notify(state, 1);
    parentPort.close();
  };
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      parentPort.postMessage('failed: ' + (err && err.message));
      shut();
    }
  }, workerData.everyMs);
  parentPort.on('message', (m) => { if (m === 'close') shut(); });
}
`;

/** Where the worker may find better-sqlite3: the path this process resolved, then the entry script and the working folder. */
function moduleLocations(): string[] {
  const out: string[] = [];
  try {
    if (typeof require === 'function') out.push(require.resolve('better-sqlite3'));
  } catch {
    // An ES module without require: the other locations resolve it.
  }
  if (process.argv[1]) out.push(process.argv[1]);
  out.push(join(process.cwd(), 'index.js'));
  return out.filter((p, i) => out.indexOf(p) === i);
}

/**
 * Checkpoints a workspace's WAL from a worker thread over its own connection, so copying committed pages
 * back into the database file (and its fsync) never runs on the event loop.
 *
 * Why: with the connection's automatic checkpoint, every 10,000 pages a commit also copied 40 MB and
 * synced the file, stalling every request in flight for 70-110 ms (the p99 of `POST /quotes`). A PASSIVE
 * checkpoint runs beside readers and writers, so the main connection only appends to the WAL. Until the
 * worker has opened its connection, or if it cannot (no worker threads, the module not found), the main
 * connection keeps checkpointing by itself; closing waits for the worker to close first, so the main
 * connection is the last one and leaves a checkpointed file behind.
 */
export class BackgroundCheckpointer {
  private readonly shared = new SharedArrayBuffer(8);
  private readonly state = new Int32Array(this.shared);
  private readonly worker: Worker | undefined;
  private closed = false;
  private exited = false;

  constructor(private readonly db: Db, path: string) {
    try {
      this.worker = new Worker(WORKER_SOURCE, {
        eval: true,
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
        workerData: { path, modules: moduleLocations(), shared: this.shared, everyMs: CHECKPOINT_EVERY_MS },
      });
    } catch (err) {
      console.error('[checkpoint] no background checkpoints, the connection checkpoints by itself:', err);
      return;
    }
    this.worker.unref();
    this.worker.on('message', (m: string) => {
      if (m === 'open' && !this.closed && db.open) db.pragma('wal_autocheckpoint = 0');
      if (m.startsWith('failed')) {
        console.error(`[checkpoint] the background checkpointer stopped (${m}); the connection checkpoints by itself`);
        if (db.open) db.pragma(`wal_autocheckpoint = ${FOREGROUND_AUTOCHECKPOINT}`);
      }
    });
    this.worker.on('exit', () => {
      this.exited = true;
    });
    this.worker.on('error', (err) => {
      console.error('[checkpoint] the background checkpointer stopped, the connection checkpoints by itself:', err);
      if (db.open) db.pragma(`wal_autocheckpoint = ${FOREGROUND_AUTOCHECKPOINT}`);
    });
  }

  /** True once the worker's connection is open and checkpointing. */
  get running(): boolean {
    return Atomics.load(this.state, 0) === 1 && Atomics.load(this.state, 1) === 0;
  }

  /** Closes the worker's connection (waiting for a checkpoint in progress); a no-op after the first call. */
  close(): void {
    if (this.closed || !this.worker || this.exited) return;
    this.closed = true;
    // A worker that has not started opening never will; one that is opening is waited for.
    if (Atomics.compareExchange(this.state, 0, 0, 3) === 0) return;
    Atomics.wait(this.state, 0, 4, CLOSE_WAIT_MS);
    if (Atomics.load(this.state, 0) !== 1 || Atomics.load(this.state, 1) === 1) return;
    this.worker.postMessage('close');
    Atomics.wait(this.state, 1, 0, CLOSE_WAIT_MS);
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${FOREGROUND_AUTOCHECKPOINT}`);
  }
}
