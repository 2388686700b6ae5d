import type { Ctx } from '../context';
import type { Job } from '../kernel/scheduler';
import { REFUND_DELAY_SECONDS, type Outcome, type Step } from '../payments/outcomes';
import type { Funds, FundsMover } from '../payments/funds';
import type { TransactionService } from './service';
import type { Refund, Transaction, TxStatus } from './schema';
import { ServiceError } from '../kernel/errors';

const JOB_KIND = 'payment.step';

/** Called after a transaction's status changed, inside the same transaction (quotes mirror it). */
export type StatusListener = (transactionId: string, status: TxStatus) => void;

/**
 * Runs sandbox scenarios: each step is a persisted job on the workspace clock that moves a payment's
 * status through the transaction state machine and its money through the ledger, in one transaction.
 */
export class PaymentRunner {
  private readonly listeners: StatusListener[] = [];
  readonly mover: FundsMover;

  constructor(private readonly ctx: Ctx, private readonly transactions: TransactionService, mover: FundsMover) {
    this.mover = mover;
    ctx.scheduler.register(JOB_KIND, (job) => this.run(job));
  }

  /** Registers a listener for status changes made by scenario steps. */
  onStatus(listener: StatusListener): void {
    this.listeners.push(listener);
  }

  /** Schedules a scenario's steps from now (call inside the transaction that starts the payment). */
  start(transactionId: string, scenario: Outcome): void {
    const now = this.ctx.clock.nowMs();
    for (const s of scenario.steps) this.ctx.scheduler.schedule(JOB_KIND, now + s.after * 1000, { transactionId, step: s.step }, transactionId);
  }

  /** The money of a transaction in flight. */
  funds(transactionId: string): Funds {
    return this.transactions.record(transactionId).funds;
  }

  /**
   * Cancels an outgoing payment still in flight (PENDING or PROCESSING with sandbox steps to come): the steps
   * are dropped, it ends REFUNDED and its money goes back (refund reason USER_CANCELLATION), as upstream's
   * manual cancellation does. Anything else is 409 TRANSACTION_NOT_CANCELLABLE, with nothing changed.
   */
  cancel(transactionId: string, reason: string | undefined): Transaction {
    return this.ctx.transaction(() => {
      const { transaction } = this.transactions.record(transactionId);
      const refuse = (why: string) => new ServiceError(409, 'TRANSACTION_NOT_CANCELLABLE', `Transaction ${transactionId} cannot be cancelled: ${why}`, { status: transaction.status, type: transaction.type });
      if (transaction.type !== 'OUTGOING') throw refuse('only outgoing payments can be cancelled; an incoming payment is stopped by its sender');
      if (transaction.status !== 'PENDING' && transaction.status !== 'PROCESSING') throw refuse(`it is already ${transaction.status}`);
      // No step to come means nothing is moving yet (waiting for funding or for an approval): reject it or let it expire.
      if (this.ctx.scheduler.cancel(JOB_KIND, transactionId) === 0) throw refuse('it is not moving yet (waiting for its funding or an approval); reject it or let it expire');
      this.status(transactionId, 'REFUNDED', reason ? `CANCELLED: ${reason}` : 'CANCELLED');
      this.beginRefund(transactionId, 'COMPLETED', 'USER_CANCELLATION');
      return this.transactions.get(transactionId);
    });
  }

  private run(job: Job): void {
    const transactionId = String(job.payload['transactionId']);
    const step = job.payload['step'] as Step;
    const { transaction, funds } = this.transactions.record(transactionId);
    switch (step.kind) {
      case 'PROCESS':
        this.status(transactionId, 'PROCESSING', 'SANDBOX_PROCESSING');
        return;
      case 'COMPLETE':
        this.mover.settle(funds, transactionId, 'PAYMENT_SETTLED');
        this.status(transactionId, 'COMPLETED', 'SANDBOX_DELIVERED', { settled: true });
        return;
      case 'FAIL':
        this.status(transactionId, step.status, `SANDBOX_${step.status}`, step.failureReason ? { failureReason: step.failureReason } : {});
        if (transaction.type === 'INCOMING') {
          // Incoming money never reached the customer's spendable balance: it simply goes back.
          this.mover.refund(funds, transactionId, 'PAYMENT_REVERSED');
        } else {
          this.beginRefund(transactionId, step.refund, step.refundReason ?? 'TRANSACTION_FAILED');
        }
        return;
      case 'RETURN':
        this.mover.unsettle(funds, transactionId, 'PAYOUT_RETURNED');
        this.status(transactionId, 'FAILED', 'RECEIVING_BANK_RETURNED', { failureReason: step.failureReason });
        this.beginRefund(transactionId, 'COMPLETED', 'TRANSACTION_FAILED');
        return;
      case 'REFUND_SETTLE': {
        const refund = this.transactions.get(transactionId)['refund'] as Refund;
        if (step.outcome === 'COMPLETED') this.mover.refund(funds, transactionId, 'REFUND_SETTLED');
        else this.mover.suspend(funds, transactionId, 'REFUND_FAILED');
        const next: Refund = { ...refund, status: step.outcome };
        if (step.outcome === 'COMPLETED') next.settledAt = this.ctx.clock.iso();
        this.transactions.setRefund(transactionId, next, step.outcome === 'COMPLETED' ? 'REFUND_COMPLETED' : 'REFUND_FAILED');
        return;
      }
    }
  }

  private beginRefund(transactionId: string, outcome: 'COMPLETED' | 'FAILED', reason: NonNullable<Refund['reason']>): void {
    const refund: Refund = { reference: `RF-${transactionId.slice(-12).replace(/-/g, '').toUpperCase()}`, initiatedAt: this.ctx.clock.iso(), status: 'PENDING', reason };
    this.transactions.setRefund(transactionId, refund, 'REFUND_INITIATED');
    this.ctx.scheduler.schedule(JOB_KIND, this.ctx.clock.nowMs() + REFUND_DELAY_SECONDS * 1000, { transactionId, step: { kind: 'REFUND_SETTLE', outcome } }, transactionId);
  }

  private status(id: string, to: TxStatus, cause: string, changes: { failureReason?: string; settled?: boolean } = {}): void {
    this.transactions.transition(id, to, cause, changes);
    for (const l of this.listeners) l(id, to);
  }
}
