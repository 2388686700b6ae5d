// The one check of a workspace file: it knows every schema this build can migrate from (not only the
// latest), derives what it expects from the migrations themselves, and never writes the file it checks.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../core/kernel/db';
import { ServiceError } from '../../core/kernel/errors';
import { MIGRATIONS } from '../../core/kernel/migrations/index';
import { checkWorkspaceFile, expectedSchema } from '../../core/kernel/workspace-check';
import { copyWorkspaceFile } from '../../core/kernel/workspace-file';
import { removeTempDirs, tempDir } from '../support/builders';

afterAll(removeTempDirs);

/** A rollback-journal SQLite file at `path` built by `build` (a workspace file as an export leaves it). */
function fileWith(path: string, build: (db: Database.Database) => void): string {
  const db = new Database(path);
  try {
    build(db);
  } finally {
    db.close();
  }
  return path;
}

/** The refusal `fn` throws. */
function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('no refusal');
}

describe('checkWorkspaceFile', () => {
  it('expects exactly the tables and columns a freshly migrated workspace has', () => {
    const latest = Math.max(...MIGRATIONS.map((m) => m.version));
    const db = openDatabase(join(tempDir(), 'fresh.sqlite'));
    try {
      const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      expect([...expectedSchema(latest).keys()]).toEqual(names);
      expect(expectedSchema(latest).get('workspace_meta')).toEqual(['key', 'value']);
    } finally {
      db.close();
    }
  });

  it('accepts a workspace written by an older build, and only the copy is migrated', () => {
    const older = MIGRATIONS[8]!.version;
    const path = fileWith(join(tempDir(), 'older.sqlite'), (db) => migrate(db, MIGRATIONS.filter((m) => m.version <= older)));
    const digest = createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(checkWorkspaceFile(path, 'The file older.sqlite')).toEqual({ schemaVersion: older, name: null });
    const copy = join(tempDir(), 'copy.sqlite');
    copyWorkspaceFile(path, copy, 'The file older.sqlite');
    expect(checkWorkspaceFile(copy, 'The copy').schemaVersion).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(digest);
  });

  it('refuses a SQLite file without a migration table, or with one that records nothing, as not a workspace', () => {
    const plain = fileWith(join(tempDir(), 'plain.sqlite'), (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)'));
    expect(refusal(() => checkWorkspaceFile(plain, 'The file plain.sqlite'))).toMatchObject({
      status: 422, code: 'INVALID_WORKSPACE_FILE', details: { check: 'migrations' },
      message: 'The file plain.sqlite is not a workspace file this build can open: it is a SQLite database but not a workspace (it has no schema_migrations table)',
    });
    const blank = fileWith(join(tempDir(), 'blank.sqlite'), (db) => migrate(db, []));
    expect(refusal(() => checkWorkspaceFile(blank, 'The file blank.sqlite')).message).toMatch(/records no migration, so it is not a workspace/);
  });

  it('names the table of a workspace of an older schema that lacks a column that schema has', () => {
    const older = MIGRATIONS[2]!.version;
    const path = fileWith(join(tempDir(), 'older-broken.sqlite'), (db) => {
      migrate(db, MIGRATIONS.filter((m) => m.version <= older));
      db.exec('ALTER TABLE workspace_meta RENAME COLUMN value TO contents');
    });
    expect(refusal(() => checkWorkspaceFile(path, 'The file older-broken.sqlite'))).toMatchObject({
      status: 422, details: { check: 'columns', schemaVersion: older, missingColumns: [{ table: 'workspace_meta', column: 'value' }] },
    });
  });
});
