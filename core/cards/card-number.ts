import { randomInt } from 'node:crypto';

/** True when a string of digits passes the Luhn check that every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) (d *= 2) > 9 && (d -= 9);
    sum += d;
  }
  return /^\d+$/.test(digits) && sum % 10 === 0;
}

/**
 * A random 16-digit Visa number (it starts with 4) ending in `last4`, as the card shows it. Since the
 * last digit is the caller's, the Luhn check is met by choosing the digit before `last4`: at any position
 * the ten digits give ten different remainders, doubled or not, so exactly one fits.
 */
export function newCardNumber(last4: string): string {
  const head = `4${Array.from({ length: 10 }, () => randomInt(10)).join('')}`;
  for (let d = 0; d <= 9; d++) {
    const pan = `${head}${d}${last4}`;
    if (luhnValid(pan)) return pan;
  }
  throw new Error(`no Luhn digit for a card number ending ${last4}`); // unreachable, see above
}

/** A random 3-digit card verification value. */
export function newCvv(): string {
  return String(randomInt(1000)).padStart(3, '0');
}
