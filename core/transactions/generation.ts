/**
 * How many times the transactions table was written through this workspace's connection. Only
 * `repo.ts` writes the table (test/core/sql-placement.test.ts keeps it so), and it counts every write
 * here, so a total counted at one generation still holds while the generation is unchanged.
 */
export interface WriteGeneration {
  n: number;
}

const generations = new WeakMap<object, WriteGeneration>();

/** The write generation of the transactions table of one database connection. */
export function transactionsGeneration(db: object): WriteGeneration {
  let g = generations.get(db);
  if (!g) generations.set(db, (g = { n: 0 }));
  return g;
}
