import { ref, shallowRef, type Ref } from 'vue';
import { toConsoleError, type ConsoleError } from '../api/client';

/** One page of a keyset-paginated list, as every list handler and the API return it. */
export interface PageOf<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

/** Reactive state and actions of a cursor-paged list. */
export interface Pager<T> {
  items: Ref<T[]>;
  total: Ref<number>;
  hasMore: Ref<boolean>;
  loading: Ref<boolean>;
  loaded: Ref<boolean>;
  error: Ref<ConsoleError | null>;
  /** Ids of rows added by `prepend` or changed by `replace` in the last moments (to highlight them). */
  fresh: Ref<Set<string>>;
  /** Loads the first page again (after a filter change); older in-flight answers are ignored. */
  reload(): Promise<void>;
  /** Appends the next page using the last cursor. */
  loadMore(): Promise<void>;
  /** Adds rows that appeared since (newest first), skipping ones already shown; returns how many were new. */
  prepend(rows: T[], totalCount?: number): number;
  /** Swaps a shown row for a newer version of it (a live event) and highlights it; false when it is not shown. */
  replace(row: T): boolean;
}

/** How long a newly arrived row stays highlighted. */
export const FRESH_MS = 2500;

/**
 * A cursor pager over `fetchPage(cursor)`. It keeps `nextCursor` from the last page and asks for the
 * next one; a generation counter drops answers to requests made before the latest reload.
 */
export function createPager<T>(fetchPage: (cursor: string | undefined) => Promise<PageOf<T>>, keyOf: (row: T) => string): Pager<T> {
  const items = shallowRef<T[]>([]);
  const total = ref(0);
  const hasMore = ref(false);
  const loading = ref(false);
  const loaded = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  const fresh = shallowRef(new Set<string>());
  let cursor: string | undefined;
  let generation = 0;

  async function fetchInto(reset: boolean): Promise<void> {
    const mine = reset ? ++generation : generation;
    loading.value = true;
    error.value = null;
    try {
      const page = await fetchPage(reset ? undefined : cursor);
      if (mine !== generation) return;
      items.value = reset ? page.data : [...items.value, ...page.data.filter((r) => !items.value.some((x) => keyOf(x) === keyOf(r)))];
      total.value = page.totalCount;
      hasMore.value = page.hasMore;
      cursor = page.nextCursor;
      loaded.value = true;
    } catch (err) {
      if (mine === generation) error.value = toConsoleError(err);
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  function markFresh(ids: string[]): void {
    fresh.value = new Set([...fresh.value, ...ids]);
    setTimeout(() => {
      const next = new Set(fresh.value);
      for (const id of ids) next.delete(id);
      fresh.value = next;
    }, FRESH_MS);
  }

  function prepend(rows: T[], totalCount?: number): number {
    const known = new Set(items.value.map(keyOf));
    const added = rows.filter((r) => !known.has(keyOf(r)));
    if (totalCount !== undefined) total.value = totalCount;
    else total.value += added.length;
    if (added.length === 0) return 0;
    items.value = [...added, ...items.value];
    markFresh(added.map(keyOf));
    return added.length;
  }

  function replace(row: T): boolean {
    const key = keyOf(row);
    const index = items.value.findIndex((r) => keyOf(r) === key);
    if (index < 0) return false;
    const next = [...items.value];
    next[index] = row;
    items.value = next;
    markFresh([key]);
    return true;
  }

  return {
    items, total, hasMore, loading, loaded, error, fresh, prepend, replace,
    reload: () => fetchInto(true),
    loadMore: () => (hasMore.value && !loading.value ? fetchInto(false) : Promise.resolve()),
  };
}
