import './layout-stub';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory } from 'vue-router';
import type { AgentAction } from '../../core/agents/schema';
import type { ApiRequest } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { useAgentsStore } from '../../renderer/stores/agents';
import ApprovalsQueue from '../../renderer/components/agents/ApprovalsQueue.vue';
import { fakeBridge } from './fake-bridge';
import { tx } from './money-fixtures';
import { ALICE, ALICE_BANK, ALICE_USD, partyHandlers } from './story-fixtures';

// The approvals queue as an approver meets it: where the money would go in names, a confirmation
// before anything moves, and a link to the payment once it is made.
const WAITING: AgentAction = {
  id: 'AgentAction:1', agentId: 'Agent:1', customerId: ALICE.id, platformCustomerId: 'cust-alice-001', type: 'TRANSFER_OUT', status: 'PENDING_APPROVAL',
  transferDetails: { amount: 25_000, currency: 'USD', sourceAccountId: ALICE_USD.id, destinationAccountId: ALICE_BANK.id },
  approvalReasons: ['250.00 USD is above the approval threshold of 200.00 USD'], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
const MADE = tx(7, { id: 'Transaction:made', agentId: 'Agent:1' });

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
let queue: AgentAction[];
beforeEach(() => {
  queue = [WAITING];
  fake = fakeBridge(
    {
      ...partyHandlers,
      'customers/list': () => ({ data: [ALICE], hasMore: false, totalCount: 1 }),
      'agents/currencies': () => [{ code: 'USD', decimals: 2 }] as never,
      'agents/routes': ({ actionIds }) => Object.fromEntries(actionIds.map((id) => [id, { paymentRail: 'ACH' }])),
      'agents/detail': () => { throw Object.assign(new Error('none'), { status: 404, code: 'REFERENCE_NOT_FOUND' }); },
    },
    (req: ApiRequest) => {
      if (req.method === 'GET' && req.path === '/agents') return { status: 200, headers: {}, body: { data: [{ id: 'Agent:1', name: 'Bill-pay assistant', customerId: ALICE.id }], hasMore: false, totalCount: 1 } };
      if (req.method === 'GET' && req.path === '/agents/approvals') return { status: 200, headers: {}, body: { data: queue, hasMore: false, totalCount: queue.length } };
      if (req.method === 'POST' && req.path.endsWith('/approve')) {
        queue = [];
        return { status: 200, headers: {}, body: { ...WAITING, status: 'APPROVED', transaction: MADE } };
      }
      return { status: 404, headers: {}, body: { status: 404, code: 'NOT_FOUND', message: req.path } };
    },
  );
  setBridge(fake.bridge);
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

const inBody = (testId: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('the approvals queue', () => {
  it('names who pays whom over which rail, asks before approving, and links to the payment made', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    const router = createConsoleRouter(createMemoryHistory());
    await router.push('/agents');
    await useAgentsStore().load();
    wrapper = mount(ApprovalsQueue, { global: { plugins: [pinia, router] }, attachTo: document.body });
    await flushPromises();
    await flushPromises();
    const route = wrapper.get('[data-testid="approval-route"]').text().replace(/\s+/g, ' ');
    expect(route).toBe('From Alice Johnson · USD balance to Alice Johnson · Sandbox Bank N.A. · •••• 1000 over ACH');

    await wrapper.get('[data-testid="approve-action"]').trigger('click');
    await flushPromises();
    // Nothing is sent until the dialog is confirmed.
    expect(fake.apiCalls.some((r) => r.path.endsWith('/approve'))).toBe(false);
    expect(inBody('approval-confirm-button')).not.toBeNull();
    inBody('approval-confirm-button')!.click();
    await flushPromises();
    await flushPromises();
    expect(fake.apiCalls.filter((r) => r.path.endsWith('/approve'))).toHaveLength(1);
    expect(wrapper.get('[data-testid="approval-outcome"]').text()).toContain('Approved and executed: Pay out 250.00 USD');
    expect(wrapper.get('[data-testid="approval-payment-link"]').attributes('href')).toBe(`/transactions/${encodeURIComponent(MADE.id)}`);
  });
});
