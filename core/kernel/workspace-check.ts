// The one check every workspace file a user hands us passes before anything uses it: an import, a
// snapshot to restore, another workspace to open or duplicate. Such a file may be truncated, foreign or
// from another build; it is read through a read-only handle only (never migrated, never written), and a
// file that fails is refused with a 4xx that says, in plain words, what is wrong with it.
import Database from 'better-sqlite3';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { migrate, type Db } from './db';
import { ServiceError } from './errors';
import { MIGRATIONS } from './migrations/index';

/** The error code of a workspace file that is damaged, foreign or not a workspace. */
export const INVALID_WORKSPACE_FILE = 'INVALID_WORKSPACE_FILE';

/** What a checked workspace file says about itself. */
export interface WorkspaceFileFacts {
  schemaVersion: number;
  name: string | null;
}

/** Which check a refused file failed (details.check), so callers and tests can tell the cases apart. */
export type FileCheck = 'file' | 'empty' | 'sqlite' | 'truncated' | 'integrity' | 'migrations' | 'tables' | 'columns' | 'contents';

const NAME_KEY = 'workspace.name';
const SQLITE_MAGIC = 'SQLite format 3\u0000';
/** Lines of a failed integrity check quoted in the message (the rest are in details.integrity). */
const QUOTED_LINES = 3;

/**
 * The refusal of a file: 422 INVALID_WORKSPACE_FILE, `subject` (e.g. `The snapshot "x"`) and the problem
 * in the message, the problem and the failed check in details.
 */
export function invalidWorkspaceFile(subject: string, problem: string, check: FileCheck, more: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(422, INVALID_WORKSPACE_FILE, `${subject} is not a workspace file this build can open: ${problem}`, { problem, check, ...more });
}

/** True for an error better-sqlite3 raised because of the file's contents (not our disk, not a lock). */
export function isFileContentError(err: unknown): err is Error & { code: string } {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB|ERROR|MISMATCH|CONSTRAINT|FORMAT|RANGE)/.test(code);
}

/** The first 100 bytes (SQLite's header), or fewer when the file is shorter. */
function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(100);
    const n = readSync(fd, head, 0, 100, 0);
    return head.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** What the header alone shows: not SQLite, or shorter than the pages it declares (a cut copy). */
function headerProblem(head: Buffer, size: number): { problem: string; check: FileCheck } | undefined {
  if (head.length < SQLITE_MAGIC.length || head.subarray(0, SQLITE_MAGIC.length).toString('latin1') !== SQLITE_MAGIC) {
    return { problem: 'the file is not a SQLite database', check: 'sqlite' };
  }
  if (head.length < 100) return { problem: `the file is truncated: it ends inside the SQLite header (${size} bytes)`, check: 'truncated' };
  const raw = head.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
    return { problem: `the file is not a SQLite database (its header is damaged: it names a page size of ${raw} bytes)`, check: 'sqlite' };
  }
  // The header's page count is trustworthy only when written by the same change as the counter beside it.
  const pages = head.readUInt32BE(28);
  const countValid = pages > 0 && head.readUInt32BE(92) === head.readUInt32BE(24);
  if (countValid && size < pages * pageSize) {
    return { problem: `the file is truncated: it holds ${size} bytes where its header declares ${pages * pageSize} (${pages} pages of ${pageSize} bytes)`, check: 'truncated' };
  }
  return undefined;
}

/**
 * The tables and columns a workspace has with the migrations up to `applied` (a version), or exactly those
 * it records (a set), derived by migrating an empty in-memory database with the same migrations: the list
 * can never drift from the migrations themselves.
 */
export function expectedSchema(applied: number | ReadonlySet<number>): Map<string, string[]> {
  const mem = new Database(':memory:');
  const wanted = typeof applied === 'number' ? (v: number) => v <= applied : (v: number) => applied.has(v);
  try {
    migrate(mem, MIGRATIONS.filter((m) => wanted(m.version)));
    return tablesOf(mem);
  } finally {
    mem.close();
  }
}

/** Every table of `db` (virtual ones included, SQLite's own left out) with its column names. */
function tablesOf(db: Db): Map<string, string[]> {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return new Map(names.map((t) => [t, db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(t) as string[]]));
}

/** The first difference between the file's tables and the expected ones, in words. */
function schemaProblem(actual: Map<string, string[]>, expected: Map<string, string[]>): { problem: string; check: FileCheck; details: Record<string, unknown> } | undefined {
  const missingTables = [...expected.keys()].filter((t) => !actual.has(t));
  if (missingTables.length > 0) {
    const shown = missingTables.slice(0, 5).join(', ') + (missingTables.length > 5 ? ` and ${missingTables.length - 5} more` : '');
    return { problem: `it has no ${missingTables.length === 1 ? 'table' : 'tables'} ${shown}`, check: 'tables', details: { missingTables } };
  }
  const missingColumns: { table: string; column: string }[] = [];
  for (const [table, columns] of expected) {
    const have = new Set(actual.get(table));
    for (const column of columns) if (!have.has(column)) missingColumns.push({ table, column });
  }
  if (missingColumns.length > 0) {
    const shown = missingColumns.slice(0, 3).map((m) => `table ${m.table} lacks column ${m.column}`).join('; ');
    const rest = missingColumns.length > 3 ? ` (and ${missingColumns.length - 3} more missing columns)` : '';
    return { problem: shown + rest, check: 'columns', details: { missingColumns } };
  }
  return undefined;
}

