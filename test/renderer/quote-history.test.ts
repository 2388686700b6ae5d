import './layout-stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { ApiRequest, HandlerInput, HandlerOutput } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { Quote } from '../../core/quotes/schema';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { useQuotesStore } from '../../renderer/stores/quotes';
import { useWorkspaceStore } from '../../renderer/stores/workspace';
import { destinationText, draftOf, historyFiltersOf, historyQueryOf, type QuoteHistoryItem } from '../../renderer/lib/quote-history';
import { fakeBridge } from './fake-bridge';
import { EUR, quote, T0, tx, USD } from './money-fixtures';

const JPY = { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimals: 0 };
const ALICE: Customer = {
  id: 'Customer:alice', platformCustomerId: 'cust-alice-001', customerType: 'INDIVIDUAL', umaAddress: '$alice@demo.example', kycStatus: 'APPROVED',
  isDeleted: false, fullName: 'Alice Johnson', birthDate: '1988-04-12', createdAt: new Date(T0).toISOString(), updatedAt: new Date(T0).toISOString(),
};
const OPTIONS = {
  sources: [{ accountId: 'InternalAccount:alice-usd', customerId: ALICE.id, currency: 'USD', balance: { amount: 1_250_000, currency: USD }, type: 'INTERNAL_FIAT' }],
  destinations: [{ accountId: 'ExternalAccount:sophie-0000', customerId: 'Customer:sophie', currency: 'EUR', accountType: 'EUR_ACCOUNT', identifier: 'FR7630006000011234567890000', scenario: 'SUCCESS', scenarioDescription: 'Completes about 5 seconds after execution' }],
  umaRecipients: [{ umaAddress: '$success.eur@sandbox.uma.example', currency: 'EUR', scenario: 'SUCCESS', description: 'Completes about 5 seconds after execution' }],
  scenarios: [],
} as unknown as HandlerOutput<'quotes/options'>;
const iso = (ms: number) => new Date(ms).toISOString();

/** Past quotes, newest first: a pending USD->EUR quote of Alice's, and an older completed JPY->EUR one of the platform's, paid to a UMA address. */
const ITEMS: QuoteHistoryItem[] = [
  {
    quote: quote({ id: 'Quote:0002', transactionId: 'Transaction:0002', createdAt: iso(T0 + 60_000), expiresAt: iso(T0 + 360_000), totalSendingAmount: 123_456, totalReceivingAmount: 113_377 }),
    customerId: ALICE.id, customerName: 'Alice Johnson', description: 'Rent for March', lockedSide: 'SENDING', lockedAmount: 123_456,
  },
  {
    quote: quote({
      id: 'Quote:0001', status: 'COMPLETED', sendingCurrency: JPY, totalSendingAmount: 14_950, totalReceivingAmount: 9_089,
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example', currency: 'EUR' },
      counterpartyInformation: { FULL_NAME: 'Alice Johnson' },
    }),
    customerId: null, customerName: null, description: null, lockedSide: 'SENDING', lockedAmount: 14_950,
  },
];

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
let pinia: Pinia;
let router: Router;
let items: QuoteHistoryItem[];

function listOf(q: HandlerInput<'quotes/list'>): HandlerOutput<'quotes/list'> {
  const data = items.filter((i) => (!q.status?.length || q.status.includes(i.quote.status)) && (!q.customerId || i.customerId === q.customerId)
    && (!q.q || i.quote.id === q.q || (i.description ?? '').toLowerCase().includes(q.q.toLowerCase())));
  return { data, hasMore: false, totalCount: data.length };
}

