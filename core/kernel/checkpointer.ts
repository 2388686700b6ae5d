import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { FOREGROUND_AUTOCHECKPOINT, type Db } from './db';

/** How often the background checkpointer copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/**
 * The connection's own checkpoint threshold (pages) while the worker runs: only a backstop that lets the
 * WAL start over (see the class comment), high enough that its rare fsyncs stay out of the p99.
 */
export const BACKSTOP_AUTOCHECKPOINT = 50_000;
/**
 * Below this much free space on the workspace's volume, the worker also empties a WAL larger than
 * LOW_SPACE_WAL_BYTES (a TRUNCATE checkpoint, when no write is under way). Why: a passive checkpoint beside
 * steady writes rarely catches the last frame, so the WAL only starts over at the backstop (about 200 MB);
 * on a nearly full disk it took the space a user had just freed, and every write was refused again.
 */
const LOW_SPACE_BYTES = 256 * 1024 * 1024;
const LOW_SPACE_WAL_BYTES = 4 * 1024 * 1024;
/** How long closing waits for each step of the worker (opening, then closing its connection mid-checkpoint). */
const CLOSE_WAIT_MS = 5_000;

/** Where the worker stands (slot 0 of the shared state); slot 1 becomes 1 once its connection is closed. */
const PHASES = ['starting', 'open', 'failed', 'refused', 'opening'] as const;
/** The worker's phase: starting, opening, open, failed (could not open), refused (the workspace closed first). */
export type CheckpointerPhase = (typeof PHASES)[number] | 'closed';

