import { describe, expect, it } from 'vitest';
// Test files may import core values (the renderer itself imports only types): the table is checked against the core's runtime lists.
import { INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS } from '../../core/payments/vocabulary';
import { QUOTE_OUTCOMES, TRANSFER_OUTCOMES, UMA_RECIPIENTS, type Outcome } from '../../core/payments/outcomes';
import { refundSchema, TX_STATUSES } from '../../core/transactions/schema';
import { FAILURE_WORDS } from '../../renderer/lib/failure-words';
import { explainOutcome } from '../../renderer/lib/outcome';
import { scenarioHint } from '../../renderer/lib/scenario-hints';
import type { Party } from '../../renderer/lib/money-story';

const scenarios: Outcome[] = [...Object.values(QUOTE_OUTCOMES), ...Object.values(TRANSFER_OUTCOMES), ...Object.values(UMA_RECIPIENTS).map((r) => r.outcome)];
const steps = scenarios.flatMap((s) => s.steps.map((x) => x.step));

describe('the failure words table covers everything the core can produce', () => {
  it('has words for every transaction status', () => {
    expect(Object.keys(FAILURE_WORDS.statuses).sort()).toEqual([...TX_STATUSES].sort());
  });

  it('has words for every failure reason, outgoing and incoming', () => {
    const reasons = new Set<string>([...OUTGOING_FAILURE_REASONS, ...INCOMING_FAILURE_REASONS]);
    expect([...reasons].filter((r) => !(r in FAILURE_WORDS.reasons))).toEqual([]);
    expect(Object.keys(FAILURE_WORDS.reasons).filter((r) => !reasons.has(r))).toEqual([]);
  });

  it('has words for every refund status and refund reason', () => {
    expect(Object.keys(FAILURE_WORDS.refunds).sort()).toEqual([...refundSchema.shape.status.options].sort());
    expect(Object.keys(FAILURE_WORDS.refundReasons).sort()).toEqual([...refundSchema.shape.reason.unwrap().options].sort());
  });

  it('has words for every status and failure reason the sandbox scenarios produce (core/payments/outcomes.ts)', () => {
    const produced = steps.flatMap((s) => ('failureReason' in s && s.failureReason ? [s.failureReason] : []))
      .concat(Object.values(TRANSFER_OUTCOMES).flatMap((s) => (s.immediateFailure ? [s.immediateFailure] : [])));
    expect(produced.filter((r) => !(r in FAILURE_WORDS.reasons))).toEqual([]);
    const statuses = steps.flatMap((s) => ('status' in s ? [s.status] : []));
    expect(statuses.filter((st) => !(st in FAILURE_WORDS.statuses))).toEqual([]);
  });

  it('describes every step kind of every scenario in words (none falls through to a generic sentence)', () => {
    for (const s of scenarios) {
      const hint = scenarioHint({ scenario: s.name, steps: s.steps });
      expect(hint.sentence, s.name).not.toMatch(/[A-Z]{2,}_[A-Z]/);
      expect(hint.title, s.name).not.toMatch(/_/);
    }
  });
});

const from: Party = { name: 'Alice Johnson', role: 'CUSTOMER', via: 'USD balance', label: 'Alice Johnson · USD balance' };
const to: Party = { name: 'Sophie Martin', role: 'BENEFICIARY', via: 'EUR bank account', account: '•••• 0000', label: '' };
const at = '2025-10-13T10:01:25.000Z';
const refund = (status: 'PENDING' | 'COMPLETED' | 'FAILED') => ({ reference: 'RF-1', initiatedAt: at, status, reason: 'TRANSACTION_FAILED' as const, ...(status === 'COMPLETED' ? { settledAt: at } : {}) });

