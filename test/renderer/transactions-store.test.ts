import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { DomainEvent } from '../../core/index';
import type { Transaction } from '../../core/transactions/schema';
import { setBridge } from '../../renderer/api/client';
import { useTransactionsStore } from '../../renderer/stores/transactions';
import { toSearchInput, transactionSummary } from '../../renderer/lib/transactions';
import { fakeBridge } from './fake-bridge';
import { detail, searchOf, T0, tx } from './money-fixtures';

let rows: Transaction[];
let fake: ReturnType<typeof fakeBridge>;
beforeEach(() => {
  setActivePinia(createPinia());
  rows = Array.from({ length: 120 }, (_, i) => tx(i + 1, { status: i % 10 === 0 ? 'FAILED' : 'COMPLETED' }));
  fake = fakeBridge({ 'transactions/search': (q) => searchOf(rows)(q), 'transactions/detail': () => detail() });
  setBridge(fake.bridge);
});

const event = (seq: number, type: string, payload: Transaction): DomainEvent => ({
  seq, id: `Event:${seq}`, type, resourceType: 'Transaction', resourceId: payload.id, payload, createdAt: new Date(T0 + seq * 1000).toISOString(),
});

describe('the transactions store', () => {
  it('passes the URL filters to transactions/search: statuses as a list, dates as whole UTC days, newest first by default', async () => {
    const store = useTransactionsStore();
    await store.load({ q: ' Quote:0001 ', status: 'FAILED,COMPLETED,BOGUS', type: 'OUTGOING', currency: 'EUR', from: '2025-10-13', to: '2025-10-14' });
    expect(fake.calls[0]).toEqual({
      name: 'transactions/search',
      input: {
        q: 'Quote:0001', status: ['COMPLETED', 'FAILED'], type: 'OUTGOING', currency: 'EUR',
        from: '2025-10-13T00:00:00.000Z', to: '2025-10-14T23:59:59.999Z', sortOrder: 'desc', limit: 50, cursor: undefined,
      },
    });
  });

  it('ignores a malformed date rather than sending it', () => {
    expect(toSearchInput({ from: '13/10/2025', sortOrder: 'asc' })).toMatchObject({ from: undefined, sortOrder: 'asc' });
  });

  it('pages by cursor: each next page asks with the cursor of the previous one, until there are no more', async () => {
    const store = useTransactionsStore();
    await store.load({});
    expect(store.items).toHaveLength(50);
    expect(store.total).toBe(120);
    expect(store.items[0]?.id).toBe('Transaction:0120');
    await store.loadMore();
    expect(fake.calls.at(-1)?.input).toMatchObject({ cursor: '50', limit: 50 });
    await store.loadMore();
    expect(fake.calls.at(-1)?.input).toMatchObject({ cursor: '100' });
    expect(store.items).toHaveLength(120);
    expect(new Set(store.items.map((t) => t.id)).size).toBe(120);
    expect(store.hasMore).toBe(false);
    const before = fake.calls.length;
    await store.loadMore();
    expect(fake.calls.length).toBe(before);
  });

  it('refreshes a shown row from a live event payload and highlights it', async () => {
    const store = useTransactionsStore();
    await store.load({});
    const changed = tx(120, { status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
    store.receive(event(1, 'OUTGOING_PAYMENT.FAILED', changed));
    expect(store.items[0]).toMatchObject({ id: 'Transaction:0120', status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
    expect(store.fresh.has('Transaction:0120')).toBe(true);
    expect(store.items).toHaveLength(50);
    expect(fake.calls).toHaveLength(1);
  });

  it('puts a new transaction on top only when it matches the filters', async () => {
    const store = useTransactionsStore();
    await store.load({ status: 'PENDING' });
    expect(store.items).toHaveLength(0);
    store.receive(event(1, 'OUTGOING_PAYMENT.COMPLETED', tx(200, { status: 'COMPLETED' })));
    expect(store.items).toHaveLength(0);
    store.receive(event(2, 'OUTGOING_PAYMENT.PENDING', tx(201)));
    expect(store.items.map((t) => t.id)).toEqual(['Transaction:0201']);
    expect(store.total).toBe(1);
    expect(store.fresh.has('Transaction:0201')).toBe(true);
  });

  it('ignores events that are not about transactions', async () => {
    const store = useTransactionsStore();
    await store.load({});
    store.receive({ seq: 1, id: 'Event:1', type: 'QUOTE.CREATED', resourceType: 'Quote', resourceId: 'Quote:9', payload: { status: 'PENDING' }, createdAt: new Date(T0).toISOString() });
    expect(store.items).toHaveLength(50);
    expect(store.fresh.size).toBe(0);
  });
});

describe('the open story', () => {
  it('reloads once after a burst of events about the transaction or its quote, and not for others', async () => {
    vi.useFakeTimers();
    try {
      const store = useTransactionsStore();
      await store.loadDetail('Transaction:0001');
      const loads = () => fake.calls.filter((c) => c.name === 'transactions/detail').length;
      expect(loads()).toBe(1);
      store.receive(event(1, 'OUTGOING_PAYMENT.FAILED', tx(1, { status: 'FAILED' })));
      store.receive({ ...event(2, 'QUOTE.FAILED', tx(1)), resourceType: 'Quote', resourceId: 'Quote:0001', payload: { status: 'FAILED' } });
      store.receive(event(3, 'OUTGOING_PAYMENT.COMPLETED', tx(7, { status: 'COMPLETED' })));
      await vi.advanceTimersByTimeAsync(200);
      expect(loads()).toBe(2);
      store.receive(event(4, 'OUTGOING_PAYMENT.COMPLETED', tx(7, { status: 'COMPLETED' })));
      await vi.advanceTimersByTimeAsync(200);
      expect(loads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the plain-text summary', () => {
  it('states the amounts, rate, reference, refund and every status change with its time and cause', () => {
    const text = transactionSummary(detail({ refund: { reference: 'RF-1', initiatedAt: new Date(T0).toISOString(), status: 'PENDING', reason: 'TRANSACTION_FAILED' }, failureReason: 'PAYOUT_RETURNED' }));
    expect(text).toContain('Transaction Transaction:0001');
    expect(text).toContain('Sent 100.00 USD');
    expect(text).toContain('Received 90.89 EUR');
    expect(text).toContain('Fees 1.02 USD');
    expect(text).toContain('Rate 1 EUR = 1.08906 USD');
    expect(text).toContain('Reference QREF1');
    expect(text).toContain('Failure reason PAYOUT_RETURNED');
    expect(text).toContain('Refund RF-1 PENDING (TRANSACTION_FAILED)');
    expect(text).toMatch(/2025-10-13 10:00:00 UTC +PENDING +QUOTE_CREATED\n.*PROCESSING +QUOTE_EXECUTED\n.*10:00:10 UTC +COMPLETED +SANDBOX_DELIVERED$/);
  });
});
