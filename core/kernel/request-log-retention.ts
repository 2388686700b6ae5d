import type { Db } from './db';
import type { WorkspaceClock } from './clock';
import { describeError } from './request-log-outage';

/** Retention bounds of the request log: whichever is hit first prunes the oldest entries. */
export interface RequestLogRetention {
  maxEntries: number;
  maxAgeDays: number;
}

/** The default retention: 50,000 calls or 30 days. */
export const DEFAULT_RETENTION: RequestLogRetention = { maxEntries: 50_000, maxAgeDays: 30 };

/**
 * The pruner of the request log: deletes the entries beyond the retention bounds and returns how many it
 * removed. Never throws: a full disk can refuse even a delete (it appends to the WAL), and the next prune
 * tries again.
 */
export function retentionPruner(db: Db, clock: WorkspaceClock, retention: RequestLogRetention): () => number {
  const maxSeq = db.prepare<[], { m: number | null }>('SELECT max(seq) AS m FROM request_log');
  const deleteOld = db.prepare('DELETE FROM request_log WHERE created_at < ? OR seq <= ?');
  const deleteOldLinks = db.prepare('DELETE FROM request_log_resources WHERE log_seq IN (SELECT seq FROM request_log WHERE created_at < ? OR seq <= ?)');
  const deleteBeyondRetention = (): number => {
    const cutoff = clock.nowMs() - retention.maxAgeDays * 86_400_000;
    const byCount = (maxSeq.get()?.m ?? 0) - retention.maxEntries;
    const prune = db.transaction(() => {
      deleteOldLinks.run(cutoff, byCount);
      return deleteOld.run(cutoff, byCount).changes;
    });
    // Why without foreign keys: the links have no index by entry, so the cascade scanned the whole link
    // table once per deleted entry (seconds per prune on a full log); the links go first in one pass instead.
    if (db.inTransaction) return prune();
    db.pragma('foreign_keys = OFF');
    try {
      return prune();
    } finally {
      db.pragma('foreign_keys = ON');
    }
  };
  return () => {
    try {
      return deleteBeyondRetention();
    } catch (err) {
      console.error(`[request-log] old entries could not be pruned (${describeError(err)})`);
      return 0;
    }
  };
}
