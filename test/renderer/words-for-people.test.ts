import './layout-stub';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { createMemoryHistory, RouterView } from 'vue-router';
import type { ApiRequest, HandlerOutput } from '../../core/index';
import type { Quote } from '../../core/quotes/schema';
import { INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS } from '../../core/payments/vocabulary';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { useQuotesStore } from '../../renderer/stores/quotes';
import { fakeBridge, type FakeHandlers } from './fake-bridge';
import { EUR, quote, searchOf, T0 } from './money-fixtures';
import { ALICE, completedStory, failedRefundedStory, incomingUmaStory, partyHandlers, returnedStory } from './story-fixtures';

/**
 * Words for people: the transaction drawer and the quote workbench, mounted with fixtures that carry
 * every kind of internal name, show none of them as text (they may sit in tooltips for developers).
 */
const INTERNAL_NAMES = [
  'svcApiMultiplier', 'svcApiFixedFee', 'svcApiVariableFeeRate', 'svcApiVariableFeeAmount', 'counterpartyMultiplier', 'counterpartyFixedFee',
  'feesIncluded', 'rateDetails', 'lockedCurrencyAmount', 'lockedCurrencySide', 'senderCustomerInfo', 'requiredPayerDataFields', 'failureReason',
  'paymentRail', 'accountType', 'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'edge:payout', 'edge:', 'transit:', 'USD_ACCOUNT', 'EUR_ACCOUNT',
  'SEPA_INSTANT', 'OUTGOING_PAYMENT', 'INCOMING_PAYMENT', 'QUOTE.', 'QUOTE:', 'UMA_RECEIVE', 'SANDBOX_', 'REFUND_', 'PAYMENT_SETTLED', 'QUOTE_EXECUTED',
  'QUOTE_CREATED', 'RECEIVING_BANK_RETURNED', 'TRANSACTION_FAILED', ...OUTGOING_FAILURE_REASONS, ...INCOMING_FAILURE_REASONS,
];
/** An API code written the way the core writes them: `SOME_CODE`. */
const SCREAMING = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;

/** The text a person sees: every text node (tooltips are attributes, so they do not count). */
function visibleText(root: Element): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement?.closest('style, script')) continue;
    if (n.textContent?.trim()) parts.push(n.textContent.trim());
  }
  return parts.join(' ');
}

function expectWordsForPeople(text: string): void {
  if (process.env["SHOW_TEXT"]) console.log(text);
  expect(text.length).toBeGreaterThan(200);
  expect(INTERNAL_NAMES.filter((name) => text.includes(name))).toEqual([]);
  expect(text.match(SCREAMING) ?? []).toEqual([]);
}

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());
beforeAll(async () => {
  await Promise.all([
    import('../../renderer/views/TransactionsView.vue'), import('../../renderer/components/transactions/TransactionDetail.vue'), import('../../renderer/views/QuotesView.vue'),
  ]);
}, 60_000);

async function mountAt(path: string, handlers: FakeHandlers, apiHandler?: (req: ApiRequest) => { status: number; headers: Record<string, string>; body: unknown }): Promise<Pinia> {
  setBridge(fakeBridge(handlers, apiHandler).bridge);
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  const pinia = createPinia();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return pinia;
}

describe('no internal names on screen', () => {
  const stories = { completed: completedStory, 'failed and refunded': failedRefundedStory, returned: returnedStory, 'incoming UMA': incomingUmaStory };
  for (const [name, story] of Object.entries(stories)) {
    it(`in the transaction drawer of a ${name} payment`, async () => {
      const d = story();
      await mountAt(`/transactions/${d.transaction.id}`, { ...partyHandlers, 'transactions/search': searchOf([d.transaction]), 'transactions/detail': () => d });
      const drawer = document.querySelector('[data-testid="drawer"]')!;
      expect(drawer.querySelector('[data-testid="outcome"]')).not.toBeNull();
      expectWordsForPeople(visibleText(drawer));
    });
  }

  it('in the quote workbench: the form with a UMA receiver’s payer fields, and a priced quote with its fees, rate legs and payment instructions', async () => {
    const USD = quote().sendingCurrency;
    const options: HandlerOutput<'quotes/options'> = {
      sources: [{ accountId: 'InternalAccount:alice-usd', customerId: ALICE.id, currency: 'USD', balance: { amount: 1_250_000, currency: USD }, type: 'INTERNAL_FIAT' }],
      destinations: [{ accountId: 'ExternalAccount:sophie-0005', customerId: 'Customer:sophie', currency: 'EUR', accountType: 'EUR_ACCOUNT', identifier: 'FR7630006000011234567890005', scenario: 'RETURNED', scenarioDescription: 'Completes, then the receiving bank returns it (failed, refunded)', steps: [] }],
      umaRecipients: [{ umaAddress: '$fail.compliance.usd@sandbox.uma.example', currency: 'EUR', scenario: 'COMPLIANCE_FAILED', description: 'Fails the compliance check; refunded', steps: [], refusal: null }],
      scenarios: [],
    };
    const priced: Quote = quote({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: ALICE.id },
      paymentInstructions: [{ accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE'], accountNumber: '123456789012', routingNumber: '021000021', bankName: 'Sandbox Bank N.A.', reference: 'Q1A2B3C4D5E' }, instructionsNotes: 'Include the reference', isPlatformAccount: true }],
    } as Partial<Quote>);
    const lookup = { lookupId: 'Lookup:1', receiverUmaAddress: options.umaRecipients[0]!.umaAddress, supportedCurrencies: [{ currency: EUR, estimatedExchangeRate: 1.09, min: 1, max: 1e10 }], requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }, { name: 'BIRTH_DATE', mandatory: true }, { name: 'NATIONALITY', mandatory: false }] };
    const pinia = await mountAt('/quotes', {
      'quotes/options': () => options, 'customers/list': () => ({ data: [ALICE], hasMore: false, totalCount: 1 }), 'quotes/get': () => priced,
      'clock/get': () => ({ mode: 'FROZEN', now: new Date(T0 + 10_000).toISOString(), offsetSeconds: 0, pendingJobs: 0, nextJobDueAt: null }),
    }, (req) => (req.path.startsWith('/receiver/uma/') ? { status: 200, headers: {}, body: lookup } : { status: 201, headers: {}, body: priced }));
    const store = useQuotesStore(pinia);
    store.draft.source = 'InternalAccount:alice-usd';
    store.draft.destination = options.umaRecipients[0]!.umaAddress;
    await flushPromises();
    await wrapper!.find('[data-testid="quote-amount"]').setValue('25.00');
    await flushPromises();
    const form = visibleText(wrapper!.element);
    expect(form).toContain('Payer’s full name');
    expect(form).toContain('Sends exactly 25.00 USD');
    expectWordsForPeople(form);
    // The same form on the bank account destination, then a priced quote beside it.
    store.draft.destination = 'ExternalAccount:sophie-0005';
    await flushPromises();
    await wrapper!.find('[data-testid="quote-submit"]').trigger('submit');
    await flushPromises();
    const text = visibleText(wrapper!.element);
    expect(text).toContain('Through bitcoin');
    expect(text).toContain('USD bank account');
    expectWordsForPeople(text);
  });
});
