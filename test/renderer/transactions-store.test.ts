import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { DomainEvent, HandlerInput } from '../../core/index';
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
    // The next page is asked for as soon as a page arrives, so scrolling finds it already there.
    await flushPromises();
    expect(pagesAsked()).toEqual([{ cursor: '50', limit: 50 }]);
    await store.loadMore();
    expect(store.items).toHaveLength(100);
    expect(pagesAsked()).toEqual([{ cursor: '50', limit: 50 }, { cursor: '100', limit: 50 }]);
    await store.loadMore();
    expect(store.items).toHaveLength(120);
    expect(new Set(store.items.map((t) => t.id)).size).toBe(120);
    expect(store.hasMore).toBe(false);
    const before = fake.calls.length;
    await store.loadMore();
    expect(fake.calls.length).toBe(before);
    expect(pagesAsked()).toHaveLength(2);
  });

  it('a live change drops the page asked ahead, and Load more asks for it again', async () => {
    const store = useTransactionsStore();
    await store.load({});
    await flushPromises();
    expect(pagesAsked()).toHaveLength(1);
    store.receive(event(1, 'OUTGOING_PAYMENT.COMPLETED', change(90, { status: 'COMPLETED' }, 1)));
    await settle();
    await store.loadMore();
    expect(pagesAsked().map((q) => q.cursor)).toEqual(['50', '50', '100']);
    expect(store.items).toHaveLength(100);
  });

  it('ignores events that are not about transactions', async () => {
    const store = useTransactionsStore();
    await store.load({});
    store.receive({ seq: 1, id: 'Event:1', type: 'QUOTE.CREATED', resourceType: 'Quote', resourceId: 'Quote:9', payload: { status: 'PENDING' }, createdAt: new Date(T0).toISOString() });
    await settle();
    expect(store.items).toHaveLength(50);
    expect(store.fresh.size).toBe(0);
    expect(searches()).toBe(1);
  });
});

/** Lets the frame that applies live events run, then the count re-read it asked for. */
async function settle(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await flushPromises();
}
/** Reads of the first page (the load, and the live count re-reads); pages asked by cursor are counted apart. */
const searches = () => fake.calls.filter((c) => c.name === 'transactions/search' && (c.input as { cursor?: string }).cursor === undefined).length;
/** The pages asked for by cursor, in order, with the cursor and page size. */
const pagesAsked = () => fake.calls
  .filter((c) => c.name === 'transactions/search' && (c.input as { cursor?: string }).cursor !== undefined)
  .map((c) => ({ cursor: (c.input as { cursor: string }).cursor, limit: (c.input as { limit: number }).limit }));
const ids = (list: readonly { id: string }[]) => list.map((t) => t.id);
/** What the server lists for the same filters, in its order (every page). */
const serverOrder = (q: Partial<HandlerInput<'transactions/search'>> = {}) => ids(searchOf(rows)({ sortOrder: 'desc', ...q, limit: 10_000 }).data);
/** The server changes a stored transaction, then its event arrives. */
function change(n: number, over: Record<string, unknown>, seq = n): Transaction {
  const next = tx(n, { ...rows.find((r) => r.id === tx(n).id), ...over, updatedAt: new Date(T0 + 500_000 + seq).toISOString() });
  rows = [...rows.filter((r) => r.id !== next.id), next];
  return next;
}

