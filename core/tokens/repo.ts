import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { Permission } from '../api/types';
import type { ApiToken } from './schema';

/** A token row as stored. */
export interface TokenRow {
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

/** Maps a stored token to its API form (never including the hash). */
export function tokenFromRow(row: TokenRow): ApiToken {
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

/** Inserts a token row. */
export function insertToken(db: Db, row: Omit<TokenRow, 'last_used_at' | 'deleted_at'>): void {
  db.prepare(
    `INSERT INTO api_tokens (id, name, secret_hash, secret_salt, permissions, created_at, updated_at)
     VALUES (@id, @name, @secret_hash, @secret_salt, @permissions, @created_at, @updated_at)`,
  ).run(row);
}

/** A live (not deleted) token by id. */
export function findLiveToken(db: Db, id: string): TokenRow | undefined {
  return db.prepare('SELECT * FROM api_tokens WHERE id = ? AND deleted_at IS NULL').get(id) as TokenRow | undefined;
}
