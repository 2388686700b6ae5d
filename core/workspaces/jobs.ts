import type { Job } from '../kernel/scheduler';
import type { UpcomingJob } from './schema';

type Category = UpcomingJob['category'];

/** What a payment step does, in the words support staff use. */
function paymentStep(step: Record<string, unknown> | undefined): { category: Category; text: string } {
  switch (step?.['kind']) {
    case 'PROCESS': return { category: 'SETTLEMENT', text: 'Payment starts processing' };
    case 'COMPLETE': return { category: 'SETTLEMENT', text: 'Payment settles and completes' };
    case 'FAIL': {
      const status = String(step['status'] ?? 'FAILED').toLowerCase();
      return { category: 'FAILURE', text: `Payment ${status === 'refunded' ? 'is cancelled and refunded' : `is ${status}`}, and its refund starts` };
    }
    case 'RETURN': return { category: 'FAILURE', text: 'The receiving bank returns the payment, and its refund starts' };
    case 'REFUND_SETTLE': return step['outcome'] === 'FAILED'
      ? { category: 'REFUND', text: 'Refund fails (the money waits in suspense)' }
      : { category: 'REFUND', text: 'Refund settles back to the sender' };
    default: return { category: 'SETTLEMENT', text: 'Payment moves to its next step' };
  }
}

/** Plain words for a job kind no rule below knows (kinds added by later areas still read sensibly). */
function generic(kind: string): { category: Category; text: string } {
  const words = kind.replace(/[._-]+/g, ' ').trim();
  if (/retr/i.test(kind)) return { category: 'RETRY', text: `Retry: ${words}` };
  if (/reset/i.test(kind)) return { category: 'RESET', text: `Reset: ${words}` };
  if (/expir/i.test(kind)) return { category: 'EXPIRY', text: `Expiry: ${words}` };
  if (/settle/i.test(kind)) return { category: 'SETTLEMENT', text: `Settlement: ${words}` };
  return { category: 'OTHER', text: `Scheduled: ${words}` };
}

/** Describes a scheduled job for the clock control: its category and what happens when it runs. */
export function describeJob(job: Job, nowMs: number): UpcomingJob {
  let d: { category: Category; text: string };
  if (job.kind === 'payment.step') d = paymentStep(job.payload['step'] as Record<string, unknown> | undefined);
  else if (job.kind === 'quote.expire') d = { category: 'EXPIRY', text: 'Quote expires unless it is executed first' };
  else if (job.kind === 'wallet.session.expire') d = { category: 'EXPIRY', text: 'Embedded wallet session expires' };
  else d = generic(job.kind);
  return {
    id: job.id, kind: job.kind, category: d.category, description: d.text, dueAt: new Date(job.dueAt).toISOString(),
    inSeconds: Math.max(0, Math.round((job.dueAt - nowMs) / 1000)), resourceId: job.resourceId,
  };
}