// The worker's own program, plain CommonJS so that it runs the same from TypeScript sources, the bundles
// and a packaged build (a worker file would need a path that differs between all of them).
// Phases in state[0]: 0 starting, 4 opening, 1 open, 2 failed, 3 refused.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const state = new Int32Array(workerData.shared);
function load() {
  if (workerData.resolved) { try { return require(workerData.resolved); } catch {} }
  for (const from of workerData.bases) { try { return createRequire(from)('better-sqlite3'); } catch {} }
  throw new Error('better-sqlite3 could not be loaded in the checkpoint worker');
}
const closed = () => { Atomics.store(state, 1, 1); Atomics.notify(state, 1); parentPort.close(); };
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
  // The workspace may have closed while this was opening (it then marked the phase refused).
  if (Atomics.compareExchange(state, 0, 4, 1) !== 4) {
    db.close();
    closed();
  } else {
    Atomics.notify(state, 0);
    parentPort.postMessage('open');
    const shut = () => {
      clearInterval(timer);
      try { db.close(); } catch {}
      closed();
    };
    let blocked = false;
    const fs = require('node:fs');
    const lowOnSpace = () => {
      try {
        if (fs.statSync(workerData.path + '-wal').size <= workerData.lowSpaceWalBytes) return false;
        const volume = fs.statfsSync(require('node:path').dirname(workerData.path));
        return volume.bavail * volume.bsize < workerData.lowSpaceBytes;
      } catch { return false; }
    };
    const timer = setInterval(() => {
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
        // With no wait (busy_timeout 0): while the connection writes, this is busy and tries again next tick.
        if (lowOnSpace()) db.pragma('wal_checkpoint(TRUNCATE)');
        if (blocked) { blocked = false; parentPort.postMessage('unblocked'); }
      } catch (err) {
        // A full disk (the file cannot grow) or an I/O error: the next tick tries again. Stopping here left
        // the WAL growing until the connection's own threshold (40 MB), which a small volume never reaches.
        const code = String(err && err.code);
        if (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR')) {
          if (!blocked) { blocked = true; parentPort.postMessage('blocked: ' + code + ': ' + err.message); }
          return;
        }
        parentPort.postMessage('failed: ' + (err && err.message));
        shut();
      }
    }, workerData.everyMs);
    parentPort.on('message', (m) => { if (m === 'close') shut(); });
  }
}
`;

/** Where the worker may find better-sqlite3: the module this process resolved, else folders to resolve it from. */
function moduleLocations(): { resolved?: string; bases: string[] } {
  let resolved: string | undefined;
  try {
    if (typeof require === 'function') resolved = require.resolve('better-sqlite3');
  } catch {
    // An ES module without require: the folders below resolve it.
  }
  const bases = [process.argv[1], join(process.cwd(), 'index.js')].filter((p): p is string => !!p);
  return { ...(resolved ? { resolved } : {}), bases };
}

/**
 * Checkpoints a workspace's WAL from a worker thread over its own connection, so copying committed pages
 * back into the database file (and its fsync) does not run on the event loop.
 *
 * Why: with only the connection's automatic checkpoint, the commit that crossed 10,000 WAL pages also
 * copied all of them and synced the file, stalling every request in flight for 70-110 ms (the p99 of
 * `POST /quotes`). The worker's PASSIVE checkpoints run beside readers and writers and copy the pages as
 * they come. While it runs, the connection keeps its own automatic checkpoint only as a backstop, at
 * BACKSTOP_AUTOCHECKPOINT pages: a passive checkpoint beside steady commits rarely catches the very last
 * frame, and the WAL starts over only after a checkpoint that did. By then the worker has copied nearly
 * everything, so the backstop only finishes the tail and syncs (about 20 ms; at 10,000 pages it ran twice
 * a second under load and doubled the p99 of quote creation). If the worker cannot start or stops, the
 * connection goes back to checkpointing by itself. Closing waits for the worker to close its connection
 * first, so the main connection is the last and leaves a checkpointed file behind.
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
        workerData: { path, ...moduleLocations(), shared: this.shared, everyMs: CHECKPOINT_EVERY_MS, lowSpaceBytes: LOW_SPACE_BYTES, lowSpaceWalBytes: LOW_SPACE_WAL_BYTES },
      });
    } catch (err) {
      console.error('[checkpoint] no background checkpoints, the connection checkpoints by itself:', err);
      return;
    }
    this.worker.unref();
    this.worker.on('message', (m: string) => {
      if (m === 'open' && !this.closed) this.threshold(BACKSTOP_AUTOCHECKPOINT);
      if (m.startsWith('failed')) {
        console.error(`[checkpoint] the background checkpointer stopped (${m}); the connection checkpoints by itself`);
        this.threshold(FOREGROUND_AUTOCHECKPOINT);
      }
      // Said once each way: a full disk refuses every checkpoint until space returns.
      if (m.startsWith('blocked')) console.error(`[checkpoint] the workspace file refuses checkpoints (${m.slice(9)}); trying again every ${CHECKPOINT_EVERY_MS} ms`);
      if (m === 'unblocked') console.error('[checkpoint] checkpoints go through again');
    });
    this.worker.on('exit', () => {
      this.exited = true;
      this.threshold(FOREGROUND_AUTOCHECKPOINT);
    });
    this.worker.on('error', (err) => {
      console.error('[checkpoint] the background checkpointer stopped, the connection checkpoints by itself:', err);
    });
  }

  private threshold(pages: number): void {
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${pages}`);
  }

  /** Where the worker stands (`closed` once its connection is closed). */
  get phase(): CheckpointerPhase {
    if (Atomics.load(this.state, 1) === 1) return 'closed';
    return PHASES[Atomics.load(this.state, 0)] ?? 'failed';
  }

  /** True once the worker thread has exited (after closing, refusing or failing). */
  get stopped(): boolean {
    return this.exited;
  }

  /** True while the worker's connection is open and checkpointing. */
  get running(): boolean {
    return !this.exited && this.phase === 'open';
  }

  /** Closes the worker's connection (waiting for a checkpoint in progress); a no-op after the first call. */
  close(): void {
    if (this.closed || !this.worker) return;
    this.closed = true;
    if (this.exited) return;
    // A worker that has not started opening never will.
    if (Atomics.compareExchange(this.state, 0, 0, 3) === 0) return;
    // One that is opening is waited for; if it takes too long it is told to close as soon as it has opened.
    Atomics.wait(this.state, 0, 4, CLOSE_WAIT_MS);
    if (Atomics.compareExchange(this.state, 0, 4, 3) === 4) return;
    if (Atomics.load(this.state, 0) !== 1 || Atomics.load(this.state, 1) === 1) return;
    this.worker.postMessage('close');
    Atomics.wait(this.state, 1, 0, CLOSE_WAIT_MS);
    this.threshold(FOREGROUND_AUTOCHECKPOINT);
  }
}
