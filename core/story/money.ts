/**
 * Money in the renderer: amounts arrive as integers of minor units and leave as integers of minor
 * units. Why string manipulation: dividing by 10^decimals in floating point would print 0.1 + 0.2
 * style artefacts and lose exactness near 9e15, so the decimal point is placed in the digit string.
 */

/** The part of the API's Currency object the formatter needs. */
export interface CurrencyLike {
  code: string;
  decimals: number;
}

/** An amount as the API returns it: integer minor units plus its currency. */
export interface MoneyLike {
  amount: number;
  currency: CurrencyLike;
}

/** Inserts thousands separators into a string of digits. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The decimal string of an integer number of minor units, e.g. (123456, 2) -> `1,234.56`. */
export function formatMinorDigits(amount: number, decimals: number): string {
  // A non-integer here is a bug upstream; show it raw rather than invent digits.
  if (!Number.isInteger(amount)) return String(amount);
  const raw = BigInt(amount).toString();
  const negative = raw.startsWith('-');
  const digits = (negative ? raw.slice(1) : raw).padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Formats minor units with the currency's decimals and code, e.g. `1,234.56 USD`. */
export function formatMinor(amount: number, currency: CurrencyLike): string {
  return `${formatMinorDigits(amount, currency.decimals)} ${currency.code}`;
}

/** Formats a Money object, e.g. `{ amount: 123456, currency: USD }` -> `1,234.56 USD`. */
export function formatMoney(money: MoneyLike): string {
  return formatMinor(money.amount, money.currency);
}

/** The outcome of parsing an amount typed in major units. */
export type ParsedAmount = { ok: true; minor: number } | { ok: false; error: string };

const PLAIN = /^(\d+)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/**
 * Parses a positive amount typed in major units ("25", "25.5", "1,234.56") into an integer of minor
 * units, by string manipulation only. Rejects signs, exponents, badly placed separators, more
 * fraction digits than the currency has, zero, and values beyond JavaScript's exact integers.
 */
export function parseMajorToMinor(text: string, decimals: number): ParsedAmount {
  const input = text.trim();
  if (input === '') return { ok: false, error: 'Enter an amount' };
  const m = PLAIN.exec(input) ?? GROUPED.exec(input);
  if (!m) return { ok: false, error: 'Enter a positive number such as 25.00 (digits, an optional point, commas only between thousands)' };
  const whole = (m[1] ?? '').replace(/,/g, '');
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, error: decimals === 0 ? 'This currency has no decimal places' : `At most ${decimals} decimal places` };
  }
  const digits = (whole + fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  const big = BigInt(digits);
  if (big === 0n) return { ok: false, error: 'The amount must be greater than zero' };
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'The amount is too large' };
  return { ok: true, minor: Number(big) };
}
