import type { Db } from '../kernel/db';

/** What a remembered key holds: the request's hash, and the final answer once there is one. */
export interface RememberedKey {
  requestHash: string;
  /** Null while the first request with this key is still running (or was abandoned by a crash). */
  status: number | null;
  body: string | null;
  /** The process run that started it (the kernel's boot id); null for rows older than that column. */
  owner: string | null;
  /** What a request working in several transactions noted about where it is going (JSON), if anything. */
  progress: string | null;
}

/** A key is scoped to the calling principal and the route it was sent to. */
export interface KeyScope {
  principal: string;
  route: string;
  key: string;
}

/** The SQL of idempotency keys, prepared once over a workspace's database. */
export function idempotencyRepo(db: Db) {
  const find = db.prepare<[string, string, string], { request_hash: string; status: number | null; body: string | null; owner: string | null; progress: string | null }>(
    'SELECT request_hash, status, body, owner, progress FROM idempotency_keys WHERE principal = ? AND route = ? AND key = ?',
  );
  const insert = db.prepare('INSERT INTO idempotency_keys (principal, route, key, request_hash, created_at, owner) VALUES (?, ?, ?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM idempotency_keys WHERE principal = ? AND route = ? AND key = ?');
  const takeOver = db.prepare('UPDATE idempotency_keys SET owner = ? WHERE principal = ? AND route = ? AND key = ? AND status IS NULL AND owner IS NOT ?');
  const noteProgress = db.prepare('UPDATE idempotency_keys SET progress = ? WHERE principal = ? AND route = ? AND key = ?');
  // An upsert: the row `begin` wrote may have been rolled back with a group commit that failed while the
  // request ran, and the answer must still be stored under its key.
  const finish = db.prepare(
    `INSERT INTO idempotency_keys (principal, route, key, request_hash, created_at, owner, status, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (principal, route, key) DO UPDATE SET status = excluded.status, body = excluded.body`,
  );
  return {
    /** The key as remembered, if it was used before. */
    find(s: KeyScope): RememberedKey | undefined {
      const row = find.get(s.principal, s.route, s.key);
      return row && { requestHash: row.request_hash, status: row.status, body: row.body, owner: row.owner, progress: row.progress };
    },
    /** Records a key whose request is starting (no answer yet), owned by this process run. */
    begin(s: KeyScope, requestHash: string, atMs: number, owner: string): void {
      insert.run(s.principal, s.route, s.key, requestHash, atMs, owner);
    },
    /** Forgets a key, so a retry with it runs again. */
    forget(s: KeyScope): void {
      remove.run(s.principal, s.route, s.key);
    },
    /** Makes an unfinished key started by another process run this run's own; true when it did (one retry wins). */
    takeOverAbandoned(s: KeyScope, currentOwner: string): boolean {
      return takeOver.run(currentOwner, s.principal, s.route, s.key, currentOwner).changes > 0;
    },
    /** Notes, before a multi-transaction request's first write, where it is going (JSON). */
    noteProgress(s: KeyScope, progress: string): void {
      noteProgress.run(progress, s.principal, s.route, s.key);
    },
    /** Stores the final answer a replay will repeat. */
    finish(s: KeyScope, begun: { requestHash: string; atMs: number; owner: string }, status: number, body: string | null): void {
      finish.run(s.principal, s.route, s.key, begun.requestHash, begun.atMs, begun.owner, status, body);
    },
  };
}
