import type { HandlerInput, HandlerOutput } from '../../core/index';
import type { CurrencyAmount } from '../../core/kernel/money';
import type { OutgoingRateDetails } from '../../core/quotes/pricing';
import type { PaymentInstructions } from '../../core/accounts/funding';
import type { ListedTransaction, LISTED_TX_STATUSES, Refund, TxStatus } from '../../core/transactions/schema';
import type { CardTransaction, CardTxStatus } from '../../core/transactions/card-schema';
import { formatMinor, formatMoney, type CurrencyLike } from './money';
import { absoluteTime } from './time';
import { rateBothWays } from './quotes';
import { FAILURE_WORDS, reasonWords, statusWords } from './failure-words';
import { causeLabel, railLabel } from './words';

/** A transaction's whole story (`transactions/detail`). */
export type TransactionDetail = HandlerOutput<'transactions/detail'>;
/** The explorer's search input without paging. */
export type TransactionSearch = Omit<HandlerInput<'transactions/search'>, 'limit' | 'cursor'>;

// A record over every status, so the compiler says when the core adds one the console does not list.
const STATUS_SET: Record<TxStatus, true> = { CREATED: true, PENDING: true, PENDING_AUTHORIZATION: true, PROCESSING: true, COMPLETED: true, REJECTED: true, FAILED: true, REFUNDED: true, EXPIRED: true };
const CARD_STATUS_SET: Record<CardTxStatus, true> = { AUTHORIZED: true, PARTIALLY_SETTLED: true, SETTLED: true, REFUNDED: true, EXCEPTION: true };
/** A listed transaction's status: a payment's or a card transaction's. */
export type ListedStatus = (typeof LISTED_TX_STATUSES)[number];
/** Every transaction status, payments' in lifecycle order, then card transactions'. */
export const TX_STATUSES = [...new Set([...Object.keys(STATUS_SET), ...Object.keys(CARD_STATUS_SET)])] as ListedStatus[];
/** Transaction types. */
export const TX_TYPES = ['INCOMING', 'OUTGOING', 'CARD'] as const;
/** A transaction type in words. */
export const TX_TYPE_LABELS: Record<(typeof TX_TYPES)[number], string> = { INCOMING: 'Incoming', OUTGOING: 'Outgoing', CARD: 'Card' };
/** Sort orders of the explorer (newest first is the default). */
export const SORT_ORDERS = ['desc', 'asc'] as const;

/** The explorer's filters as they sit in the URL: status is a comma-separated list, dates are `YYYY-MM-DD` (UTC days). */
export interface TransactionFilters {
  q?: string | undefined;
  status?: string | undefined;
  type?: (typeof TX_TYPES)[number] | undefined;
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The amount range in major units as typed ("250", "1,234.50"), read in the currency filter's currency when one is set. */
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  sortOrder?: (typeof SORT_ORDERS)[number] | undefined;
}

/** An amount in major units as people type it ("250", "1,234.50", "250.5"); undefined when it is not one. */
export function amountOf(text: string | undefined): number | undefined {
  const t = text?.trim().replace(/,/g, '');
  return t && /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
}

