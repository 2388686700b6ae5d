import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import TimelineList from '../../renderer/components/common/TimelineList.vue';
import { eventEntry, historyEntries } from '../../renderer/lib/timeline';
import { T0, tx } from './money-fixtures';

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describe('TimelineList', () => {
  it('renders entries in the order given, each with its status, its cause in words and absolute time', () => {
    const entries = historyEntries([
      { status: 'PENDING', cause: 'QUOTE_CREATED', details: {}, at: at(0) },
      { status: 'PROCESSING', cause: 'QUOTE_EXECUTED', details: {}, at: at(5) },
      { status: 'FAILED', cause: 'RECEIVING_BANK_RETURNED', details: { failureReason: 'PAYOUT_RETURNED' }, at: at(70) },
      { status: 'FAILED', cause: 'REFUND_INITIATED', details: { refundStatus: 'PENDING' }, at: at(70) },
    ]);
    wrapper = mount(TimelineList, { props: { entries, label: 'Transaction history' }, global: { plugins: [createPinia()] } });
    const items = wrapper.findAll('[data-testid="timeline-entry"]');
    expect(items.map((i) => i.attributes('data-status'))).toEqual(['PENDING', 'PROCESSING', 'FAILED', 'FAILED']);
    expect(items.map((i) => i.find('code').text())).toEqual(['Quote created', 'Quote executed: the money left the source account', 'The receiving bank returned the payment', 'Refund started']);
    expect(entries.map((e) => e.code)).toEqual(['QUOTE_CREATED', 'QUOTE_EXECUTED', 'RECEIVING_BANK_RETURNED', 'REFUND_INITIATED']);
    expect(items[2]!.text()).toContain('Reason: returned by the receiving bank');
    expect(items[3]!.text()).toContain('Refund in progress');
    expect(items[1]!.text()).toContain('2025-10-13 10:00:05 UTC');
    expect(wrapper.find('[role="list"]').attributes('aria-label')).toBe('Transaction history');
  });

  it('says so when nothing has happened yet', () => {
    wrapper = mount(TimelineList, { props: { entries: [], emptyText: 'No events yet.' }, global: { plugins: [createPinia()] } });
    expect(wrapper.text()).toBe('No events yet.');
  });

  it('shows a refund event with the refund status, not the payment status', () => {
    const e = eventEntry({ seq: 1, id: 'Event:1', type: 'OUTGOING_PAYMENT.REFUND_PENDING', resourceType: 'Transaction', resourceId: 'Transaction:1', payload: tx(1, { status: 'FAILED', refund: { status: 'PENDING' } }), createdAt: at(1) });
    expect(e).toMatchObject({ key: 'Event:1', title: 'Outgoing payment: refund pending', code: 'OUTGOING_PAYMENT.REFUND_PENDING', status: 'PENDING' });
  });
});
