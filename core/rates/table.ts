/**
 * The sandbox's deterministic rate table: units of each currency per one US dollar. Rates drift a
 * little from one 5-minute window to the next (a fixed function of the window), so the cache
 * behaviour is visible and tests are repeatable.
 */
const PER_USD: Record<string, number> = {
  USD: 1, EUR: 0.92, GBP: 0.79, MXN: 17.1, BRL: 5.05, INR: 83.2, CAD: 1.36, DKK: 6.86, NGN: 1550, HKD: 7.82,
  IDR: 15_800, MYR: 4.7, PHP: 56.5, SGD: 1.34, THB: 36.2, VND: 25_400, AED: 3.6725, KES: 129, MWK: 1_735,
  RWF: 1_310, TZS: 2_620, UGX: 3_780, XOF: 603, ZAR: 18.4, ZMW: 26.5, BWP: 13.6, XAF: 603, BDT: 117,
  ARS: 920, COP: 3_950, EGP: 48.5, GHS: 15.2, GTQ: 7.78, HTG: 132, JMD: 156, PKR: 278, CNY: 7.24, JPY: 151,
  BTC: 0.0000105, USDC: 1, USDT: 1,
};

/** Length of one rate window: rates are cached and stable for this long. */
export const RATE_WINDOW_MS = 5 * 60 * 1000;

/** Currency codes with a sandbox rate. */
export function ratedCurrencies(): string[] {
  return Object.keys(PER_USD);
}

/** Start of the rate window containing `atMs`. */
export function windowStart(atMs: number): number {
  return Math.floor(atMs / RATE_WINDOW_MS) * RATE_WINDOW_MS;
}

function drift(code: string, window: number): number {
  if (code === 'USD' || code === 'USDC' || code === 'USDT') return 1;
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 1000;
  return 1 + 0.002 * Math.sin(window / RATE_WINDOW_MS + h);
}

/** Units of `code` per one USD in the window containing `atMs`, or undefined for an unknown code. */
export function perUsd(code: string, atMs: number): number | undefined {
  const base = PER_USD[code];
  return base === undefined ? undefined : base * drift(code, windowStart(atMs));
}

/** Mid-market rate in major units: how many units of `to` one unit of `from` buys. */
export function midRate(from: string, to: string, atMs: number): number | undefined {
  const f = perUsd(from, atMs);
  const t = perUsd(to, atMs);
  return f === undefined || t === undefined ? undefined : t / f;
}
