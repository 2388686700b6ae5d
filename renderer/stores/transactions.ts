import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { DomainEvent } from '../../core/index';
import type { Transaction } from '../../core/transactions/schema';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { createPager } from '../lib/pager';
import { matchesSearch, toSearchInput, txView, type TransactionDetail, type TransactionFilters, type TransactionSearch } from '../lib/transactions';

/** The explorer's types, for views (a transaction, its story, the URL filters). */
export type { Transaction, TransactionDetail, TransactionFilters };

/** Page size of the explorer. */
const PAGE_SIZE = 50;

/** True for the events whose payload is a transaction (INCOMING_PAYMENT.*, OUTGOING_PAYMENT.*). */
export function isTransactionEvent(event: DomainEvent): boolean {
  return event.resourceType === 'Transaction' && typeof event.payload === 'object' && event.payload !== null && 'status' in event.payload;
}

/** The transaction explorer: the searched list paged by cursor, live row updates, and one transaction's story. */
export const useTransactionsStore = defineStore('transactions', () => {
  const search = ref<TransactionSearch>({ sortOrder: 'desc' });

  const list = createPager<Transaction>(
    (cursor) => invoke('transactions/search', { ...search.value, limit: PAGE_SIZE, cursor }),
    (t) => t.id,
  );

  /** Applies the URL filters and loads the first page. */
  function load(filters: TransactionFilters): Promise<void> {
    search.value = toSearchInput(filters);
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

  /**
   * Takes one live event: a shown row is replaced by the event's payload and highlighted; a new
   * transaction that matches the filters appears on top (newest-first lists only); the open story reloads.
   */
  function receive(event: DomainEvent): void {
    const open = detail.value?.transaction.id;
    if (open && (open === event.resourceId || detail.value?.quote?.id === event.resourceId)) {
      clearTimeout(detailTimer);
      // Several events often commit together (a status and its refund): reload the story once.
      detailTimer = setTimeout(() => void loadDetail(open), 150);
    }
    if (!isTransactionEvent(event)) return;
    const tx = event.payload as Transaction;
    if (list.loaded.value && !list.replace(tx) && search.value.sortOrder !== 'asc' && matchesSearch(txView(tx), search.value)) list.prepend([tx]);
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function subscribe(): () => void {
    const stop = onEvent(receive);
    return () => (clearTimeout(detailTimer), stop());
  }

  return { search, ...list, load, detail, detailLoading, detailError, loadDetail, receive, subscribe };
});