/** Runs the checks that need SQLite on a read-only handle; throws the refusal or returns the facts. */
function checkContents(db: Db, subject: string, file: string, scan: boolean): WorkspaceFileFacts {
  const refuse = (problem: string, check: FileCheck, more: Record<string, unknown> = {}) => invalidWorkspaceFile(subject, problem, check, { file, ...more });
  const integrity = scan ? (db.pragma('quick_check', { simple: false }) as { quick_check: string }[]) : [];
  const lines = integrity.map((r) => r.quick_check).filter((l) => l !== 'ok');
  if (lines.length > 0) {
    const quoted = lines.join('\n').split('\n').filter((l) => l && !l.startsWith('***')).slice(0, QUOTED_LINES).join('; ');
    throw refuse(`the file is damaged (its integrity check failed: ${quoted})`, 'integrity', { integrity: lines.slice(0, 20) });
  }
  const actual = tablesOf(db);
  if (!actual.has('schema_migrations')) throw refuse('it is a SQLite database but not a workspace (it has no schema_migrations table)', 'migrations');
  const migrationColumns = expectedSchema(0).get('schema_migrations') ?? [];
  const lacking = migrationColumns.filter((c) => !actual.get('schema_migrations')!.includes(c));
  if (lacking.length > 0) throw refuse(`table schema_migrations lacks column ${lacking.join(', ')}`, 'columns', { missingColumns: lacking.map((column) => ({ table: 'schema_migrations', column })) });
  const version = db.prepare('SELECT max(version) FROM schema_migrations').pluck().get();
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw refuse('its schema_migrations table records no migration, so it is not a workspace', 'migrations');
  }
  const latest = Math.max(...MIGRATIONS.map((m) => m.version));
  if (version > latest) {
    throw new ServiceError(409, 'WORKSPACE_TOO_NEW',
      `${subject} was made by a newer version of the application (schema ${version}; this build knows up to schema ${latest}): update the application to open it.`,
      { schemaVersion: version, supportedVersion: latest, file });
  }
  // The migrations the file records, not all up to its newest: a build may add one below it, which opening applies.
  const recorded = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const wrong = schemaProblem(actual, expectedSchema(recorded));
  if (wrong) throw refuse(wrong.problem, wrong.check, { schemaVersion: version, ...wrong.details });
  const name = db.prepare('SELECT value FROM workspace_meta WHERE key = ?').pluck().get(NAME_KEY);
  return { schemaVersion: version, name: typeof name === 'string' ? name : null };
}

/** How far `checkWorkspaceFile` reads. */
export interface WorkspaceCheckOptions {
  /**
   * Read every page (SQLite's quick_check, about 4 ms per MB). On by default, for files a user hands us
   * (imports, snapshots to restore); a host opening its own workspace folder turns it off, so starting on a
   * workspace of several GB stays quick: the header, page count, migrations and schema are still checked.
   */
  scanPages?: boolean;
}

/**
 * Checks that the file at `path` is a whole workspace this build can open, before anything uses it:
 * SQLite's header (and that the file holds every page it declares), SQLite's quick_check, the migration
 * table (a newer one is 409 WORKSPACE_TOO_NEW), and the tables and columns a workspace of its schema
 * has. Refuses anything else with 422 INVALID_WORKSPACE_FILE naming the problem; `subject` opens the
 * message (e.g. `The snapshot "before-demo"`).
 */
export function checkWorkspaceFile(path: string, subject: string, options: WorkspaceCheckOptions = {}): WorkspaceFileFacts {
  const file = basename(path);
  const st = statSync(path);
  if (!st.isFile()) throw invalidWorkspaceFile(subject, 'it is a folder or a device, not a file', 'file', { file });
  if (st.size === 0) throw invalidWorkspaceFile(subject, 'the file is empty (0 bytes)', 'empty', { file });
  const fromHeader = headerProblem(readHeader(path), st.size);
  if (fromHeader) throw invalidWorkspaceFile(subject, fromHeader.problem, fromHeader.check, { file });
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return checkContents(db, subject, file, options.scanPages ?? true);
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB') throw invalidWorkspaceFile(subject, 'the file is not a SQLite database (its header is damaged)', 'sqlite', { file });
    if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) throw invalidWorkspaceFile(subject, `the file is damaged (${(err as Error).message})`, 'integrity', { file });
    if (isFileContentError(err)) throw invalidWorkspaceFile(subject, `the file cannot be read as a workspace (${err.message})`, 'contents', { file });
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new ServiceError(409, 'WORKSPACE_BUSY', `${subject} is in use by another process that holds it locked; try again once it is closed`, { file });
    }
    throw err;
  } finally {
    db?.close();
  }
}