describe('the live list', () => {
  it('changes a loaded row in place and highlights it; the count is the server\'s', async () => {
    const store = useTransactionsStore();
    await store.load({});
    const changed = change(120, { status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
    store.receive(event(1, 'OUTGOING_PAYMENT.FAILED', changed));
    await settle();
    expect(store.items[0]).toMatchObject({ id: 'Transaction:0120', status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
    expect(store.fresh.has('Transaction:0120')).toBe(true);
    expect(ids(store.items)).toEqual(serverOrder().slice(0, 50));
    expect(store.total).toBe(120);
  });

  it('keeps the server\'s count and order when transactions that are not loaded change', async () => {
    const store = useTransactionsStore();
    await store.load({});
    const before = ids(store.items);
    // Executing ten older quotes: their transactions change state, none of them is on the loaded page.
    for (let n = 1; n <= 10; n++) store.receive(event(n, 'OUTGOING_PAYMENT.COMPLETED', change(n, { status: 'COMPLETED' })));
    await settle();
    expect(ids(store.items)).toEqual(before);
    expect(store.total).toBe(120);
    expect(store.fresh.size).toBe(0);
  });

  it('inserts a new matching transaction once, on top, and the count comes from the server', async () => {
    const store = useTransactionsStore();
    await store.load({});
    const created = tx(500);
    rows = [...rows, created];
    store.receive(event(1, 'OUTGOING_PAYMENT.PENDING', created));
    store.receive(event(2, 'OUTGOING_PAYMENT.PROCESSING', change(500, { status: 'PROCESSING' })));
    await settle();
    store.receive(event(3, 'OUTGOING_PAYMENT.COMPLETED', change(500, { status: 'COMPLETED' })));
    await settle();
    expect(ids(store.items).filter((id) => id === 'Transaction:0500')).toHaveLength(1);
    expect(store.items[0]).toMatchObject({ id: 'Transaction:0500', status: 'COMPLETED' });
    expect(store.fresh.has('Transaction:0500')).toBe(true);
    expect(store.total).toBe(121);
    expect(ids(store.items)).toEqual(serverOrder().slice(0, 51));
  });

  it('does not insert a new transaction that does not match the filters', async () => {
    const store = useTransactionsStore();
    await store.load({ status: 'FAILED' });
    expect(store.total).toBe(12);
    const created = tx(500, { status: 'PENDING' });
    rows = [...rows, created];
    store.receive(event(1, 'OUTGOING_PAYMENT.PENDING', created));
    await settle();
    expect(ids(store.items)).not.toContain('Transaction:0500');
    expect(store.total).toBe(12);
    expect(ids(store.items)).toEqual(serverOrder({ status: ['FAILED'] }));
  });

  it('brings in a transaction that came to match the filters, in its place by creation time', async () => {
    const store = useTransactionsStore();
    await store.load({ status: 'FAILED' });
    store.receive(event(1, 'OUTGOING_PAYMENT.FAILED', change(55, { status: 'FAILED' })));
    await settle();
    expect(store.total).toBe(13);
    expect(ids(store.items)).toEqual(serverOrder({ status: ['FAILED'] }));
  });

  it('repeats no row on Load more after live inserts, and ends with exactly the server\'s list', async () => {
    const store = useTransactionsStore();
    await store.load({});
    for (let n = 501; n <= 505; n++) {
      rows = [...rows, tx(n)];
      store.receive(event(n, 'OUTGOING_PAYMENT.PENDING', tx(n)));
    }
    store.receive(event(9, 'OUTGOING_PAYMENT.COMPLETED', change(3, { status: 'COMPLETED' })));
    await settle();
    expect(store.total).toBe(125);
    while (store.hasMore) await store.loadMore();
    expect(new Set(ids(store.items)).size).toBe(store.items.length);
    expect(ids(store.items)).toEqual(serverOrder());
  });

  it('starts again from the server\'s first page when more new transactions arrive than a page holds', async () => {
    const store = useTransactionsStore();
    await store.load({});
    for (let n = 601; n <= 680; n++) {
      rows = [...rows, tx(n)];
      store.receive(event(n, 'INCOMING_PAYMENT.PENDING', tx(n)));
    }
    // The frame placed all 80 on top of the loaded page, which already holds the list's head: no gap.
    await settle();
    expect(ids(store.items)).toEqual(serverOrder().slice(0, 130));
    // Unseen by this list (no events, e.g. missed while hidden), 70 more arrive: the head re-read finds a gap.
    for (let n = 701; n <= 770; n++) rows = [...rows, tx(n)];
    store.receive(event(1, 'OUTGOING_PAYMENT.COMPLETED', change(680, { status: 'COMPLETED' })));
    await settle();
    expect(ids(store.items)).toEqual(serverOrder().slice(0, 50));
    expect(store.total).toBe(270);
    while (store.hasMore) await store.loadMore();
    expect(ids(store.items)).toEqual(serverOrder());
  });

  it('adds new transactions at the end of an oldest-first list only once every page is loaded', async () => {
    const store = useTransactionsStore();
    await store.load({ sortOrder: 'asc' });
    rows = [...rows, tx(500)];
    store.receive(event(1, 'OUTGOING_PAYMENT.PENDING', tx(500)));
    await settle();
    expect(ids(store.items)).toEqual(serverOrder({ sortOrder: 'asc' }).slice(0, 50));
    expect(store.total).toBe(121);
    while (store.hasMore) await store.loadMore();
    rows = [...rows, tx(501)];
    store.receive(event(2, 'OUTGOING_PAYMENT.PENDING', tx(501)));
    await settle();
    expect(ids(store.items)).toEqual(serverOrder({ sortOrder: 'asc' }));
  });

  it('coalesces 1,000 events into a bounded number of count re-reads', async () => {
    const store = useTransactionsStore();
    await store.load({});
    // A clock advance: 1,000 transactions change within one frame.
    for (let i = 0; i < 1000; i++) store.receive(event(i, 'OUTGOING_PAYMENT.COMPLETED', change((i % 120) + 1, { status: 'COMPLETED' }, i)));
    await settle();
    expect(searches()).toBe(2);
    expect(store.liveRefreshes).toBe(1);
    // The same spread over 20 frames while the server is slow to answer: at most one re-read in flight, one queued.
    let release: () => void = () => undefined;
    const slow = fakeBridge({
      'transactions/search': async (q) => (await new Promise<void>((r) => (release = r)), searchOf(rows)(q)),
    });
    setBridge(slow.bridge);
    for (let frame = 0; frame < 20; frame++) {
      for (let i = 0; i < 50; i++) store.receive(event(frame * 50 + i, 'OUTGOING_PAYMENT.FAILED', change(((frame * 50 + i) % 120) + 1, { status: 'FAILED' }, i)));
      await settle();
    }
    release();
    await flushPromises();
    release();
    await flushPromises();
    expect(slow.calls.length).toBeLessThanOrEqual(2);
    expect(ids(store.items)).toEqual(serverOrder().slice(0, 50));
    expect(store.total).toBe(120);
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
  it('states the amounts, rate, reference, refund and every status change with its time and cause, in words (no API names)', () => {
    const text = transactionSummary(detail({ refund: { reference: 'RF-1', initiatedAt: new Date(T0).toISOString(), status: 'PENDING', reason: 'TRANSACTION_FAILED' }, failureReason: 'PAYOUT_RETURNED' }));
    expect(text).toContain('Transaction Transaction:0001');
    expect(text).toContain('Sent 100.00 USD');
    expect(text).toContain('Received 90.89 EUR');
    expect(text).toContain('Fees 1.02 USD');
    expect(text).toContain('Rate 1 EUR = 1.08906 USD');
    expect(text).toContain('Reference QREF1');
    expect(text).toContain('Why it failed: Returned by the receiving bank');
    expect(text).toContain('Refund in progress (reference RF-1) because the payment failed');
    expect(text).toContain('History (workspace time)');
    expect(text).toMatch(/2025-10-13 10:00:00 UTC +Waiting +Quote created\n.*In progress +Quote executed: the money left the source account\n.*10:00:10 UTC +Delivered +Delivered to the recipient$/);
    expect(text.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []).toEqual([]);
  });
});
