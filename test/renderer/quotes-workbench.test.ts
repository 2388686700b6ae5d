import './layout-stub';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { ApiRequest, DomainEvent, HandlerOutput } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { Quote } from '../../core/quotes/schema';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { useQuotesStore } from '../../renderer/stores/quotes';
import { fakeBridge } from './fake-bridge';
import { EUR, quote, T0, tx, USD } from './money-fixtures';

const ALICE: Customer = {
  id: 'Customer:alice', platformCustomerId: 'cust-alice-001', customerType: 'INDIVIDUAL', umaAddress: '$alice@demo.example', kycStatus: 'APPROVED',
  isDeleted: false, fullName: 'Alice Johnson', birthDate: '1988-04-12', createdAt: new Date(T0).toISOString(), updatedAt: new Date(T0).toISOString(),
};
const OPTIONS: HandlerOutput<'quotes/options'> = {
  sources: [{ accountId: 'InternalAccount:alice-usd', customerId: ALICE.id, currency: 'USD', balance: { amount: 1_250_000, currency: USD }, type: 'INTERNAL_FIAT' }],
  destinations: [{ accountId: 'ExternalAccount:sophie-0000', customerId: 'Customer:sophie', currency: 'EUR', accountType: 'EUR_ACCOUNT', identifier: 'FR7630006000011234567890000', scenario: 'SUCCESS', scenarioDescription: 'Completes about 5 seconds after execution', steps: [{ after: 5, step: { kind: 'COMPLETE' } }] }],
  umaRecipients: [{ umaAddress: '$success.eur@sandbox.uma.example', currency: 'EUR', scenario: 'SUCCESS', description: 'Completes about 5 seconds after execution', steps: [{ after: 5, step: { kind: 'COMPLETE' } }], refusal: null }],
  scenarios: [],
};
const iso = (ms: number) => new Date(ms).toISOString();

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
let pinia: Pinia;
let clockMs: number;
let current: Quote;
let router: Router;
let stored: DomainEvent[];

function apiHandler(req: ApiRequest) {
  if (req.method === 'POST' && req.path === '/quotes') return { status: 201, headers: {}, body: current };
  if (req.method === 'POST' && req.path.endsWith('/execute')) return { status: 200, headers: {}, body: (current = { ...current, status: 'PROCESSING' }) };
  if (req.path.startsWith('/transactions/')) return { status: 200, headers: {}, body: tx(1, { status: 'PROCESSING', updatedAt: iso(clockMs) }) };
  if (req.path === `/receiver/uma/${encodeURIComponent('$old.version.usd@sandbox.uma.example')}`) {
    return { status: 412, headers: {}, body: { status: 412, code: 'UNSUPPORTED_UMA_VERSION', message: "The receiver's VASP speaks UMA 0.3; this service supports 1.0" } };
  }
  if (req.path.startsWith('/receiver/uma/')) {
    return { status: 200, headers: {}, body: { lookupId: 'Lookup:1', receiverUmaAddress: '$success.eur@sandbox.uma.example', supportedCurrencies: [{ currency: EUR, estimatedExchangeRate: 1.09, min: 1, max: 1e10 }], requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }, { name: 'BIRTH_DATE', mandatory: true }, { name: 'NATIONALITY', mandatory: false }] } };
  }
  return { status: 404, headers: {}, body: { code: 'NOT_FOUND', message: `no ${req.path}` } };
}

beforeEach(() => {
  clockMs = T0 + 10_000;
  current = quote();
  stored = [];
  const clock = () => ({ mode: 'FROZEN' as const, now: iso(clockMs), offsetSeconds: 0, pendingJobs: 1, nextJobDueAt: null });
  fake = fakeBridge({
    'quotes/options': () => OPTIONS,
    'customers/list': () => ({ data: [ALICE], hasMore: false, totalCount: 1 }),
    'clock/get': clock,
    'clock/advance': ({ seconds }) => ((clockMs += seconds * 1000), { ...clock(), jobsRun: 1 }),
    'quotes/get': () => current,
    'events/list': ({ resourceId }) => {
      const data = stored.filter((e) => e.resourceId === resourceId);
      return { data, hasMore: false, totalCount: data.length };
    },
  }, apiHandler);
  setBridge(fake.bridge);
});
afterEach(() => wrapper?.unmount());

