import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../core/transactions/schema';
import {
  customerFacts, destinationOf, externalAccountFacts, internalAccountFacts, maskIdentifier, senderOf, type MoneyStoryContext,
} from '../../renderer/lib/money-story';
import { EUR, tx, USD } from './money-fixtures';
import { ALICE, ALICE_BANK, ALICE_USD, PLATFORM_USD, SOPHIE, SOPHIE_EUR_BALANCE, SOPHIE_IBAN, TREASURY } from './story-fixtures';

const context: MoneyStoryContext = {
  platformName: 'Demo Platform',
  customers: { [ALICE.id]: customerFacts(ALICE), [SOPHIE.id]: customerFacts(SOPHIE) },
  internalAccounts: Object.fromEntries([ALICE_USD, SOPHIE_EUR_BALANCE, PLATFORM_USD].map((a) => [a.id, internalAccountFacts(a)])),
  externalAccounts: Object.fromEntries([ALICE_BANK, SOPHIE_IBAN, TREASURY].map((a) => [a.id, externalAccountFacts(a)])),
};
const row = (over: Record<string, unknown>) => tx(1, over);

describe('where the money went: senderOf and destinationOf', () => {
  it('names a quote payment from a customer balance to another customer’s bank account: beneficiary, bank, masked IBAN and rail', () => {
    const t = row({});
    expect(senderOf(t, context)).toMatchObject({ name: 'Alice Johnson', role: 'CUSTOMER', customerId: ALICE.id, via: 'USD balance', label: 'Alice Johnson · USD balance' });
    expect(destinationOf(t, context)).toMatchObject({
      name: 'Sophie Martin', role: 'BENEFICIARY', via: 'EUR bank account', account: '•••• 0000', rail: 'SEPA Instant', railCode: 'SEPA_INSTANT',
      label: 'Sophie Martin · EUR bank account · •••• 0000 · SEPA Instant',
    });
  });

  it('names the bank when the account has one, and the platform (by its name) when it sends from its own balance', () => {
    const t = row({ customerId: undefined, platformCustomerId: undefined, source: { sourceType: 'ACCOUNT', accountId: PLATFORM_USD.id, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: TREASURY.id, currency: 'USD' }, paymentRail: 'ACH' });
    expect(senderOf(t, context).label).toBe('Demo Platform (platform) · USD balance');
    expect(destinationOf(t, context).label).toBe('Demo Platform · Sandbox Bank N.A. · •••• 5000 · ACH');
  });

  it('names the payer of a just-in-time funded quote, or the platform when no customer pays', () => {
    const jit = row({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', customerId: ALICE.id, cryptoNetwork: 'SOLANA' } });
    expect(senderOf(jit, context).label).toBe('Alice Johnson · paid just in time in USDC on Solana');
    const platform = row({ customerId: undefined, source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } });
    expect(senderOf(platform, context)).toMatchObject({ name: 'Demo Platform (platform)', role: 'PLATFORM' });
  });

  it('pays a UMA address: the address is the destination, there is no rail', () => {
    const t = row({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example', currency: 'EUR' }, paymentRail: null });
    expect(destinationOf(t, context)).toMatchObject({ name: '$success.eur@sandbox.uma.example', role: 'UMA', via: 'UMA address, paid in EUR' });
    expect(destinationOf(t, context).rail).toBeUndefined();
  });

  it('tells an incoming UMA payment: from the sender’s address (or the name they gave) to the customer’s balance', () => {
    const t = { type: 'INCOMING', customerId: SOPHIE.id, source: { sourceType: 'UMA_ADDRESS', umaAddress: '$bob@sandbox.uma.example', currency: 'EUR' },
      destination: { destinationType: 'ACCOUNT', accountId: SOPHIE_EUR_BALANCE.id, currency: 'EUR' }, receivedAmount: { amount: 4000, currency: EUR } } as unknown as Transaction;
    expect(senderOf(t, context).label).toBe('$bob@sandbox.uma.example · UMA address');
    expect(destinationOf(t, context).label).toBe('Sophie Martin · EUR balance');
    const named = { ...t, counterpartyInformation: { FULL_NAME: 'Bob Stone' } } as Transaction;
    expect(senderOf(named, context).label).toBe('Bob Stone · $bob@sandbox.uma.example');
  });

  it('tells a transfer-in: pulled from the customer’s own bank account into their balance', () => {
    const t = { type: 'INCOMING', customerId: ALICE.id, source: { sourceType: 'ACCOUNT', accountId: ALICE_BANK.id, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: ALICE_USD.id, currency: 'USD' }, sentAmount: { amount: 5000, currency: USD } } as unknown as Transaction;
    expect(senderOf(t, context).label).toBe('Alice Johnson · Sandbox Bank N.A. · •••• 1000');
    expect(destinationOf(t, context).label).toBe('Alice Johnson · USD balance');
  });

  it('tells a transfer-out: from the balance to the customer’s bank account, on the rail the transaction names', () => {
    const t = row({ quoteId: undefined, destination: { destinationType: 'ACCOUNT', accountId: ALICE_BANK.id, currency: 'USD' }, paymentRail: 'ACH' });
    expect(destinationOf(t, context).label).toBe('Alice Johnson · Sandbox Bank N.A. · •••• 1000 · ACH');
  });

  it('reads sensibly from a list row alone, with no context: the platform customer id, the account not yet named', () => {
    const t = row({});
    expect(senderOf(t).label).toBe('Customer cust-alice-001 · USD balance');
    expect(destinationOf(t)).toMatchObject({ name: 'External account', rail: 'SEPA Instant', accountId: SOPHIE_IBAN.id });
  });

  it('masks account numbers, IBANs and phone numbers to their last 4, keeps addresses people pay to, shortens wallet addresses', () => {
    expect(maskIdentifier('FR7630006000011234567890000')).toBe('•••• 0000');
    expect(maskIdentifier('100000001005')).toBe('•••• 1005');
    expect(maskIdentifier('+254700000001')).toBe('•••• 0001');
    expect(maskIdentifier('alice@wallet.example')).toBe('alice@wallet.example');
    expect(maskIdentifier('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcDhS…FLtV');
  });
});
