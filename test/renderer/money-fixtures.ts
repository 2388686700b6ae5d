import type { HandlerInput, HandlerOutput } from '../../core/index';
import type { Currency } from '../../core/kernel/money';
import type { Quote } from '../../core/quotes/schema';
import type { Transaction, TxStatus } from '../../core/transactions/schema';

/** Currencies as the API returns them. */
export const USD: Currency = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
export const EUR: Currency = { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 };

/** The workspace instant every fixture is built around. */
export const T0 = Date.UTC(2025, 9, 13, 10, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** An outgoing quote transaction of 100.00 USD to 90.89 EUR, created `n` seconds after T0. */
export function tx(n: number, over: Record<string, unknown> = {}): Transaction {
  return {
    id: `Transaction:${String(n).padStart(4, '0')}`, type: 'OUTGOING', status: 'PENDING' as TxStatus, direction: 'DEBIT',
    customerId: 'Customer:alice', platformCustomerId: 'cust-alice-001', quoteId: `Quote:${String(n).padStart(4, '0')}`,
    source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:alice-usd', currency: 'USD' },
    destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:sophie-0000', currency: 'EUR', paymentRail: 'SEPA_INSTANT' },
    sentAmount: { amount: 10_000, currency: USD }, receivedAmount: { amount: 9_089, currency: EUR }, fees: 102, exchangeRate: 1.08906,
    reconciliationInstructions: { reference: `QREF${n}` }, paymentRail: 'SEPA_INSTANT',
    createdAt: iso(T0 + n * 1000), updatedAt: iso(T0 + n * 1000), ...over,
  };
}

/** A transactions/search handler over `rows`, newest first, paged by a cursor that is the last row's position. */
export function searchOf(rows: Transaction[]) {
  return (q: HandlerInput<'transactions/search'>): HandlerOutput<'transactions/search'> => {
    const filtered = rows
      .filter((r) => (!q.status?.length || q.status.includes(r.status)) && (!q.type || r.type === q.type) && (!q.q || r.id === q.q || r['quoteId'] === q.q))
      .sort((a, b) => (q.sortOrder === 'asc' ? 1 : -1) * String(a['createdAt']).localeCompare(String(b['createdAt'])));
    const start = q.cursor ? Number(q.cursor) : 0;
    const limit = q.limit ?? 50;
    const data = filtered.slice(start, start + limit);
    const hasMore = start + limit < filtered.length;
    return { data, hasMore, totalCount: filtered.length, ...(hasMore ? { nextCursor: String(start + limit) } : {}) };
  };
}

/** A priced quote of 100.00 USD to Sophie's EUR account, expiring five minutes after T0. */
export function quote(over: Partial<Quote> = {}): Quote {
  return {
    id: 'Quote:0001', status: 'PENDING', createdAt: iso(T0), expiresAt: iso(T0 + 300_000),
    source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:alice-usd' },
    destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:sophie-0000', currency: 'EUR', paymentRail: 'SEPA_INSTANT' },
    sendingCurrency: USD, receivingCurrency: EUR, totalSendingAmount: 2_500, totalReceivingAmount: 2_175, exchangeRate: 1.08906,
    feesIncluded: 61, transactionId: 'Transaction:0001',
    rateDetails: { counterpartyMultiplier: 0.0000873552, counterpartyFixedFee: 20, svcApiMultiplier: 10458.8, svcApiFixedFee: 30, svcApiVariableFeeRate: 0.005, svcApiVariableFeeAmount: 13 },
    ...over,
  };
}

/** The transaction's whole story, completed: three status changes and four ledger lines. */
export function detail(over: Record<string, unknown> = {}): HandlerOutput<'transactions/detail'> {
  const t = tx(1, { status: 'COMPLETED', settledAt: iso(T0 + 10_000), updatedAt: iso(T0 + 10_000), ...over });
  const entry = (n: number, kind: string, accountId: string, bucket: 'AVAILABLE' | 'HELD', amount: number) => ({
    id: `LedgerEntry:${n}`, journalId: `Journal:${Math.ceil(n / 2)}`, kind, refId: t.id, description: kind, accountId, currency: 'USD', amount, bucket, createdAt: iso(T0 + n * 1000),
  });
  return {
    transaction: t,
    history: [
      { status: 'PENDING', cause: 'QUOTE_CREATED', details: {}, at: iso(T0) },
      { status: 'PROCESSING', cause: 'QUOTE_EXECUTED', details: {}, at: iso(T0 + 5_000) },
      { status: 'COMPLETED', cause: 'SANDBOX_DELIVERED', details: {}, at: iso(T0 + 10_000) },
    ],
    quote: quote({ status: 'COMPLETED' }),
    scenario: 'QUOTE:SUCCESS',
    scheduled: [],
    expectedArrivalAt: null,
    ledger: [
      entry(1, 'QUOTE_EXECUTED', 'InternalAccount:alice-usd', 'AVAILABLE', -10_000), entry(2, 'QUOTE_EXECUTED', 'InternalAccount:alice-usd', 'HELD', 10_000),
      entry(3, 'PAYMENT_SETTLED', 'InternalAccount:alice-usd', 'HELD', -10_000), entry(4, 'PAYMENT_SETTLED', 'edge:payout:USD', 'AVAILABLE', 10_000),
    ],
    apiCalls: [{ id: 'ApiCall:0001', method: 'POST', path: '/2025-10-13/quotes', status: 201, source: 'CONSOLE', principal: 'console', created_at: T0, createdAt: iso(T0), wallAt: iso(T0) }],
    events: [{ type: 'OUTGOING_PAYMENT.PENDING', createdAt: iso(T0) }, { type: 'OUTGOING_PAYMENT.COMPLETED', createdAt: iso(T0 + 10_000) }],
  };
}