beforeEach(() => {
  items = ITEMS;
  const clock = () => ({ mode: 'FROZEN' as const, now: iso(T0 + 90_000), offsetSeconds: 0, pendingJobs: 0, nextJobDueAt: null });
  fake = fakeBridge({
    'quotes/options': () => OPTIONS,
    'customers/list': () => ({ data: [ALICE], hasMore: false, totalCount: 1 }),
    'clock/get': clock,
    'quotes/list': listOf,
    'quotes/get': ({ id }) => items.find((i) => i.quote.id === id)!.quote,
    'events/list': () => ({ data: [], hasMore: false, totalCount: 0 }),
  }, (req: ApiRequest) => {
    if (req.path === '/config') return { status: 200, headers: {}, body: { supportedCurrencies: [{ currencyCode: 'USD' }, { currencyCode: 'EUR' }, { currencyCode: 'JPY' }] } };
    if (req.path.startsWith('/transactions/')) return { status: 200, headers: {}, body: tx(2, { status: 'PENDING' }) };
    return { status: 404, headers: {}, body: { code: 'NOT_FOUND', message: `no ${req.path}` } };
  });
  setBridge(fake.bridge);
});
afterEach(() => wrapper?.unmount());

async function openHistory(query = ''): Promise<VueWrapper> {
  router = createConsoleRouter(createMemoryHistory());
  await router.push(`/quotes?view=history${query}`);
  await router.isReady();
  pinia = createPinia();
  // The app reads the workspace clock at start; relative times and expiry are on that clock.
  await useWorkspaceStore(pinia).refreshClock();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  await flushPromises();
  return wrapper;
}

const rows = (w: VueWrapper) => w.findAll('[data-testid="quote-history-row"]');
const listCalls = () => fake.calls.filter((c) => c.name === 'quotes/list').map((c) => c.input);

describe('the quotes history', () => {
  it('lists past quotes newest first with plain labels, amounts in their currency’s units and the total', async () => {
    const w = await openHistory();
    expect(rows(w).map((r) => r.attributes('data-quote-id'))).toEqual(['Quote:0002', 'Quote:0001']);
    const first = rows(w)[0]!.text();
    expect(first).toContain('Alice Johnson');
    expect(first).toContain('1,234.56 USD');
    expect(first).toContain('Rent for March');
    expect(first).toContain('Pending');
    const second = rows(w)[1]!.text();
    expect(second).toContain('Platform');
    expect(second).toContain('14,950 JPY'); // no decimals in yen
    expect(second).toContain('Completed');
    expect(rows(w)[1]!.find('.money').attributes('title')).toBe('14950 minor units of JPY (0 decimals)');
    expect(w.text()).not.toMatch(/COMPLETED|PENDING|lockedCurrencyAmount|totalSendingAmount/);
    expect(w.text()).toMatch(/2 of 2 quotes|2 quotes/);
  });

  it('reads its filters from the URL and sends them to quotes/list, whole days in UTC', async () => {
    await openHistory('&status=COMPLETED,BOGUS&customer=Customer:alice&sending=usd&receiving=JPY&from=2025-10-01&to=2025-10-13&q=rent');
    expect(listCalls().at(-1)).toEqual({
      q: 'rent', status: ['COMPLETED'], customerId: 'Customer:alice', sendingCurrency: 'USD', receivingCurrency: 'JPY',
      from: '2025-10-01T00:00:00.000Z', to: '2025-10-13T23:59:59.999Z', limit: 50, cursor: undefined,
    });
  });

  it('searches by what is typed, keeping the History tab open in the URL', async () => {
    const w = await openHistory();
    await w.find('[data-testid="quote-history-search"]').setValue('rent');
    await w.find('form[aria-label="Search quotes"]').trigger('submit');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ view: 'history', q: 'rent' });
    expect(listCalls().at(-1)).toMatchObject({ q: 'rent' });
    expect(rows(w).map((r) => r.attributes('data-quote-id'))).toEqual(['Quote:0002']);
  });

  it('reopens a past quote in the workbench: the quote, its payment’s status and the form as it was asked', async () => {
    const w = await openHistory();
    await rows(w)[0]!.find('[data-testid="quote-reopen"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({});
    const result = w.find('[data-testid="quote-result"]');
    expect(result.attributes('data-quote-id')).toBe('Quote:0002');
    expect(result.find('[data-testid="quote-sending"]').text()).toBe('1,234.56 USD');
    const store = useQuotesStore(pinia);
    expect(store.transactionStatus).toBe('PENDING');
    expect(store.draft).toMatchObject({ source: 'InternalAccount:alice-usd', destination: 'ExternalAccount:sophie-0000', lockedSide: 'SENDING', amount: '1,234.56', description: 'Rent for March' });
    expect((w.find('[data-testid="quote-amount"]').element as HTMLInputElement).value).toBe('1,234.56');
    expect(fake.calls.filter((c) => c.name === 'events/list').map((c) => (c.input as { resourceId: string }).resourceId)).toEqual(['Quote:0002', 'Transaction:0002']);
  });

  it('reopens by Enter on a focused row too', async () => {
    const w = await openHistory();
    await rows(w)[1]!.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(w.find('[data-testid="quote-result"]').attributes('data-quote-id')).toBe('Quote:0001');
  });

  it('changes a loaded row in place when its quote changes, without touching the count', async () => {
    const w = await openHistory();
    fake.emit({ seq: 9, id: 'Event:9', type: 'QUOTE.PROCESSING', resourceType: 'Quote', resourceId: 'Quote:0002', payload: { ...ITEMS[0]!.quote, status: 'PROCESSING' }, createdAt: iso(T0 + 70_000) });
    // Live events are coalesced to the next frame, so the row changes a moment after the event.
    await vi.waitFor(() => expect(rows(w)[0]!.attributes('data-status')).toBe('PROCESSING'), { interval: 5 });
    expect(rows(w)[0]!.text()).toContain('Rent for March');
    expect(rows(w)).toHaveLength(2);
  });
});

