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
  /** Appends the next page using the last cursor, skipping rows already shown. */
  loadMore(): Promise<void>;
  /** Adds rows that appeared since (newest first), skipping ones already shown; returns how many were new. */
  prepend(rows: T[], totalCount?: number): number;
  /** Swaps a shown row for a newer version of it (a live event) and highlights it; false when it is not shown. */
  replace(row: T): boolean;
  /** Swaps every shown row of `rows` in place at once and highlights them; returns the rows that are not shown. */
  patch(rows: T[]): T[];
  /**
   * Inserts rows that belong in the loaded part of the list at their place in the server's order
   * (needs `compare`): a row sorting before the last loaded one, or any row once every page is loaded.
   * The caller vouches that the rows match the list's filters. Returns how many were inserted.
   */
  place(rows: T[]): number;
  /**
   * Takes a fresh first page from the server: its `totalCount` becomes the total, and its rows not shown
   * yet are placed. When it shares no row with the list, rows may be missing between them, so the list
   * starts again from that page. Returns false when a reload started meanwhile made the page stale.
   */
  syncHead(page: PageOf<T>, asOf: number): boolean;
  /** The reload generation now; pass it to `syncHead` with the page asked for at that moment. */
  generation(): number;
}

/** A page asked for ahead of Load more, for one cursor of one reload generation, and its rows once they arrive. */
interface Ahead<T> {
  cursor: string;
  generation: number;
  page: Promise<PageOf<T>>;
  arrived?: PageOf<T>;
}

/** How long a newly arrived or changed row stays highlighted (the CSS fade in App.vue lasts as long). */
export const FRESH_MS = 2500;

/** Options of `createPager`. */
export interface PagerOptions<T> {
  /** The server's sort order (negative when `a` comes before `b`); `place` and `syncHead` need it. */
  compare?: (a: T, b: T) => number;
  /**
   * Asks for the next page as soon as a page arrives, so Load more (or scrolling to the end) shows it
   * without a round trip. A live change to the list drops the page asked ahead; Load more then asks
   * for it itself.
   */
  prefetch?: boolean;
}

/**
 * A cursor pager over `fetchPage(cursor)`. It keeps `nextCursor` from the last page and asks for the
 * next one; a generation counter drops answers to requests made before the latest reload.
 */
