import type { HandlerOutput } from '../../core/index';
import type { ApiAnswer, ApiBody } from '../../core/api-client-types';
import type { Quote } from '../../core/quotes/schema';
import type { Currency } from '../../core/kernel/money';
import { formatMinor, parseMajorToMinor, type CurrencyLike } from './money';
import { formatCountdown, secondsLeft } from './time';
import { payerFieldLabel } from './words';
import { formatRate } from '../../core/story/rates';

/** What the workbench can quote from and to (`quotes/options`). */
export type QuoteOptions = HandlerOutput<'quotes/options'>;
/** An internal account a quote can draw on. */
export type SourceOption = QuoteOptions['sources'][number];
/** An external account a quote can pay out to. */
export type DestinationOption = QuoteOptions['destinations'][number];
/** A sandbox UMA recipient. */
export type UmaRecipient = QuoteOptions['umaRecipients'][number];
/** The body of `POST /quotes`. */
export type CreateQuoteBody = ApiBody<'POST /quotes'>;
/** A receiver lookup (`GET /receiver/uma/{address}`): its lookupId and the payer data it requires. */
export type LookupResult = ApiAnswer<'GET /receiver/uma/{receiverUmaAddress}'>;

/** The Quote resource as the API declares it. */
export type QuoteResource = Quote;

/** The source value that selects just-in-time funding instead of an internal account. */
export const REALTIME = 'REALTIME_FUNDING';
/** Crypto networks a stablecoin funding source must name (core/quotes/schema.ts CRYPTO_NETWORKS). */
export const CRYPTO_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON'] as const;

/** The workbench form as the user fills it. */
export interface QuoteFormValues {
  /** An internal account id, or REALTIME. */
  source: string | null;
  realtimeCurrency: string | null;
  cryptoNetwork: string | null;
  /** An external account id, or a UMA address (starting with `$`). */
  destination: string | null;
  lockedSide: 'SENDING' | 'RECEIVING';
  /** The amount in major units as typed, e.g. `25.00`. */
  amount: string;
  description: string;
  /** Values of the receiver's requiredPayerDataFields, by field name. */
  payerData: Record<string, string>;
}

/** What the body builder needs besides the form. */
export interface QuoteFormContext {
  options: QuoteOptions;
  currencies: ReadonlyMap<string, CurrencyLike>;
  lookup: LookupResult | null;
}

/** True when the destination value names a UMA address rather than an external account. */
export const isUma = (destination: string | null): boolean => !!destination?.startsWith('$');

/** The sending currency code the form implies. */
export function sendingCode(f: QuoteFormValues, options: QuoteOptions): string | undefined {
  if (f.source === REALTIME) return f.realtimeCurrency ?? undefined;
  return options.sources.find((s) => s.accountId === f.source)?.currency;
}

/** The receiving currency code the form implies. */
export function receivingCode(f: QuoteFormValues, options: QuoteOptions): string | undefined {
  if (isUma(f.destination)) return options.umaRecipients.find((u) => u.umaAddress === f.destination)?.currency;
  return options.destinations.find((d) => d.accountId === f.destination)?.currency;
}

/** The outcome of building a quote request: the body, or the field at fault and why. */
export type BuiltQuote = { ok: true; body: CreateQuoteBody } | { ok: false; field: string; error: string };

/**
 * Builds the `POST /quotes` body. The amount typed in major units becomes an integer of minor units of
 * the locked side's currency through parseMajorToMinor (string arithmetic only, never a float).
 */
export function buildQuoteBody(f: QuoteFormValues, ctx: QuoteFormContext): BuiltQuote {
  const sending = sendingCode(f, ctx.options);
  const receiving = receivingCode(f, ctx.options);
  if (!f.source || !sending) return { ok: false, field: 'source', error: f.source === REALTIME ? 'Choose the funding currency' : 'Choose a source' };
  if (!f.destination || !receiving) return { ok: false, field: 'destination', error: 'Choose a destination' };
  const lockedCode = f.lockedSide === 'SENDING' ? sending : receiving;
  const currency = ctx.currencies.get(lockedCode);
  if (!currency) return { ok: false, field: 'amount', error: `The decimals of ${lockedCode} are not known yet` };
  const parsed = parseMajorToMinor(f.amount, currency.decimals);
  if (!parsed.ok) return { ok: false, field: 'amount', error: parsed.error };
  const stablecoin = sending === 'USDC' || sending === 'USDT';
  if (f.source === REALTIME && stablecoin && !f.cryptoNetwork) return { ok: false, field: 'cryptoNetwork', error: `Choose the network ${sending} arrives on` };
  const body: CreateQuoteBody = {
    source: f.source === REALTIME
      ? { sourceType: 'REALTIME_FUNDING', currency: sending, ...(stablecoin && f.cryptoNetwork ? { cryptoNetwork: f.cryptoNetwork as (typeof CRYPTO_NETWORKS)[number] } : {}) }
      : { sourceType: 'ACCOUNT', accountId: f.source },
    destination: isUma(f.destination)
      ? { destinationType: 'UMA_ADDRESS', umaAddress: f.destination, currency: receiving }
      : { destinationType: 'ACCOUNT', accountId: f.destination },
    lockedCurrencySide: f.lockedSide,
    lockedCurrencyAmount: parsed.minor,
  };
  if (isUma(f.destination)) {
    if (!ctx.lookup) return { ok: false, field: 'destination', error: 'Look the receiver up first' };
    const info: Record<string, string> = {};
    for (const field of ctx.lookup.requiredPayerDataFields) {
      const value = f.payerData[field.name]?.trim() ?? '';
      if (value) info[field.name] = value;
      else if (field.mandatory) return { ok: false, field: `payer.${field.name}`, error: `The receiver requires the payer’s ${payerFieldLabel(field.name).toLowerCase()}` };
    }
    body.lookupId = ctx.lookup.lookupId;
    body.senderCustomerInfo = info;
  }
  if (f.description.trim()) body.description = f.description.trim();
  return { ok: true, body };
}

