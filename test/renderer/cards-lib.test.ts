import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../core/transactions/card-schema';
import type { CardTxEvent } from '../../core/cards/transactions';
import { cardEventEntries, cardTxSentence, descriptorWith, reconPoints } from '../../renderer/lib/cards';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const amount = (n: number) => ({ amount: n, currency: USD });
function tx(over: Partial<CardTransaction> = {}): CardTransaction {
  return {
    type: 'CARD', id: 'CardTransaction:1', customerId: 'Customer:1', platformCustomerId: 'p-1', status: 'AUTHORIZED', direction: 'DEBIT',
    merchant: { descriptor: 'CORNER COFFEE 000' }, authorizedAmount: amount(1250), accountId: 'InternalAccount:1',
    authorizedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    settledAmount: amount(0), refundedAmount: amount(0), pullSummary: { count: 1, totalAmount: 1250, pendingCount: 0 },
    settlementSummary: { count: 0, totalAmount: 0 }, refundSummary: { count: 0, totalAmount: 0 }, ...over,
  };
}
let seq = 0;
const ev = (kind: CardTxEvent['kind'], amountMinor: number, outcome: CardTxEvent['outcome'] = 'DONE', statusAfter: CardTxEvent['statusAfter'] = 'AUTHORIZED'): CardTxEvent =>
  ({ seq: ++seq, kind, outcome, amount: amountMinor, statusAfter, note: null, at: '2026-01-01T00:00:00.000Z', resolvedAt: null });

describe('card transactions in words', () => {
  it('tells each status in a sentence with amounts formatted and the holder named', () => {
    expect(cardTxSentence(tx(), 'Alice Johnson')).toBe("Alice Johnson's card was authorized for 12.50 USD at CORNER COFFEE 000. The amount is on hold in the funding account; nothing has been paid to the merchant yet.");
    expect(cardTxSentence(tx({ status: 'PARTIALLY_SETTLED', settledAmount: amount(500) }), 'Alice Johnson')).toContain("has collected 5.00 USD of the 12.50 USD authorized on Alice Johnson's card");
    expect(cardTxSentence(tx({ status: 'SETTLED', settledAmount: amount(1500) }), undefined)).toBe('CORNER COFFEE 000 was paid 15.00 USD from the card (2.50 USD more than authorized, pulled afterwards).');
    expect(cardTxSentence(tx({ status: 'SETTLED' }), undefined)).toContain('expired without being charged');
    expect(cardTxSentence(tx({ status: 'REFUNDED', settledAmount: amount(1250), refundedAmount: amount(1250) }), undefined)).toContain('returned the whole 12.50 USD');
    expect(cardTxSentence(tx({ status: 'EXCEPTION', settledAmount: amount(1300) }), undefined, 300)).toContain('3.00 USD is owed');
  });

  it('lays out the timeline and the running totals that end at the summaries', () => {
    const events = [ev('AUTHORIZATION', 1250), ev('PULL', 1250, 'CONFIRMED'), ev('CLEARING', 1500, 'DONE', 'SETTLED'), ev('PULL', 250, 'CONFIRMED', 'SETTLED'), ev('REFUND', 500, 'DONE', 'SETTLED')];
    expect(cardEventEntries(events, USD).map((e) => `${e.title}|${e.status}`)).toEqual([
      'Authorized 12.50 USD|AUTHORIZED', 'Pulled 12.50 USD from the account|AUTHORIZED', 'Cleared 15.00 USD: paid to the merchant|SETTLED',
      'Pulled 2.50 USD from the account|SETTLED', 'Merchant returned 5.00 USD|SETTLED',
    ]);
    expect(reconPoints(events, USD).at(-1)).toMatchObject({ authorized: 1250, pulled: 1500, paid: 1000 });
    expect(cardEventEntries([ev('PULL', 100, 'FAILED', 'EXCEPTION')], USD)[0]).toMatchObject({ title: 'Pull of 1.00 USD failed', status: 'FAILED' });
  });

  it('puts the sandbox suffix at the end of the merchant descriptor, replacing an earlier one', () => {
    expect(descriptorWith('CORNER COFFEE SF', '005')).toBe('CORNER COFFEE SF 005');
    expect(descriptorWith('CORNER COFFEE SF 002', '000')).toBe('CORNER COFFEE SF 000');
    expect(descriptorWith('  ', '003')).toBe('SANDBOX MERCHANT 003');
  });
});
