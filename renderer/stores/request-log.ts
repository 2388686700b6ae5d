import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import { invoke, toConsoleError, type ConsoleError } from '../api/client';
import { createPager } from '../lib/pager';

/** One API call as the list shows it. */
export type ApiCallSummary = HandlerOutput<'requestLog/list'>['data'][number];
/** One API call with its redacted headers and bodies. */
export type ApiCallDetail = HandlerOutput<'requestLog/get'>;
/** HTTP methods the log can filter on. */
export const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
/** Status classes the log can filter on. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
/** Who made the call: an integrator over HTTP, or the console. */
export const SOURCES = ['HTTP', 'CONSOLE'] as const;

/** The request log's filters, mirrored in the URL query. */
export type RequestLogFilters = Pick<HandlerInput<'requestLog/list'>, 'method' | 'statusClass' | 'pathContains' | 'resourceId' | 'source'>;

/** The request log: filtered pages of API calls, new calls as they happen, and one call in detail. */
export const useRequestLogStore = defineStore('requestLog', () => {
  const filters = ref<RequestLogFilters>({});
  /** Page size of the list. */
  const pageSize = 50;

  const list = createPager<ApiCallSummary>(
    (cursor) => invoke('requestLog/list', { ...filters.value, limit: pageSize, cursor }),
    (c) => c.id,
  );

  /** Applies filters and loads the first page. */
  function load(next: RequestLogFilters): Promise<void> {
    filters.value = { ...next };
    return list.reload();
  }

  /**
   * Fetches the newest page and prepends the calls not shown yet (calls are not events, so the
   * screen polls). Returns how many were new.
   */
  async function refresh(): Promise<number> {
    if (!list.loaded.value || list.loading.value) return 0;
    const asked = filters.value;
    const page = await invoke('requestLog/list', { ...asked, limit: pageSize });
    if (asked !== filters.value) return 0;
    const newest = list.items.value[0]?.seq ?? 0;
    return list.prepend(page.data.filter((c) => c.seq > newest), page.totalCount);
  }

  const entry = shallowRef<ApiCallDetail | null>(null);
  const entryLoading = ref(false);
  const entryError = shallowRef<ConsoleError | null>(null);
  let entryFor = '';

  /** Loads one call with its headers and bodies. */
  async function loadEntry(id: string): Promise<void> {
    entryFor = id;
    if (entry.value?.id !== id) entry.value = null;
    entryLoading.value = true;
    entryError.value = null;
    try {
      const e = await invoke('requestLog/get', { id });
      if (entryFor === id) entry.value = e;
    } catch (err) {
      if (entryFor === id) entryError.value = toConsoleError(err);
    } finally {
      if (entryFor === id) entryLoading.value = false;
    }
  }

  return { filters, ...list, load, refresh, entry, entryLoading, entryError, loadEntry };
});
