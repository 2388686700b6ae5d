import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DomainEvent } from '../../core/index';
import { invoke, onEvent } from '../api/client';
import { createPager } from '../lib/pager';
import { frameTask } from '../lib/coalesce';

/** The event log's filters, mirrored in the URL query. */
export interface EventFilters {
  type?: string | undefined;
  resourceId?: string | undefined;
}

/** One event type with how many events of it exist. */
export interface EventTypeCount {
  type: string;
  count: number;
}

/** True when an event passes the filters (used for events arriving live). */
export function eventMatches(event: DomainEvent, f: EventFilters): boolean {
  return (!f.type || event.type === f.type) && (!f.resourceId || event.resourceId === f.resourceId);
}

/** The event log: filtered pages of domain events, with new ones prepended as they are committed. */
export const useEventsStore = defineStore('events', () => {
  const filters = ref<EventFilters>({});
  const types = ref<EventTypeCount[]>([]);

  const list = createPager<DomainEvent>(
    (cursor) => invoke('events/list', { ...filters.value, limit: 50, cursor }),
    (e) => e.id,
  );

  /** Applies filters and loads the first page. */
  function load(next: EventFilters): Promise<void> {
    filters.value = { ...next };
    pending = [];
    return list.reload();
  }

  /** Loads the known event types for the type filter. */
  async function loadTypes(): Promise<void> {
    types.value = await invoke('events/types', {});
  }

  /** Matching events waiting for the next frame, oldest first. */
  let pending: DomainEvent[] = [];
  /** A clock advance commits thousands of events at once: the list takes them in one update per frame. */
  const flush = frameTask(() => {
    const batch = pending;
    pending = [];
    if (list.loaded.value && batch.length) list.prepend(batch.reverse());
  });

  /** Takes one live event: shown at the top (with the next frame's others) when it matches the filters. */
  function receive(event: DomainEvent): void {
    // Progress notices (a scenario run's steps) are not events of the workspace: the log never stores them.
    if (event.transient) return;
    if (!types.value.some((t) => t.type === event.type)) types.value = [...types.value, { type: event.type, count: 0 }].sort((a, b) => a.type.localeCompare(b.type));
    if (list.loaded.value && eventMatches(event, filters.value)) (pending.push(event), flush.schedule());
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function subscribe(): () => void {
    const stop = onEvent(receive);
    return () => (flush.cancel(), (pending = []), stop());
  }

  return { filters, types, ...list, load, loadTypes, receive, subscribe };
});
