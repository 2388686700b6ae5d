// One workspace has one writer. Two processes over one file each ran the scheduler, and jobs ran twice;
// so a workspace file is held by the process that opens it, and a second opener is refused with who holds it.
//
// Why an SQLite file as the lock: its locks are the operating system's (fcntl on POSIX, LockFileEx on
// Windows), so they go when the holding process dies, SIGKILL included; no stale-lock guessing, no pid
// reuse to fear. SQLite also applies them between connections of one process, so a second core in the
// same process (a host switching to a workspace it already has open elsewhere) is refused too. The holder
// keeps a write transaction (RESERVED lock) open on `<workspace>.lock`; a RESERVED lock still lets others
// read, so a refused opener reads who the holder is from the same file. The file itself stays after a
// close (empty of holders): deleting it would let an opener that had it open lock a file nobody sees.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ServiceError } from './errors';

/** Who holds a workspace: what a refused opener is told. */
export interface WorkspaceHolder {
  pid: number;
  /** When the holder opened the workspace (ISO 8601). */
  since: string;
  /** The host kind (serve, electron, test...), when the holder said. */
  host: string | null;
}

/** A held workspace; `release` is idempotent. */
export interface WorkspaceLock {
  readonly path: string;
  readonly holder: WorkspaceHolder;
  release(): void;
}

/** The lock file of a workspace file, in its real folder (which must exist) so two spellings of one folder share one lock. */
export function lockPathOf(dbPath: string): string {
  return join(realpathSync(dirname(dbPath)), `${basename(dbPath)}.lock`);
}

/** How long a refused opener waits for a holder that is still writing down who it is. */
const HOLDER_WAIT_MS = 1_000;
const RETRY_MS = 10;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** 409 WORKSPACE_IN_USE: the sentence a second host prints or shows, naming the holder and the way out. */
export function workspaceInUse(dbPath: string, holder: WorkspaceHolder | undefined): ServiceError {
  const tags = holder ? [holder.host, holder.pid === process.pid ? 'this process' : null].filter(Boolean) : [];
  const who = holder ? `process ${holder.pid}${tags.length > 0 ? ` (${tags.join(', ')})` : ''} since ${holder.since}` : 'another process';
  return new ServiceError(409, 'WORKSPACE_IN_USE',
    `The workspace ${dirname(dbPath)} is already open in ${who}; a workspace has one writer at a time. ` +
    'Close it there first, or open another workspace (serve --workspace NAME or --data-dir DIR; the desktop app takes --data-dir DIR).',
    { path: dbPath, holder: holder ?? null });
}

/** A lock file that is not ours to read (written over by something else): a refusal that says what to do, not SQLite's words. */
function unreadableLock(err: unknown, path: string): ServiceError | undefined {
  const code = (err as { code?: string }).code ?? '';
  if (code !== 'SQLITE_NOTADB' && !code.startsWith('SQLITE_CORRUPT')) return undefined;
  return new ServiceError(409, 'WORKSPACE_LOCK_UNREADABLE',
    `The workspace's lock file ${path} is not one this application wrote, so it cannot tell whether another process has the workspace open. If none has, delete that file and open the workspace again.`,
    { path });
}

/**
 * Holds the workspace at `dbPath` for this process until `release` (or the process's death), or throws
 * WORKSPACE_IN_USE naming the holder. `host` is this process's host kind, told to later openers.
 */
export function acquireWorkspaceLock(dbPath: string, host?: string): WorkspaceLock {
  mkdirSync(dirname(dbPath), { recursive: true });
  const path = lockPathOf(dbPath);
  // timeout 0: a held lock is an answer, not something to wait for.
  const conn = new Database(path, { timeout: 0 });
  const token = randomBytes(8).toString('hex');
  const holder: WorkspaceHolder = { pid: process.pid, since: new Date().toISOString(), host: host ?? null };
  const deadline = Date.now() + HOLDER_WAIT_MS;
  try {
    for (;;) {
      if (tryHold(conn, token, holder)) break;
      const current = readHolder(conn);
      // A holder that has the lock but not yet written itself down leaves the last holder's row (a dead
      // process) or nothing: give it a moment rather than name the wrong process.
      const settled = current !== undefined && current.token !== token && isAlive(current.holder.pid);
      if (settled || Date.now() >= deadline) throw workspaceInUse(dbPath, current?.holder);
      sleep(RETRY_MS);
    }
  } catch (err) {
    conn.close();
    throw unreadableLock(err, path) ?? err;
  }
  let held = true;
  return {
    path,
    holder,
    release() {
      if (!held) return;
      held = false;
      try {
        // Nobody holds it now: the row goes with the lock, in the commit that ends the transaction.
        conn.exec('DELETE FROM holder');
        conn.exec('COMMIT');
      } catch {
        // Closing ends the transaction and the lock all the same.
      } finally {
        conn.close();
      }
    },
  };
}

/**
 * One attempt: take the write lock, write this holder down and commit (others can read it only once it
 * is committed), then take the write lock again and keep it. Another opener can slip in between the two;
 * then this one stands back (true only when the lock is held and the row is this holder's).
 */
function tryHold(conn: Database.Database, token: string, holder: WorkspaceHolder): boolean {
  try {
    conn.exec('BEGIN IMMEDIATE');
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  }
  try {
    conn.exec('CREATE TABLE IF NOT EXISTS holder (token TEXT NOT NULL, pid INTEGER NOT NULL, since TEXT NOT NULL, host TEXT)');
    conn.exec('DELETE FROM holder');
    conn.prepare('INSERT INTO holder (token, pid, since, host) VALUES (?, ?, ?, ?)').run(token, holder.pid, holder.since, holder.host);
    conn.exec('COMMIT');
  } catch (err) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    if (isBusy(err)) return false;
    throw err;
  }
  try {
    conn.exec('BEGIN IMMEDIATE');
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  }
  const row = conn.prepare('SELECT token FROM holder').get() as { token: string } | undefined;
  if (row?.token === token) return true;
  conn.exec('ROLLBACK');
  return false;
}

/** The holder's row as committed now, if it can be read (a holder mid-commit, or a new file, cannot be). */
function readHolder(conn: Database.Database): { token: string; holder: WorkspaceHolder } | undefined {
  try {
    const row = conn.prepare('SELECT token, pid, since, host FROM holder').get() as { token: string; pid: number; since: string; host: string | null } | undefined;
    return row ? { token: row.token, holder: { pid: row.pid, since: row.since, host: row.host } } : undefined;
  } catch (err) {
    if (isBusy(err) || /no such table/.test((err as Error).message)) return undefined;
    throw err;
  }
}

/** Runs `fn` while holding the workspace at `dbPath` (a change to a workspace that is not open here), or throws WORKSPACE_IN_USE. */
export function whileHeld<T>(dbPath: string, host: string | undefined, fn: () => T): T {
  const lock = acquireWorkspaceLock(dbPath, host);
  try {
    return fn();
  } finally {
    lock.release();
  }
}
