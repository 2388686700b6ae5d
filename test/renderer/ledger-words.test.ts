import './layout-stub';
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { setBridge } from '../../renderer/api/client';
import { ledgerAccountLabel, ledgerDescription } from '../../renderer/lib/ledger-words';
import LedgerEntries from '../../renderer/components/customers/LedgerEntries.vue';
import { fakeBridge } from './fake-bridge';
import { EUR, T0, USD } from './money-fixtures';
import { ALICE_USD } from './story-fixtures';

const JPY = { code: 'JPY', decimals: 0 };
const currencies = (code: string) => ({ USD, EUR, JPY } as Record<string, { code: string; decimals: number }>)[code];

describe('ledger descriptions in the currency’s units (defect 4)', () => {
  it('rewrites the core’s minor units: "Sandbox funding of 25000 USD" reads "Sandbox funding of 250.00 USD"', () => {
    expect(ledgerDescription({ kind: 'SANDBOX_FUND', description: 'Sandbox funding of 25000 USD' }, currencies)).toBe('Sandbox funding of 250.00 USD');
    expect(ledgerDescription({ kind: 'SANDBOX_FUND', description: 'Sandbox funding of 125000000 JPY' }, currencies)).toBe('Sandbox funding of 125,000,000 JPY');
  });

  it('puts the journal’s code in words: "PAYMENT_SETTLED: 10000 USD" reads "Paid out: 100.00 USD"', () => {
    expect(ledgerDescription({ kind: 'PAYMENT_SETTLED', description: 'PAYMENT_SETTLED: 10000 USD' }, currencies)).toBe('Paid out: 100.00 USD');
    expect(ledgerDescription({ kind: 'REFUND_FAILED', description: 'REFUND_FAILED: 5 EUR' }, currencies)).toBe('Refund failed, moved to suspense: 0.05 EUR');
  });

  it('leaves an amount the core already wrote in units alone ("250.00 USD", "1,250.00 USD")', () => {
    expect(ledgerDescription({ kind: 'SANDBOX_FUND', description: 'Sandbox funding of 250.00 USD' }, currencies)).toBe('Sandbox funding of 250.00 USD');
    expect(ledgerDescription({ kind: 'SANDBOX_FUND', description: 'Sandbox funding of 1,250.00 USD' }, currencies)).toBe('Sandbox funding of 1,250.00 USD');
  });

  it('never shows a bare integer as if it were major units when the currency is unknown here', () => {
    expect(ledgerDescription({ kind: 'SANDBOX_FUND', description: 'Sandbox funding of 25000 MXN' }, currencies)).toBe('Sandbox funding of 25000 minor units of MXN');
  });

  it('names ledger positions in words: the payout edge, the suspense edge, a payment in transit, an owner’s balance', () => {
    expect(ledgerAccountLabel('edge:payout:USD')).toBe('Paid out of the platform (USD)');
    expect(ledgerAccountLabel('edge:suspense:EUR')).toBe('Suspense (held for operations) (EUR)');
    expect(ledgerAccountLabel('transit:Transaction:0001')).toBe('In transit with this payment');
    expect(ledgerAccountLabel(ALICE_USD.id, { customers: { 'Customer:alice': { name: 'Alice Johnson' } }, internalAccounts: { [ALICE_USD.id]: { customerId: 'Customer:alice', currency: 'USD' } } })).toBe('Alice Johnson · USD balance');
  });
});

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());

describe('an internal account’s ledger in the customer drawer', () => {
  it('shows "Sandbox funding of 250.00 USD", the journal in words and the amount formatted', async () => {
    const entry = { id: 'LedgerEntry:1', journalId: 'Journal:1', kind: 'SANDBOX_FUND', refId: ALICE_USD.id, description: 'Sandbox funding of 25000 USD', accountId: ALICE_USD.id, currency: 'USD', amount: 25_000, bucket: 'AVAILABLE' as const, createdAt: new Date(T0).toISOString() };
    setBridge(fakeBridge({ 'accounts/ledger': () => ({ account: ALICE_USD, entries: { data: [entry], hasMore: false, totalCount: 1 } }) }).bridge);
    wrapper = mount(LedgerEntries, { props: { accountId: ALICE_USD.id, currency: USD }, global: { plugins: [createPinia()] } });
    await flushPromises();
    const text = wrapper.text();
    expect(text).toContain('Sandbox funding of 250.00 USD');
    expect(text).toContain('+250.00 USD');
    expect(text).not.toContain('25000');
    expect(text).not.toContain('SANDBOX_FUND');
  });
});
