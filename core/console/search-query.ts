import { findCurrency } from '../kernel/money';
import { amountRanges, type AmountRange } from '../transactions/search-match';

/**
 * What support staff type into the global search, read the way they were told it: "Lucía 250",
 * "about 250 USD", "240-260", "yesterday", "27 Nov", an id. The rules, in one place:
 * - an amount is in the currency's major units, as people say it ("250" is 250 dollars, not cents);
 * - a bare number, "about 250", "~250", "around 250" and "250 USD" mean *near* that amount: within
 *   ±5 % (so "about 249" and a bare "249" find a payment of 250), ranked by closeness, exact first;
 * - "240-260" (or "240 to 260") is a range, both ends included, ranked by closeness to its middle;
 * - "exactly 250" or "=250" means that amount only;
 * - a currency code or symbol ("USD", "250 EUR", "$250") narrows the amount to that currency;
 * - dates are whole UTC days: "today", "yesterday", "2026-11-27", "27 Nov", "Nov 27" (the latest such
 *   day not after the workspace clock's today), "last week" (the previous Monday to Sunday), "this week";
 * - ids match only as ids: a whole id (`Transaction:…`, a bare UUID) or its distinctive tail, the last
 *   12 hex digits of the UUID (what a truncated id shows); a run of 8 or more digits is an identifier
 *   (account number, reference), never an amount, so digits inside an id never count as an amount;
 * - every other word is text: a name (accent- and case-insensitive), an email, a reference, a description.
 */
export interface ParsedSearch {
  /** The words that are not an amount, currency or date, joined by single spaces ('' when none). */
  text: string;
  amount?: AmountQuery | undefined;
  /** A currency the query names, upper case. */
  currency?: string | undefined;
  /** Whole UTC days, epoch milliseconds, both included. */
  dates?: { from: number; to: number } | undefined;
  /** A whole id or UUID the query is (exact matches only). */
  id?: string | undefined;
  /** The last 12 hex digits of a UUID, lower case. */
  idTail?: string | undefined;
}

/** An amount in major units: the range it covers and the value closeness is measured against. */
export interface AmountQuery {
  min: number;
  max: number;
  target: number;
  /** How the query said it, for explanations ("about 250", "240–260", "exactly 250"). */
  said: string;
}

/** How far "about" reaches, relative to the amount. */
export const ABOUT_TOLERANCE = 0.05;

