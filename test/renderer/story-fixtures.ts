import type { HandlerOutput } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { ExternalAccount } from '../../core/accounts/external-service';
import type { InternalAccount } from '../../core/accounts/internal-service';
import type { Transaction } from '../../core/transactions/schema';
import type { FakeHandlers } from './fake-bridge';
import { detail, EUR, T0, tx, USD } from './money-fixtures';

// The people and accounts of the seeded workspace, as the console handlers return them: Alice pays
// Sophie's EUR account (another customer's), and the platform has its own USD account and bank account.
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const person = (id: string, platformCustomerId: string, fullName: string): Customer => ({
  id, platformCustomerId, customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', isDeleted: false, fullName, createdAt: iso(0), updatedAt: iso(0),
} as Customer);
export const ALICE = person('Customer:alice', 'cust-alice-001', 'Alice Johnson');
export const SOPHIE = person('Customer:sophie', 'cust-sophie-003', 'Sophie Martin');

const internal = (id: string, customerId: string | undefined, currency = USD): InternalAccount => ({
  id, ...(customerId ? { customerId } : {}), type: 'INTERNAL_FIAT', status: 'ACTIVE', balance: { amount: 1_000_000, currency },
  totalBalance: { amount: 1_000_000, currency }, fundingPaymentInstructions: [], createdAt: iso(0), updatedAt: iso(0),
});
const external = (id: string, customerId: string | undefined, currency: string, accountInfo: Record<string, unknown>): ExternalAccount => ({
  id, ...(customerId ? { customerId } : {}), status: 'ACTIVE', currency, accountInfo, defaultUmaDepositAccount: false, createdAt: iso(0), updatedAt: iso(0),
} as unknown as ExternalAccount);

export const ALICE_USD = internal('InternalAccount:alice-usd', ALICE.id);
export const SOPHIE_EUR_BALANCE = internal('InternalAccount:sophie-eur', SOPHIE.id, EUR);
export const PLATFORM_USD = internal('InternalAccount:platform-usd', undefined);
export const ALICE_BANK = external('ExternalAccount:alice-1000', ALICE.id, 'USD', {
  accountType: 'USD_ACCOUNT', accountNumber: '100000001000', routingNumber: '021000021', bankName: 'Sandbox Bank N.A.',
  beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' }, paymentRails: ['ACH', 'WIRE'],
});
export const SOPHIE_IBAN = external('ExternalAccount:sophie-0000', SOPHIE.id, 'EUR', {
  accountType: 'EUR_ACCOUNT', iban: 'FR7630006000011234567890000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Sophie Martin' }, paymentRails: ['SEPA', 'SEPA_INSTANT'],
});
export const TREASURY = external('ExternalAccount:treasury', undefined, 'USD', {
  accountType: 'USD_ACCOUNT', accountNumber: '400012345000', routingNumber: '021000021', bankName: 'Sandbox Bank N.A.',
  beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Demo Platform' }, paymentRails: ['ACH'],
});

/** The console handlers the parties store reads, over the people and accounts above. */
export const partyHandlers: FakeHandlers = {
  'customers/get': ({ id }) => {
    if (id === ALICE.id) return { customer: ALICE, internalAccounts: [ALICE_USD], externalAccounts: [ALICE_BANK] };
    if (id === SOPHIE.id) return { customer: SOPHIE, internalAccounts: [SOPHIE_EUR_BALANCE], externalAccounts: [SOPHIE_IBAN] };
    throw Object.assign(new Error(`Customer ${id} not found`), { status: 404, code: 'USER_NOT_FOUND' });
  },
  'accounts/platform': () => ({ internalAccounts: [PLATFORM_USD], externalAccounts: [TREASURY] }),
  'search/query': ({ q }) => (q === SOPHIE_IBAN.id ? [{ kind: 'EXTERNAL_ACCOUNT', id: q, title: 'EUR_ACCOUNT FR76…', subtitle: SOPHIE.id, customerId: SOPHIE.id }] : []),
};

type Detail = HandlerOutput<'transactions/detail'>;
type History = Detail['history'];
const h = (status: string, cause: string, s: number, details: Record<string, unknown> = {}): History[number] => ({ status, cause, details, at: iso(s) });
const refund = (status: 'PENDING' | 'COMPLETED' | 'FAILED', settled?: number) => ({
  reference: 'RF-0001ABCDEF', initiatedAt: iso(12), status, reason: 'TRANSACTION_FAILED' as const, ...(settled ? { settledAt: iso(settled) } : {}),
});

/** A ledger line of the story, as transactions/detail returns it (descriptions as the core writes them, in minor units). */
function entry(n: number, kind: string, accountId: string, bucket: 'AVAILABLE' | 'HELD', amount: number, refId: string) {
  return { id: `LedgerEntry:${n}`, journalId: `Journal:${Math.ceil(n / 2)}`, kind, refId, description: `${kind}: ${Math.abs(amount)} USD`, accountId, currency: 'USD', amount, bucket, createdAt: iso(n) };
}
function ledger(id: string, ...kinds: [string, string, 'AVAILABLE' | 'HELD', string, 'AVAILABLE' | 'HELD'][]) {
  return kinds.flatMap(([kind, from, fromBucket, to, toBucket], i) => [entry(i * 2 + 1, kind, from, fromBucket, -10_000, id), entry(i * 2 + 2, kind, to, toBucket, 10_000, id)]);
}

