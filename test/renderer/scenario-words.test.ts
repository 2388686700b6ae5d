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
