import type { Db } from './db';
import { bodyBytes, type QueuedCall } from './request-log-entry';
import { reclaimWalAfter } from './wal-reclaim';

/** While the log cannot be written (a full disk), how long it waits before trying again. */
export const RETRY_AFTER_MS = 1_000;
/**
 * While the log cannot be written, it keeps at most this many entries, and about this many bytes of bodies,
 * in memory; older ones are dropped (and counted). Why: a disk full for an hour must not fill the memory too.
 */
const MAX_WAITING_ENTRIES = 10_000;
const MAX_WAITING_BYTES = 16 * 1024 * 1024;

/**
 * The request log's outage: whether the workspace file refuses its writes (a full disk), since when, and how
 * many waiting entries were dropped meanwhile. It says once that the log cannot be written, and once that it
 * can again (a full disk refuses every try until space returns), and bounds what waits in memory meanwhile.
 */
export class LogOutage {
  /**
   * The last write failed: the next one waits for the retry timer, not for the next turn nor a group commit
   * (else a lasting error is retried on every call, and entries riding in a group make its business writes
   * fail too).
   */
  private failing: { since: number; dropped: number } | undefined;

  constructor(private readonly db: Db) {}

  /** True while the last write was refused. */
  get active(): boolean {
    return this.failing !== undefined;
  }

  /** Runs `write`; true when it went through. A refusal starts (or continues) the outage, a success ends it. */
  attempt(write: () => void): boolean {
    try {
      write();
    } catch (err) {
      reclaimWalAfter(this.db, err);
      if (!this.failing) {
        this.failing = { since: Date.now(), dropped: 0 };
        console.error(`[request-log] entries cannot be written (${describeError(err)}); they wait in memory (up to ${MAX_WAITING_ENTRIES}) and are written once the workspace file takes writes again`);
      }
      return false;
    }
    if (this.failing) {
      const { since, dropped } = this.failing;
      this.failing = undefined;
      console.error(`[request-log] entries are written again after ${Math.round((Date.now() - since) / 1000)} s${dropped ? `; ${dropped} of the oldest were dropped meanwhile` : ''}`);
    }
    return true;
  }

  /**
   * How many of the oldest waiting entries to drop to stay within MAX_WAITING_ENTRIES and MAX_WAITING_BYTES,
   * given the queue and its bodies' length; counted as dropped during the outage.
   */
  excess(queue: readonly QueuedCall[], queueBodyBytes: number): number {
    let drop = 0;
    let bytes = queueBodyBytes;
    while (drop < queue.length && (queue.length - drop > MAX_WAITING_ENTRIES || bytes > MAX_WAITING_BYTES)) bytes -= bodyBytes(queue[drop++]!.call);
    if (drop && this.failing) this.failing.dropped += drop;
    return drop;
  }
}

/** An error as one line: SQLite's code and message. */
export function describeError(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}
