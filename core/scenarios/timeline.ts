// Turns a sandbox outcome table entry (core/payments/outcomes.ts) into the states a payment passes
// through on the workspace clock, so the catalogue's expectations come from the very table the
// sandbox runs and the two cannot disagree.
import { REFUND_DELAY_SECONDS, type Outcome } from '../payments/outcomes';

/** What a payment looks like at one instant, seconds after it started. */
export interface Checkpoint {
  at: number;
  tx: string;
  /** The quote's own status (quotes only). */
  quote: string;
  failureReason: string | null;
  refund: { status: string; reason: string } | null;
  /** Whether the sent amount is back on the source account. */
  restored: boolean;
}

/**
 * The checkpoints of a table entry: just before its first change, at each change, and when each refund settles.
 * `tx` is the status the API answers: upstream has no outgoing REJECTED or REFUNDED, so an outgoing payment
 * stored with either is answered FAILED (its failureReason and refund saying why); incoming ones keep the word.
 */
export function checkpoints(scenario: Outcome, initial: 'PROCESSING' | 'PENDING', direction: 'OUTGOING' | 'INCOMING'): Checkpoint[] {
  const answered = (stored: string) => (direction === 'OUTGOING' && (stored === 'REJECTED' || stored === 'REFUNDED') ? 'FAILED' : stored);
  const state: Omit<Checkpoint, 'at'> = { tx: initial, quote: 'PROCESSING', failureReason: null, refund: null, restored: false };
  const changes: { at: number; apply: () => void }[] = [];
  for (const { after, step } of scenario.steps) {
    if (step.kind === 'COMPLETE') changes.push({ at: after, apply: () => Object.assign(state, { tx: 'COMPLETED', quote: 'COMPLETED' }) });
    if (step.kind === 'PROCESS') changes.push({ at: after, apply: () => Object.assign(state, { tx: 'PROCESSING' }) });
    if (step.kind === 'FAIL') {
      const reason = step.refundReason ?? 'TRANSACTION_FAILED';
      changes.push({ at: after, apply: () => Object.assign(state, { tx: answered(step.status), quote: 'FAILED', failureReason: step.failureReason ?? null, refund: { status: 'PENDING', reason } }) });
      changes.push({ at: after + REFUND_DELAY_SECONDS, apply: () => Object.assign(state, { refund: { status: step.refund, reason }, restored: step.refund === 'COMPLETED' }) });
    }
    if (step.kind === 'RETURN') {
      changes.push({ at: after, apply: () => Object.assign(state, { tx: 'FAILED', failureReason: step.failureReason, refund: { status: 'PENDING', reason: 'TRANSACTION_FAILED' } }) });
      changes.push({ at: after + REFUND_DELAY_SECONDS, apply: () => Object.assign(state, { refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, restored: true }) });
    }
    if (step.kind === 'REFUND_SETTLE') {
      changes.push({ at: after, apply: () => Object.assign(state, { refund: state.refund && { ...state.refund, status: step.outcome }, restored: step.outcome === 'COMPLETED' }) });
    }
  }
  changes.sort((a, b) => a.at - b.at);
  const out: Checkpoint[] = [];
  const first = changes[0]?.at ?? 0;
  if (first > 1) out.push({ at: first - 1, ...structuredClone(state) });
  for (const c of changes) {
    c.apply();
    const last = out.at(-1);
    const snap = { at: c.at, ...structuredClone(state) };
    if (last?.at === c.at) out[out.length - 1] = snap;
    else out.push(snap);
  }
  return out;
}
