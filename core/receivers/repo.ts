import type { Db } from '../kernel/db';
import type { LookupResult } from './schema';

/** A stored lookup: what it was for, and the answer a quote may rely on until it expires. */
export interface StoredLookup {
  kind: string;
  target: string;
  response: LookupResult;
  expiresAt: number;
}

/** The SQL of receiver lookups, prepared once over a workspace's database. */
export function lookupRepo(db: Db) {
  const insert = db.prepare('INSERT INTO lookups (id, kind, target, customer_id, response, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const find = db.prepare<[string], { kind: string; target: string; response: string; expires_at: number }>(
    'SELECT kind, target, response, expires_at FROM lookups WHERE id = ?',
  );
  return {
    /** Stores a lookup's answer under its id. */
    insert(id: string, l: StoredLookup & { customerId: string | null; atMs: number }): void {
      insert.run(id, l.kind, l.target, l.customerId, JSON.stringify(l.response), l.atMs, l.expiresAt);
    },
    /** A lookup by id, expired or not. */
    find(id: string): StoredLookup | undefined {
      const row = find.get(id);
      return row && { kind: row.kind, target: row.target, response: JSON.parse(row.response) as LookupResult, expiresAt: row.expires_at };
    },
  };
}
