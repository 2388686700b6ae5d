import type { DomainEvent } from '../kernel/events';
import type { TxHistoryEntry } from '../transactions/service';
import { FAILURE_WORDS, reasonWords } from './failure-words';
import { causeLabel, eventTypeLabel, humanize } from './words';

/** One line of a timeline: what happened, the status it led to, when, and why. */
export interface TimelineEntry {
  /** Stable key (an event id, or a history position). */
  key: string;
  /** What happened, in words, e.g. `Delivered to the recipient` or `Outgoing payment: completed`. */
  title: string;
  /** The API name it stands for (the cause `SANDBOX_DELIVERED`, the event type `OUTGOING_PAYMENT.COMPLETED`), for a tooltip. */
  code?: string | undefined;
  /** The status the change led to, shown with the one status tag. */
  status?: string | undefined;
  /** ISO instant, on the workspace clock unless `clock` says it is real time. */
  at: string;
  /** Which clock `at` is on: the workspace's (default; status changes, jobs) or the real one (webhook sends). */
  clock?: 'workspace' | 'wall' | undefined;
  /** Extra facts (failure reason, refund status), plain text. */
  detail?: string | undefined;
}

/** Plain-text facts of a history entry's details, e.g. `Reason: the account cannot receive it · Refund in progress`. */
function detailText(details: Record<string, unknown>): string | undefined {
  const parts = Object.entries(details)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => {
      if (k === 'failureReason') return `Reason: ${reasonWords(String(v)).title.toLowerCase()}`;
      if (k === 'refundStatus') return (FAILURE_WORDS.refunds as Record<string, { title: string }>)[String(v)]?.title ?? `Refund ${String(v).toLowerCase()}`;
      return `${humanize(k.replace(/([A-Z])/g, '_$1'))}: ${typeof v === 'string' ? v : JSON.stringify(v)}`;
    });
  return parts.length ? parts.join(' · ') : undefined;
}

/** A transaction's status history (oldest first) as timeline entries: the status, its time and its cause. */
export function historyEntries(history: readonly TxHistoryEntry[]): TimelineEntry[] {
  return history.map((h, i) => ({
    key: `${i}-${h.at}-${h.status}`, title: h.cause ? causeLabel(h.cause) : 'Status changed', code: h.cause || undefined, status: h.status, at: h.at, detail: detailText(h.details),
  }));
}

/**
 * A domain event as a timeline entry. The status is the resource's status in the payload; refund
 * events (`*.REFUND_PENDING`) show the refund's status instead, since the payment's own stays put.
 */
export function eventEntry(event: DomainEvent): TimelineEntry {
  const payload = (event.payload ?? {}) as { status?: unknown; failureReason?: unknown; refund?: { status?: unknown } };
  const isRefund = /\.REFUND_[A-Z]+$/.test(event.type);
  const status = isRefund ? payload.refund?.status : payload.status;
  const detail = typeof payload.failureReason === 'string' ? `Reason: ${reasonWords(payload.failureReason).title.toLowerCase()}` : undefined;
  return { key: event.id, title: eventTypeLabel(event.type), code: event.type, status: typeof status === 'string' ? status : undefined, at: event.createdAt, detail };
}
