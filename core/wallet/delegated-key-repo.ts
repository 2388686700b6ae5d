import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { DelegatedKey } from './delegated-key-schema';

interface KeyRow {
  id: string; account_id: string; public_key: string; nickname: string | null; status: 'ACTIVE' | 'REVOKED';
  expires_at: number | null; created_at: number; updated_at: number; revoked_at: number | null;
}

const fromRow = (r: KeyRow): DelegatedKey => ({
  id: r.id, accountId: r.account_id, publicKey: r.public_key, ...(r.nickname ? { nickname: r.nickname } : {}), status: r.status,
  ...(r.expires_at !== null ? { expiresAt: isoOf(r.expires_at) } : {}), createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});

/** The SQL of delegated keys, prepared once over a workspace's database. */
export function delegatedKeyRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO delegated_keys (id, account_id, public_key, nickname, status, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'ACTIVE', ?, ?, ?)`);
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM delegated_keys WHERE id = ?');
  const live = db.prepare<[string, string], { id: string }>(`SELECT id FROM delegated_keys WHERE account_id = ? AND public_key = ? AND status = 'ACTIVE'`);
  const revoke = db.prepare(`UPDATE delegated_keys SET status = 'REVOKED', revoked_at = ?, updated_at = ? WHERE id = ?`);
  return {
    insert(id: string, accountId: string, publicKey: string, nickname: string | null, expiresAt: number | null, atMs: number): DelegatedKey {
      insert.run(id, accountId, publicKey, nickname, expiresAt, atMs, atMs);
      return fromRow(byId.get(id)!);
    },
    find: (id: string) => { const r = byId.get(id); return r && fromRow(r); },
    liveExists: (accountId: string, publicKey: string) => live.get(accountId, publicKey) !== undefined,
    revoke: (id: string, atMs: number) => void revoke.run(atMs, atMs, id),
    list(f: { accountId: string; status?: string | undefined; limit: number; cursor?: string | undefined }): Page<DelegatedKey> {
      const where = ['account_id = ?'];
      const params: unknown[] = [f.accountId];
      if (f.status) { where.push('status = ?'); params.push(f.status); }
      return selectPage<KeyRow, DelegatedKey>(db, { select: 'SELECT * FROM delegated_keys', from: 'FROM delegated_keys', where, params, limit: f.limit, cursor: f.cursor, order: 'asc', keyColumn: 'created_at', idColumn: 'id', map: fromRow, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
  };
}
