import type { HandlerOutput } from '../../core/index';
import type { TimelineEntry } from './timeline';
import { formatSeconds } from './time';
import { eventTypeLabel } from './words';

/** One delivery as the list shows it. */
export type Delivery = HandlerOutput<'webhooks/list'>['data'][number];
/** One delivery with its attempts and, for approvals, what the answer decided. */
export type DeliveryDetail = HandlerOutput<'webhooks/get'>;
/** One attempt of a delivery. */
export type Attempt = DeliveryDetail['attempts'][number];

/** Delivery statuses the list filters on. */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;

/** A webhook type in words (`OUTGOING_PAYMENT.COMPLETED` -> `Outgoing payment: completed`; TEST -> `Test event`). */
export function webhookTypeLabel(type: string): string {
  return type === 'TEST' ? 'Test event' : eventTypeLabel(type);
}

/** What a delivery's status means, in a sentence for support staff. */
export function deliveryStatusWords(d: Pick<Delivery, 'status' | 'attemptCount' | 'nextAttemptAt' | 'retries'>): string {
  switch (d.status) {
    case 'SUCCEEDED': return `Delivered${d.attemptCount > 1 ? ` after ${d.attemptCount} attempts` : ''}.`;
    case 'SENDING': return 'Being sent now: waiting for the receiver to answer.';
    case 'PENDING': return 'Waiting for its first attempt.';
    case 'RETRYING': return 'The receiver has not accepted it yet; the next attempt is scheduled on the workspace clock.';
    default: return d.retries ? 'Gave up: the receiver refused it, answered 409 (already has it), or the retry window of 7 days ended.' : 'Not delivered, and this kind of webhook is never retried (test events and incoming-payment approvals).';
  }
}

/** What one attempt's answer means, in words. */
export function attemptWords(a: Attempt): string {
  if (a.outcome === 'IN_FLIGHT') return 'Sent; no answer yet.';
  if (a.responseStatus === null) return a.error ?? 'No answer.';
  const s = a.responseStatus;
  if (s >= 200 && s < 300) return `Accepted with ${s}.`;
  if (s === 401) return 'Refused with 401: the receiver could not verify the signature (check it uses this workspace\'s public key).';
  if (s === 409) return 'Answered 409: the receiver already has this webhook id, so it is not sent again.';
  return `Refused with ${s}.`;
}

/** The attempts of a delivery as timeline entries (oldest first). */
export function attemptTimeline(attempts: readonly Attempt[]): TimelineEntry[] {
  return attempts.map((a) => ({
    key: a.id,
    title: `Attempt ${a.number}${a.trigger === 'REPLAY' ? ' (sent again by hand)' : ''}`,
    status: a.outcome === 'IN_FLIGHT' ? 'SENDING' : a.outcome,
    // The POST went out in the real world: its wall time when kept (attempts before wall times were kept show their workspace time).
    at: a.startedWallAt ?? a.startedAt, clock: a.startedWallAt ? 'wall' : 'workspace',
    detail: `${attemptWords(a)}${a.durationMs !== null ? ` · ${a.durationMs} ms` : ''}`,
  }));
}

/** The retry schedule in words: `30 s, 1 min, 2 min, … then every 30 min for 7 days`. */
export function retryScheduleWords(delays: readonly number[], windowSeconds: number): string {
  const distinct = delays.filter((d, i) => delays.indexOf(d) === i);
  const last = distinct.at(-1) ?? 0;
  return `${distinct.slice(0, -1).map(formatSeconds).join(', ')}, then every ${formatSeconds(last)} until ${formatSeconds(windowSeconds)} after the event`;
}

/** What an incoming-payment approval answer decided, in words. */
export function approvalWords(status: string): string {
  const words: Record<string, string> = {
    AWAITING: 'Waiting for your answer to the approval webhook.',
    DEFERRED: 'You answered 202: approve or reject the payment here or with POST /transactions/{id}/reject within 24 hours, or it fails.',
    APPROVED: 'Approved: the payment goes ahead.',
    REJECTED: 'Rejected: the payment failed and the money goes back to the sender.',
    FAILED: 'No usable answer: the payment failed and the money goes back to the sender.',
  };
  return words[status] ?? status;
}
