import type { Db } from '../kernel/db';

/** The workspace's payment activity as the Overview charts it. */
export interface Activity {
  byStatus: { status: string; count: number }[];
  /** One entry per day of the window (UTC, workspace clock), oldest first, days without payments included. */
  byDay: { day: string; completed: number; failed: number; other: number }[];
  /** Completed volume per currency, in minor units, as sent (outgoing) or received (incoming). */
  volumeByCurrency: { currency: string; amount: number; count: number }[];
  total: number;
}

const FAILED = `('FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED')`;

/** Aggregates transactions for the Overview: counts by status, by day over `days` ending at `nowMs`, and volume by currency. */
export function activityOf(db: Db, nowMs: number, days: number): Activity {
  const byStatus = db.prepare('SELECT status, count(*) AS count FROM transactions GROUP BY status ORDER BY count DESC, status').all() as Activity['byStatus'];
  const dayMs = 86_400_000;
  const firstDay = Math.floor(nowMs / dayMs) * dayMs - (days - 1) * dayMs;
  const rows = db.prepare(`SELECT (created_at / ${dayMs}) * ${dayMs} AS day,
      sum(status = 'COMPLETED') AS completed, sum(status IN ${FAILED}) AS failed, sum(status <> 'COMPLETED' AND status NOT IN ${FAILED}) AS other
    FROM transactions WHERE created_at >= ? GROUP BY day`).all(firstDay) as { day: number; completed: number; failed: number; other: number }[];
  const byKey = new Map(rows.map((r) => [r.day, r]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const day = firstDay + i * dayMs;
    const r = byKey.get(day);
    return { day: new Date(day).toISOString().slice(0, 10), completed: r?.completed ?? 0, failed: r?.failed ?? 0, other: r?.other ?? 0 };
  });
  const volumeByCurrency = db.prepare(`SELECT currency, sum(amount) AS amount, count(*) AS count FROM (
      SELECT CASE WHEN type = 'OUTGOING' THEN sending_currency ELSE receiving_currency END AS currency,
             CASE WHEN type = 'OUTGOING' THEN sent_amount ELSE received_amount END AS amount
      FROM transactions WHERE status = 'COMPLETED')
    WHERE currency IS NOT NULL AND amount IS NOT NULL GROUP BY currency ORDER BY count DESC, currency`).all() as Activity['volumeByCurrency'];
  const total = byStatus.reduce((n, s) => n + s.count, 0);
  return { byStatus, byDay, volumeByCurrency, total };
}
