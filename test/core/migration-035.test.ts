// Migration 035 rebuilds `transactions` (and its history) to admit PENDING_AUTHORIZATION: a workspace
// written before it must come through with every row, its history, its full-text search and its counts.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../core/kernel/migrations/index';
import { openDatabase } from '../../core/kernel/db';
import { removeTempDirs, tempDir } from '../support/builders';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const c of opened.splice(0).reverse()) c.close();
});
afterAll(removeTempDirs);

describe('migration 035 (transactions await authorization)', () => {
  it('keeps the rows, history, search and counts of an older workspace, and then stores PENDING_AUTHORIZATION', () => {
    const dbPath = join(tempDir(), 'before-035.sqlite');
    const old = openDatabase(dbPath, MIGRATIONS.filter((m) => m.version < 35));
    const insert = old.prepare(`INSERT INTO transactions (id, type, status, direction, kind, receiving_currency, funds, data, created_at, updated_at, description, agent_id)
      VALUES (?, 'OUTGOING', ?, 'DEBIT', 'TRANSFER_OUT', 'USD', '{}', '{}', ?, ?, ?, ?)`);
    insert.run('Transaction:a', 'COMPLETED', 1, 1, 'rent for march', null);
    insert.run('Transaction:b', 'PENDING', 2, 2, 'school fees', 'Agent:x');
    old.prepare("INSERT INTO transaction_history (transaction_id, status, cause, at) VALUES ('Transaction:a', 'PENDING', 'CREATED', 1), ('Transaction:a', 'COMPLETED', 'DELIVERED', 2)").run();
    expect(() => old.prepare("UPDATE transactions SET status = 'PENDING_AUTHORIZATION' WHERE id = 'Transaction:b'").run()).toThrow(/CHECK/);
    const indexesBefore = (old.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN ('transactions', 'transaction_history') ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    old.close();

    // Up to 035 only: later migrations may change indexes of their own (038 re-keys the amount indexes).
    const db = openDatabase(dbPath, MIGRATIONS.filter((m) => m.version <= 35));
    opened.push(db);
    expect(db.prepare('SELECT id, status, description, agent_id FROM transactions ORDER BY id').all()).toEqual([
      { id: 'Transaction:a', status: 'COMPLETED', description: 'rent for march', agent_id: null },
      { id: 'Transaction:b', status: 'PENDING', description: 'school fees', agent_id: 'Agent:x' },
    ]);
    expect(db.prepare("SELECT status, cause FROM transaction_history WHERE transaction_id = 'Transaction:a' ORDER BY seq").all())
      .toEqual([{ status: 'PENDING', cause: 'CREATED' }, { status: 'COMPLETED', cause: 'DELIVERED' }]);
    const search = (words: string) => db.prepare('SELECT t.id FROM transactions_text JOIN transactions t ON t.rowid = transactions_text.rowid WHERE transactions_text MATCH ?').all(words);
    expect(search('school')).toEqual([{ id: 'Transaction:b' }]);

    db.prepare("UPDATE transactions SET status = 'PENDING_AUTHORIZATION' WHERE id = 'Transaction:b'").run();
    expect(db.prepare("SELECT status, n FROM transaction_counts WHERE type = 'OUTGOING' AND n > 0 ORDER BY status").all())
      .toEqual([{ status: 'COMPLETED', n: 1 }, { status: 'PENDING_AUTHORIZATION', n: 1 }]);
    db.prepare("UPDATE transactions SET description = 'tuition' WHERE id = 'Transaction:b'").run();
    expect(search('school')).toEqual([]);
    expect(search('tuition')).toEqual([{ id: 'Transaction:b' }]);
    expect(() => db.prepare("UPDATE transactions SET status = 'AUTHORIZED' WHERE id = 'Transaction:b'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO transaction_history (transaction_id, status, cause, at) VALUES ('Transaction:nope', 'PENDING', 'X', 3)").run()).toThrow(/FOREIGN KEY/);
    expect((db.pragma('foreign_key_list(transaction_history)') as { table: string }[]).map((f) => f.table)).toEqual(['transactions']);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // Every index the older table had is there again (same names), so no query plan gets worse.
    const indexes = (d: typeof db) => (d.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN ('transactions', 'transaction_history') ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(indexes(db)).toEqual(indexesBefore);
  });
});
