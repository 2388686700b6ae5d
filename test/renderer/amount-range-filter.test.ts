// The Transactions screen's amount range as it sits in the URL (typed text in major units) and as the
// live list checks rows that arrive while it is filtered.
import { describe, expect, it } from 'vitest';
import { amountOf, matchesSearch, toSearchInput, type TxView } from '../../renderer/lib/transactions';

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 };
const mxn = { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 };
const row = (cents: number): TxView => ({
  id: 'Transaction:1', type: 'OUTGOING', status: 'COMPLETED', sentAmount: { amount: cents, currency: usd }, receivedAmount: { amount: cents * 17, currency: mxn },
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the amount range filter', () => {
  it('reads amounts as people type them, and nothing else', () => {
    expect(['250', '1,234.50', ' 0.5 ', '', 'abc', '-3', '2e3'].map(amountOf)).toEqual([250, 1234.5, 0.5, undefined, undefined, undefined, undefined]);
    expect(toSearchInput({ amountMin: '240', amountMax: '260' })).toMatchObject({ amountMin: 240, amountMax: 260 });
    expect(toSearchInput({ amountMin: 'lots' }).amountMin).toBeUndefined();
  });

  it('keeps a live row when one of its amounts lies in the range (in the chosen currency only, when one is chosen)', () => {
    expect(matchesSearch(row(250_00), toSearchInput({ amountMin: '240', amountMax: '260' }))).toBe(true);
    expect(matchesSearch(row(300_00), toSearchInput({ amountMin: '240', amountMax: '260' }))).toBe(false);
    expect(matchesSearch(row(250_00), toSearchInput({ amountMin: '240', amountMax: '260', currency: 'MXN' }))).toBe(false);
    expect(matchesSearch(row(250_00), toSearchInput({ amountMin: '4000', currency: 'MXN' }))).toBe(true);
  });
});