async function openWorkbench(): Promise<VueWrapper> {
  router = createConsoleRouter(createMemoryHistory());
  await router.push('/quotes');
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

/** Picks source and destination (the selects' menus need layout happy-dom lacks), then types the amount and asks for a quote. */
async function getQuote(w: VueWrapper, destination: string, amount: string): Promise<void> {
  const store = useQuotesStore(pinia);
  store.draft.source = 'InternalAccount:alice-usd';
  store.draft.destination = destination;
  await flushPromises();
  await w.find('[data-testid="quote-amount"]').setValue(amount);
  await w.find('[data-testid="quote-submit"]').trigger('submit');
  await flushPromises();
}

const posted = () => fake.apiCalls.filter((c) => c.method === 'POST' && c.path === '/quotes').map((c) => c.body);
const statusOf = (w: VueWrapper) => w.find('[data-testid="quote-status"]').attributes('data-status');

describe('the quote workbench', () => {
  it('turns 25.00 into lockedCurrencyAmount 2500 and posts the quote body to POST /quotes', async () => {
    const w = await openWorkbench();
    expect(w.text()).toContain('No quote yet');
    await getQuote(w, 'ExternalAccount:sophie-0000', '25.00');
    expect(posted()).toEqual([{
      source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:alice-usd' },
      destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:sophie-0000' },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2500,
    }]);
    const result = w.find('[data-testid="quote-result"]');
    expect(result.find('[data-testid="quote-sending"]').text()).toBe('25.00 USD');
    expect(result.find('[data-testid="quote-receiving"]').text()).toBe('21.75 EUR');
    expect(result.find('[data-testid="quote-rate"]').text()).toContain('1 EUR = 1.08906 USD');
    expect(result.find('[data-testid="quote-rate"]').text()).toContain('1 USD = 0.918223 EUR');
    expect(result.find('[data-testid="quote-fees"]').text()).toMatch(/Platform fixed fee\s*0\.30 USD.*Platform variable fee\s*0\.13 USD.*Counterparty fixed fee\s*0\.20 EUR.*Total fees included\s*0\.61 USD/s);
  });

  it('refuses an amount with more decimals than the currency has, without calling the API', async () => {
    const w = await openWorkbench();
    await getQuote(w, 'ExternalAccount:sophie-0000', '25.001');
    expect(posted()).toEqual([]);
    expect(w.find('[data-testid="quote-problem"]').text()).toBe('At most 2 decimal places');
  });

  it('counts down to expiresAt on the workspace clock and shows EXPIRED once the clock passes it', async () => {
    const w = await openWorkbench();
    await getQuote(w, 'ExternalAccount:sophie-0000', '25.00');
    expect(statusOf(w)).toBe('PENDING');
    expect(w.find('[data-testid="quote-countdown"]').text()).toBe('Expires in 4:50');
    await w.find('[data-testid="advance-6m"]').trigger('click');
    await flushPromises();
    expect(fake.calls.find((c) => c.name === 'clock/advance')?.input).toEqual({ seconds: 360 });
    expect(statusOf(w)).toBe('EXPIRED');
    expect(w.find('[data-testid="quote-countdown"]').text()).toContain('Expired at 2025-10-13 10:05:00 UTC');
    expect(w.find('[data-testid="quote-execute"]').attributes('disabled')).toBeDefined();
  });

  it('executes the quote and follows its events live in the timeline', async () => {
    const w = await openWorkbench();
    await getQuote(w, 'ExternalAccount:sophie-0000', '25.00');
    await w.find('[data-testid="quote-execute"]').trigger('click');
    await flushPromises();
    expect(fake.apiCalls.at(-1)).toMatchObject({ method: 'POST', path: '/quotes/Quote%3A0001/execute' });
    expect(statusOf(w)).toBe('PROCESSING');
    const ev = (seq: number, type: string, resourceType: string, payload: unknown): DomainEvent => ({ seq, id: `Event:${seq}`, type, resourceType, resourceId: (payload as { id: string }).id, payload, createdAt: iso(T0 + seq * 1000) });
    fake.emit(ev(20, 'OUTGOING_PAYMENT.COMPLETED', 'Transaction', tx(1, { status: 'COMPLETED', updatedAt: iso(T0 + 20_000) })));
    fake.emit(ev(21, 'QUOTE.COMPLETED', 'Quote', { ...current, status: 'COMPLETED' }));
    fake.emit(ev(22, 'QUOTE.COMPLETED', 'Quote', { ...current, id: 'Quote:other', status: 'COMPLETED' }));
    await flushPromises();
    expect(statusOf(w)).toBe('COMPLETED');
    expect(w.find('[data-testid="quote-transaction-status"]').attributes('data-status')).toBe('COMPLETED');
    const entries = w.findAll('[data-testid="quote-timeline"] [data-testid="timeline-entry"]').map((e) => e.text());
    expect(entries).toEqual([expect.stringContaining('Outgoing payment: completed'), expect.stringContaining('Quote: completed')]);
    expect(w.find('[data-testid="open-transaction"]').attributes('href')).toContain('/transactions/Transaction:0001');
  });

  it('catches up on what happened to the quote while the workbench was closed', async () => {
    const w = await openWorkbench();
    await getQuote(w, 'ExternalAccount:sophie-0000', '25.00');
    await router.push('/overview');
    await flushPromises();
    current = { ...current, status: 'EXPIRED' };
    const expired: DomainEvent = { seq: 30, id: 'Event:30', type: 'QUOTE.EXPIRED', resourceType: 'Quote', resourceId: current.id, payload: current, createdAt: iso(T0 + 300_000) };
    stored.push(expired);
    fake.emit(expired); // nobody listens while the workbench is closed
    await router.push('/quotes');
    await flushPromises();
    expect(fake.calls.filter((c) => c.name === 'events/list').map((c) => c.input)).toEqual([
      { resourceId: 'Quote:0001', order: 'asc', limit: 200 }, { resourceId: 'Transaction:0001', order: 'asc', limit: 200 },
    ]);
    expect(w.find('[data-testid="quote-status"]').attributes('data-status')).toBe('EXPIRED');
    expect(w.findAll('[data-testid="quote-timeline"] [data-testid="timeline-entry"]').map((e) => e.text())).toEqual([expect.stringContaining('Quote: expired')]);
    expect((w.find<HTMLInputElement>('[data-testid="quote-amount"]').element).value).toBe('25.00');
  });

  it('looks a UMA receiver up, prefills the payer data from the source customer and sends it with the lookupId', async () => {
    const w = await openWorkbench();
    const store = useQuotesStore(pinia);
    store.draft.source = 'InternalAccount:alice-usd';
    store.draft.destination = '$success.eur@sandbox.uma.example';
    await flushPromises();
    expect(fake.apiCalls[0]).toEqual({ method: 'GET', path: '/receiver/uma/%24success.eur%40sandbox.uma.example', query: { senderCurrency: 'USD' } });
    expect(w.find<HTMLInputElement>('#payer-FULL_NAME').element.value).toBe('Alice Johnson');
    expect(w.find<HTMLInputElement>('#payer-BIRTH_DATE').element.value).toBe('1988-04-12');
    await w.find('[data-testid="quote-amount"]').setValue('10');
    await w.find('[data-testid="quote-submit"]').trigger('submit');
    await flushPromises();
    expect(posted()).toEqual([{
      source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:alice-usd' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example', currency: 'EUR' },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000, lookupId: 'Lookup:1',
      senderCustomerInfo: { FULL_NAME: 'Alice Johnson', BIRTH_DATE: '1988-04-12' },
    }]);
  });

  it('says in words what a destination will do, from what quotes/options sends, with the scenario’s name in the tooltip', async () => {
    const w = await openWorkbench();
    useQuotesStore(pinia).draft.destination = 'ExternalAccount:sophie-0000';
    await flushPromises();
    const hint = w.find('[data-testid="quote-scenario"]');
    expect(hint.text()).toBe('EUR bank account •••• 0000: its last digits select Delivered. Completes about 5 s after execution.');
    expect(hint.find('strong').attributes('title')).toBe('SUCCESS');
    expect(hint.find('code').attributes('title')).toBe('FR7630006000011234567890000');
  });

  it('takes the outcome from the scenario steps when the handler sends them ($fail.compliance.usd fails with COMPLIANCE_REJECTED)', async () => {
    const steps = [{ after: 5, step: { kind: 'FAIL' as const, status: 'FAILED' as const, failureReason: 'COMPLIANCE_REJECTED' as const, refund: 'COMPLETED' as const, refundReason: 'TRANSACTION_FAILED' as const } }];
    const recipient = { umaAddress: '$fail.compliance.usd@sandbox.uma.example', currency: 'USD', scenario: 'COMPLIANCE_FAILED', description: 'Fails the compliance check; refunded', steps, refusal: null };
    OPTIONS.umaRecipients.push(recipient);
    try {
      const w = await openWorkbench();
      useQuotesStore(pinia).draft.destination = recipient.umaAddress;
      await flushPromises();
      const hint = w.find('[data-testid="quote-scenario"]');
      expect(hint.text()).toBe('This sandbox recipient: Rejected by compliance. Fails about 5 s after execution: rejected by compliance; the money is refunded.');
      expect(hint.attributes('data-tone')).toBe('error');
    } finally {
      OPTIONS.umaRecipients.pop();
    }
  });

  it('shows the API’s own refusal when the receiver lookup is refused ($old.version.usd answers 412), whatever the option says', async () => {
    OPTIONS.umaRecipients.push({ umaAddress: '$old.version.usd@sandbox.uma.example', currency: 'USD', scenario: 'SUCCESS', description: 'Completes about 5 seconds after execution', steps: [{ after: 5, step: { kind: 'COMPLETE' } }], refusal: null });
    try {
      const w = await openWorkbench();
      const store = useQuotesStore(pinia);
      store.draft.source = 'InternalAccount:alice-usd';
      store.draft.destination = '$old.version.usd@sandbox.uma.example';
      await flushPromises();
      const hint = w.find('[data-testid="quote-scenario"]');
      expect(hint.text()).toBe("The receiver lookup was refused (412). The receiver's VASP speaks UMA 0.3; this service supports 1.0.");
      expect(hint.find('strong').attributes('title')).toBe('UNSUPPORTED_UMA_VERSION');
      expect(hint.attributes('data-tone')).toBe('error');
      expect(hint.text()).not.toContain('Success');
    } finally {
      OPTIONS.umaRecipients.pop();
    }
  });

  it('labels the receiver’s payer data in words, with the API field in the tooltip, and says what the amount locks in the currency’s units', async () => {
    const w = await openWorkbench();
    const store = useQuotesStore(pinia);
    store.draft.source = 'InternalAccount:alice-usd';
    store.draft.destination = '$success.eur@sandbox.uma.example';
    await flushPromises();
    const label = w.find('label[for="payer-FULL_NAME"]');
    expect(label.text()).toBe('Payer’s full name');
    expect(label.attributes('title')).toBe('senderCustomerInfo.FULL_NAME');
    expect(w.find('label[for="payer-NATIONALITY"]').text()).toBe('Payer’s nationality (optional)');
    await w.find('[data-testid="quote-amount"]').setValue('1,234.5');
    const echo = w.find('[data-testid="quote-amount-echo"]');
    expect(echo.text()).toBe('Sends exactly 1,234.50 USD');
    expect(echo.attributes('title')).toBe('lockedCurrencyAmount 123450');
  });
});
