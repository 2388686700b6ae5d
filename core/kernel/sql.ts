import type { Db } from './db';

/** Inserts a row whose keys are exactly the table's column names (the row types of repo.ts files). */
export function insertRow(db: Db, table: string, row: object): void {
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
}