/** Alice's 100.00 USD to Sophie's IBAN over SEPA Instant, delivered. */
export function completedStory(): Detail {
  return detail();
}

/** The same payment, failed at execution (sandbox suffix 002) and refunded to Alice's balance. */
export function failedRefundedStory(refundStatus: 'PENDING' | 'COMPLETED' | 'FAILED' = 'COMPLETED'): Detail {
  const t = tx(2, { status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: refund(refundStatus, refundStatus === 'COMPLETED' ? 22 : undefined), updatedAt: iso(22) });
  return {
    ...detail(), transaction: t, scenario: 'QUOTE:002',
    history: [h('PENDING', 'QUOTE_CREATED', 0), h('PROCESSING', 'QUOTE_EXECUTED', 5), h('FAILED', 'SANDBOX_FAILED', 12, { failureReason: 'QUOTE_EXECUTION_FAILED' }), h('FAILED', 'REFUND_INITIATED', 12, { refundStatus: 'PENDING' }), h('FAILED', 'REFUND_COMPLETED', 22, { refundStatus: 'COMPLETED' })],
    ledger: ledger(t.id, ['QUOTE_EXECUTED', ALICE_USD.id, 'AVAILABLE', ALICE_USD.id, 'HELD'], ['REFUND_SETTLED', ALICE_USD.id, 'HELD', ALICE_USD.id, 'AVAILABLE']),
    events: [{ type: 'OUTGOING_PAYMENT.FAILED', createdAt: iso(12) }, { type: 'OUTGOING_PAYMENT.REFUND_PENDING', createdAt: iso(12) }, { type: 'OUTGOING_PAYMENT.REFUND_COMPLETED', createdAt: iso(22) }],
  };
}

/** The same payment delivered, then returned by Sophie's bank (sandbox suffix 005) and refunded. */
export function returnedStory(): Detail {
  const t = tx(3, { status: 'FAILED', failureReason: 'PAYOUT_RETURNED', settledAt: iso(10), refund: refund('COMPLETED', 85), updatedAt: iso(85) });
  return {
    ...detail(), transaction: t, scenario: 'QUOTE:005',
    history: [h('PENDING', 'QUOTE_CREATED', 0), h('PROCESSING', 'QUOTE_EXECUTED', 5), h('COMPLETED', 'SANDBOX_DELIVERED', 10), h('FAILED', 'RECEIVING_BANK_RETURNED', 75, { failureReason: 'PAYOUT_RETURNED' }), h('FAILED', 'REFUND_INITIATED', 75, { refundStatus: 'PENDING' }), h('FAILED', 'REFUND_COMPLETED', 85, { refundStatus: 'COMPLETED' })],
    ledger: ledger(t.id, ['QUOTE_EXECUTED', ALICE_USD.id, 'AVAILABLE', ALICE_USD.id, 'HELD'], ['PAYMENT_SETTLED', ALICE_USD.id, 'HELD', 'edge:payout:USD', 'AVAILABLE'], ['PAYOUT_RETURNED', 'edge:payout:USD', 'AVAILABLE', ALICE_USD.id, 'HELD'], ['REFUND_SETTLED', ALICE_USD.id, 'HELD', ALICE_USD.id, 'AVAILABLE']),
    events: [{ type: 'OUTGOING_PAYMENT.COMPLETED', createdAt: iso(10) }, { type: 'OUTGOING_PAYMENT.FAILED', createdAt: iso(75) }, { type: 'OUTGOING_PAYMENT.REFUND_COMPLETED', createdAt: iso(85) }],
  };
}

/** An incoming UMA payment of 40.00 EUR to Sophie's EUR balance, completed. */
export function incomingUmaStory(): Detail {
  const t = {
    id: 'Transaction:0009', type: 'INCOMING', status: 'COMPLETED', direction: 'CREDIT', customerId: SOPHIE.id, platformCustomerId: SOPHIE.platformCustomerId,
    source: { sourceType: 'UMA_ADDRESS', umaAddress: '$bob@sandbox.uma.example', currency: 'EUR' },
    destination: { destinationType: 'ACCOUNT', accountId: SOPHIE_EUR_BALANCE.id, currency: 'EUR' },
    receivedAmount: { amount: 4_000, currency: EUR }, fees: 0, reconciliationInstructions: { reference: 'U0009' },
    settledAt: iso(5), createdAt: iso(0), updatedAt: iso(5),
  } as unknown as Transaction;
  return { ...detail(), transaction: t, quote: null, scenario: 'UMA_RECEIVE:SUCCESS', history: [h('PENDING', 'SANDBOX_UMA_RECEIVED', 0), h('COMPLETED', 'SANDBOX_DELIVERED', 5)], ledger: [], events: [] };
}
