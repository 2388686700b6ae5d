import type { Ctx } from '../context';
import { conflict } from '../kernel/errors';
import type { Job } from '../kernel/scheduler';
import { decideApproval } from './approval-decision';
import type { AttemptResult, WebhookRepo } from './repo';
import type { Attempt, Delivery } from './schema';

/** What approvals need from the sandbox's incoming payments: let a held payment go on, or refuse it. */
export interface HeldPayments {
  proceed(transactionId: string): void;
  refuse(transactionId: string, failureReason: string, cause: string): void;
}

const TIMEOUT_JOB = 'incoming-approval.timeout';
/** A payment the platform deferred (202) fails if it is not decided within this long on the workspace clock. */
export const DEFERRED_APPROVAL_SECONDS = 24 * 3600;

/** An incoming payment's approval state as the console shows it. */
export interface ApprovalState {
  status: string;
  deliveryId: string | null;
  detail: Record<string, unknown>;
}

/**
 * Incoming-payment approval (upstream-facts section 4): while a webhook endpoint is set, an incoming
 * payment waits PENDING until the platform answers its INCOMING_PAYMENT.PENDING webhook; the answer
 * (200, 202, 403, 422, or none) approves, defers or refuses it. A deferred payment is decided later
 * by `approve` or `reject`, or fails PAYMENT_APPROVAL_TIMED_OUT after 24 hours on the workspace clock.
 */
export class IncomingApprovals {
  constructor(
    private readonly ctx: Ctx,
    private readonly repo: WebhookRepo,
    private readonly endpoint: () => string | undefined,
    private readonly held: HeldPayments,
  ) {
    ctx.scheduler.register(TIMEOUT_JOB, (job) => this.timeout(job));
  }

  /** Holds the payment when an endpoint is set (called inside the transaction that creates it). */
  hold(transactionId: string): boolean {
    if (!this.endpoint()) return false;
    this.repo.holdApproval(transactionId, this.ctx.clock.nowMs());
    return true;
  }

  /** The approval state of a payment, if it was held. */
  state(transactionId: string): ApprovalState | undefined {
    return this.repo.approval(transactionId);
  }

  /** Applies the platform's answer to the first INCOMING_PAYMENT.PENDING delivery of a held payment. */
  onFinished(delivery: Delivery, attempt: Attempt, result: AttemptResult): void {
    if (delivery.type !== 'INCOMING_PAYMENT.PENDING' || delivery.origin !== 'EVENT' || !delivery.resourceId) return;
    const txId = delivery.resourceId;
    if (this.repo.approval(txId)?.status !== 'AWAITING') return;
    const decision = decideApproval(result);
    const now = this.ctx.clock.nowMs();
    const answer = { answer: result.responseStatus, attemptId: attempt.id };
    if (decision.kind === 'APPROVE') {
      this.ctx.transaction(() => {
        this.repo.setApprovalState(txId, 'APPROVED', delivery.id, { ...answer, ...(decision.receiverCustomerInfo ? { receiverCustomerInfo: decision.receiverCustomerInfo } : {}) }, now);
        this.repo.setApproval(delivery.id, 'APPROVED', now);
        this.held.proceed(txId);
      });
    } else if (decision.kind === 'DEFER') {
      this.ctx.transaction(() => {
        this.repo.setApprovalState(txId, 'DEFERRED', delivery.id, answer, now);
        this.repo.setApproval(delivery.id, 'DEFERRED', now);
        this.ctx.scheduler.schedule(TIMEOUT_JOB, now + DEFERRED_APPROVAL_SECONDS * 1000, { transactionId: txId }, txId);
      });
    } else {
      this.ctx.transaction(() => {
        this.repo.setApprovalState(txId, decision.failureReason === 'COMPLIANCE_REJECTED' || decision.failureReason === 'MISSING_MANDATORY_PAYEE_DATA' ? 'REJECTED' : 'FAILED', delivery.id, { ...answer, ...decision.detail }, now);
        this.repo.setApproval(delivery.id, `REJECTED:${decision.failureReason}`, now);
        this.held.refuse(txId, decision.failureReason, `PLATFORM_ANSWERED_${result.responseStatus ?? 'NOTHING'}`);
      });
    }
  }

  /** Approves a payment whose webhook was answered 202 (or that still waits). */
  approve(transactionId: string): void {
    this.decideLater(transactionId, 'APPROVED', () => this.held.proceed(transactionId));
  }

  /** Rejects a payment whose webhook was answered 202 (or that still waits). */
  reject(transactionId: string, reason: string | undefined): void {
    this.decideLater(transactionId, 'REJECTED', () => this.held.refuse(transactionId, 'COMPLIANCE_REJECTED', 'PLATFORM_REJECTED'), reason);
  }

  private decideLater(transactionId: string, status: 'APPROVED' | 'REJECTED', apply: () => void, reason?: string): void {
    const s = this.repo.approval(transactionId);
    if (!s || (s.status !== 'AWAITING' && s.status !== 'DEFERRED')) {
      throw conflict(`Transaction ${transactionId} is not waiting for the platform's approval${s ? ` (it was ${s.status.toLowerCase()})` : ''}`, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    }
    this.ctx.transaction(() => {
      this.repo.setApprovalState(transactionId, status, s.deliveryId, { ...s.detail, decidedBy: 'API', ...(reason ? { reason } : {}) }, this.ctx.clock.nowMs());
      this.ctx.scheduler.cancel(TIMEOUT_JOB, transactionId);
      apply();
    });
  }

  private timeout(job: Job): void {
    const txId = String(job.payload['transactionId']);
    const s = this.repo.approval(txId);
    if (s?.status !== 'DEFERRED') return;
    this.repo.setApprovalState(txId, 'FAILED', s.deliveryId, { ...s.detail, timedOutAfterSeconds: DEFERRED_APPROVAL_SECONDS }, this.ctx.clock.nowMs());
    this.held.refuse(txId, 'PAYMENT_APPROVAL_TIMED_OUT', 'PLATFORM_APPROVAL_TIMED_OUT');
  }
}
