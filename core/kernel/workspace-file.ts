// Whole-file operations on a workspace database: snapshots, exports, imports and replacing the
// contents of an open workspace with another file's (restore, reset). They belong to the storage layer
// because they read every table, whoever owns it; the areas never see them.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readSync, closeSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { openDatabase, schemaVersion, type Db } from './db';
import { conflict, invalidInput } from './errors';
import { checkWorkspaceFile, invalidWorkspaceFile, isFileContentError, type WorkspaceFileFacts } from './workspace-check';
import { contentsReplaced } from './write-generation';

export type { WorkspaceFileFacts } from './workspace-check';

/** The workspace_meta key holding the workspace's display name. */
const NAME_KEY = 'workspace.name';
/** Tables a restore never replaces: the workspace's own identity (name, id high-water) and its migrations. */
const KEPT_ON_RESTORE = new Set(['workspace_meta', 'schema_migrations']);

/** A temporary path beside `target`, so the final rename stays on one file system (and is atomic). */
function tempBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

function removeQuietly(path: string): void {
  for (const p of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(p, { force: true });
}

/** Turns a finished copy into one self-contained file (no WAL beside it) and checks it reads back whole. */
function sealCopy(path: string): void {
  const copy = new Database(path);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/**
 * Writes a consistent copy of the open database to `target` with VACUUM INTO (compact, synchronous),
 * first into a temporary file that is renamed over `target` only once complete.
 */
export function snapshotInto(db: Db, target: string): void {
  if (db.inTransaction) throw new Error('a snapshot cannot be taken inside a transaction');
  const tmp = tempBeside(target);
  try {
    db.prepare('VACUUM INTO ?').run(tmp);
    sealCopy(tmp);
    renameSync(tmp, target);
  } catch (err) {
    removeQuietly(tmp);
    throw err;
  }
}

/** Options of an export: the backup's progress (tests inject a failure through it). */
export interface ExportOptions {
  /** Pages copied per step of the online backup (default 256). */
  pagesPerStep?: number;
  /** Hears each step; throwing aborts the export (the previous file at the target is left untouched). */
  onProgress?: (p: { totalPages: number; remainingPages: number }) => void;
}

/**
 * Exports the open database to one file with SQLite's online backup API, which copies a live database
 * consistently while it keeps serving. The copy goes to a temporary file beside `target` and replaces it
 * by rename only when complete and checked, so a failed export never damages the last good one.
 */
export async function exportTo(db: Db, target: string, options: ExportOptions = {}): Promise<{ path: string; bytes: number }> {
  const tmp = tempBeside(target);
  try {
    await db.backup(tmp, {
      progress: (p) => {
        options.onProgress?.(p);
        return options.pagesPerStep ?? 256;
      },
    });
    sealCopy(tmp);
    renameSync(tmp, target);
  } catch (err) {
    removeQuietly(tmp);
    throw err;
  }
  return { path: target, bytes: statSync(target).size };
}

/** True when the file starts with SQLite's header. */
function looksLikeSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const n = readSync(fd, head, 0, 16, 0);
    return n === 16 && head.toString('latin1') === 'SQLite format 3\u0000';
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a workspace file's schema version and name read-only, cheaply (no integrity check: the list of
 * workspaces shows it for every folder); a file that is not a workspace is a 400 naming `field`. Anything
 * that then uses the file checks it in full with `checkWorkspaceFile`.
 */
export function inspectWorkspaceFile(path: string, field = 'path'): WorkspaceFileFacts {
  if (!existsSync(path)) throw invalidInput(field, `names no file (${path})`);
  if (!statSync(path).isFile() || !looksLikeSqlite(path)) throw invalidInput(field, 'is not a workspace file (not an SQLite database)');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hasMigrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!hasMigrations) throw invalidInput(field, 'is an SQLite database but not a workspace (it has no schema_migrations table)');
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'workspace_meta'").get();
    const name = hasMeta ? (db.prepare('SELECT value FROM workspace_meta WHERE key = ?').get(NAME_KEY) as { value: string } | undefined)?.value ?? null : null;
    return { schemaVersion: schemaVersion(db), name };
  } finally {
    db.close();
  }
}

/**
 * Copies a closed workspace file (an export, a snapshot, another workspace) to `target` and migrates the
 * copy to this build's schema, leaving the source untouched. The source is checked first (see
 * `checkWorkspaceFile`; a caller that already checked it passes the facts), then copied read-only with
 * VACUUM INTO; only the copy is ever migrated. `subject` names the source in a refusal.
 */
export function copyWorkspaceFile(source: string, target: string, subject: string, facts: WorkspaceFileFacts = checkWorkspaceFile(source, subject)): WorkspaceFileFacts {
  const tmp = tempBeside(target);
  try {
    const src = new Database(source, { readonly: true, fileMustExist: true });
    try {
      src.prepare('VACUUM INTO ?').run(tmp);
    } finally {
      src.close();
    }
    try {
      openDatabase(tmp).close(); // migrated on open
    } catch (err) {
      // Checked, yet its rows break a later migration (a constraint it never met): still the file's fault.
      if (isFileContentError(err)) throw invalidWorkspaceFile(subject, `it cannot be brought up to this build's schema (${err.message})`, 'contents', { file: basename(source) });
      throw err;
    }
    sealCopy(tmp);
    renameSync(tmp, target);
  } catch (err) {
    removeQuietly(tmp);
    throw err;
  }
  return facts;
}

/** The workspace's display name, if one was set. */
export function workspaceName(db: Db): string | null {
  return (db.prepare('SELECT value FROM workspace_meta WHERE key = ?').get(NAME_KEY) as { value: string } | undefined)?.value ?? null;
}

