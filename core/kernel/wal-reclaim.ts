import type { Db } from './db';
import { storageError } from './errors';

/** How often a workspace whose disk refused a write tries to checkpoint and empty its WAL. */
const RETRY_EVERY_MS = 1_000;

/** The reclaim under way per connection (one timer whatever number of writes were refused). */
const armed = new WeakMap<Db, NodeJS.Timeout>();

/**
 * Called with any error a write met: when the disk holding the workspace refused it (full, or an I/O
 * error), tries every second, until one completes, a checkpoint that copies the WAL into the workspace file
 * and truncates the WAL to nothing.
 *
 * Why: the WAL starts over only after a checkpoint that copied all of it, and on a full disk none can (the
 * file cannot grow; the background checkpointer's passive ones also lag behind steady writes). When space
 * returned, every write appended to the WAL again (a quote adds about 140 kB) until it filled the freed
 * space and the disk was full again. The truncation also gives the WAL's space back to the disk.
 */
export function reclaimWalAfter(db: Db, err: unknown): void {
  if (!storageError(err) || armed.has(db)) return;
  armed.set(db, setTimeout(() => tryReclaim(db), RETRY_EVERY_MS).unref());
}

function tryReclaim(db: Db): void {
  armed.delete(db);
  if (!db.open) return;
  const again = () => void armed.set(db, setTimeout(() => tryReclaim(db), RETRY_EVERY_MS).unref());
  // A group commit is open: its writes must not be checkpointed half-way (nor can they be); next second.
  if (db.inTransaction) return again();
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  // Why no wait: the checkpoint worker may hold the checkpoint lock, and this runs on the event loop.
  db.pragma('busy_timeout = 0');
  try {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    if (result?.busy !== 0) return again();
    console.error('[storage] the workspace file takes writes again: its WAL was copied into it and emptied');
  } catch {
    again();
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
