import type { DomainEvent } from '../../core/index';
import type { TxHistoryEntry } from '../../core/transactions/repo';

/** One line of a timeline: what happened, the status it led to, when, and why. */
export interface TimelineEntry {
  /** Stable key (an event id, or a history position). */
  key: string;
  /** What happened, e.g. the cause `QUOTE_EXECUTED` or the event type `OUTGOING_PAYMENT.COMPLETED`. */
  title: string;
  /** The status the change led to, shown with the one status tag. */
  status?: string | undefined;
  /** ISO instant on the workspace clock. */
  at: string;
  /** Extra facts (failure reason, refund status), plain text. */
  detail?: string | undefined;
}

/** Plain-text facts of a history entry's details, e.g. `failure reason ACCOUNT_CANNOT_RECEIVE`. */
function detailText(details: Record<string, unknown>): string | undefined {
  const parts = Object.entries(details)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** A transaction's status history (oldest first) as timeline entries: the status, its time and its cause. */
export function historyEntries(history: readonly TxHistoryEntry[]): TimelineEntry[] {
  return history.map((h, i) => ({ key: `${i}-${h.at}-${h.status}`, title: h.cause || 'Status changed', status: h.status, at: h.at, detail: detailText(h.details) }));
}

/**
 * A domain event as a timeline entry. The status is the resource's status in the payload; refund
 * events (`*.REFUND_PENDING`) show the refund's status instead, since the payment's own stays put.
 */
export function eventEntry(event: DomainEvent): TimelineEntry {
  const payload = (event.payload ?? {}) as { status?: unknown; failureReason?: unknown; refund?: { status?: unknown } };
  const isRefund = /\.REFUND_[A-Z]+$/.test(event.type);
  const status = isRefund ? payload.refund?.status : payload.status;
  const detail = typeof payload.failureReason === 'string' ? `failure reason ${payload.failureReason}` : undefined;
  return { key: event.id, title: event.type, status: typeof status === 'string' ? status : undefined, at: event.createdAt, detail };
}
