import './layout-stub';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { Customer } from '../../core/customers/schema';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { fakeBridge } from './fake-bridge';
import { customerName, verificationStatus } from '../../renderer/lib/customer';

type Individual = Extract<Customer, { customerType: 'INDIVIDUAL' }>;
const common = (n: number) => ({
  id: `Customer:0000000${n}-0000-7000-8000-00000000000${n}`, platformCustomerId: `cust-${n}`,
  umaAddress: `$c${n}@demo.example`, isDeleted: false, email: `c${n}@example.com`,
  createdAt: '2025-10-13T10:00:00.000Z', updatedAt: '2025-10-13T10:00:00.000Z',
});
function customer(n: number, fullName: string, over: Partial<Individual> = {}): Customer {
  return { ...common(n), customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', fullName, ...over };
}

const ALICE = customer(1, 'Alice Johnson', { platformCustomerId: 'cust-alice-001', email: 'alice.johnson@example.com' });
const ACME: Customer = {
  ...common(2), customerType: 'BUSINESS', kybStatus: 'UNVERIFIED',
  businessInfo: { legalName: 'Acme Imports LLC', country: 'US', taxId: '12-3456789', incorporatedOn: '2015-06-01' },
};
const SOPHIE = customer(3, 'Sophie Martin', { kycStatus: 'PENDING' });

function list(q: HandlerInput<'customers/list'>): HandlerOutput<'customers/list'> {
  const data = [ALICE, ACME, SOPHIE].filter(
    (c) => (!q.customerType || c.customerType === q.customerType) && (!q.kycStatus || verificationStatus(c) === q.kycStatus)
      && (!q.platformCustomerId || c.platformCustomerId === q.platformCustomerId) && (!q.email || c.email === q.email),
  );
  return { data, hasMore: false, totalCount: data.length };
}

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
beforeEach(() => {
  fake = fakeBridge({
    'customers/list': list,
    'search/query': ({ q }) => [ALICE, ACME, SOPHIE].filter((c) => customerName(c).toLowerCase().includes(q.toLowerCase()))
      .map((c) => ({ kind: 'CUSTOMER' as const, id: c.id, title: customerName(c), subtitle: c.platformCustomerId, customerId: c.id })),
    'customers/get': ({ id }) => ({ customer: [ALICE, ACME, SOPHIE].find((c) => c.id === id)!, internalAccounts: [], externalAccounts: [] }),
  });
  setBridge(fake.bridge);
});
afterEach(() => wrapper?.unmount());

async function mountAt(path: string): Promise<{ wrapper: VueWrapper; router: Router }> {
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  const Root = defineComponent({ render: () => h(RouterView) });
  wrapper = mount(Root, { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router };
}

const rowTexts = (w: VueWrapper) => w.findAll('[data-testid="customer-row"]').map((r) => r.text());

describe('the Customers view', () => {
  it('lists the customers the bridge returns, with names, statuses and the total', async () => {
    const { wrapper } = await mountAt('/customers');
    expect(fake.calls[0]).toEqual({ name: 'customers/list', input: { limit: 50, cursor: undefined, customerType: undefined, kycStatus: undefined } });
    const rows = rowTexts(wrapper);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Alice Johnson');
    expect(rows[0]).toContain('cust-alice-001');
    expect(rows[0]).toContain('Approved');
    expect(rows[1]).toContain('Acme Imports LLC');
    expect(rows[1]).toContain('Unverified');
    expect(wrapper.text()).toContain('3 customers');
    expect(wrapper.text()).toContain('Showing 3 of 3 customers');
  });

  it('takes its filters from the URL and sends them to customers/list', async () => {
    const { wrapper } = await mountAt('/customers?kycStatus=PENDING&customerType=INDIVIDUAL&bogus=1');
    expect(fake.calls[0]?.input).toMatchObject({ kycStatus: 'PENDING', customerType: 'INDIVIDUAL' });
    expect(rowTexts(wrapper)).toEqual([expect.stringContaining('Sophie Martin')]);
    expect(wrapper.text()).toContain('1 customers match');
  });

  it('ignores a filter value that is not allowed rather than sending it', async () => {
    await mountAt('/customers?kycStatus=DROP_TABLE');
    expect(fake.calls[0]?.input).toMatchObject({ kycStatus: undefined });
  });

  it('finds a customer by name through the global search when no platform id or email matches', async () => {
    const { wrapper } = await mountAt('/customers?q=Alice%20Johnson');
    expect(fake.calls.map((c) => c.name)).toEqual(['customers/list', 'search/query', 'customers/get']);
    expect(fake.calls[0]?.input).toMatchObject({ platformCustomerId: 'Alice Johnson' });
    expect(rowTexts(wrapper)).toEqual([expect.stringContaining('Alice Johnson')]);
  });

  it('opens a customer in the drawer route when its row is clicked, keeping the filters', async () => {
    const { wrapper, router } = await mountAt('/customers?customerType=INDIVIDUAL');
    await wrapper.find('[data-testid="customer-row"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('customer');
    expect(router.currentRoute.value.params['id']).toBe(ALICE.id);
    expect(router.currentRoute.value.query).toEqual({ customerType: 'INDIVIDUAL' });
    expect(fake.calls.filter((c) => c.name === 'customers/list')).toHaveLength(1);
    expect(fake.calls).toContainEqual({ name: 'customers/get', input: { id: ALICE.id } });
  });

  it('says what to do next when nothing matches', async () => {
    fake = fakeBridge({ 'customers/list': () => ({ data: [], hasMore: false, totalCount: 0 }), 'search/query': () => [] });
    setBridge(fake.bridge);
    const { wrapper } = await mountAt('/customers?q=nobody@example.com');
    expect(wrapper.text()).toContain('No customers match these filters');
    expect(wrapper.findAll('[data-testid="customer-row"]')).toHaveLength(0);
  });
});
