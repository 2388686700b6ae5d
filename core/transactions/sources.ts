import type { z } from 'zod';
import { encodeCursor, type Page } from '../kernel/pagination';
import type { CardTransaction } from './card-schema';
import type { ExplorerFilter, TransactionSummary } from './list-repo';
import type { listTransactionsQuery } from './schema';
import type { TxMatch } from './search-match';

/** The amounts a typed search term may mean (declared with the list SQL); other kinds' searches read amounts the same way. */
export { amountCandidates } from './list-repo';
/** The explorer's filters and the search's hits, shared by every kind. */
export type { ExplorerFilter, TransactionSummary } from './list-repo';

/**
 * Another kind of transaction the lists show beside payments, kept by the area that owns it (card
 * transactions, in the cards area's tables). Its pages follow the same keyset as the payments list
 * (creation time in milliseconds, then id), so one cursor reads both.
 */
export interface TransactionSource {
  /** The API list's filters applied to this kind. */
  list(q: z.infer<typeof listTransactionsQuery>): Page<CardTransaction>;
  /** The console explorer's filters applied to this kind (`q` names ids, customers, merchants, amounts). */
  explore(f: ExplorerFilter): Page<CardTransaction>;
  /** The global search's hits of this kind. */
  search(q: string, limit: number): TransactionSummary[];
  /** The global search's transactions of this kind matching every part of `m` (search-match.ts), at most `m.limit`. */
  match(m: TxMatch): CardTransaction[];
  /** One transaction of this kind by id. */
  find(id: string): CardTransaction | undefined;
}

interface Keyed {
  id: string;
  createdAt: string;
}

/**
 * Merges pages read with the same cursor and limit from several sources into one page: each source
 * returned its first `limit` items after the cursor, so the first `limit` of their union in keyset
 * order are exactly the merged page. Counts add up; the cursor is the last item's position.
 */
export function mergePages<T extends Keyed>(pages: Page<T>[], limit: number, order: 'asc' | 'desc'): Page<T> {
  if (pages.length === 1) return pages[0]!;
  const dir = order === 'asc' ? 1 : -1;
  const key = (t: T) => Date.parse(t.createdAt);
  const all = pages.flatMap((p) => p.data).sort((a, b) => dir * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  const data = all.slice(0, limit);
  const hasMore = all.length > limit || pages.some((p) => p.hasMore);
  const out: Page<T> = { data, hasMore, totalCount: pages.reduce((n, p) => n + p.totalCount, 0) };
  const last = data.at(-1);
  if (hasMore && last) out.nextCursor = encodeCursor({ k: key(last), id: last.id });
  return out;
}
