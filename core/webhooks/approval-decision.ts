import type { AttemptResult } from './repo';

/** What the platform's answer to an INCOMING_PAYMENT.PENDING webhook decides (upstream-facts section 4). */
export type ApprovalDecision =
  | { kind: 'APPROVE'; receiverCustomerInfo?: Record<string, unknown> }
  | { kind: 'DEFER' }
  | { kind: 'REJECT'; failureReason: 'COMPLIANCE_REJECTED' | 'MISSING_MANDATORY_PAYEE_DATA' | 'PAYMENT_APPROVAL_WEBHOOK_ERROR' | 'PAYMENT_APPROVAL_TIMED_OUT'; detail: Record<string, unknown> };

function json(text: string | null): Record<string, unknown> {
  try {
    const v = text ? (JSON.parse(text) as unknown) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * 200 approves (optionally with `receiverCustomerInfo`), 202 leaves the decision for later
 * (`/transactions/{id}/approve|reject`), 403 rejects with the platform's reason, 422 rejects because
 * the platform needs `requiredFields`. Anything else (no answer, a timeout, another status) fails the
 * payment: upstream never retries this webhook, since the sender is waiting.
 */
export function decideApproval(r: AttemptResult): ApprovalDecision {
  const body = json(r.responseBody);
  switch (r.responseStatus) {
    case 200: {
      const info = body['receiverCustomerInfo'];
      return info && typeof info === 'object' ? { kind: 'APPROVE', receiverCustomerInfo: info as Record<string, unknown> } : { kind: 'APPROVE' };
    }
    case 202:
      return { kind: 'DEFER' };
    case 403:
      return { kind: 'REJECT', failureReason: 'COMPLIANCE_REJECTED', detail: { answer: 403, reason: body['reason'] ?? body['message'] ?? null, code: body['code'] ?? null } };
    case 422:
      return { kind: 'REJECT', failureReason: 'MISSING_MANDATORY_PAYEE_DATA', detail: { answer: 422, requiredFields: body['requiredFields'] ?? [] } };
    case null:
      return r.error?.includes('did not answer')
        ? { kind: 'REJECT', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT', detail: { error: r.error } }
        : { kind: 'REJECT', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR', detail: { error: r.error } };
    default:
      return { kind: 'REJECT', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR', detail: { answer: r.responseStatus } };
  }
}
