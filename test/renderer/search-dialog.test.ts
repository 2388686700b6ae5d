import './layout-stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { createMemoryHistory, type Router } from 'vue-router';
import type { SearchHit } from '../../core/console/search';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { useSearchStore } from '../../renderer/stores/search';
import { useCommandsStore } from '../../renderer/stores/commands';
import SearchDialog from '../../renderer/components/frame/SearchDialog.vue';
import { fakeBridge } from './fake-bridge';
import { detail, searchOf } from './money-fixtures';

const HITS: Record<string, SearchHit[]> = {
  'QREF1': [{ kind: 'TRANSACTION', id: 'Transaction:0001', title: '100.00 USD · Alice Johnson', subtitle: 'QREF1 · FR76…0000', customerId: 'Customer:alice' }],
  'Quote:0001': [{ kind: 'QUOTE', id: 'Quote:0001', title: 'Quote COMPLETED', subtitle: 'Transaction:0001', customerId: 'Customer:alice' }],
};

let wrapper: VueWrapper | undefined;
let router: Router;
let pinia: Pinia;
beforeEach(async () => {
  setBridge(fakeBridge({
    'search/understand': ({ q }) => ({ hits: HITS[q] ?? [], understood: { text: q, amount: null, currency: null, from: null, to: null, id: null } }),
    'transactions/search': searchOf([]), 'transactions/detail': () => detail() }).bridge);
  router = createConsoleRouter(createMemoryHistory());
  await router.push('/overview');
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(SearchDialog, { global: { plugins: [pinia, router] }, attachTo: document.body });
});
afterEach(() => wrapper?.unmount());

async function searchAndEnter(text: string): Promise<void> {
  useSearchStore(pinia).show();
  await flushPromises();
  const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"] input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  // The search is debounced: wait until its hits are shown, not for a fixed time.
  await vi.waitFor(() => expect(document.querySelector('[data-testid="search-hit"], [data-testid="search-link"]')).not.toBeNull(), { timeout: 3_000, interval: 10 });
  await flushPromises();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await flushPromises();
}

describe('the global search', () => {
  it('opens a TRANSACTION hit in the transaction drawer', async () => {
    await searchAndEnter('QREF1');
    expect(router.currentRoute.value.name).toBe('transaction');
    expect(router.currentRoute.value.params['id']).toBe('Transaction:0001');
    expect(useSearchStore(pinia).open).toBe(false);
  });

  it('opens a QUOTE hit in the drawer of the quote’s transaction (its id is the hit’s subtitle)', async () => {
    await searchAndEnter('Quote:0001');
    expect(router.currentRoute.value.name).toBe('transaction');
    expect(router.currentRoute.value.params['id']).toBe('Transaction:0001');
  });

  it('opens a pasted console link (a drawer\'s Copy link) at its route', async () => {
    await searchAndEnter('http://127.0.0.1:4010/console/#/transactions/Transaction:0001?status=FAILED');
    expect(router.currentRoute.value.name).toBe('transaction');
    expect(router.currentRoute.value.params['id']).toBe('Transaction:0001');
    expect(router.currentRoute.value.query).toEqual({ status: 'FAILED' });
    expect(useSearchStore(pinia).open).toBe(false);
  });

  it('lists the commands of the screen on show above the hits; Enter runs the first, ↓ moves to the hits', async () => {
    const ran: string[] = [];
    useCommandsStore(pinia).register({ id: 'case-file', title: 'Save the case file of this payment', keywords: ['QREF1'], run: () => void ran.push('case-file') });
    await searchAndEnter('QREF1');
    expect(ran).toEqual(['case-file']);
    expect(router.currentRoute.value.name).toBe('overview');
    useSearchStore(pinia).show();
    await flushPromises();
    const labels = [...document.querySelectorAll('[data-testid="search-command"], [data-testid="search-hit"]')].map((e) => e.getAttribute('data-testid'));
    expect(labels).toEqual(['search-command', 'search-hit']);
    const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"] input')!;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flushPromises();
    expect(router.currentRoute.value.params['id']).toBe('Transaction:0001');
  });
});
