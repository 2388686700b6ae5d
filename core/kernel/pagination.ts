import { z } from 'zod';
import { invalidInput } from './errors';

/** The spec's list envelope. `nextCursor` is present only when `hasMore` is true. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

/** The list envelope's schema around an item schema (for route declarations and the OpenAPI document). */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean().meta({ description: 'Whether another page follows' }),
    nextCursor: z.string().optional().meta({ description: 'Pass as `cursor` to read the next page; present only when hasMore is true' }),
    totalCount: z.number().int().min(0).meta({ description: 'How many items match the filters, over all pages' }),
  }).strict().meta({ id });
}

/** Query parameters shared by every paginated list. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** Position of the last row of a page: its sort key and id (the tie-breaker). */
export interface CursorPosition {
  k: number | string;
  id: string;
}

/** Encodes a keyset position as an opaque cursor. */
export function encodeCursor(pos: CursorPosition): string {
  return Buffer.from(JSON.stringify(pos), 'utf8').toString('base64url');
}

/** Decodes a cursor from a previous response; a tampered or foreign cursor is a 400 naming `cursor`. */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorPosition>;
    if ((typeof v.k === 'number' || typeof v.k === 'string') && typeof v.id === 'string') return { k: v.k, id: v.id };
  } catch {
    // fall through to the error below
  }
  throw invalidInput('cursor', 'is not a cursor returned by this list');
}

/** Options of one keyset-paginated query. */
export interface KeysetQuery {
  /** SQL selecting the rows (without ORDER BY / LIMIT), with `{where}` where extra conditions go. */
  where: string[];
  params: unknown[];
  limit: number;
  cursor?: string;
  order: 'asc' | 'desc';
  /** Columns used as the sort key and tie-breaker, e.g. `created_at` and `id`. */
  keyColumn: string;
  idColumn: string;
}

/**
 * Builds the WHERE/ORDER/LIMIT parts of a keyset page. Fetches one extra row to learn `hasMore`
 * without a second query; `totalCount` is counted separately over the same filters.
 */
export function keysetClause(q: KeysetQuery): { where: string; params: unknown[]; order: string; limit: number } {
  const where = [...q.where];
  const params = [...q.params];
  if (q.cursor) {
    const pos = decodeCursor(q.cursor);
    const op = q.order === 'asc' ? '>' : '<';
    // Why a row value and not `k < ? OR (k = ? AND id < ?)`: SQLite seeks an index straight to a row
    // value, but walked every entry before the cursor for the OR (23 ms instead of 0.2 ms half way
    // through 400,000 filtered transactions).
    where.push(`(${q.keyColumn}, ${q.idColumn}) ${op} (?, ?)`);
    params.push(pos.k, pos.id);
  }
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  return {
    where: where.length ? `WHERE ${where.join(' AND ')}` : '',
    params,
    order: `ORDER BY ${q.keyColumn} ${dir}, ${q.idColumn} ${dir}`,
    limit: q.limit + 1,
  };
}

/** Turns the rows of a keyset query (limit + 1 fetched) into the spec's envelope. */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  totalCount: number,
  map: (row: R) => T,
  position: (row: R) => CursorPosition,
): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const page: Page<T> = { data: pageRows.map(map), hasMore, totalCount };
  const last = pageRows.at(-1);
  if (hasMore && last) page.nextCursor = encodeCursor(position(last));
  return page;
}

/** Everything needed to read one page of a table. */
export interface PagedSelect<R, T> extends KeysetQuery {
  /** `SELECT ... FROM table` (joins allowed), without WHERE. */
  select: string;
  /** `FROM table` (same joins) for the count. */
  from: string;
  map: (row: R) => T;
  position: (row: R) => CursorPosition;
  /** Counts the matches of `SELECT count(*) AS n ...` with its parameters; by default it runs it (a list may answer from a cache). */
  count?: (sql: string, params: unknown[]) => number;
}

/** Runs a keyset page plus its total count over the same filters (cursor excluded from the count). */
export function selectPage<R, T>(
  db: { prepare(sql: string): { all(...p: unknown[]): unknown[]; get(...p: unknown[]): unknown } },
  q: PagedSelect<R, T>,
): Page<T> {
  const c = keysetClause(q);
  const rows = db.prepare(`${q.select} ${c.where} ${c.order} LIMIT ${c.limit}`).all(...c.params) as R[];
  const countWhere = q.where.length ? `WHERE ${q.where.join(' AND ')}` : '';
  const countSql = `SELECT count(*) AS n ${q.from} ${countWhere}`;
  const total = q.count ? q.count(countSql, q.params) : (db.prepare(countSql).get(...q.params) as { n: number }).n;
  return toPage(rows, q.limit, total, q.map, q.position);
}
