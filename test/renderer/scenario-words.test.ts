import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/scenarios/catalogue';
import { hasPlainWords, scenarioFieldWords } from '../../renderer/lib/scenario-words';

describe('plain words for what scenarios compare', () => {
  it('every value the built-in catalogue compares has its own words on the Scenarios screen', () => {
    const fields = new Set(CATALOGUE.flatMap((d) => d.steps.flatMap((s) => Object.keys(s.expect?.fields ?? {}))));
    expect([...fields].filter((f) => !hasPlainWords(f))).toEqual([]);
    expect(scenarioFieldWords('HTTP status')).toBe('Answer code');
  });

  it('spells out a saved scenario\'s other fields from their parts', () => {
    expect(scenarioFieldWords('data.0.accountInfo.routingNumber')).toBe('Account info routing number');
  });
});

describe('compared values in words', () => {
  it('amounts read in units, failure reasons and statuses as people say them, other values as they are', async () => {
    const { scenarioValueWords } = await import('../../renderer/lib/scenario-words');
    expect(scenarioValueWords('data.0.balance.amount', 25_000)).toBe('250.00');
    expect(scenarioFieldWords('data.0.balance.amount')).toBe('Spendable balance');
    expect(scenarioValueWords('failureReason', 'PAYOUT_RETURNED')).toBe('Returned by the receiving bank');
    expect(scenarioValueWords('status', 'PARTIALLY_SETTLED')).toBe('Partially settled');
    expect(scenarioValueWords('refund.status', 'COMPLETED')).toBe('Completed');
    expect(scenarioValueWords('receivingCurrency.code', 'USDC')).toBe('USDC');
    expect(scenarioValueWords('HTTP status', 201)).toBe('201');
    expect(scenarioValueWords('scaChallenge', null)).toBe('(none)');
  });
});
