// Who made a logged call, as the request log's Source column and entry say it.
import { describe, expect, it } from 'vitest';
import { sourceWords } from '../../renderer/lib/request-log-words';

describe('the request log source in words', () => {
  it("names a scenario run's calls by the scenario, the console's own as Console, and integrators' as HTTP", () => {
    expect(sourceWords({ source: 'CONSOLE', principal: 'scenario:card-refund' })).toBe('Scenario card-refund');
    expect(sourceWords({ source: 'CONSOLE', principal: 'console' })).toBe('Console');
    expect(sourceWords({ source: 'HTTP', principal: 'Token:01a2' })).toBe('HTTP');
    expect(sourceWords({ source: 'HTTP', principal: null })).toBe('HTTP');
  });
});
