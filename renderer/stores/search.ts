import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { SearchAnswer, SearchHit } from '../../core/console/search';
import { invoke, toConsoleError, type ConsoleError } from '../api/client';

export type { SearchHit };
/** What the search understood of a query (words, amount, days, id). */
export type Understood = SearchAnswer['understood'];

/** Global search: the dialog's open state, the query, its hits and what the search understood of it. */
export const useSearchStore = defineStore('search', () => {
  const open = ref(false);
  const query = ref('');
  const hits = shallowRef<SearchHit[]>([]);
  const understood = shallowRef<Understood | null>(null);
  const loading = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  let generation = 0;

  /** Runs a search; answers to older queries are dropped. */
  async function run(q: string): Promise<void> {
    query.value = q;
    const mine = ++generation;
    if (q.trim() === '') {
      hits.value = [];
      understood.value = null;
      loading.value = false;
      return;
    }
    loading.value = true;
    error.value = null;
    try {
      const answer = await invoke('search/understand', { q: q.trim(), limit: 20 });
      if (mine === generation) (hits.value = answer.hits, understood.value = answer.understood);
    } catch (err) {
      if (mine === generation) error.value = toConsoleError(err);
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Opens the search dialog. */
  function show(): void {
    open.value = true;
  }

  /** Closes the search dialog. */
  function hide(): void {
    open.value = false;
  }

  return { open, query, hits, understood, loading, error, run, show, hide };
});
