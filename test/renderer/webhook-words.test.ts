// Plain words of the Webhooks screen and the customer drawer's verification section.
import { describe, expect, it } from 'vitest';
import { approvalWords, attemptTimeline, attemptWords, deliveryStatusWords, retryScheduleWords, webhookTypeLabel, type Attempt } from '../../renderer/lib/webhooks';
import { identityWords, verificationTimeline } from '../../renderer/lib/verification-words';

const attempt = (over: Partial<Attempt>): Attempt => ({
  id: 'WebhookAttempt:1', deliveryId: 'Webhook:1', number: 1, trigger: 'SCHEDULED', url: 'http://127.0.0.1:3000/hooks', signature: '{}',
  startedAt: '2026-01-01T00:00:00.000Z', startedWallAt: null, durationMs: 12, outcome: 'FAILED', responseStatus: 500, responseHeaders: {}, responseBody: '', error: null, ...over,
});

describe('webhook words', () => {
  it('names types and explains each answer in a sentence', () => {
    expect(webhookTypeLabel('TEST')).toBe('Test event');
    expect(webhookTypeLabel('OUTGOING_PAYMENT.REFUND_PENDING')).toBe('Outgoing payment: refund pending');
    expect(attemptWords(attempt({ responseStatus: 401 }))).toContain('could not verify the signature');
    expect(attemptWords(attempt({ responseStatus: 409 }))).toContain('already has this webhook id');
    expect(attemptWords(attempt({ responseStatus: 204, outcome: 'SUCCEEDED' }))).toBe('Accepted with 204.');
    expect(attemptWords(attempt({ responseStatus: null, error: 'The receiver did not answer within 10 s' }))).toBe('The receiver did not answer within 10 s');
  });

  it('explains statuses, the retry schedule and approvals', () => {
    expect(deliveryStatusWords({ status: 'SUCCEEDED', attemptCount: 3, nextAttemptAt: null, retries: true })).toBe('Delivered after 3 attempts.');
    expect(deliveryStatusWords({ status: 'FAILED', attemptCount: 1, nextAttemptAt: null, retries: false })).toContain('never retried');
    expect(retryScheduleWords([30, 60, 120, 240, 480, 960, 1800, 1800], 604_800)).toBe('30 s, 1 min, 2 min, 4 min, 8 min, 16 min, then every 30 min until 7 d after the event');
    expect(approvalWords('DEFERRED')).toContain('202');
  });

  it('turns attempts into timeline entries, replays marked', () => {
    const t = attemptTimeline([attempt({}), attempt({ id: 'WebhookAttempt:2', number: 2, trigger: 'REPLAY', outcome: 'SUCCEEDED', responseStatus: 200 })]);
    expect(t.map((e) => [e.title, e.status])).toEqual([['Attempt 1', 'FAILED'], ['Attempt 2 (sent again by hand)', 'SUCCEEDED']]);
    expect(t[1]!.detail).toBe('Accepted with 200. · 12 ms');
  });
});

describe('verification words', () => {
  const base = { id: 'Customer:1', platformCustomerId: 'p', umaAddress: '$a@b.example', isDeleted: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  it('says what the KYC or KYB status means', () => {
    expect(identityWords({ ...base, customerType: 'BUSINESS', kybStatus: 'UNVERIFIED', businessInfo: { legalName: 'A', country: 'US', taxId: '1', incorporatedOn: '2020-01-01' } })).toContain('has not been through KYB');
    expect(identityWords({ ...base, customerType: 'INDIVIDUAL', kycStatus: 'APPROVED' })).toBe("Verified: the identity verification (KYC) passed, so the customer's accounts are open.");
    expect(identityWords({ ...base, customerType: 'INDIVIDUAL', kycStatus: 'REJECTED' })).toContain('cannot move money');
  });

  it('lists every step of every verification in time order, with what is missing', () => {
    const t = verificationTimeline([
      { id: 'Verification:2', customerId: 'Customer:1', type: 'KYB', verificationStatus: 'IN_PROGRESS', status: 'IN_PROGRESS', errors: [], createdAt: '', updatedAt: '', history: [{ status: 'READY_FOR_VERIFICATION', at: '2026-01-02T00:00:00.000Z' }, { status: 'IN_PROGRESS', at: '2026-01-02T00:00:01.000Z' }] },
      { id: 'Verification:1', customerId: 'Customer:1', type: 'KYB', verificationStatus: 'RESOLVE_ERRORS', status: 'RESOLVE_ERRORS', errors: [{ resourceId: 'Customer:1', type: 'MISSING_BENEFICIAL_OWNER', field: 'beneficialOwners', reason: 'beneficialOwners at least one is required', message: 'at least one is required' }], createdAt: '', updatedAt: '', history: [{ status: 'RESOLVE_ERRORS', at: '2026-01-01T00:00:00.000Z' }] },
    ]);
    expect(t.map((e) => e.title)).toEqual(['KYB: Details missing', 'KYB: Ready to check', 'KYB: Checking']);
    expect(t[0]!.detail).toBe('beneficialOwners at least one is required');
  });
});
