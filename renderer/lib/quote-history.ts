/** The quotes history's pure parts: URL filters to the handler's query, the list's order, and a past quote back in the form. */
import type { LocationQuery } from 'vue-router';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import type { Quote } from '../../core/quotes/schema';
import { formatMinorDigits } from './money';
import { queryString } from './query';
import { REALTIME, type QuoteFormValues, type QuoteOptions } from './quotes';

/** One past quote as the history lists it: the resource, its customer's name, description, locked side and amount. */
export type QuoteHistoryItem = HandlerOutput<'quotes/list'>['data'][number];
/** The `quotes/list` query. */
export type QuoteHistoryQuery = HandlerInput<'quotes/list'>;

/** Every status a quote can have, in the order the filter offers them. */
export const QUOTE_STATUSES = ['PENDING_AUTHORIZATION', 'PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const satisfies readonly Quote['status'][];

/** The history's filters as the URL holds them (days as `YYYY-MM-DD`, statuses comma-separated). */
export interface QuoteHistoryFilters {
  q?: string | undefined;
  status?: string | undefined;
  customer?: string | undefined;
  sending?: string | undefined;
  receiving?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Za-z]{3,5}$/;

/** The known statuses of a comma-separated list (a hand-edited URL cannot inject others). */
export function parseQuoteStatuses(text: string | undefined): Quote['status'][] {
  return (text ?? '').split(',').filter((s): s is Quote['status'] => (QUOTE_STATUSES as readonly string[]).includes(s));
}

/** The history's filters read from the route query. */
export function historyFiltersOf(q: LocationQuery): QuoteHistoryFilters {
  const code = (key: string) => {
    const v = queryString(q, key);
    return v && CODE.test(v) ? v.toUpperCase() : undefined;
  };
  const day = (key: string) => {
    const v = queryString(q, key);
    return v && DAY.test(v) ? v : undefined;
  };
  return {
    q: queryString(q, 'q'), status: parseQuoteStatuses(queryString(q, 'status')).join(',') || undefined, customer: queryString(q, 'customer'),
    sending: code('sending'), receiving: code('receiving'), from: day('from'), to: day('to'),
  };
}

/** The handler's query for these filters: whole days in UTC, both ends included. */
export function historyQueryOf(f: QuoteHistoryFilters): Omit<QuoteHistoryQuery, 'limit' | 'cursor'> {
  const status = parseQuoteStatuses(f.status);
  return {
    q: f.q?.trim() || undefined,
    status: status.length ? status : undefined,
    customerId: f.customer || undefined,
    sendingCurrency: f.sending,
    receivingCurrency: f.receiving,
    from: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    to: f.to ? `${f.to}T23:59:59.999Z` : undefined,
  };
}

/** The server's order of the history: newest first, the id breaking ties (the keyset). Negative when `a` comes first. */
export function compareHistory(a: QuoteHistoryItem, b: QuoteHistoryItem): number {
  const ta = Date.parse(a.quote.createdAt);
  const tb = Date.parse(b.quote.createdAt);
  if (ta !== tb) return tb - ta;
  return a.quote.id === b.quote.id ? 0 : a.quote.id < b.quote.id ? 1 : -1;
}

/** Where the quote pays out, in words: the UMA address, or the rail and currency of the external account. */
export function destinationText(q: Quote, options: QuoteOptions | null): string {
  const d = q.destination;
  if (d.destinationType === 'UMA_ADDRESS') return d.umaAddress;
  const known = options?.destinations.find((o) => o.accountId === d.accountId);
  const tail = known?.identifier ? ` …${known.identifier.slice(-4)}` : '';
  return `${d.currency} account${tail}`;
}

/**
 * The workbench form as the quote was asked, so "Get quote" prices the same payment again. A source
 * or destination the workbench no longer offers is left empty rather than guessed.
 */
export function draftOf(item: QuoteHistoryItem, options: QuoteOptions | null): QuoteFormValues {
  const q = item.quote;
  const s = q.source;
  const d = q.destination;
  const source = s.sourceType === 'REALTIME_FUNDING' ? REALTIME : options?.sources.some((o) => o.accountId === s.accountId) ? s.accountId : null;
  const destination = d.destinationType === 'UMA_ADDRESS'
    ? (options?.umaRecipients.some((u) => u.umaAddress === d.umaAddress) ? d.umaAddress : null)
    : (options?.destinations.some((o) => o.accountId === d.accountId) ? d.accountId : null);
  const locked = item.lockedSide === 'SENDING' ? q.sendingCurrency : q.receivingCurrency;
  return {
    source,
    realtimeCurrency: s.sourceType === 'REALTIME_FUNDING' ? s.currency : null,
    cryptoNetwork: s.sourceType === 'REALTIME_FUNDING' ? s.cryptoNetwork ?? null : null,
    destination,
    lockedSide: item.lockedSide,
    // The amount as typed in major units, from integer minor units by string arithmetic (never a float).
    amount: formatMinorDigits(item.lockedAmount, locked.decimals),
    description: item.description ?? '',
    payerData: { ...(q.counterpartyInformation ?? {}) },
  };
}