/** Sets the workspace's display name. */
export function setWorkspaceName(db: Db, name: string): void {
  db.prepare('INSERT INTO workspace_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(NAME_KEY, name);
}

/** Sets the display name in a closed workspace file. */
export function setWorkspaceFileName(path: string, name: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    setWorkspaceName(db, name);
  } finally {
    db.close();
  }
}

interface TableInfo {
  name: string;
  type: string;
  wr: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The columns to copy and whether the hidden rowid must travel with them (so rowid-keyed indexes stay valid). */
function copyColumns(db: Db, schema: string, table: string, withoutRowid: boolean): { cols: string[]; rowid: boolean } {
  const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?, ?)`).all(table, schema) as { name: string; type: string; pk: number }[];
  const pks = info.filter((c) => c.pk > 0);
  const aliasesRowid = pks.length === 1 && pks[0]!.type.toUpperCase() === 'INTEGER';
  return { cols: info.map((c) => c.name), rowid: !withoutRowid && !aliasesRowid };
}

/**
 * Replaces every row of the open database with the rows of `source` (a snapshot or a seeded file), in
 * one transaction on the same connection, so the core keeps running and every prepared statement stays
 * valid. The source is first copied and migrated to this build's schema. The workspace's identity
 * (workspace_meta: its name and id high-water) is kept, as are the AUTOINCREMENT counters where they
 * are ahead, so sequence numbers (events, request log) never go back and the console's live stream
 * keeps its order. Triggers are suspended during the copy and full-text indexes rebuilt after it.
 * `keep` names further tables to leave as they are.
 */
export function replaceContents(db: Db, source: string, keep: readonly string[] = [], subject = `The file ${basename(source)}`): void {
  if (db.inTransaction) throw conflict('The workspace is busy (a change is in progress); try again', 'WORKSPACE_BUSY');
  const migrated = tempBeside(db.name === ':memory:' ? join(dirname(source), 'restore.sqlite') : db.name);
  copyWorkspaceFile(source, migrated, subject);
  const alias = `restore_${randomBytes(4).toString('hex')}`;
  db.prepare('ATTACH DATABASE ? AS ' + alias).run(migrated);
  try {
    db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      const tables = db.prepare("SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'").all() as TableInfo[];
      const kept = new Set([...KEPT_ON_RESTORE, ...keep]);
      const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string }[];
      for (const t of triggers) db.exec(`DROP TRIGGER ${quote(t.name)}`);
      const plain = tables.filter((t) => t.type === 'table' && !kept.has(t.name));
      for (const t of plain) db.exec(`DELETE FROM main.${quote(t.name)}`);
      for (const t of plain) {
        const { cols, rowid } = copyColumns(db, 'main', t.name, t.wr === 1);
        const list = [...(rowid ? ['rowid'] : []), ...cols.map(quote)].join(', ');
        db.exec(`INSERT INTO main.${quote(t.name)} (${list}) SELECT ${list} FROM ${alias}.${quote(t.name)}`);
      }
      const virtuals = tables.filter((t) => t.type === 'virtual');
      for (const v of virtuals) {
        const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(v.name) as { sql: string }).sql;
        // An external-content index is rebuilt from its (already copied) table; any other is copied row by row.
        if (/content\s*=\s*'[^']+'/i.test(sql)) db.exec(`INSERT INTO main.${quote(v.name)} (${quote(v.name)}) VALUES ('rebuild')`);
        else {
          const cols = (db.prepare('SELECT name FROM pragma_table_info(?)').all(v.name) as { name: string }[]).map((c) => quote(c.name));
          db.exec(`DELETE FROM main.${quote(v.name)}`);
          db.exec(`INSERT INTO main.${quote(v.name)} (rowid, ${cols.join(', ')}) SELECT rowid, ${cols.join(', ')} FROM ${alias}.${quote(v.name)}`);
        }
      }
      const hasSequence = db.prepare(`SELECT 1 FROM ${alias}.sqlite_master WHERE name = 'sqlite_sequence'`).get();
      if (hasSequence) {
        const theirs = db.prepare(`SELECT name, seq FROM ${alias}.sqlite_sequence`).all() as { name: string; seq: number }[];
        for (const s of theirs) {
          const ours = db.prepare('SELECT seq FROM main.sqlite_sequence WHERE name = ?').get(s.name) as { seq: number } | undefined;
          if (!ours) db.prepare('INSERT INTO main.sqlite_sequence (name, seq) VALUES (?, ?)').run(s.name, s.seq);
          else if (s.seq > ours.seq) db.prepare('UPDATE main.sqlite_sequence SET seq = ? WHERE name = ?').run(s.seq, s.name);
        }
      }
      for (const t of triggers) db.exec(t.sql);
    })();
  } catch (err) {
    // Rolled back, so the open workspace is as it was; rows that break our constraints are the file's fault.
    if (isFileContentError(err)) throw invalidWorkspaceFile(subject, `its rows cannot be restored into this workspace (${err.message})`, 'contents', { file: basename(source) });
    throw err;
  } finally {
    // Whatever a list counted before is gone with the old contents (or half-replaced if this failed).
    contentsReplaced(db);
    db.exec(`DETACH DATABASE ${alias}`);
    removeQuietly(migrated);
  }
}

/** Row counts of every table of the open database (shown beside snapshots and used by the tests). */
export function tableCounts(db: Db): Record<string, number> {
  const tables = db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  return Object.fromEntries(tables.map((t) => [t.name, (db.prepare(`SELECT count(*) AS n FROM ${quote(t.name)}`).get() as { n: number }).n]));
}
