import { computed, type ComputedRef } from 'vue';
import { useRoute, useRouter, type LocationQuery } from 'vue-router';
import { cleanQuery } from '../lib/query';

/**
 * Filters that live in the URL query: `filters` is parsed from the route, `apply` writes a new
 * query (replacing the history entry, so Back leaves the screen rather than undoing each keystroke).
 */
export function useRouteFilters<F extends Record<string, string | undefined>>(parse: (q: LocationQuery) => F) {
  const route = useRoute();
  const router = useRouter();
  const filters: ComputedRef<F> = computed(() => parse(route.query));
  /** Replaces the filters in the URL (values are parsed and checked again when read back). */
  function apply(next: Partial<Record<keyof F, string | undefined>>): void {
    void router.replace({ query: cleanQuery({ ...filters.value, ...next }) });
  }
  /** Clears every filter. */
  function clear(): void {
    void router.replace({ query: {} });
  }
  return { filters, apply, clear };
}
