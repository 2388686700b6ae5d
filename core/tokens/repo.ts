import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { Permission } from '../api/types';
import type { ApiToken, TokenFilter } from './schema';

/** A token row as stored. */
interface TokenRow {
  id: string;
  name: string;
  secret_hash: string;
  secret_salt: string;
  permissions: string;
  created_at: number;
  updated_at: number;
  last_used_at: number | null;
  deleted_at: number | null;
}

/** A live token with the salted hash its secret is checked against (the hash never leaves this area). */
export interface TokenSecret {
  token: ApiToken;
  secretHash: string;
  secretSalt: string;
}

/** A token to store. */
export interface NewToken {
  id: string;
  name: string;
  secretHash: string;
  secretSalt: string;
  permissions: Permission[];
  atMs: number;
}

/** Maps a stored token to its API form (never including the hash). */
function tokenFromRow(row: TokenRow): ApiToken {
  const t: ApiToken = {
    id: row.id,
    name: row.name,
    clientId: row.id,
    permissions: JSON.parse(row.permissions) as Permission[],
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
  if (row.last_used_at !== null) t.lastUsedAt = isoOf(row.last_used_at);
  return t;
}

/** The SQL of API tokens, prepared once over a workspace's database. */
export function tokenRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO api_tokens (id, name, secret_hash, secret_salt, permissions, created_at, updated_at)
     VALUES (@id, @name, @secret_hash, @secret_salt, @permissions, @created_at, @updated_at)`,
  );
  const findLive = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE id = ? AND deleted_at IS NULL');
  const remove = db.prepare('UPDATE api_tokens SET deleted_at = ?, updated_at = ? WHERE id = ?');
  const countLive = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM api_tokens WHERE deleted_at IS NULL');
  const touch = db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');
  return {
    /** Stores a new token. */
    insert(t: NewToken): void {
      insert.run({
        id: t.id, name: t.name, secret_hash: t.secretHash, secret_salt: t.secretSalt,
        permissions: JSON.stringify(t.permissions), created_at: t.atMs, updated_at: t.atMs,
      });
    },
    /** A live (not deleted) token with its secret's hash. */
    findLive(id: string): TokenSecret | undefined {
      const row = findLive.get(id);
      return row && { token: tokenFromRow(row), secretHash: row.secret_hash, secretSalt: row.secret_salt };
    },
    /** Live tokens, newest first. */
    list(f: Partial<TokenFilter> & { limit: number }): Page<ApiToken> {
      const where = ['deleted_at IS NULL'];
      const params: unknown[] = [];
      const add = (sql: string, v: unknown) => { if (v !== undefined) (where.push(sql), params.push(v)); };
      add('lower(name) = lower(?)', f.name);
      add('created_at >= ?', f.createdAfter && Date.parse(f.createdAfter));
      add('created_at <= ?', f.createdBefore && Date.parse(f.createdBefore));
      add('updated_at >= ?', f.updatedAfter && Date.parse(f.updatedAfter));
      add('updated_at <= ?', f.updatedBefore && Date.parse(f.updatedBefore));
      return selectPage<TokenRow, ApiToken>(db, {
        select: 'SELECT * FROM api_tokens', from: 'FROM api_tokens', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: tokenFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** Marks a token deleted. */
    delete(id: string, atMs: number): void {
      remove.run(atMs, atMs, id);
    },
    /** Number of live tokens. */
    count(): number {
      return countLive.get()!.n;
    },
    /** Records that a token authenticated a call. */
    touch(id: string, atMs: number): void {
      touch.run(atMs, id);
    },
  };
}
