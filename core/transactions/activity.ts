import type { Ctx } from '../context';
import { findCurrency } from '../kernel/money';
import { paymentActivityParts, PAYMENT_IN_PROGRESS, type ActivityParts } from './activity-repo';

export type { ActivityParts } from './activity-repo';

/** The workspace's payment activity as the Overview charts it: every kind the Transactions screen lists, card payments included. */
export interface ActivityReport {
  /** Counts per status, payments and card transactions apart (`kind`), since their statuses differ. */
  byStatus: { kind: 'PAYMENT' | 'CARD'; status: string; count: number }[];
  /** One entry per day of the window (UTC, workspace clock), oldest first, days without payments included. */
  byDay: { day: string; completed: number; failed: number; other: number }[];
  /** Completed volume per currency, in minor units, as sent (outgoing), received (incoming) or settled (card), with the decimals to print it. */
  volumeByCurrency: { currency: { code: string; decimals: number }; amount: number; count: number }[];
  total: number;
  /** Transactions that are still in progress (not completed, settled, failed or refunded). */
  inProgress: number;
}

/** The card payments' share, asked of the cards area (it owns their table). */
export interface CardActivitySource {
  activityParts(firstDay: number): ActivityParts & { inProgressStatuses: string[] };
}

const DAY_MS = 86_400_000;

/** Counts by status and by day, and completed volume by currency, over the last `days` of the workspace clock (the Overview's charts). */
export function transactionActivity(ctx: Ctx, days: number, cards: CardActivitySource): ActivityReport {
  const firstDay = Math.floor(ctx.clock.nowMs() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const payments = paymentActivityParts(ctx.db, firstDay);
  const card = cards.activityParts(firstDay);
  const byStatus: ActivityReport['byStatus'] = [
    ...payments.byStatus.map((r) => ({ kind: 'PAYMENT' as const, ...r })), ...card.byStatus.map((r) => ({ kind: 'CARD' as const, ...r })),
  ].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  const perDay = new Map<number, { completed: number; failed: number; other: number }>();
  for (const r of [...payments.byDay, ...card.byDay]) {
    const d = perDay.get(r.day) ?? { completed: 0, failed: 0, other: 0 };
    perDay.set(r.day, { completed: d.completed + r.completed, failed: d.failed + r.failed, other: d.other + r.other });
  }
  const byDay = Array.from({ length: days }, (_, i) => {
    const day = firstDay + i * DAY_MS;
    const r = perDay.get(day);
    return { day: new Date(day).toISOString().slice(0, 10), completed: r?.completed ?? 0, failed: r?.failed ?? 0, other: r?.other ?? 0 };
  });
  const volume = new Map<string, { amount: number; count: number }>();
  for (const v of [...payments.volume, ...card.volume]) {
    const had = volume.get(v.currency) ?? { amount: 0, count: 0 };
    volume.set(v.currency, { amount: had.amount + v.amount, count: had.count + v.count });
  }
  const volumeByCurrency = [...volume].sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
    .map(([code, v]) => ({ currency: { code, decimals: findCurrency(code)?.decimals ?? 2 }, amount: v.amount, count: v.count }));
  const total = byStatus.reduce((n, s) => n + s.count, 0);
  const inProgress = byStatus.filter((s) => (s.kind === 'CARD' ? card.inProgressStatuses : PAYMENT_IN_PROGRESS).includes(s.status))
    .reduce((n, s) => n + s.count, 0);
  return { byStatus, byDay, volumeByCurrency, total, inProgress };
}