/** Countdowns on the workspace clock (they live in lib/time.ts; quotes were their first users). */
export { formatCountdown, secondsLeft };

/** The status to show: a PENDING quote whose expiresAt has passed on the workspace clock is EXPIRED. */
export function displayStatus(q: Pick<Quote, 'status' | 'expiresAt'>, nowMs: number): Quote['status'] {
  return (q.status === 'PENDING' || q.status === 'PENDING_AUTHORIZATION') && secondsLeft(q.expiresAt, nowMs) === 0 ? 'EXPIRED' : q.status;
}

const STATUS_RANK: Record<Quote['status'], number> = { PENDING_AUTHORIZATION: 0, PENDING: 0.5, PROCESSING: 1, COMPLETED: 2, FAILED: 2, EXPIRED: 2 };

/** The later of two versions of a quote (statuses only move forward), so a late event never undoes a newer read. */
export function laterQuote<T extends Pick<Quote, 'status'>>(current: T | null, next: T): T {
  return current && STATUS_RANK[current.status] > STATUS_RANK[next.status] ? current : next;
}

/** Rates in words live in core/story/rates.ts, shared with the case file. */
export { formatRate, rateBothWays } from '../../core/story/rates';

/** One line of a quote's fee breakdown, in the minor units of its currency. */
export interface FeeLine {
  label: string;
  /** The API field it comes from, for the tooltip. */
  code: string;
  amount: number;
  currency: Currency;
  note?: string;
}

/** The fee breakdown of rateDetails: the platform's fixed and variable fees, the counterparty's fee, and the total. */
export function feeLines(q: QuoteResource): FeeLine[] {
  const r = q.rateDetails;
  return [
    { label: 'Platform fixed fee', code: 'rateDetails.svcApiFixedFee', amount: r.svcApiFixedFee, currency: q.sendingCurrency },
    { label: 'Platform variable fee', code: 'rateDetails.svcApiVariableFeeAmount', amount: r.svcApiVariableFeeAmount, currency: q.sendingCurrency, note: `${formatRate(r.svcApiVariableFeeRate * 100)} % of the sending amount` },
    { label: 'Counterparty fixed fee', code: 'rateDetails.counterpartyFixedFee', amount: r.counterpartyFixedFee, currency: q.receivingCurrency, note: 'taken from the receiving amount' },
    { label: 'Total fees included', code: 'feesIncluded', amount: q.feesIncluded, currency: q.sendingCurrency, note: 'in the sending amount' },
  ];
}

/** One leg of the UMA conversion behind a quote's rate, for reading (the API name in `code`). */
export interface RateLeg {
  label: string;
  value: string;
  code: 'svcApiMultiplier' | 'counterpartyMultiplier';
}

/**
 * How the rate is built: sending units become millisatoshis at the platform's price (after its
 * variable fee), and millisatoshis become receiving units at the counterparty's. Both read as
 * "millisatoshis per smallest unit" so they compare; the counterparty's is inverted for reading only.
 */
export function rateLegs(q: QuoteResource): RateLeg[] {
  const r = q.rateDetails;
  const unit = (c: Currency) => formatMinor(1, c);
  return [
    { label: 'platform price', value: `${formatRate(r.svcApiMultiplier)} msat per ${unit(q.sendingCurrency)}`, code: 'svcApiMultiplier' },
    { label: 'counterparty price', value: `${formatRate(1 / r.counterpartyMultiplier)} msat per ${unit(q.receivingCurrency)}`, code: 'counterpartyMultiplier' },
  ];
}
