import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { createPager } from '../lib/pager';
import type { Delivery, DeliveryDetail } from '../lib/webhooks';

/** The endpoint, key, settings and counts the screen's top shows. */
export type WebhookOverview = HandlerOutput<'webhooks/overview'>;
/** The deliveries list's filters, mirrored in the URL query (an unknown type is refused by the core with a clear error). */
export interface DeliveryFilters {
  type?: string | undefined;
  status?: HandlerInput<'webhooks/list'>['status'];
  resourceId?: string | undefined;
}

/** The list handler's input for these filters. */
function listInput(f: DeliveryFilters, limit: number, cursor?: string): HandlerInput<'webhooks/list'> {
  return { ...f, type: f.type as HandlerInput<'webhooks/list'>['type'], limit, cursor };
}

/** Webhooks: the settings, the filtered deliveries, the open delivery, and the actions on them. */
export const useWebhooksStore = defineStore('webhooks', () => {
  const overview = shallowRef<WebhookOverview | null>(null);
  const filters = ref<DeliveryFilters>({});
  const pageSize = 25;
  const list = createPager<Delivery>((cursor) => invoke('webhooks/list', listInput(filters.value, pageSize, cursor)), (d) => d.id, {
    // The server's order: newest first, ids breaking ties.
    compare: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  });

  /** Loads the endpoint, key and settings. */
  async function loadOverview(): Promise<void> {
    overview.value = await invoke('webhooks/overview', {});
  }

  /** Applies filters and loads the first page. */
  function load(next: DeliveryFilters): Promise<void> {
    filters.value = { ...next };
    return list.reload();
  }

  const detail = shallowRef<DeliveryDetail | null>(null);
  const detailError = shallowRef<ConsoleError | null>(null);
  let detailFor = '';

  /** Loads one delivery with its attempts. */
  async function loadDetail(id: string): Promise<void> {
    detailFor = id;
    if (detail.value?.delivery.id !== id) detail.value = null;
    detailError.value = null;
    try {
      const d = await invoke('webhooks/get', { id });
      if (detailFor === id) detail.value = d;
    } catch (err) {
      if (detailFor === id) detailError.value = toConsoleError(err);
    }
  }

  /** Sets (or with null clears) the platform's endpoint through the API, as an integrator would. */
  async function setEndpoint(url: string | null): Promise<void> {
    await api('PATCH /config', { body: { webhookEndpoint: url } });
    await loadOverview();
  }

  /** Saves the delivery settings (allowed hosts, receiver timeout). */
  async function saveSettings(input: HandlerInput<'webhooks/settings'>): Promise<void> {
    await invoke('webhooks/settings', input);
    await loadOverview();
  }

  /** Sends one delivery again (same envelope id). */
  function replay(id: string) {
    return invoke('webhooks/replay', { id });
  }

  /** Sends every failed delivery again; resolves to how many. */
  async function replayFailed(): Promise<number> {
    return (await invoke('webhooks/replay-failed', {})).replayed;
  }

  /** Sends a TEST event to the endpoint. */
  function sendTest() {
    return invoke('webhooks/send-test', {});
  }

  /** Sends an event type with the data of an existing object. */
  function sendEvent(input: HandlerInput<'webhooks/send-event'>) {
    return invoke('webhooks/send-event', input);
  }

  /** Decides an incoming payment that waits for approval. */
  async function decide(transactionId: string, approve: boolean): Promise<void> {
    if (approve) await invoke('webhooks/approve', { transactionId });
    else await invoke('webhooks/reject', { transactionId });
  }

  /** The listen mode: the local URL webhooks are also forwarded to (null when off) and the receiver's latest answers. */
  function listenState(): Promise<HandlerOutput<'webhooks/listen-state'>> {
    return invoke('webhooks/listen-state', {});
  }

  /** Starts forwarding every webhook, signed, to a local URL, or stops with null (the platform's endpoint is left alone). */
  function listen(url: string | null): Promise<HandlerOutput<'webhooks/listen'>> {
    return invoke('webhooks/listen', { url });
  }

  /**
   * Follows deliveries live: each attempt's start and end is a WEBHOOK.* event; the list's head and
   * the open delivery are read again (coalesced), and the counts with them.
   */
  function subscribe(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onEvent((event) => {
      if (!event.type.startsWith('WEBHOOK.') && event.type !== 'PLATFORM_CONFIG.UPDATED') return;
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 150);
    });
    return () => (clearTimeout(timer), stop());
  }

  async function refresh(): Promise<void> {
    const asOf = list.generation();
    const page = await invoke('webhooks/list', listInput(filters.value, pageSize));
    list.patch(page.data);
    list.syncHead(page, asOf);
    if (detail.value) await loadDetail(detail.value.delivery.id);
    await loadOverview();
  }

  return { overview, filters, ...list, loadOverview, load, detail, detailError, loadDetail, setEndpoint, saveSettings, replay, replayFailed, sendTest, sendEvent, decide, listenState, listen, subscribe, refresh };
});
