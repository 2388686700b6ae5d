import './layout-stub';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { fakeBridge } from './fake-bridge';
import { searchOf } from './money-fixtures';
import { completedStory, failedRefundedStory, incomingUmaStory, partyHandlers, returnedStory, SOPHIE } from './story-fixtures';

type Detail = HandlerOutput<'transactions/detail'>;
let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());
// The router loads each screen lazily: load the two this file opens once, before the clock of the first test starts.
beforeAll(async () => {
  await Promise.all([import('../../renderer/views/TransactionsView.vue'), import('../../renderer/components/transactions/TransactionDetail.vue')]);
}, 60_000);

/** Opens the drawer of one story, with the parties handlers the drawer names people from. */
async function openStory(story: Detail): Promise<{ router: Router; fake: ReturnType<typeof fakeBridge> }> {
  const fake = fakeBridge({ ...partyHandlers, 'transactions/search': searchOf([story.transaction]), 'transactions/detail': () => story });
  setBridge(fake.bridge);
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(`/transactions/${story.transaction.id}`);
  await router.isReady();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return { router, fake };
}

const drawer = () => document.querySelector<HTMLElement>('[data-testid="drawer"]')!;
/** The visible words of an element, one space between text nodes (textContent would run "From" into "Alice"). */
function words(el: Element | null): string {
  if (!el) return '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) parts.push(n.textContent.trim());
  return parts.join(' ').replace(/\s+/g, ' ');
}
const text = (testId: string) => words(drawer().querySelector(`[data-testid="${testId}"]`));

describe('the transaction drawer: where the money went, in plain words', () => {
  it('a completed payment: from Alice’s balance to Sophie’s bank, masked, on SEPA Instant; delivered and settled', async () => {
    await openStory(completedStory());
    expect(text('sender')).toBe('From Alice Johnson USD balance 100.00 USD');
    expect(text('destination')).toBe('To Sophie Martin EUR bank account · •••• 0000 via SEPA Instant 90.89 EUR');
    expect(text('outcome-title')).toBe('Delivered');
    expect(text('outcome-happened')).toBe('The money reached Sophie Martin.');
    expect(text('outcome-where')).toBe('Where it is now: With Sophie Martin: EUR bank account · •••• 0000.');
    expect(drawer().querySelector('[data-testid="outcome-money-back"]')).toBeNull();
    expect(drawer().querySelector('[data-testid="time-settled"]')).not.toBeNull();
  });

  it('a failed and refunded payment: the reason in words, the money back in Alice’s balance, the refund and its state', async () => {
    await openStory(failedRefundedStory());
    expect(text('outcome-title')).toBe('Execution failed');
    expect(drawer().querySelector('[data-testid="outcome-title"]')!.getAttribute('title')).toBe('failureReason QUOTE_EXECUTION_FAILED');
    expect(text('outcome-happened')).toBe('Executing the quote failed before the money was paid out.');
    expect(text('outcome-money-back')).toBe('Money back: Yes: the money was refunded to Alice Johnson on 2025-10-13 10:00:22 UTC.');
    expect(text('outcome-where')).toBe('Where it is now: Back in Alice Johnson’s USD balance.');
    expect(text('refund')).toBe('Refund Refunded RF-0001ABCDEF because the payment failed');
    expect(drawer().querySelector('[data-testid="refund"]')!.getAttribute('data-refund-status')).toBe('COMPLETED');
    expect(drawer().querySelector('[data-testid="time-settled"]')).toBeNull();
  });

  it('a refund still pending says the money is on its way back', async () => {
    await openStory(failedRefundedStory('PENDING'));
    expect(text('outcome-money-back')).toBe('Money back: Not yet: a refund to Alice Johnson has started and has not settled.');
    expect(text('outcome-where')).toBe('Where it is now: On its way back to Alice Johnson.');
    expect(text('refund')).toContain('Refund in progress');
  });

  it('a returned payment does not read "Settled": paid out, returned, refunded', async () => {
    await openStory(returnedStory());
    expect(text('outcome-title')).toBe('Returned by the receiving bank');
    expect(text('outcome-happened')).toBe('The payment was delivered, then the receiving bank sent it back.');
    const facts = text('transaction-facts');
    expect(facts).not.toContain('Settled');
    expect(facts).toMatch(/Paid out.*Returned.*Refunded/);
    expect(drawer().querySelector('[data-testid="transaction-status"]')!.getAttribute('data-status')).toBe('FAILED');
    const history = [...drawer().querySelectorAll('[data-testid="transaction-history"] [data-testid="timeline-entry"]')].map((e) => e.textContent ?? '');
    expect(history[3]).toContain('The receiving bank returned the payment');
    expect(history[3]).toContain('Reason: returned by the receiving bank');
  });

  it('writes ledger amounts in the currency’s units and names the ledger’s positions in words', async () => {
    await openStory(returnedStory());
    const rows = [...drawer().querySelectorAll<HTMLElement>('[data-testid="ledger-row"]')];
    expect(rows.map((r) => r.getAttribute('title'))).toContain('Paid out: 100.00 USD');
    const settled = rows.find((r) => r.getAttribute('data-kind') === 'PAYMENT_SETTLED' && r.textContent?.includes('+100.00 USD'))!;
    expect(settled.textContent).toContain('Paid out of the platform (USD)');
    expect(rows[0]!.textContent).toContain('Alice Johnson · USD balance');
    expect(rows[0]!.textContent).toContain('Money held for the payment');
  });

  it('an incoming UMA payment: from the sender’s address to Sophie’s EUR balance, ready to spend', async () => {
    const { router } = await openStory(incomingUmaStory());
    expect(text('sender')).toBe('From $bob@sandbox.uma.example UMA address');
    expect(text('destination')).toBe('To Sophie Martin EUR balance 40.00 EUR');
    expect(text('outcome-where')).toBe('Where it is now: In Sophie Martin’s EUR balance, ready to spend.');
    expect(drawer().querySelector('[data-testid="time-received"]')).not.toBeNull();
    // The customer screen loads lazily: record where the name leads and stay here.
    const asked: unknown[] = [];
    router.beforeEach((to) => (asked.push({ name: to.name, id: to.params['id'] }), false));
    drawer().querySelector<HTMLButtonElement>('[data-testid="destination"] button')!.click();
    await flushPromises();
    expect(asked).toEqual([{ name: 'customer', id: SOPHIE.id }]);
  });

  it('copies a summary that says who paid whom, what happened and where the money is', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openStory(returnedStory());
    drawer().querySelector<HTMLButtonElement>('[data-testid="copy-summary"]')!.click();
    await flushPromises();
    const summary = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(summary).toContain('From Alice Johnson · USD balance');
    expect(summary).toContain('To Sophie Martin · EUR bank account · •••• 0000 · SEPA Instant');
    expect(summary).toContain('What happened: Returned by the receiving bank.');
    expect(summary).toContain('Where it is now: Back in Alice Johnson’s USD balance.');
    expect(summary.indexOf('Where it is now')).toBeLessThan(summary.indexOf('History'));
  });

  it('asks each customer and account once: the payer, the platform, and the recipient’s owner through the search', async () => {
    const { fake } = await openStory(completedStory());
    const names = fake.calls.map((c) => `${c.name} ${JSON.stringify(c.input)}`).filter((c) => !c.startsWith('transactions/'));
    expect(names).toEqual([
      'accounts/platform {}', 'customers/get {"id":"Customer:alice"}', 'search/query {"q":"ExternalAccount:sophie-0000","limit":5}', 'customers/get {"id":"Customer:sophie"}',
    ]);
  });
});
