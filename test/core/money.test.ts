import { describe, expect, it } from 'vitest';
import { convertMinor, currency, currencyCodes, findCurrency, formatMinor, roundMinor } from '../../core/kernel/money';

describe('roundMinor', () => {
  it('rounds halves away from zero on both signs', () => {
    expect(roundMinor(2.5)).toBe(3);
    expect(roundMinor(-2.5)).toBe(-3);
    expect(roundMinor(0.5)).toBe(1);
    expect(roundMinor(-0.5)).toBe(-1);
    expect(roundMinor(1234.5)).toBe(1235);
  });

  it('rounds non-halves to the nearest whole minor unit', () => {
    expect(roundMinor(2.49)).toBe(2);
    expect(roundMinor(-2.49)).toBe(-2);
    expect(roundMinor(2.51)).toBe(3);
    expect(roundMinor(7)).toBe(7);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundMinor(-0.4), 0)).toBe(true);
    expect(Object.is(roundMinor(-0), 0)).toBe(true);
  });
});

describe('convertMinor', () => {
  it('converts between currencies with the same decimals at the major rate', () => {
    expect(convertMinor(10_000, 'USD', 'EUR', 0.92)).toBe(9_200);
    expect(convertMinor(10_000, 'USD', 'MXN', 17.1)).toBe(171_000);
  });

  it('drops two decimals when converting from cents to a zero-decimal currency', () => {
    expect(currency('JPY').decimals).toBe(0);
    expect(convertMinor(100, 'USD', 'JPY', 151)).toBe(151); // $1.00 -> ¥151
    expect(convertMinor(12_345, 'USD', 'JPY', 151)).toBe(18_641); // 123.45 * 151 = 18640.95
    expect(convertMinor(150, 'USD', 'JPY', 1)).toBe(2); // 1.5 rounds away from zero
    expect(convertMinor(-150, 'USD', 'JPY', 1)).toBe(-2);
  });

  it('adds six decimals when converting from cents to satoshis', () => {
    expect(currency('BTC').decimals).toBe(8);
    expect(convertMinor(100, 'USD', 'BTC', 0.0000105)).toBe(1_050); // $1.00 -> 0.0000105 BTC
    expect(convertMinor(100_000_00, 'USD', 'BTC', 0.0000105)).toBe(105_000_000); // $100,000 -> 1.05 BTC
  });

  it('converts zero-decimal amounts up into cents', () => {
    expect(convertMinor(151, 'JPY', 'USD', 1 / 151)).toBe(100);
  });
});

describe('formatMinor', () => {
  it('shows the currency\'s decimals with grouping and its code', () => {
    expect(formatMinor(123_456, 'USD')).toBe('1,234.56 USD');
    expect(formatMinor(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMinor(-5, 'USD')).toBe('-0.05 USD');
    expect(formatMinor(1_500, 'JPY')).toBe('1,500 JPY');
    expect(formatMinor(12_345_678, 'BTC')).toBe('0.12345678 BTC');
  });
});

describe('the currency table', () => {
  it('knows codes case-insensitively and refuses unknown ones', () => {
    expect(findCurrency('usd')).toEqual({ code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 });
    expect(findCurrency('ZZZ')).toBeUndefined();
    expect(() => currency('ZZZ')).toThrow(/unknown currency/);
    expect(currencyCodes()).toEqual([...currencyCodes()].sort());
    expect(currencyCodes()).toEqual(expect.arrayContaining(['USD', 'EUR', 'MXN', 'BTC', 'USDC']));
  });
});
