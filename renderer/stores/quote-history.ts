import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DomainEvent } from '../../core/index';
import type { Quote } from '../../core/quotes/schema';
import { invoke, onEvent } from '../api/client';
import { createPager } from '../lib/pager';
import { frameTask, singleFlight } from '../lib/coalesce';
import { laterQuote } from '../lib/quotes';
import { compareHistory, historyQueryOf, type QuoteHistoryFilters, type QuoteHistoryItem } from '../lib/quote-history';

/** Page size of the history. */
const PAGE_SIZE = 50;

/**
 * The quotes history: past quotes (the workbench's and integrators') filtered from the URL, paged by
 * cursor with the server's total, and kept current by live quote events.
 */
export const useQuoteHistoryStore = defineStore('quoteHistory', () => {
  const query = ref(historyQueryOf({}));

  const list = createPager<QuoteHistoryItem>(
    (cursor) => invoke('quotes/list', { ...query.value, limit: PAGE_SIZE, cursor }),
    (i) => i.quote.id,
    { compare: compareHistory },
  );

  /** Applies the URL filters and loads the first page. */
  function load(filters: QuoteHistoryFilters): Promise<void> {
    query.value = historyQueryOf(filters);
    pending.clear();
    return list.reload();
  }

  /** Re-reads the first page: new quotes that match join in order, and the count is the server's, never guessed. */
  const syncHead = singleFlight(async () => {
    const asOf = list.generation();
    list.syncHead(await invoke('quotes/list', { ...query.value, limit: PAGE_SIZE }), asOf);
  });

  /** Quote versions heard since the last frame, by id. */
  const pending = new Map<string, Quote>();
  let created = false;
  const flush = frameTask(() => {
    const known = new Map(list.items.value.map((i) => [i.quote.id, i]));
    // A loaded row changes in place (its description, customer and locked amount never change).
    list.patch([...pending.values()].flatMap((q) => {
      const row = known.get(q.id);
      return row ? [{ ...row, quote: laterQuote(row.quote, q) }] : [];
    }));
    pending.clear();
    if (created) void syncHead();
    created = false;
  });

  /** Takes one live event: quote changes wait for the next frame, where they are applied at once. */
  function receive(event: DomainEvent): void {
    if (event.resourceType !== 'Quote' || !list.loaded.value) return;
    pending.set(event.resourceId, event.payload as Quote);
    if (event.type === 'QUOTE.CREATED') created = true;
    flush.schedule();
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function subscribe(): () => void {
    const stop = onEvent(receive);
    return () => {
      flush.cancel();
      pending.clear();
      stop();
    };
  }

  return { query, ...list, load, receive, subscribe };
});
