import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { PlatformConfigData } from './schema';

/** The one configuration row of a workspace, as read back. */
export interface StoredConfig {
  id: string;
  /** The stored fields; configurations written before a field existed lack it. */
  data: Partial<PlatformConfigData>;
  createdAt: string;
  updatedAt: string;
}

/** The SQL of the platform configuration (a single row), prepared once over a workspace's database. */
export function platformRepo(db: Db) {
  const insert = db.prepare('INSERT INTO platform_config (id, singleton, data, created_at, updated_at) VALUES (?, 1, ?, ?, ?)');
  const get = db.prepare<[], { id: string; data: string; created_at: number; updated_at: number }>(
    'SELECT id, data, created_at, updated_at FROM platform_config WHERE singleton = 1',
  );
  const update = db.prepare('UPDATE platform_config SET data = ?, updated_at = ? WHERE singleton = 1');
  return {
    /** Stores the configuration of a new workspace. */
    insert(id: string, data: PlatformConfigData, atMs: number): void {
      insert.run(id, JSON.stringify(data), atMs, atMs);
    },
    /** The configuration, or undefined before the workspace was seeded. */
    get(): StoredConfig | undefined {
      const row = get.get();
      return row && { id: row.id, data: JSON.parse(row.data) as Partial<PlatformConfigData>, createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) };
    },
    /** Replaces the stored fields. */
    update(data: PlatformConfigData, atMs: number): void {
      update.run(JSON.stringify(data), atMs);
    },
  };
}
