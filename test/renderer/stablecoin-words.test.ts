import { describe, expect, it } from 'vitest';
// Test files may import core values: the word tables are checked against the core's own status lists.
import { ISSUANCE_STATUSES, OPERATION_STATUSES, PAYOUT_RAILS, SVC_OPERATIONS_STATUSES, type StablecoinOperation } from '../../core/stablecoins/schema';
import { destinationWords, ISSUANCE_WORDS, nextStepWords, OPERATION_STATUS_WORDS, OPERATIONS_WORDS, RAIL_WORDS, sourceWords } from '../../renderer/lib/stablecoin-words';

const coin = { symbol: 'ACME', decimals: 6, baseCurrency: 'USD' };
const names: Record<string, string> = { 'InternalAccount:a': 'The platform’s US dollar account', 'ExternalAccount:b': 'Alice Johnson’s bank account ending 1000' };
const name = (id: string) => names[id] ?? 'an account';
const op = (o: Partial<StablecoinOperation>): StablecoinOperation => ({
  id: 'StablecoinOperation:x', stablecoinId: 'Stablecoin:y', operationType: 'MINT', status: 'PENDING_PROVIDER', amount: '5000000', provider: 'BRALE',
  providerEnvironment: 'SANDBOX', stablecoinProviderAccountId: 'StablecoinProviderAccount:z', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...o,
});

describe('stablecoin words', () => {
  it('name every status, issuance status, operations status and rail the core has', () => {
    expect(Object.keys(OPERATION_STATUS_WORDS).sort()).toEqual([...OPERATION_STATUSES].sort());
    expect(Object.keys(ISSUANCE_WORDS).sort()).toEqual([...ISSUANCE_STATUSES].sort());
    expect(Object.keys(OPERATIONS_WORDS).sort()).toEqual([...SVC_OPERATIONS_STATUSES].sort());
    expect(Object.keys(RAIL_WORDS).sort()).toEqual([...PAYOUT_RAILS].sort());
  });

  it('say where a mint is paid from and where its coins go, and what a burn pays out when, in sentences without ids', () => {
    const mint = op({ source: { type: 'SVC_INTERNAL_ACCOUNT', accountId: 'InternalAccount:a' }, destination: { accountId: 'InternalAccount:a' } });
    expect([sourceWords(mint, name), destinationWords(mint, name)]).toEqual(['The platform’s US dollar account', 'Held for the platform’s US dollar account']);
    const burn = op({ operationType: 'BURN', source: { type: 'SVC_INTERNAL_ACCOUNT', accountId: 'InternalAccount:a' }, destination: { accountId: 'ExternalAccount:b', rail: 'ACH_CREDIT' }, estimatedDelivery: { rail: 'ACH_CREDIT', amount: '500', currency: 'USD', timing: '1-3 business days' } });
    expect([sourceWords(burn, name), destinationWords(burn, name), nextStepWords(burn, coin)])
      .toEqual(['Coins held for the platform’s US dollar account', 'Alice Johnson’s bank account ending 1000 by ACH', '5.00 USD paid out, expected 1-3 business days']);
    const waiting = op({ status: 'PENDING_FUNDING', source: { type: 'EXTERNAL_ACCOUNT' }, operationType: 'BURN', fundingInstructions: { rail: 'SPARK', address: 'spark1abc', valueType: 'ACME' } });
    expect([sourceWords(waiting, name), nextStepWords(waiting, coin)]).toEqual(['An outside wallet', 'Send 5.000000 ACME to the deposit address spark1abc']);
    expect(nextStepWords(op({ status: 'FAILED', failureReason: 'PROVIDER_TRANSFER_FAILED' }), coin)).toBe('The bank transfer failed at the provider');
  });
});
