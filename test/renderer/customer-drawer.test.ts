import './layout-stub';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView } from 'vue-router';
import type { Customer } from '../../core/customers/schema';
import type { InternalAccount } from '../../core/accounts/internal-service';
import type { ApiRequest } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { fakeBridge } from './fake-bridge';
import { tx } from './money-fixtures';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const ALICE: Customer = {
  id: 'Customer:01', platformCustomerId: 'cust-alice-001', customerType: 'INDIVIDUAL', umaAddress: '$alice@demo.example', kycStatus: 'APPROVED',
  isDeleted: false, fullName: 'Alice Johnson', createdAt: '2025-10-13T10:00:00.000Z', updatedAt: '2025-10-13T10:00:00.000Z',
};
function account(amount: number): InternalAccount {
  return {
    id: 'InternalAccount:0001', customerId: ALICE.id, type: 'INTERNAL_FIAT', status: 'ACTIVE', balance: { amount, currency: USD },
    totalBalance: { amount, currency: USD }, fundingPaymentInstructions: [], createdAt: ALICE.createdAt, updatedAt: ALICE.updatedAt,
  };
}

/** Alice's 12 payments; the drawer shows the latest 10 and links to all 12. */
const TRANSACTIONS = Array.from({ length: 12 }, (_, i) => tx(12 - i, { customerId: ALICE.id, status: i === 0 ? 'FAILED' : 'COMPLETED' }));

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
beforeEach(() => {
  let balance = 1_250_000;
  fake = fakeBridge(
    {
      'customers/list': () => ({ data: [ALICE], hasMore: false, totalCount: 1 }),
      'customers/get': () => ({ customer: ALICE, internalAccounts: [account(balance)], externalAccounts: [] }),
      'transactions/search': (q) => {
        const mine = q.q === ALICE.id ? TRANSACTIONS : [];
        return { data: mine.slice(0, q.limit ?? 50), hasMore: mine.length > (q.limit ?? 50), totalCount: mine.length };
      },
    },
    (req: ApiRequest) => {
      const body = req.body as { amount: number };
      balance += body.amount;
      return { status: 200, headers: {}, body: account(balance) };
    },
  );
  setBridge(fake.bridge);
});
afterEach(() => wrapper?.unmount());

async function openAlice(): Promise<VueWrapper> {
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(`/customers/${ALICE.id}`);
  await router.isReady();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const drawer = () => document.querySelector<HTMLElement>('[data-testid="drawer"]')!;
const q = <T extends Element = HTMLElement>(sel: string) => drawer().querySelector<T>(sel);

async function typeAmount(text: string): Promise<void> {
  const input = q<HTMLInputElement>('[data-testid="fund-amount"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
  q<HTMLButtonElement>('[data-testid="fund-submit"]')!.click();
  await flushPromises();
}

describe('funding an internal account from the customer drawer', () => {
  it('sends the amount typed in major units as integer minor units and shows the new balance', async () => {
    await openAlice();
    expect(drawer().textContent).toContain('Alice Johnson');
    expect(q('[data-testid="account-balance"]')!.textContent).toBe('12,500.00 USD');
    q<HTMLButtonElement>('[data-testid="fund-button"]')!.click();
    await flushPromises();
    await typeAmount('25.00');
    expect(fake.apiCalls).toEqual([{ method: 'POST', path: '/sandbox/internal-accounts/InternalAccount%3A0001/fund', body: { amount: 2500 } }]);
    expect(q('[data-testid="account-balance"]')!.textContent).toBe('12,525.00 USD');
    expect(q('[data-testid="account-balance"]')!.getAttribute('title')).toContain('1252500 minor units');
    expect(q('[data-testid="fund-amount"]')).toBeNull();
  });

  it('refuses an amount with more decimals than the currency has, without calling the API', async () => {
    await openAlice();
    q<HTMLButtonElement>('[data-testid="fund-button"]')!.click();
    await flushPromises();
    await typeAmount('25.001');
    expect(fake.apiCalls).toEqual([]);
    expect(drawer().textContent).toContain('At most 2 decimal places');
  });
});

describe("the customer drawer's transactions", () => {
  it('lists the latest ten with status, amount and destination, asks by the customer id, and links to all of them', async () => {
    await openAlice();
    await flushPromises();
    expect(fake.calls).toContainEqual({ name: 'transactions/search', input: { q: ALICE.id, limit: 10 } });
    const rows = [...drawer().querySelectorAll<HTMLElement>('[data-testid="customer-transactions"] [data-transaction-id]')];
    expect(rows.map((r) => r.dataset['transactionId'])).toEqual(TRANSACTIONS.slice(0, 10).map((t) => t.id));
    expect(rows[0]!.textContent).toContain('Failed');
    expect(rows[0]!.textContent).toContain('100.00 USD');
    expect(rows[1]!.textContent).toContain('Completed');
    const all = drawer().querySelector<HTMLAnchorElement>('[data-testid="customer-transactions"] .all')!;
    expect(all.textContent).toBe('All 12 in Transactions');
    expect(decodeURIComponent(all.getAttribute('href')!)).toContain(`q=${ALICE.id}`);
  });
});
