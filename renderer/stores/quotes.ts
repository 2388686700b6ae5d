import { defineStore } from 'pinia';
import { reactive, ref, shallowRef } from 'vue';
import type { DomainEvent } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { Currency } from '../../core/kernel/money';
import type { Quote } from '../../core/quotes/schema';
import type { ListedTransaction, Transaction } from '../../core/transactions/schema';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { laterQuote, type CreateQuoteBody, type LookupResult, type QuoteFormValues, type QuoteOptions, type QuoteResource } from '../lib/quotes';
import { useWorkspaceStore } from './workspace';

/** How many recent events are kept, so events that beat the `POST /quotes` answer still reach the timeline. */
const RECENT_EVENTS = 200;

/** A receiver lookup with the workspace time it was made (lookups expire after 15 minutes of workspace time). */
export interface HeldLookup {
  address: string;
  result: LookupResult;
  atMs: number;
}

/** The quote workbench: what can be quoted, the current quote, and its outcome as it happens. */
export const useQuotesStore = defineStore('quotes', () => {
  const workspace = useWorkspaceStore();
  const options = shallowRef<QuoteOptions | null>(null);
  const customers = shallowRef(new Map<string, Customer>());
  /** Currencies by code, with their decimals (from account balances, lookups and, on demand, the rates API). */
  const currencies = shallowRef(new Map<string, Currency>());
  const optionsError = shallowRef<ConsoleError | null>(null);
  /** The form as last filled, kept while the developer looks elsewhere (the Transactions drawer, the request log). */
  const draft = reactive<QuoteFormValues>({
    source: null, realtimeCurrency: null, cryptoNetwork: null, destination: null, lockedSide: 'SENDING', amount: '', description: '', payerData: {},
  });

  function learn(list: readonly Currency[]): void {
    const next = new Map(currencies.value);
    for (const c of list) next.set(c.code, c);
    currencies.value = next;
  }

  /** Loads sources, destinations, UMA recipients and the customers who own them. */
  async function loadOptions(): Promise<void> {
    optionsError.value = null;
    try {
      const [o, people] = await Promise.all([invoke('quotes/options', {}), invoke('customers/list', { limit: 100 })]);
      customers.value = new Map(people.data.map((c) => [c.id, c]));
      learn(o.sources.map((s) => s.balance.currency));
      options.value = o;
    } catch (err) {
      optionsError.value = toConsoleError(err);
    }
  }

  /** Makes sure the decimals of a currency are known (asks `GET /exchange-rates` once for an unseen code). */
  async function ensureCurrency(code: string): Promise<void> {
    if (currencies.value.has(code)) return;
    const other = code === 'USD' ? 'EUR' : 'USD';
    const rates = await api('GET /exchange-rates', { query: { sourceCurrency: code, destinationCurrency: [other] } });
    learn(rates.data.flatMap((r) => [r.sourceCurrency, r.destinationCurrency]));
  }

  const lookup = shallowRef<HeldLookup | null>(null);
  /** The last receiver lookup the API refused (e.g. 412 UNSUPPORTED_UMA_VERSION), so the form can say so where it matters. */
  const lookupRefusal = shallowRef<{ address: string; error: ConsoleError } | null>(null);

  /** Looks a UMA receiver up (`GET /receiver/uma/{address}`) to learn its lookupId and required payer data. */
  async function lookupUma(address: string, senderCurrency?: string): Promise<LookupResult> {
    try {
      const result = await api('GET /receiver/uma/{receiverUmaAddress}', { params: { receiverUmaAddress: address }, query: { senderCurrency } });
      learn(result.supportedCurrencies.map((c) => c.currency));
      lookup.value = { address, result, atMs: workspace.nowMs() };
      if (lookupRefusal.value?.address === address) lookupRefusal.value = null;
      return result;
    } catch (err) {
      const error = toConsoleError(err);
      if (error.status >= 400 && error.status < 500) lookupRefusal.value = { address, error };
      throw error;
    }
  }

  const quote = shallowRef<QuoteResource | null>(null);
  /** The status of the quote's transaction, from the latest event about it. */
  const transactionStatus = ref<string | null>(null);
  /** Events about the current quote and its transaction, oldest first. */
  const timeline = shallowRef<DomainEvent[]>([]);
  let recent: DomainEvent[] = [];
  let txUpdatedAt = 0;

  const concerns = (e: DomainEvent, q: QuoteResource) => e.resourceId === q.id || e.resourceId === q.transactionId;

  function take(event: DomainEvent): void {
    const q = quote.value;
    if (!q || !concerns(event, q) || timeline.value.some((e) => e.id === event.id)) return;
    timeline.value = [...timeline.value, event].sort((a, b) => a.seq - b.seq);
    if (event.resourceType === 'Quote' && event.resourceId === q.id) show(event.payload as Quote);
    if (event.resourceType === 'Transaction') showTransaction(event.payload as Transaction);
  }

  /** GET /transactions/{id} may answer any kind; a quote's transaction is never a card transaction. */
  function showPayment(t: ListedTransaction): void {
    if (t.type !== 'CARD') showTransaction(t);
  }

  /** Takes a version of the quote's transaction unless a newer one is already shown (events may arrive late). */
  function showTransaction(t: Transaction): void {
    const at = Date.parse(String(t['updatedAt']));
    if (at < txUpdatedAt) return;
    txUpdatedAt = at;
    transactionStatus.value = t.status;
  }

  function show(next: Quote): void {
    quote.value = laterQuote(quote.value?.id === next.id ? quote.value : null, next);
  }

  /** Takes one live event: remembered for a moment, and added to the timeline when it concerns the quote. */
  function receive(event: DomainEvent): void {
    recent = [...recent.slice(-(RECENT_EVENTS - 1)), event];
    take(event);
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function follow(): () => void {
    return onEvent(receive);
  }

  /** Asks for a quote (`POST /quotes`); the timeline starts with the events already heard about it. */
  async function create(body: CreateQuoteBody): Promise<QuoteResource> {
    const created = await api('POST /quotes', { body });
    quote.value = created;
    timeline.value = [];
    transactionStatus.value = 'PENDING';
    txUpdatedAt = 0;
    for (const e of recent) take(e);
    // The countdown runs on the workspace clock: read it now rather than trusting an old reading.
    await workspace.refreshClock().catch(() => undefined);
    return created;
  }

  /** Executes the current quote (`POST /quotes/{id}/execute`). */
  async function execute(): Promise<void> {
    const q = quote.value;
    if (!q) return;
    show(await api('POST /quotes/{quoteId}/execute', { params: { quoteId: q.id } }));
  }

  /** Answers the current quote's SCA challenge (`POST /quotes/{id}/authorize`); the quote becomes executable. */
  async function authorize(code: string): Promise<void> {
    const q = quote.value;
    if (!q) return;
    const challengeId = q.scaChallenge?.id;
    show(await api('POST /quotes/{quoteId}/authorize', { params: { quoteId: q.id }, body: { code, ...(challengeId ? { challengeId } : {}) } }));
  }

  /** Asks for a new SCA challenge for the current quote (`POST /quotes/{id}/authorize/resend`), then reads the quote with it. */
  async function resendCode(): Promise<void> {
    const q = quote.value;
    if (!q) return;
    await api('POST /quotes/{quoteId}/authorize/resend', { params: { quoteId: q.id } });
    show(await invoke('quotes/get', { id: q.id }));
  }

  /** Pays a REALTIME_FUNDING quote as its payer would (`POST /sandbox/send`), which starts it. */
  async function simulatePayment(): Promise<void> {
    const q = quote.value;
    if (!q) return;
    showTransaction(await api('POST /sandbox/send', { body: { quoteId: q.id, currencyCode: q.sendingCurrency.code } }));
    await refresh();
  }

  /** Reads the current quote again (`quotes/get`). */
  async function refresh(): Promise<void> {
    const q = quote.value;
    if (q) show(await invoke('quotes/get', { id: q.id }));
  }

  /** Advances the workspace clock (running the jobs that fall due), then reads the quote and its transaction again. */
  async function advance(seconds: number): Promise<number> {
    const report = await workspace.advance(seconds);
    await refresh();
    const q = quote.value;
    if (q) showPayment(await api('GET /transactions/{transactionId}', { params: { transactionId: q.transactionId } }));
    return report.jobsRun ?? 0;
  }

  /** Catches up after the workbench was closed: every event about the quote and its payment, then the quote itself. */
  async function resync(): Promise<void> {
    const q = quote.value;
    if (!q) return;
    const pages = await Promise.all([q.id, q.transactionId].map((resourceId) => invoke('events/list', { resourceId, order: 'asc', limit: 200 })));
    for (const e of pages.flatMap((p) => p.data)) take(e);
    await refresh();
  }

  /**
   * Opens a past quote in the workbench (from the history): the quote, its transaction's status and the
   * events so far, and the form filled as it was asked, so it can be priced again.
   */
  async function reopen(next: Quote, form?: QuoteFormValues): Promise<void> {
    if (form) Object.assign(draft, form);
    quote.value = next;
    timeline.value = [];
    transactionStatus.value = null;
    txUpdatedAt = 0;
    await resync();
    showPayment(await api('GET /transactions/{transactionId}', { params: { transactionId: next.transactionId } }));
  }

  /** Forgets the current quote (to start another). */
  function clear(): void {
    quote.value = null;
    timeline.value = [];
    transactionStatus.value = null;
  }

  return {
    options, customers, currencies, optionsError, draft, loadOptions, ensureCurrency, lookup, lookupRefusal, lookupUma,
    quote, transactionStatus, timeline, receive, follow, create, execute, authorize, resendCode, simulatePayment, refresh, resync, advance, reopen, clear,
  };
});
