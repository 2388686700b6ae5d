import './layout-stub';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { DomainEvent } from '../../core/index';
import type { Transaction } from '../../core/transactions/schema';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { fakeBridge } from './fake-bridge';
import { detail, searchOf, T0, tx } from './money-fixtures';

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
/** The list's own reads (the From and To columns also ask for names through other handlers). */
const searches = () => fake.calls.filter((c) => c.name === 'transactions/search');
/** The cursors of the pages asked for after the first, in order (the store asks one page ahead). */
const cursorsAsked = () => searches().map((c) => (c.input as { cursor?: string }).cursor).filter((c) => c !== undefined);
let rows: Transaction[];
beforeEach(() => {
  rows = [tx(1, { status: 'COMPLETED' }), tx(2, { status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' }), tx(3, { status: 'PROCESSING' })];
  fake = fakeBridge({ 'transactions/search': (q) => searchOf(rows)(q), 'transactions/detail': () => detail() });
  setBridge(fake.bridge);
});
afterEach(() => wrapper?.unmount());
// The router loads each screen lazily: load the list and the drawer once, so a navigation settles within flushPromises.
beforeAll(async () => {
  await Promise.all([import('../../renderer/views/TransactionsView.vue'), import('../../renderer/components/transactions/TransactionDetail.vue')]);
}, 60_000);

async function mountAt(path: string): Promise<{ wrapper: VueWrapper; router: Router }> {
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router };
}

/** A transaction event as the core emits it after a commit. */
const live = (seq: number, t: Transaction): DomainEvent => ({ seq, id: `Event:${seq}`, type: `OUTGOING_PAYMENT.${t.status}`, resourceType: 'Transaction', resourceId: t.id, payload: t, createdAt: String(t['updatedAt']) });
/** Lets the frame that applies live events run, and what it asked of the bridge answer. */
async function nextFrame(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await flushPromises();
}

const rowsOf = (w: VueWrapper) => w.findAll('[data-testid="transaction-row"]');
const drawer = () => document.querySelector<HTMLElement>('[data-testid="drawer"]');

describe('the Transactions view', () => {
  it('lists what transactions/search returns: time, status, amounts, who paid, reference and failure reason', async () => {
    const { wrapper } = await mountAt('/transactions');
    expect(searches()[0]).toEqual({ name: 'transactions/search', input: { q: undefined, status: undefined, type: undefined, currency: undefined, from: undefined, to: undefined, sortOrder: 'desc', limit: 50, cursor: undefined } });
    const texts = rowsOf(wrapper).map((r) => r.text());
    expect(texts).toHaveLength(3);
    // At 1000 px the Type, Description and Received columns give way (TransactionsView's order); From and To stay.
    expect(texts[1]).toContain('Failed');
    expect(texts[1]).toContain('100.00 USD');
    expect(texts[1]).toContain('cust-alice-001');
    expect(texts[1]).toContain('QREF2');
    // The failure reason in words; its API name only in the tooltip.
    expect(texts[1]).toContain('The account cannot receive it');
    expect(texts[1]).not.toContain('ACCOUNT_CANNOT_RECEIVE');
    expect(rowsOf(wrapper)[1]!.find('.failure').attributes('title')).toBe('failureReason ACCOUNT_CANNOT_RECEIVE');
    expect(wrapper.text()).toContain('Showing 3 of 3 transactions');
  });

  it('reads its filters from the URL and writes the search box back to it', async () => {
    const { wrapper, router } = await mountAt('/transactions?status=FAILED&type=OUTGOING&sortOrder=asc');
    expect(searches()[0]?.input).toMatchObject({ status: ['FAILED'], type: 'OUTGOING', sortOrder: 'asc' });
    expect(rowsOf(wrapper)).toHaveLength(1);
    const input = wrapper.find<HTMLInputElement>('[data-testid="transaction-search"]');
    await input.setValue('Quote:0003');
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ q: 'Quote:0003', status: 'FAILED', type: 'OUTGOING', sortOrder: 'asc' });
    expect(searches().at(-1)?.input).toMatchObject({ q: 'Quote:0003', status: ['FAILED'] });
  });

  it('opens the focused row with Enter in the drawer route, keeping the filters, and shows the whole story', async () => {
    const { wrapper, router } = await mountAt('/transactions?type=OUTGOING');
    await rowsOf(wrapper)[2]!.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('transaction');
    expect(router.currentRoute.value.params['id']).toBe('Transaction:0001');
    expect(router.currentRoute.value.query).toEqual({ type: 'OUTGOING' });
    expect(fake.calls).toContainEqual({ name: 'transactions/detail', input: { id: 'Transaction:0001' } });
    const d = drawer()!;
    const history = [...d.querySelectorAll('[data-testid="transaction-history"] [data-testid="timeline-entry"]')].map((e) => e.getAttribute('data-status'));
    expect(history).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(d.textContent).toContain('Delivered to the recipient');
    expect(d.querySelectorAll('[data-testid="ledger-row"]')).toHaveLength(4);
    expect(d.textContent).toContain('-100.00 USD');
    expect(d.textContent).toContain('Total fees included');
    expect(d.querySelector('a[href="#/request-log/ApiCall:0001"], a[href="/request-log/ApiCall:0001"]')).not.toBeNull();
  });

  it('copies a plain-text summary of the transaction', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await mountAt('/transactions/Transaction:0001');
    drawer()!.querySelector<HTMLButtonElement>('[data-testid="copy-summary"]')!.click();
    await flushPromises();
    expect(writeText).toHaveBeenCalledOnce();
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toContain('Transaction Transaction:0001');
    expect(text).toContain('Outgoing payment · Delivered');
    expect(text).not.toContain('COMPLETED');
    expect(text).not.toContain('QUOTE_CREATED');
  });

  it('copies the console link of the open drawer, with the list\'s filters', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await mountAt('/transactions/Transaction:0001?type=OUTGOING');
    drawer()!.querySelector<HTMLButtonElement>('[data-testid="drawer-copy-link"]')!.click();
    await flushPromises();
    const link = (writeText.mock.calls[0] as unknown as [string])[0];
    // The memory history of this test has no hash; the app's hash history puts "#" before the route.
    expect(link).toMatch(/\/transactions\/Transaction:0001\?type=OUTGOING$/);
    expect(link).not.toContain('token=');
  });

  it('closes the drawer on Esc, back to the filtered list', async () => {
    const { router } = await mountAt('/transactions/Transaction:0001?type=OUTGOING');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('transactions');
    expect(router.currentRoute.value.query).toEqual({ type: 'OUTGOING' });
  });

  it('loads the next page by cursor when the table is scrolled to its end (infinite scroll), as Load more does', async () => {
    rows = Array.from({ length: 120 }, (_, i) => tx(i + 1));
    const { wrapper } = await mountAt('/transactions');
    expect(wrapper.text()).toContain('Showing 50 of 120 transactions');
    // The next page is asked for as soon as the first arrives, so the scroll finds it there.
    expect(cursorsAsked()).toEqual(['50']);
    await wrapper.find('[data-testid="transaction-table"] .v-vl').trigger('scroll');
    await flushPromises();
    expect(wrapper.text()).toContain('Showing 100 of 120 transactions');
    expect(cursorsAsked()).toEqual(['50', '100']);
    await wrapper.findAll('button').find((b) => b.text() === 'Load more')!.trigger('click');
    await flushPromises();
    expect(cursorsAsked()).toEqual(['50', '100']);
    expect(wrapper.text()).toContain('Showing 120 of 120 transactions');
  });

  it('refreshes a row when a live event changes it and highlights it briefly', async () => {
    const { wrapper } = await mountAt('/transactions');
    const changed = tx(3, { status: 'COMPLETED', updatedAt: new Date(T0 + 60_000).toISOString() });
    rows = rows.map((r) => (r.id === changed.id ? changed : r));
    fake.emit(live(9, changed));
    await nextFrame();
    const row = wrapper.find('[data-transaction-id="Transaction:0003"]');
    expect(row.attributes('data-status')).toBe('COMPLETED');
    expect(row.classes()).toContain('row-fresh');
    // One re-read of the first page for the server's count, no reload of the list.
    expect(fake.calls.filter((c) => c.name === 'transactions/search').map((c) => (c.input as { cursor?: string }).cursor)).toEqual([undefined, undefined]);
  });

  it('keeps the count and the rows the server has while older transactions change, and Load more shows each row once', async () => {
    rows = Array.from({ length: 120 }, (_, i) => tx(i + 1));
    const { wrapper } = await mountAt('/transactions');
    const shownIds = () => rowsOf(wrapper).map((r) => r.attributes('data-transaction-id'));
    const first = shownIds();
    // A clock advance: every transaction changes state; a few new ones are created on top.
    rows = rows.map((r) => ({ ...r, status: 'COMPLETED' as const }));
    rows.forEach((r, i) => fake.emit(live(i + 1, r)));
    const created = [tx(201), tx(202)];
    rows = [...rows, ...created];
    created.forEach((r, i) => fake.emit(live(500 + i, r)));
    await nextFrame();
    expect(wrapper.text()).toContain('122 transactions');
    expect(wrapper.text()).toContain('Showing 52 of 122 transactions');
    expect(shownIds().slice(0, 3)).toEqual(['Transaction:0202', 'Transaction:0201', first[0]]);
    // The load and one re-read of the first page for the count (pages asked by cursor are apart).
    expect(searches().filter((c) => (c.input as { cursor?: string }).cursor === undefined)).toHaveLength(2);
    for (let i = 0; i < 3; i++) {
      const more = wrapper.findAll('button').find((b) => b.text() === 'Load more');
      if (!more) break;
      await more.trigger('click');
      await flushPromises();
    }
    expect(wrapper.text()).toContain('Showing 122 of 122 transactions');
    expect(wrapper.findAll('button').some((b) => b.text() === 'Load more')).toBe(false);
  });
});
