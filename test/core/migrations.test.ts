import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/index';
import { ServiceError } from '../../core/kernel/errors';
import { MIGRATIONS } from '../../core/kernel/migrations/index';
import { migrate, openDatabase, schemaVersion } from '../../core/kernel/db';
import { checkWorkspaceFile } from '../../core/kernel/workspace-check';
import { removeTempDirs, tempDir } from '../support/builders';
import { FROZEN_AT } from '../support/api-client';

interface MigrationRow { version: number; name: string; applied_at: string }

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const c of opened.splice(0).reverse()) c.close();
});
afterAll(removeTempDirs);

function open(dbPath: string): Core {
  const core = createCore({ dbPath, clock: { mode: 'FROZEN', frozenAt: FROZEN_AT } });
  opened.push(core);
  return core;
}

function migrationRows(core: Core): MigrationRow[] {
  return core.services.ctx.db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as MigrationRow[];
}

describe('schema migrations', () => {
  it('apply every known migration to an empty database and record each in schema_migrations', () => {
    const db = openDatabase(join(tempDir(), 'empty.sqlite'));
    opened.push(db);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    for (const t of ['jobs', 'events', 'request_log', 'idempotency_keys', 'customers', 'internal_accounts', 'external_accounts', 'ledger_entries']) {
      expect(tables).toContain(t);
    }
  });

  it('are not applied again when the same workspace file is reopened', () => {
    const dbPath = join(tempDir(), 'workspace.sqlite');
    const first = open(dbPath);
    const before = migrationRows(first);
    expect(before.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    first.close();
    opened.pop();

    const again = open(dbPath);
    expect(migrationRows(again)).toEqual(before);
    expect(again.workspace.created).toBe(false);
    // The seeded data is still there exactly once: reopening neither re-migrates nor re-seeds.
    expect(again.services.customers.count()).toBe(3);
  });

  it('apply a migration numbered below the newest one a workspace has (two changes landing out of turn), and the file check accepts the workspace before it', () => {
    const dbPath = join(tempDir(), 'out-of-turn.sqlite');
    const skipped = MIGRATIONS.find((m) => m.name === 'stablecoin-contract-shapes')!;
    expect(skipped.version).toBeLessThan(MIGRATIONS.at(-1)!.version);
    const early = new Database(dbPath);
    migrate(early, MIGRATIONS.filter((m) => m !== skipped));
    const columns = () => (early.prepare("SELECT name FROM pragma_table_info('stablecoins')").pluck().all() as string[]);
    expect(columns()).not.toContain('issuance_status');
    early.close();
    // A workspace that records every migration but one is whole for what it records: not refused as damaged.
    expect(checkWorkspaceFile(dbPath, 'The workspace').schemaVersion).toBe(MIGRATIONS.at(-1)!.version);

    const core = open(dbPath);
    expect(migrationRows(core).map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const now = core.services.ctx.db.prepare("SELECT name FROM pragma_table_info('stablecoins')").pluck().all() as string[];
    expect(now).toContain('issuance_status');
  });

  it('fill the kept transaction counts (023) from the rows of a workspace written before it, and keep them from then on', () => {
    const dbPath = join(tempDir(), 'before-counts.sqlite');
    const old = openDatabase(dbPath, MIGRATIONS.filter((m) => m.version < 23));
    const insert = old.prepare(`INSERT INTO transactions (id, type, status, direction, kind, receiving_currency, funds, data, created_at, updated_at)
      VALUES (?, ?, ?, 'DEBIT', 'TRANSFER_OUT', 'USD', '{}', '{}', ?, ?)`);
    const rows: [string, string][] = [['OUTGOING', 'COMPLETED'], ['OUTGOING', 'COMPLETED'], ['OUTGOING', 'FAILED'], ['INCOMING', 'COMPLETED']];
    rows.forEach(([type, status], i) => insert.run(`Transaction:${i}`, type, status, i, i));
    old.close();

    const db = openDatabase(dbPath);
    opened.push(db);
    const kept = () => db.prepare('SELECT status, type, n FROM transaction_counts WHERE n > 0 ORDER BY status, type').all();
    expect(kept()).toEqual([
      { status: 'COMPLETED', type: 'INCOMING', n: 1 }, { status: 'COMPLETED', type: 'OUTGOING', n: 2 }, { status: 'FAILED', type: 'OUTGOING', n: 1 },
    ]);
    db.prepare("UPDATE transactions SET status = 'REFUNDED' WHERE id = 'Transaction:0'").run();
    db.prepare("DELETE FROM transactions WHERE id = 'Transaction:3'").run();
    db.prepare("UPDATE transactions SET updated_at = 99 WHERE id = 'Transaction:1'").run(); // no status change: no move
    expect(kept()).toEqual([
      { status: 'COMPLETED', type: 'OUTGOING', n: 1 }, { status: 'FAILED', type: 'OUTGOING', n: 1 }, { status: 'REFUNDED', type: 'OUTGOING', n: 1 },
    ]);
  });

  it('refuse a workspace whose schema_migrations holds a version newer than the code with WORKSPACE_TOO_NEW', () => {
    const dbPath = join(tempDir(), 'workspace.sqlite');
    open(dbPath).close();
    opened.pop();
    const raw = new Database(dbPath);
    raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, ?)').run('from-the-future', FROZEN_AT);
    raw.close();

    let caught: unknown;
    try {
      open(dbPath);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect((caught as ServiceError).code).toBe('WORKSPACE_TOO_NEW');
    expect((caught as ServiceError).details).toMatchObject({ schemaVersion: 999, supportedVersion: MIGRATIONS.at(-1)!.version });

    // The refusal left the file untouched and closed: removing the future row makes it open normally.
    const fix = new Database(dbPath);
    expect((fix.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n).toBe(3);
    fix.prepare('DELETE FROM schema_migrations WHERE version = 999').run();
    fix.close();
    expect(open(dbPath).services.customers.count()).toBe(3);
  });
});

describe('database connection settings', () => {
  it('open the workspace in WAL journal mode', () => {
    const core = open(join(tempDir(), 'workspace.sqlite'));
    expect(core.services.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('enforce foreign keys, so an internal account cannot point at a missing customer', () => {
    const core = open(join(tempDir(), 'workspace.sqlite'));
    const db = core.services.ctx.db;
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() =>
      db.prepare(
        `INSERT INTO internal_accounts (id, customer_id, type, currency, status, reference, created_at, updated_at)
         VALUES ('InternalAccount:x', 'Customer:missing', 'INTERNAL_FIAT', 'USD', 'ACTIVE', 'FUND-X', 0, 0)`,
      ).run(),
    ).toThrow(/FOREIGN KEY/);
  });
});