const DAY_MS = 86_400_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₦': 'NGN', '₱': 'PHP' };
const ABOUT_WORDS = new Set(['about', 'around', 'approx', 'approximately', 'roughly', '~', '≈']);
const EXACT_WORDS = new Set(['exactly', '=']);
const FILLER = new Set(['of', 'on', 'for', 'payment', 'paid', 'sent', 'the', 'a']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPED_ID = /^[A-Za-z]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** A number as people write it ("1,234.50", "250"); undefined when the token is not one. */
function numberOf(token: string): number | undefined {
  const m = NUMBER.exec(token);
  if (!m) return undefined;
  const digits = m[1]!.replace(/,/g, '');
  // Why 8: account numbers and numeric references are that long; an amount of ten million is not what support staff are told.
  if (digits.length >= 8 && !m[2]) return undefined;
  return Number(`${digits}.${m[2] ?? '0'}`);
}

function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** "27 nov", "nov 27", "27 november 2026": the day, read as the latest one not after today when no year is given. */
function dayOfMonthName(day: string, month: string, year: string | undefined, today: number): number | undefined {
  const mi = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  const d = Number(day);
  if (mi < 0 || !(d >= 1 && d <= 31)) return undefined;
  const y = year ? Number(year) : new Date(today).getUTCFullYear();
  let at = Date.UTC(y, mi, d);
  if (new Date(at).getUTCDate() !== d) return undefined;
  if (!year && at > today) at = Date.UTC(y - 1, mi, d);
  return at;
}

/** Takes a date phrase starting at token `i`; answers the days and how many tokens it used. */
function dateAt(tokens: string[], i: number, nowMs: number): { from: number; to: number; used: number } | undefined {
  const today = startOfDay(nowMs);
  const t = tokens[i]!.toLowerCase();
  const next = tokens[i + 1]?.toLowerCase();
  const day = (at: number, used: number) => ({ from: at, to: at + DAY_MS - 1, used });
  if (t === 'today') return day(today, 1);
  if (t === 'yesterday') return day(today - DAY_MS, 1);
  if ((t === 'last' || t === 'this') && next === 'week') {
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    return t === 'this' ? { from: monday, to: today + DAY_MS - 1, used: 2 } : { from: monday - 7 * DAY_MS, to: monday - 1, used: 2 };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) {
    const at = Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    return Number.isNaN(at) || new Date(at).getUTCDate() !== Number(iso[3]) ? undefined : day(at, 1);
  }
  const year = (s: string | undefined) => (s && /^\d{4}$/.test(s) ? s : undefined);
  if (/^\d{1,2}$/.test(t) && next && /^[a-z]{3,9}$/.test(next) && MONTHS.includes(next.slice(0, 3))) {
    const y = year(tokens[i + 2]);
    const at = dayOfMonthName(t, next, y, today);
    return at === undefined ? undefined : day(at, y ? 3 : 2);
  }
  if (/^[a-z]{3,9}$/.test(t) && MONTHS.includes(t.slice(0, 3)) && next && /^\d{1,2}$/.test(next)) {
    const y = year(tokens[i + 2]);
    const at = dayOfMonthName(next, t, y, today);
    return at === undefined ? undefined : day(at, y ? 3 : 2);
  }
  return undefined;
}

function about(n: number, said: string): AmountQuery {
  return { min: n * (1 - ABOUT_TOLERANCE), max: n * (1 + ABOUT_TOLERANCE), target: n, said };
}

/** Splits "~250", "$250", "250usd", "240-260" and "240–260" into the tokens the reader below expects. */
function tokenize(q: string): string[] {
  return q
    .replace(/[–—]/g, '-')
    .replace(/([~≈=])(?=\d)/g, '$1 ')
    .replace(/([$€£¥₹₦₱])(?=\d)/g, '$1 ')
    .replace(/(\d)([A-Za-z]{3,4})\b/g, (m, d: string, code: string) => (findCurrency(code) ? `${d} ${code}` : m))
    .split(/\s+/)
    .filter(Boolean);
}

/** Reads a search query against the workspace clock's now (epoch milliseconds). */
export function parseSearch(q: string, nowMs: number): ParsedSearch {
  const tokens = tokenize(q.trim());
  const out: ParsedSearch = { text: '' };
  const words: string[] = [];
  let mode: 'about' | 'exact' | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const raw = tokens[i]!;
    const lower = raw.toLowerCase();
    if (TYPED_ID.test(raw) || UUID.test(raw)) {
      out.id = raw;
      continue;
    }
    if (/^[0-9a-f]{12}$/i.test(raw) && /[a-f]/i.test(raw) && /\d/.test(raw)) {
      out.idTail = lower;
      continue;
    }
    if (ABOUT_WORDS.has(lower)) (mode = 'about');
    else if (EXACT_WORDS.has(lower)) (mode = 'exact');
    if (ABOUT_WORDS.has(lower) || EXACT_WORDS.has(lower)) continue;
    if (SYMBOLS[raw]) {
      out.currency = SYMBOLS[raw];
      continue;
    }
    if (/^[A-Za-z]{3,4}$/.test(raw) && raw === raw.toUpperCase() && findCurrency(raw)) {
      out.currency = raw.toUpperCase();
      continue;
    }
    const date = out.dates ? undefined : dateAt(tokens, i, nowMs);
    if (date) {
      out.dates = { from: date.from, to: date.to };
      i += date.used - 1;
      continue;
    }
    const range = /^([\d.,]+)-([\d.,]+)$/.exec(raw);
    const n = numberOf(raw);
    if (!out.amount && range) {
      const lo = numberOf(range[1]!);
      const hi = numberOf(range[2]!);
      if (lo !== undefined && hi !== undefined) {
        const [min, max] = lo <= hi ? [lo, hi] : [hi, lo];
        out.amount = { min, max, target: (min + max) / 2, said: `${min}–${max}` };
        continue;
      }
    }
    if (!out.amount && n !== undefined && n > 0) {
      const to = tokens[i + 1]?.toLowerCase() === 'to' ? numberOf(tokens[i + 2] ?? '') : undefined;
      if (to !== undefined) {
        const [min, max] = n <= to ? [n, to] : [to, n];
        out.amount = { min, max, target: (min + max) / 2, said: `${min}–${max}` };
        i += 2;
      } else out.amount = mode === 'exact' ? { min: n, max: n, target: n, said: `exactly ${n}` } : about(n, `about ${n}`);
      continue;
    }
    if (FILLER.has(lower) && tokens.length > 1) continue;
    words.push(raw);
  }
  out.text = words.join(' ');
  return out;
}

/** Whether the query asks for transactions in particular (an amount, a currency or a date). */
export function asksForMoney(p: ParsedSearch): boolean {
  return p.amount !== undefined || p.dates !== undefined || (p.currency !== undefined && !p.text);
}

/**
 * An amount in major units as ranges of minor units, one per number of decimals among the currencies
 * it may be in (all of them, or the one the query names): 250 is 25,000 cents of a dollar, 250 yen.
 */
export function minorRanges(a: AmountQuery, only?: string): AmountRange[] {
  return amountRanges(a.min, a.max, a.target, only);
}
