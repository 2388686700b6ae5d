import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../core/transactions/card-schema';
import type { CardTxEvent } from '../../core/cards/transactions';
import { cardEventEntries, cardStateWords, cardTxSentence, descriptorWith, reconPoints, revealedFrom } from '../../renderer/lib/cards';
import { revealPage } from '../../core/cards/reveal';

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

describe('credits, card states and revealed details in words', () => {
  it('tells a CREDIT as money coming into the account, in its sentence and its timeline', () => {
    const credit = (over: Partial<CardTransaction>) => tx({ direction: 'CREDIT', pullSummary: { count: 0, totalAmount: 0, pendingCount: 0 }, ...over });
    expect(cardTxSentence(credit({}), 'Alice Johnson')).toBe("CORNER COFFEE 000 authorized a credit of 12.50 USD to Alice Johnson's card; it is paid into the funding account when it clears.");
    expect(cardTxSentence(credit({ status: 'PARTIALLY_SETTLED', settledAmount: amount(500) }), undefined)).toContain('has credited 5.00 USD of the 12.50 USD');
    expect(cardTxSentence(credit({ status: 'SETTLED', settledAmount: amount(1250) }), undefined)).toBe('CORNER COFFEE 000 credited 12.50 USD to the card; it is in the funding account.');
    expect(cardTxSentence(credit({ status: 'SETTLED' }), undefined)).toContain('expired without being paid');
    expect(cardEventEntries([ev('AUTHORIZATION', 1250), ev('CLEARING', 1250, 'DONE', 'SETTLED')], USD, 'CREDIT').map((e) => e.title))
      .toEqual(['Credit of 12.50 USD authorized', 'Cleared 12.50 USD: paid into the account']);
    expect(cardEventEntries([ev('CLEARING', 1250, 'DONE', 'SETTLED')], USD)[0]!.title).toBe('Cleared 12.50 USD: paid to the merchant');
  });

  it("says why a card is in its state: the reason when upstream's set has one, FROZEN from the state itself", () => {
    expect(cardStateWords({ state: 'FROZEN' })).toBe('Frozen by the platform');
    expect(cardStateWords({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM' })).toBe('Closed by the platform');
    expect(cardStateWords({ state: 'CLOSED', stateReason: 'ISSUER_REJECTED' })).toBe('Rejected by the issuer');
    expect(cardStateWords({ state: 'CLOSED', stateReason: 'CLOSED_BY_SVC' })).toBe('Closed by the service');
    expect(cardStateWords({ state: 'ACTIVE', stateReason: null })).toBe('');
  });

  it("reads the details out of the reveal page the core serves, and refuses a page without them", () => {
    const html = revealPage({ pan: '4263105338044242', cvv: '036', expMonth: 11, expYear: 2029, last4: '4242' });
    expect(revealedFrom('Card:1', html)).toEqual({ cardId: 'Card:1', pan: '4263 1053 3804 4242', exp: '11/29', cvv: '036' });
    expect(() => revealedFrom('Card:1', '<p>gone</p>')).toThrow('did not show the card details');
  });
});
