/** A rate for people: up to 6 significant digits, grouped, never in exponent form. */
export function formatRate(rate: number): string {
  return new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 }).format(rate);
}

/**
 * Both directions of a quote's rate. `exchangeRate` is sending units per one receiving unit (the
 * spec's convention); the inverse is for reading only and is never used to compute an amount.
 */
export function rateBothWays(rate: number, sending: string, receiving: string): [string, string] {
  return [`1 ${receiving} = ${formatRate(rate)} ${sending}`, `1 ${sending} = ${formatRate(1 / rate)} ${receiving}`];
}
