import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { DomainEvent } from '../../core/index';
import type { ListedTransaction as Transaction } from '../../core/transactions/schema';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { createPager } from '../lib/pager';
import { frameTask, singleFlight } from '../lib/coalesce';
import { matchesSearch, toSearchInput, txView, type TransactionDetail, type TransactionFilters, type TransactionSearch } from '../lib/transactions';

/** The explorer's types, for views (a transaction, its story, the URL filters). */
export type { Transaction, TransactionDetail, TransactionFilters };

/** Page size of the explorer. */
const PAGE_SIZE = 50;

/** True for the events whose payload is a transaction (INCOMING_PAYMENT.*, OUTGOING_PAYMENT.*, CARD_TRANSACTION.*). */
export function isTransactionEvent(event: DomainEvent): boolean {
  return event.resourceType === 'Transaction' && typeof event.payload === 'object' && event.payload !== null && 'status' in event.payload;
}

/**
 * The server's order of the explorer: by creation time, then by id (the keyset's tie-breaker), newest
 * first unless `sortOrder` is `asc`. Negative when `a` comes before `b`.
 */
export function compareTransactions(sortOrder: TransactionSearch['sortOrder']): (a: Transaction, b: Transaction) => number {
  const dir = sortOrder === 'asc' ? 1 : -1;
  return (a, b) => {
    const ta = Date.parse(txView(a).createdAt);
    const tb = Date.parse(txView(b).createdAt);
    if (ta !== tb) return dir * (ta - tb);
    return a.id === b.id ? 0 : dir * (a.id < b.id ? -1 : 1);
  };
}

/** The transaction explorer: the searched list paged by cursor, live row updates, and one transaction's story. */
export const useTransactionsStore = defineStore('transactions', () => {
  const search = ref<TransactionSearch>({ sortOrder: 'desc' });

  const list = createPager<Transaction>(
    (cursor) => invoke('transactions/search', { ...search.value, limit: PAGE_SIZE, cursor }),
    (t) => t.id,
    // Prefetch: someone scrolling the explorer finds the next page there (a million rows page in 2 ms on the server).
    { compare: (a, b) => compareTransactions(search.value.sortOrder)(a, b), prefetch: true },
  );

  /** Applies the URL filters and loads the first page. */
  function load(filters: TransactionFilters): Promise<void> {
    search.value = toSearchInput(filters);
    pending.clear();
    return list.reload();
  }

  const detail = shallowRef<TransactionDetail | null>(null);
  const detailLoading = ref(false);
  const detailError = shallowRef<ConsoleError | null>(null);
  let detailFor = '';

  /** Loads one transaction's story (history, ledger, quote, API calls, events) into the drawer. */
  async function loadDetail(id: string): Promise<void> {
    detailFor = id;
    if (detail.value?.transaction.id !== id) detail.value = null;
    detailLoading.value = true;
    detailError.value = null;
    try {
      const d = await invoke('transactions/detail', { id });
      if (detailFor === id) detail.value = d;
    } catch (err) {
      if (detailFor === id) detailError.value = toConsoleError(err);
    } finally {
      if (detailFor === id) detailLoading.value = false;
    }
  }

  let detailTimer: ReturnType<typeof setTimeout> | undefined;
  /** Live transactions waiting for the next frame: the latest version of each. */
  const pending = new Map<string, Transaction>();
  /** How often live events made the list re-read its first page (bounded per frame and per answer). */
  const liveRefreshes = ref(0);

  /**
   * Re-reads the first page: the server's `totalCount` replaces the count (never guessed from events),
   * and transactions that now lead the list (new ones, or ones that came to match a filter) join it.
   */
  const syncHead = singleFlight(async () => {
    const asOf = list.generation();
    liveRefreshes.value++;
    const page = await invoke('transactions/search', { ...search.value, limit: PAGE_SIZE });
    list.syncHead(page, asOf);
  });

  /** Applies one frame's events: loaded rows change in place, matching ones join in order, the count is re-read once. */
  const flush = frameTask(() => {
    const rows = [...pending.values()];
    pending.clear();
    if (!list.loaded.value || rows.length === 0) return;
    const unseen = list.patch(rows);
    // Only rows inside the loaded range are placed. A filter the renderer cannot check (an account number
    // in the search box) keeps a row out here; the first-page re-read brings it in when it leads the list.
    list.place(unseen.filter((t) => matchesSearch(txView(t), search.value)));
    void syncHead();
  });

  /**
   * Takes one live event. Transaction payloads wait for the next frame, where that frame's events are
   * applied at once; the open story reloads once a burst about it has passed.
   */
  function receive(event: DomainEvent): void {
    const open = detail.value?.transaction.id;
    if (open && (open === event.resourceId || detail.value?.quote?.id === event.resourceId)) {
      clearTimeout(detailTimer);
      // Several events often commit together (a status and its refund): reload the story once.
      detailTimer = setTimeout(() => void loadDetail(open), 150);
    }
    if (!isTransactionEvent(event) || !list.loaded.value) return;
    const tx = event.payload as Transaction;
    pending.set(tx.id, tx);
    flush.schedule();
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function subscribe(): () => void {
    const stop = onEvent(receive);
    return () => {
      clearTimeout(detailTimer);
      flush.cancel();
      pending.clear();
      stop();
    };
  }

  return { search, ...list, load, detail, detailLoading, detailError, loadDetail, receive, subscribe, liveRefreshes };
});