describe('an outcome in plain words: what happened, whether the money came back, where it is now', () => {
  it('a delivered payment: with the recipient, settled', () => {
    const o = explainOutcome({ type: 'OUTGOING', status: 'COMPLETED', settledAt: at }, { from, to });
    expect(o).toMatchObject({ title: 'Delivered', tone: 'success', happened: 'The money reached Sophie Martin.', whereNow: 'With Sophie Martin: EUR bank account · •••• 0000.' });
    expect(o.moneyBack).toBeUndefined();
    expect(o.times).toEqual([{ label: 'Settled', iso: at }]);
  });

  it('a returned payment reads "Returned by the receiving bank", paid out then returned, never "Settled"', () => {
    const history = [{ status: 'COMPLETED', cause: 'SANDBOX_DELIVERED', details: {}, at: '2025-10-13T10:00:10.000Z' }, { status: 'FAILED', cause: 'RECEIVING_BANK_RETURNED', details: {}, at: '2025-10-13T10:01:15.000Z' }];
    const o = explainOutcome({ type: 'OUTGOING', status: 'FAILED', failureReason: 'PAYOUT_RETURNED', settledAt: '2025-10-13T10:00:10.000Z', refund: refund('COMPLETED') }, { from, to }, history);
    expect(o.title).toBe('Returned by the receiving bank');
    expect(o.happened).toBe('The payment was delivered, then the receiving bank sent it back.');
    expect(o.moneyBack).toBe('Yes: the money was refunded to Alice Johnson on 2025-10-13 10:01:25 UTC.');
    expect(o.whereNow).toBe('Back in Alice Johnson’s USD balance.');
    expect(o.times.map((t) => t.label)).toEqual(['Paid out', 'Returned', 'Refunded']);
    expect(JSON.stringify(o)).not.toContain('Settled');
    expect(o.reason).toEqual({ text: 'Returned by the receiving bank', code: 'PAYOUT_RETURNED' });
  });

  it('says where the money is while the refund is pending, and when the refund failed too', () => {
    const pending = explainOutcome({ type: 'OUTGOING', status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: refund('PENDING') }, { from, to });
    expect(pending.moneyBack).toBe('Not yet: a refund to Alice Johnson has started and has not settled.');
    expect(pending.whereNow).toBe('On its way back to Alice Johnson.');
    expect(pending.refund).toMatchObject({ status: 'PENDING', title: 'Refund in progress', because: 'because the payment failed' });
    const failed = explainOutcome({ type: 'OUTGOING', status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: refund('FAILED') }, { from, to });
    expect(failed.moneyBack).toBe('No: the refund to Alice Johnson failed too.');
    expect(failed.whereNow).toContain('suspense account');
  });

  it('an outgoing payment the API answers FAILED reads by its history: a cancellation says "Cancelled", not "Failed"', () => {
    const history = [{ status: 'REFUNDED', cause: 'CANCELLED', details: {}, at: '2025-10-13T10:00:05.000Z' }];
    const o = explainOutcome({ type: 'OUTGOING', status: 'FAILED', refund: { ...refund('COMPLETED'), reason: 'USER_CANCELLATION' } }, { from, to }, history);
    expect(o.title).toBe('Cancelled and refunded');
    expect(o.times.map((t) => t.label)).toEqual(['Cancelled', 'Refunded']);
  });

  it('a transfer refused at once moved no money', () => {
    const o = explainOutcome({ type: 'OUTGOING', status: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS' }, { from, to });
    expect(o).toMatchObject({ title: 'Not enough money', moneyBack: 'Nothing to give back: the money never left Alice Johnson.', whereNow: 'Still with Alice Johnson: no money left the account.' });
  });

  it('a payment cancelled by the user (no failure reason) reads as cancelled and refunded', () => {
    const o = explainOutcome({ type: 'OUTGOING', status: 'REFUNDED', refund: { ...refund('COMPLETED'), reason: 'USER_CANCELLATION' } }, { from, to });
    expect(o).toMatchObject({ title: 'Cancelled and refunded', happened: 'The payment was cancelled before it was paid out.' });
    expect(o.refund?.because).toBe('because the payment was cancelled');
  });

  it('an incoming payment in progress is pending on the customer’s balance', () => {
    const o = explainOutcome({ type: 'INCOMING', status: 'PENDING' }, { from: to, to: from });
    expect(o.whereNow).toBe('Pending in Alice Johnson’s USD balance; it can be spent once it settles.');
  });
});