describe('the history’s pure parts', () => {
  it('says where a quote pays out: the UMA address, or the account’s currency and last digits', () => {
    expect(destinationText(ITEMS[0]!.quote, OPTIONS)).toBe('EUR account …0000');
    expect(destinationText(ITEMS[1]!.quote, OPTIONS)).toBe('$success.eur@sandbox.uma.example');
    expect(destinationText(ITEMS[0]!.quote, null)).toBe('EUR account');
  });

  it('drops unknown statuses and malformed codes and days from the URL', () => {
    expect(historyFiltersOf({ status: 'FAILED,NOPE', sending: 'U$D', receiving: 'eur', from: '13/10/2025' })).toEqual({
      q: undefined, status: 'FAILED', customer: undefined, sending: undefined, receiving: 'EUR', from: undefined, to: undefined,
    });
    expect(historyQueryOf({})).toEqual({ q: undefined, status: undefined, customerId: undefined, sendingCurrency: undefined, receivingCurrency: undefined, from: undefined, to: undefined });
  });

  it('fills the form from a quote paid to a UMA address, the amount in the locked currency’s units, and leaves out what the workbench no longer offers', () => {
    expect(draftOf(ITEMS[1]!, OPTIONS)).toMatchObject({ source: 'InternalAccount:alice-usd', destination: '$success.eur@sandbox.uma.example', lockedSide: 'SENDING', amount: '14,950', payerData: { FULL_NAME: 'Alice Johnson' } });
    const gone: QuoteHistoryItem = { ...ITEMS[0]!, quote: { ...ITEMS[0]!.quote, source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:closed' } as Quote['source'] } };
    expect(draftOf(gone, OPTIONS)).toMatchObject({ source: null, destination: 'ExternalAccount:sophie-0000' });
    const realtime: QuoteHistoryItem = { ...ITEMS[0]!, quote: { ...ITEMS[0]!.quote, source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'SOLANA' } } };
    expect(draftOf(realtime, OPTIONS)).toMatchObject({ source: 'REALTIME_FUNDING', realtimeCurrency: 'USDC', cryptoNetwork: 'SOLANA' });
  });
});
