import { describe, expect, it } from 'vitest';
import { formatMinor, formatMinorDigits, parseMajorToMinor } from '../../renderer/lib/money';

const USD = { code: 'USD', decimals: 2 };
const JPY = { code: 'JPY', decimals: 0 };
const BTC = { code: 'BTC', decimals: 8 };

describe('formatting money from integer minor units', () => {
  it('places the decimal point by the currency decimals and groups thousands', () => {
    expect(formatMinor(123456, USD)).toBe('1,234.56 USD');
    expect(formatMinor(5, USD)).toBe('0.05 USD');
    expect(formatMinor(0, USD)).toBe('0.00 USD');
    expect(formatMinor(100, USD)).toBe('1.00 USD');
  });

  it('has no fraction for zero-decimal currencies', () => {
    expect(formatMinor(1234567, JPY)).toBe('1,234,567 JPY');
    expect(formatMinor(0, JPY)).toBe('0 JPY');
  });

  it('shows every satoshi for 8-decimal currencies', () => {
    expect(formatMinor(1, BTC)).toBe('0.00000001 BTC');
    expect(formatMinor(2_100_000_000_000_000, BTC)).toBe('21,000,000.00000000 BTC');
    expect(formatMinor(123456789, BTC)).toBe('1.23456789 BTC');
  });

  it('keeps the sign of negative amounts (ledger debits)', () => {
    expect(formatMinor(-123456, USD)).toBe('-1,234.56 USD');
    expect(formatMinor(-5, USD)).toBe('-0.05 USD');
    expect(formatMinor(-1, BTC)).toBe('-0.00000001 BTC');
    expect(formatMinor(-1000, JPY)).toBe('-1,000 JPY');
  });

  it('is exact for the largest amounts the API allows (9e15), where float division would drift', () => {
    expect(formatMinor(9_000_000_000_000_000, USD)).toBe('90,000,000,000,000.00 USD');
    expect(formatMinor(8_999_999_999_999_999, USD)).toBe('89,999,999,999,999.99 USD');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, USD)).toBe('90,071,992,547,409.91 USD');
    expect(formatMinorDigits(-8_999_999_999_999_999, 8)).toBe('-89,999,999.99999999');
  });

  it('does not invent digits for a non-integer (a bug upstream shows raw)', () => {
    expect(formatMinorDigits(12.5, 2)).toBe('12.5');
  });
});

describe('parsing an amount typed in major units into integer minor units', () => {
  it('converts by string manipulation', () => {
    expect(parseMajorToMinor('25.00', 2)).toEqual({ ok: true, minor: 2500 });
    expect(parseMajorToMinor('25', 2)).toEqual({ ok: true, minor: 2500 });
    expect(parseMajorToMinor('25.5', 2)).toEqual({ ok: true, minor: 2550 });
    expect(parseMajorToMinor(' 0.01 ', 2)).toEqual({ ok: true, minor: 1 });
    expect(parseMajorToMinor('25.', 2)).toEqual({ ok: true, minor: 2500 });
    expect(parseMajorToMinor('1500', 0)).toEqual({ ok: true, minor: 1500 });
    expect(parseMajorToMinor('0.00000001', 8)).toEqual({ ok: true, minor: 1 });
  });

  it('is exact where float multiplication is not (0.29 * 100 = 28.999...)', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(parseMajorToMinor('0.29', 2)).toEqual({ ok: true, minor: 29 });
    expect(parseMajorToMinor('1.005', 3)).toEqual({ ok: true, minor: 1005 });
    expect(parseMajorToMinor('89999999999999.99', 2)).toEqual({ ok: true, minor: 8_999_999_999_999_999 });
  });

  it('accepts commas only as correct thousands separators', () => {
    expect(parseMajorToMinor('1,234.5', 2)).toEqual({ ok: true, minor: 123450 });
    expect(parseMajorToMinor('1,234,567', 2)).toEqual({ ok: true, minor: 123456700 });
    expect(parseMajorToMinor('1,23.4', 2).ok).toBe(false);
    expect(parseMajorToMinor('1234,5', 2).ok).toBe(false);
    expect(parseMajorToMinor(',100', 2).ok).toBe(false);
  });

  it('rejects more decimals than the currency has', () => {
    expect(parseMajorToMinor('25.001', 2)).toEqual({ ok: false, error: 'At most 2 decimal places' });
    expect(parseMajorToMinor('10.5', 0)).toEqual({ ok: false, error: 'This currency has no decimal places' });
    expect(parseMajorToMinor('0.000000001', 8).ok).toBe(false);
  });

  it('rejects empty, zero, negative, exponent and non-numeric input', () => {
    for (const bad of ['', '  ', '0', '0.00', '-5', '+5', '1e3', 'abc', '12.3.4', '.5', 'NaN', 'Infinity', '１２']) {
      expect(parseMajorToMinor(bad, 2).ok, bad).toBe(false);
    }
  });

  it('rejects amounts beyond exact JavaScript integers', () => {
    expect(parseMajorToMinor('90071992547409.91', 2)).toEqual({ ok: true, minor: Number.MAX_SAFE_INTEGER });
    expect(parseMajorToMinor('90071992547409.92', 2)).toEqual({ ok: false, error: 'The amount is too large' });
  });
});
