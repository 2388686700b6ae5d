import { defineStore } from 'pinia';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import { invoke } from '../api/client';

/** The events one API call caused, each with its webhook deliveries. */
export type CausedEvents = HandlerOutput<'requestLog/caused'>;
/** The filters an export takes (the list's, without paging). */
export type HarFilters = Omit<HandlerInput<'requestLog/har'>, 'limit'>;

/** What connects the request log to the rest: the events a call caused, and the log as a HAR file. */
export const useRequestLogLinksStore = defineStore('requestLogLinks', () => {
  /** The events (and their deliveries) a call caused. */
  function caused(id: string): Promise<CausedEvents> {
    return invoke('requestLog/caused', { id });
  }
  /** The calls matching the filters as HAR 1.2 text (at most 5,000, the newest), ready to save. */
  async function har(filters: HarFilters): Promise<{ text: string; count: number }> {
    const doc = await invoke('requestLog/har', { ...filters, limit: 5_000 });
    return { text: JSON.stringify(doc, null, 2), count: doc.log.entries.length };
  }
  return { caused, har };
});
