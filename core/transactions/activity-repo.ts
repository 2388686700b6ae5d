import type { Db } from '../kernel/db';

/** The workspace's payment activity as the Overview charts it: every kind the Transactions screen lists, card payments included. */
export interface Activity {
  /** Counts per status, payments and card transactions apart (`kind`), since their statuses differ. */
  byStatus: { kind: 'PAYMENT' | 'CARD'; status: string; count: number }[];
  /** One entry per day of the window (UTC, workspace clock), oldest first, days without payments included. */
  byDay: { day: string; completed: number; failed: number; other: number }[];
  /** Completed volume per currency, in minor units, as sent (outgoing), received (incoming) or settled (card). */
  volumeByCurrency: { currency: string; amount: number; count: number }[];
  total: number;
  /** Transactions that are still in progress (not completed, settled, failed or refunded). */
  inProgress: number;
}

const FAILED = `('FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED')`;
// Why card REFUNDED counts as failed: the merchant sent the money back, so the purchase did not stand.
const CARD_DONE = `('SETTLED')`;
const CARD_FAILED = `('REFUNDED', 'EXCEPTION')`;

/** Aggregates transactions for the Overview: counts by status, by day over `days` ending at `nowMs`, and volume by currency. */
export function activityOf(db: Db, nowMs: number, days: number): Activity {
  // Payments read the trigger-kept counts table (microseconds at a million rows), cards their status index.
  const payments = db.prepare('SELECT status, sum(n) AS count FROM transaction_counts GROUP BY status HAVING sum(n) > 0').all() as { status: string; count: number }[];
  const cards = db.prepare('SELECT status, count(*) AS count FROM card_transactions GROUP BY status').all() as { status: string; count: number }[];
  const byStatus: Activity['byStatus'] = [
    ...payments.map((r) => ({ kind: 'PAYMENT' as const, ...r })), ...cards.map((r) => ({ kind: 'CARD' as const, ...r })),
  ].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  const dayMs = 86_400_000;
  const firstDay = Math.floor(nowMs / dayMs) * dayMs - (days - 1) * dayMs;
  const rows = db.prepare(`SELECT day, sum(completed) AS completed, sum(failed) AS failed, sum(other) AS other FROM (
      SELECT (created_at / ${dayMs}) * ${dayMs} AS day,
        sum(status = 'COMPLETED') AS completed, sum(status IN ${FAILED}) AS failed, sum(status <> 'COMPLETED' AND status NOT IN ${FAILED}) AS other
      FROM transactions WHERE created_at >= ? GROUP BY day
      UNION ALL
      SELECT (created_at / ${dayMs}) * ${dayMs} AS day,
        sum(status IN ${CARD_DONE}) AS completed, sum(status IN ${CARD_FAILED}) AS failed, sum(status NOT IN ${CARD_DONE} AND status NOT IN ${CARD_FAILED}) AS other
      FROM card_transactions WHERE created_at >= ? GROUP BY day)
    GROUP BY day`).all(firstDay, firstDay) as { day: number; completed: number; failed: number; other: number }[];
  const byKey = new Map(rows.map((r) => [r.day, r]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const day = firstDay + i * dayMs;
    const r = byKey.get(day);
    return { day: new Date(day).toISOString().slice(0, 10), completed: r?.completed ?? 0, failed: r?.failed ?? 0, other: r?.other ?? 0 };
  });
  const volumeByCurrency = db.prepare(`SELECT currency, sum(amount) AS amount, count(*) AS count FROM (
      SELECT CASE WHEN type = 'OUTGOING' THEN sending_currency ELSE receiving_currency END AS currency,
             CASE WHEN type = 'OUTGOING' THEN sent_amount ELSE received_amount END AS amount
      FROM transactions WHERE status = 'COMPLETED'
      UNION ALL
      SELECT currency, settled_amount AS amount FROM card_transactions WHERE status IN ${CARD_DONE} AND settled_amount > 0)
    WHERE currency IS NOT NULL AND amount IS NOT NULL GROUP BY currency ORDER BY count DESC, currency`).all() as Activity['volumeByCurrency'];
  const total = byStatus.reduce((n, s) => n + s.count, 0);
  const inProgress = byStatus.filter((s) => (s.kind === 'CARD' ? ['AUTHORIZED', 'PARTIALLY_SETTLED'] : ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING']).includes(s.status))
    .reduce((n, s) => n + s.count, 0);
  return { byStatus, byDay, volumeByCurrency, total, inProgress };
}
