/**
 * How many times a table was written through one database connection: a value counted at one
 * generation (a list's total) still holds while the generation is unchanged. The area that owns the
 * table moves it on every write (only its repo writes it: test/core/sql-placement.test.ts), and the
 * kernel moves every table's when a snapshot, restore or reset replaces the contents in place.
 */
export interface WriteGeneration {
  n: number;
}

const generations = new WeakMap<object, Map<string, WriteGeneration>>();

/** The write generation of `table` on one database connection. */
export function tableGeneration(db: object, table: string): WriteGeneration {
  let tables = generations.get(db);
  if (!tables) generations.set(db, (tables = new Map()));
  let g = tables.get(table);
  if (!g) tables.set(table, (g = { n: 0 }));
  return g;
}

/** Moves every table's generation: the connection's contents were replaced underneath the areas. */
export function contentsReplaced(db: object): void {
  for (const g of generations.get(db)?.values() ?? []) g.n++;
}