/** The known statuses of a comma-separated list, in lifecycle order (a hand-edited URL cannot inject others). */
export function parseStatuses(text: string | undefined): ListedStatus[] {
  const asked = new Set((text ?? '').split(',').map((s) => s.trim().toUpperCase()));
  return TX_STATUSES.filter((s) => asked.has(s));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search handler's input for URL filters: statuses as a list, dates as whole UTC days (from 00:00 to 23:59:59.999). */
export function toSearchInput(f: TransactionFilters): TransactionSearch {
  const status = parseStatuses(f.status);
  return {
    q: f.q?.trim() || undefined,
    status: status.length ? status : undefined,
    type: f.type,
    currency: f.currency,
    from: f.from && DAY.test(f.from) ? `${f.from}T00:00:00.000Z` : undefined,
    to: f.to && DAY.test(f.to) ? `${f.to}T23:59:59.999Z` : undefined,
    amountMin: amountOf(f.amountMin),
    amountMax: amountOf(f.amountMax),
    sortOrder: f.sortOrder ?? 'desc',
  };
}

/** Whether one of a transaction's amounts (in major units, in the currency asked for if any) lies in the range searched for. */
function inAmountRange(t: TxView, s: TransactionSearch): boolean {
  if (s.amountMin === undefined && s.amountMax === undefined) return true;
  const cur = s.currency?.toUpperCase();
  return [t.sentAmount, t.receivedAmount].some((m) => {
    if (!m || (cur && m.currency.code !== cur)) return false;
    const major = m.amount / 10 ** m.currency.decimals;
    return (s.amountMin === undefined || major >= s.amountMin) && (s.amountMax === undefined || major <= s.amountMax);
  });
}

/** The fields the console reads from a transaction (the core types it as a loose record because fields vary by kind). */
export interface TxView {
  id: string;
  type: 'INCOMING' | 'OUTGOING' | 'CARD';
  status: ListedStatus;
  direction?: string;
  customerId?: string;
  platformCustomerId?: string;
  quoteId?: string;
  sentAmount?: CurrencyAmount;
  receivedAmount?: CurrencyAmount;
  /** Fees in minor units of the sending currency. */
  fees?: number;
  exchangeRate?: number;
  failureReason?: string;
  refund?: Refund;
  reconciliationInstructions?: { reference?: string };
  paymentInstructions?: PaymentInstructions[];
  rateDetails?: OutgoingRateDetails;
  paymentRail?: string | null;
  description?: string;
  settledAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** Reads a transaction through the TxView lens; a card transaction shows what it took from the account and the merchant's name. */
export function txView(t: ListedTransaction): TxView {
  if (t.type === 'CARD') return cardTxView(t);
  return t as unknown as TxView;
}

function cardTxView(t: CardTransaction): TxView {
  const settled = t.settledAmount && t.settledAmount.amount > 0 ? t.settledAmount : undefined;
  return {
    id: t.id, type: 'CARD', status: t.status, direction: t.direction, customerId: t.customerId, platformCustomerId: t.platformCustomerId,
    sentAmount: settled ?? t.authorizedAmount, description: t.merchant.descriptor, createdAt: t.createdAt, updatedAt: t.updatedAt,
  };
}

/** The transaction's payment reference, if it has one. */
export const referenceOf = (t: TxView): string | undefined => t.reconciliationInstructions?.reference;

/**
 * Whether a transaction that arrived live belongs in the list. Without a search text the filters are
 * checked here; with one, only the fields this side can see (ids, reference, customer) are compared,
 * so a match on an account number waits for the next reload rather than being guessed.
 */
export function matchesSearch(t: TxView, s: TransactionSearch): boolean {
  if (s.status?.length && !s.status.includes(t.status)) return false;
  if (s.type && t.type !== s.type) return false;
  const cur = s.currency?.toUpperCase();
  if (cur && t.sentAmount?.currency.code !== cur && t.receivedAmount?.currency.code !== cur) return false;
  const created = Date.parse(t.createdAt);
  if (s.from && created < Date.parse(s.from)) return false;
  if (s.to && created > Date.parse(s.to)) return false;
  if (!inAmountRange(t, s)) return false;
  if (!s.q) return true;
  const q = s.q;
  return [t.id, t.quoteId, t.customerId, t.platformCustomerId].includes(q) || referenceOf(t) === q.toUpperCase();
}

/** The currency of a ledger entry's code, taken from the amounts the story already carries. */
export function currencyOf(code: string, d: TransactionDetail): CurrencyLike | undefined {
  const t = txView(d.transaction);
  const known = [t.sentAmount?.currency, t.receivedAmount?.currency, d.quote?.sendingCurrency as CurrencyLike | undefined, d.quote?.receivingCurrency as CurrencyLike | undefined];
  return known.find((c) => c?.code === code);
}

/**
 * The plain-text summary support staff paste into a ticket: facts, amounts, refund and every status change,
 * in words (statuses, rails, failure reasons and causes from the one word tables; no API names). Times are
 * the workspace clock's, and say so: a rehearsed workspace may run ahead of real time.
 */
export function transactionSummary(d: TransactionDetail): string {
  const t = txView(d.transaction);
  const kind = t.type === 'OUTGOING' ? 'Outgoing payment' : 'Incoming payment';
  const status = (s: string) => statusWords(s, t.type === 'INCOMING' ? 'INCOMING' : 'OUTGOING').title;
  const lines = [`Transaction ${t.id}`, `${kind} · ${status(t.status)}${t.paymentRail ? ` · over ${railLabel(t.paymentRail)}` : ''}`, `Created ${absoluteTime(t.createdAt)} (workspace time)`];
  if (t.settledAt) lines.push(`Settled ${absoluteTime(t.settledAt)} (workspace time)`);
  if (d.expectedArrivalAt && !['COMPLETED', 'FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED'].includes(t.status)) lines.push(`Expected to arrive ${absoluteTime(d.expectedArrivalAt)} (workspace time)`);
  if (t.platformCustomerId || t.customerId) lines.push(`Customer ${[t.platformCustomerId, t.customerId].filter(Boolean).join(' / ')}`);
  if (t.sentAmount) lines.push(`Sent ${formatMoney(t.sentAmount)}`);
  if (t.receivedAmount) lines.push(`Received ${formatMoney(t.receivedAmount)}`);
  if (t.fees !== undefined && t.sentAmount) lines.push(`Fees ${formatMinor(t.fees, t.sentAmount.currency)}`);
  if (t.exchangeRate && t.sentAmount && t.receivedAmount && t.sentAmount.currency.code !== t.receivedAmount.currency.code) {
    lines.push(`Rate ${rateBothWays(t.exchangeRate, t.sentAmount.currency.code, t.receivedAmount.currency.code)[0]}`);
  }
  const reference = referenceOf(t);
  if (reference) lines.push(`Reference ${reference}`);
  if (t.quoteId) lines.push(`Quote ${t.quoteId}`);
  if (t.failureReason) lines.push(`Why it failed: ${reasonWords(t.failureReason).title}`);
  if (t.refund) {
    const refund = FAILURE_WORDS.refunds[t.refund.status]?.title ?? 'Refund';
    const why = t.refund.reason ? ` ${FAILURE_WORDS.refundReasons[t.refund.reason] ?? ''}`.trimEnd() : '';
    lines.push(`${refund} (reference ${t.refund.reference})${why}${t.refund.settledAt ? `, settled ${absoluteTime(t.refund.settledAt)}` : ''}`);
  }
  lines.push('', 'History (workspace time)');
  for (const h of d.history) lines.push(`  ${absoluteTime(h.at)}  ${status(h.status).padEnd(12)}  ${causeLabel(h.cause)}`);
  return lines.join('\n');
}
