import { describe, expect, it } from 'vitest';
// The sandbox's own table (a test may import core values): hints built from what it holds must agree with what it runs.
import { QUOTE_OUTCOMES, SANDBOX_UMA_DOMAIN, UMA_RECIPIENTS } from '../../core/payments/outcomes';
import { FAILURE_WORDS } from '../../renderer/lib/failure-words';
import { scenarioHint } from '../../renderer/lib/scenario-hints';

/** A UMA recipient as `quotes/options` sends it once it carries the scenario's steps (the core change asked for in issue 9). */
const recipient = (local: string) => {
  const r = UMA_RECIPIENTS[local]!;
  return { umaAddress: `${local}@${SANDBOX_UMA_DOMAIN}`, currency: r.currency, scenario: r.outcome.name, description: r.outcome.description, steps: r.outcome.steps };
};

describe('outcome hints come from the scenario data the options handler sends', () => {
  it('names the failure reason the sandbox will set, not the scenario’s name ($fail.compliance.usd fails with COMPLIANCE_REJECTED)', () => {
    const hint = scenarioHint(recipient('$fail.compliance.usd'));
    expect(hint.title).toBe(FAILURE_WORDS.reasons.COMPLIANCE_REJECTED.title);
    expect(hint.sentence).toBe('Fails about 5 s after execution: rejected by compliance; the money is refunded.');
    expect(hint.tone).toBe('error');
  });

  it('tells a returned payment as delivered then returned and refunded (account suffix 005)', () => {
    const s = QUOTE_OUTCOMES['005']!;
    const hint = scenarioHint({ scenario: s.name, scenarioDescription: s.description, steps: s.steps });
    expect(hint.title).toBe('Returned by the receiving bank');
    expect(hint.sentence).toBe('Completes about 5 s after execution, then returned by the receiving bank about 1 min later; the money is refunded.');
  });

  it('says when even the refund fails (account suffix 007), and when a payment is cancelled (006)', () => {
    expect(scenarioHint({ scenario: 'X', steps: QUOTE_OUTCOMES['007']!.steps }).sentence).toContain('the refund fails too, so the money goes to suspense');
    expect(scenarioHint({ scenario: 'X', steps: QUOTE_OUTCOMES['006']!.steps })).toMatchObject({ title: 'Cancelled and refunded', sentence: 'Is cancelled about 5 s after execution; the money is refunded.' });
  });

  it('puts a refusal the handler reports first: $old.version.usd is refused with 412 before any money moves', () => {
    const hint = scenarioHint({ ...recipient('$old.version.usd'), refusal: { status: 412, code: 'UNSUPPORTED_UMA_VERSION', message: 'The receiver’s VASP speaks UMA 0.3; this service supports 1.0' } });
    expect(hint).toMatchObject({ title: 'Refused before any money moves (412)', tone: 'error', code: 'UNSUPPORTED_UMA_VERSION' });
  });

  it('falls back to the handler’s name and description (in words) when it sends no steps', () => {
    expect(scenarioHint({ scenario: 'COUNTERPARTY_DELIVERY_FAILED', scenarioDescription: 'The counterparty cannot deliver; rejected and refunded' }))
      .toEqual({ title: 'Counterparty delivery failed', sentence: 'The counterparty cannot deliver; rejected and refunded.', tone: 'default', code: 'COUNTERPARTY_DELIVERY_FAILED' });
  });
});