export function createPager<T>(fetchPage: (cursor: string | undefined) => Promise<PageOf<T>>, keyOf: (row: T) => string, options: PagerOptions<T> = {}): Pager<T> {
  const items = shallowRef<T[]>([]);
  const total = ref(0);
  const hasMore = ref(false);
  const loading = ref(false);
  const loaded = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  const fresh = shallowRef(new Set<string>());
  let cursor: string | undefined;
  /** The cursor the last page was read with: read again when the total says rows were added after it. */
  let lastPageCursor: string | undefined;
  let generation = 0;
  /** The next page, asked for ahead of Load more (options.prefetch), for one cursor of one generation. */
  let ahead: Ahead<T> | undefined;

  function askAhead(): void {
    ahead = undefined;
    if (!options.prefetch || !hasMore.value || cursor === undefined) return;
    const entry: Ahead<T> = { cursor, generation, page: fetchPage(cursor) };
    // A failure surfaces when Load more uses the page (it asks again then).
    entry.page.then((p) => (entry.arrived = p), () => undefined);
    ahead = entry;
  }

  /** The page asked ahead, when it is the one wanted now. */
  function takeAhead(asked: string | undefined, mine: number): Ahead<T> | undefined {
    const a = ahead;
    ahead = undefined;
    return a && asked !== undefined && a.cursor === asked && a.generation === mine ? a : undefined;
  }

  async function fetchInto(reset: boolean): Promise<void> {
    const mine = reset ? ++generation : generation;
    const asked = reset ? undefined : cursor;
    loading.value = true;
    error.value = null;
    try {
      // Why no await when the page is already here: the rows then join the same render as the scroll
      // that asked for them, instead of a second render a moment later.
      const a = reset ? undefined : takeAhead(asked, mine);
      const page = a?.arrived ?? (a ? await a.page.catch(() => fetchPage(asked)) : await fetchPage(asked));
      if (mine !== generation) return;
      if (reset) items.value = page.data;
      else {
        // Why: live inserts (and offset-like cursors) can shift rows into the next page; a row is never shown twice.
        const shown = new Set(items.value.map(keyOf));
        items.value = [...items.value, ...page.data.filter((r) => !shown.has(keyOf(r)))];
      }
      total.value = page.totalCount;
      hasMore.value = page.hasMore;
      lastPageCursor = asked;
      cursor = page.nextCursor;
      loaded.value = true;
      askAhead();
    } catch (err) {
      if (mine === generation) error.value = toConsoleError(err);
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  function markFresh(ids: string[]): void {
    if (ids.length === 0) return;
    fresh.value = new Set([...fresh.value, ...ids]);
    setTimeout(() => {
      const next = new Set(fresh.value);
      for (const id of ids) next.delete(id);
      fresh.value = next;
    }, FRESH_MS);
  }

  function prepend(rows: T[], totalCount?: number): number {
    ahead = undefined;
    const known = new Set(items.value.map(keyOf));
    const added = rows.filter((r) => !known.has(keyOf(r)));
    if (totalCount !== undefined) total.value = totalCount;
    else total.value += added.length;
    if (added.length === 0) return 0;
    items.value = [...added, ...items.value];
    markFresh(added.map(keyOf));
    return added.length;
  }

  function patch(rows: T[]): T[] {
    ahead = undefined;
    const index = new Map(items.value.map((r, i) => [keyOf(r), i]));
    const next = [...items.value];
    const changed: string[] = [];
    const unseen: T[] = [];
    for (const row of rows) {
      const i = index.get(keyOf(row));
      if (i === undefined) unseen.push(row);
      else (next[i] = row), changed.push(keyOf(row));
    }
    if (changed.length) (items.value = next), markFresh(changed);
    return unseen;
  }

  function place(rows: T[]): number {
    ahead = undefined;
    const compare = options.compare;
    if (!compare) throw new Error('place() needs the list order (createPager options.compare)');
    const shown = new Set(items.value.map(keyOf));
    const last = items.value.at(-1);
    // Rows after the last loaded one arrive with Load more; inserting them now would break the order.
    const belongs = (r: T) => !shown.has(keyOf(r)) && (!hasMore.value || (last !== undefined && compare(r, last) < 0));
    const added = [...new Map(rows.filter(belongs).map((r) => [keyOf(r), r])).values()];
    if (added.length === 0) return 0;
    items.value = [...items.value, ...added].sort(compare);
    markFresh(added.map(keyOf));
    return added.length;
  }

  function syncHead(page: PageOf<T>, asOf: number): boolean {
    if (asOf !== generation || !loaded.value) return false;
    ahead = undefined;
    total.value = page.totalCount;
    const shown = new Set(items.value.map(keyOf));
    if (items.value.length > 0 && page.data.length > 0 && !page.data.some((r) => shown.has(keyOf(r)))) {
      // More rows arrived on top than one page holds (or every shown row left the filters): the rows
      // between this page and the list are unknown, so the list restarts from the server's first page.
      generation++;
      items.value = page.data;
      hasMore.value = page.hasMore;
      cursor = page.nextCursor;
      lastPageCursor = undefined;
      loading.value = false;
      markFresh(page.data.map(keyOf));
      return true;
    }
    place(page.data);
    // All pages were read, yet the server counts more: rows were added after the last one (an
    // oldest-first list). Offer Load more, which reads the last page again and keeps only new rows.
    if (!hasMore.value && total.value > items.value.length) {
      hasMore.value = true;
      cursor = lastPageCursor;
    }
    return true;
  }

  return {
    items, total, hasMore, loading, loaded, error, fresh, prepend, patch, place, syncHead,
    replace: (row) => patch([row]).length === 0,
    generation: () => generation,
    reload: () => fetchInto(true),
    loadMore: () => (hasMore.value && !loading.value ? fetchInto(false) : Promise.resolve()),
  };
}
