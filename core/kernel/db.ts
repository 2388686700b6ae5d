// The kernel is the storage layer, so its SQL stays in its own modules: the connection and migrations
// here, and the kernel's tables (schema_migrations, workspace_meta, clock_state, jobs, events,
// request_log) in kernel.ts, clock.ts, scheduler.ts, events.ts and request-log*.ts; pagination.ts is a
// helper the repos call. Everything else follows one rule: an area's SQL lives only in its repo files
// (repo.ts, <thing>-repo.ts), and no area reads another area's tables.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ServiceError } from './errors';
import { MIGRATIONS, type Migration } from './migrations/index';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

/** The WAL size (pages) at which the connection checkpoints by itself while no background checkpointer runs. */
export const FOREGROUND_AUTOCHECKPOINT = 10_000;

/** Opens (creating if needed) a workspace database with WAL and foreign keys, and migrates it forward. */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // Why: checkpointing every 1,000 pages (the default) copied the same hot pages back to the file
    // dozens of times a second under load, each time with an fsync, on the request path; 10,000 pages
    // copies each page once per checkpoint and the size limit keeps the WAL file from staying large.
    // A long-lived workspace hands its checkpoints to a worker thread (checkpointer.ts).
    db.pragma(`wal_autocheckpoint = ${FOREGROUND_AUTOCHECKPOINT}`);
    db.pragma('journal_size_limit = 67108864');
    // Why: statement journals of nested savepoints went to a temporary file created and unlinked on
    // every write request (five system calls each); in memory they cost nothing.
    db.pragma('temp_store = MEMORY');
    migrate(db, migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** The highest migration version recorded in the database (0 for a new file). */
export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

/**
 * Applies every migration the database has not recorded, in ascending order, each in its own transaction,
 * and records it. Pending means "not recorded", not "above the newest": a migration numbered below one a
 * workspace already has (two branches landing out of turn) still runs. Refuses a database whose schema
 * is newer than this code: opening it would risk writing rows an older build misreads.
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const current = schemaVersion(db);
  // Sorted here so that the list's order in the source can never apply one out of turn.
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const latest = ordered.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new ServiceError(
      409,
      'WORKSPACE_TOO_NEW',
      `This workspace was written by a newer version (schema ${current}); this build understands up to schema ${latest}. Update the application to open it.`,
      { schemaVersion: current, supportedVersion: latest },
    );
  }
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of ordered) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
  }
}
