import type { HandlerOutput } from '../../core/index';
import { statusWords } from './failure-words';
import { statusLabel } from './status';

/** The Overview's activity (`overview/activity`): payments and card transactions together. */
export type ActivityReport = HandlerOutput<'overview/activity'>;

// A card transaction's statuses read differently from a payment's ("Settled", not "Delivered").
const CARD_STATUS: Record<string, string> = {
  AUTHORIZED: 'Card: on hold', PARTIALLY_SETTLED: 'Card: partly settled', SETTLED: 'Card: settled', REFUNDED: 'Card: returned by the merchant', EXCEPTION: 'Card: exception',
};

/** A bar's label: a payment status in the words the drawer uses, a card status prefixed so the two kinds stay apart. */
export function activityStatusLabel(row: { kind: 'PAYMENT' | 'CARD'; status: string }): string {
  if (row.kind === 'CARD') return CARD_STATUS[row.status] ?? `Card: ${statusLabel(row.status).toLowerCase()}`;
  return statusWords(row.status, 'OUTGOING').title;
}

/** Why each chart of the Overview is empty, in words; a chart with something to show gets undefined. */
export function activityEmptyWords(a: ActivityReport, days: number): { byStatus?: string; byDay?: string; volume?: string } {
  const out: { byStatus?: string; byDay?: string; volume?: string } = {};
  if (a.total === 0) {
    const none = 'No transactions yet: quotes, transfers, incoming payments and card payments show here once there are any.';
    return { byStatus: none, byDay: `No transactions in the last ${days} days of workspace time: there are none yet.`, volume: 'Nothing completed yet: there are no transactions.' };
  }
  const inWindow = a.byDay.reduce((n, d) => n + d.completed + d.failed + d.other, 0);
  if (inWindow === 0) {
    const last = a.byDay.at(-1)?.day ?? '';
    out.byDay = `None in the last ${days} days of workspace time (up to ${last}): all ${a.total.toLocaleString('en-US')} transactions are older.`;
  }
  if (a.volumeByCurrency.length === 0) {
    out.volume = a.inProgress > 0
      ? `Nothing completed yet: ${a.inProgress.toLocaleString('en-US')} still in progress.`
      : 'Nothing completed: every transaction failed, expired or was refunded.';
  }
  return out;
}
