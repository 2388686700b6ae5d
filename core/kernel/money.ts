/**
 * Money in the core is always an integer number of minor units plus a currency code. This module is
 * the only place that converts between currencies or rounds, so the rounding rule lives in one spot.
 */

/** The spec's Currency object. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

/** The spec's CurrencyAmount: an integer in the smallest unit of `currency`. */
export interface CurrencyAmount {
  amount: number;
  currency: Currency;
}

const CURRENCIES: Record<string, Currency> = Object.fromEntries(
  ([
    ['USD', 'United States Dollar', '$', 2], ['EUR', 'Euro', '€', 2], ['GBP', 'Pound Sterling', '£', 2],
    ['MXN', 'Mexican Peso', '$', 2], ['BRL', 'Brazilian Real', 'R$', 2], ['INR', 'Indian Rupee', '₹', 2],
    ['CAD', 'Canadian Dollar', '$', 2], ['DKK', 'Danish Krone', 'kr', 2], ['NGN', 'Nigerian Naira', '₦', 2],
    ['HKD', 'Hong Kong Dollar', '$', 2], ['IDR', 'Indonesian Rupiah', 'Rp', 2], ['MYR', 'Malaysian Ringgit', 'RM', 2],
    ['PHP', 'Philippine Peso', '₱', 2], ['SGD', 'Singapore Dollar', '$', 2], ['THB', 'Thai Baht', '฿', 2],
    ['VND', 'Vietnamese Dong', '₫', 0], ['AED', 'UAE Dirham', 'د.إ', 2], ['KES', 'Kenyan Shilling', 'KSh', 2],
    ['MWK', 'Malawian Kwacha', 'MK', 2], ['RWF', 'Rwandan Franc', 'FRw', 0], ['TZS', 'Tanzanian Shilling', 'TSh', 2],
    ['UGX', 'Ugandan Shilling', 'USh', 0], ['XOF', 'West African CFA Franc', 'CFA', 0], ['ZAR', 'South African Rand', 'R', 2],
    ['ZMW', 'Zambian Kwacha', 'ZK', 2], ['BWP', 'Botswana Pula', 'P', 2], ['XAF', 'Central African CFA Franc', 'FCFA', 0],
    ['BDT', 'Bangladeshi Taka', '৳', 2], ['ARS', 'Argentine Peso', '$', 2], ['COP', 'Colombian Peso', '$', 2],
    ['EGP', 'Egyptian Pound', 'E£', 2], ['GHS', 'Ghanaian Cedi', 'GH₵', 2], ['GTQ', 'Guatemalan Quetzal', 'Q', 2],
    ['HTG', 'Haitian Gourde', 'G', 2], ['JMD', 'Jamaican Dollar', '$', 2], ['PKR', 'Pakistani Rupee', '₨', 2],
    ['CNY', 'Chinese Yuan', '¥', 2], ['JPY', 'Japanese Yen', '¥', 0],
    ['BTC', 'Bitcoin', '₿', 8], ['USDC', 'USD Coin', 'USDC', 6], ['USDT', 'Tether USD', 'USDT', 6],
  ] as const).map(([code, name, symbol, decimals]) => [code, { code, name, symbol, decimals }]),
);

/** Currencies that are stablecoins (need a crypto network) or crypto assets. */
export const STABLECOINS = new Set(['USDC', 'USDT']);
/** Crypto assets held in INTERNAL_CRYPTO accounts. */
export const CRYPTO_CODES = new Set(['BTC', 'USDC', 'USDT']);

/** All currency codes the sandbox knows, sorted. */
export function currencyCodes(): string[] {
  return Object.keys(CURRENCIES).sort();
}

/** The Currency object for a code, or undefined when the sandbox does not know it. */
export function findCurrency(code: string): Currency | undefined {
  return CURRENCIES[code.toUpperCase()];
}

/** The Currency object for a code known to be valid (throws on a programming error). */
export function currency(code: string): Currency {
  const c = findCurrency(code);
  if (!c) throw new Error(`unknown currency ${code}`);
  return c;
}

/** A CurrencyAmount for an integer amount of minor units. */
export function currencyAmount(amount: number, code: string): CurrencyAmount {
  return { amount, currency: currency(code) };
}

/**
 * The one rounding rule of the service: round half away from zero to a whole minor unit. Every
 * conversion and fee calculation calls this exactly once on its final value.
 */
export function roundMinor(value: number): number {
  const r = Math.sign(value) * Math.round(Math.abs(value));
  return r === 0 ? 0 : r;
}

/**
 * Converts `amount` minor units of `from` into minor units of `to` at `majorRate`
 * (units of `to` per one unit of `from`), rounding once.
 */
export function convertMinor(amount: number, from: string, to: string, majorRate: number): number {
  const scale = 10 ** (currency(to).decimals - currency(from).decimals);
  return roundMinor(amount * majorRate * scale);
}

/** A human string such as `1,234.56 USD` (for logs and console summaries; the renderer has its own formatter). */
export function formatMinor(amount: number, code: string): string {
  const c = currency(code);
  return `${majorFormat(c.decimals).format(amount / 10 ** c.decimals)} ${c.code}`;
}

/** One formatter per number of decimals. Why: `toLocaleString` with options built a new formatter on every call, a measurable share of each payment's ledger posting. */
const majorFormats = new Map<number, Intl.NumberFormat>();
function majorFormat(decimals: number): Intl.NumberFormat {
  let f = majorFormats.get(decimals);
  if (!f) majorFormats.set(decimals, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
}

/** The largest amount the spec allows for `lockedCurrencyAmount` and other int64 amounts we accept. */
export const MAX_AMOUNT = 9_000_000_000_000_000;
