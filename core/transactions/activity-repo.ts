import type { Db } from '../kernel/db';

/** One kind's share of the Overview's activity (payments here, card payments in cards/activity-repo): merged by transactions/activity. */
export interface ActivityParts {
  byStatus: { status: string; count: number }[];
  /** Per UTC day (epoch ms of its start) since the window's first day: completed, failed and other. */
  byDay: { day: number; completed: number; failed: number; other: number }[];
  /** Completed volume per currency, in minor units. */
  volume: { currency: string; amount: number; count: number }[];
}

/** The statuses of payments that are still in progress. */
export const PAYMENT_IN_PROGRESS = ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING'];

const FAILED = `('FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED')`;
const DAY_MS = 86_400_000;

/** Payments' activity since `firstDay`: counts by status, by day, and completed volume as sent (outgoing) or received (incoming). */
export function paymentActivityParts(db: Db, firstDay: number): ActivityParts {
  // The trigger-kept counts table answers in microseconds at a million rows.
  const byStatus = db.prepare('SELECT status, sum(n) AS count FROM transaction_counts GROUP BY status HAVING sum(n) > 0').all() as ActivityParts['byStatus'];
  const byDay = db.prepare(`SELECT (created_at / ${DAY_MS}) * ${DAY_MS} AS day,
      sum(status = 'COMPLETED') AS completed, sum(status IN ${FAILED}) AS failed, sum(status <> 'COMPLETED' AND status NOT IN ${FAILED}) AS other
    FROM transactions WHERE created_at >= ? GROUP BY day`).all(firstDay) as ActivityParts['byDay'];
  const volume = db.prepare(`SELECT currency, sum(amount) AS amount, count(*) AS count FROM (
      SELECT CASE WHEN type = 'OUTGOING' THEN sending_currency ELSE receiving_currency END AS currency,
             CASE WHEN type = 'OUTGOING' THEN sent_amount ELSE received_amount END AS amount
      FROM transactions WHERE status = 'COMPLETED')
    WHERE currency IS NOT NULL AND amount IS NOT NULL GROUP BY currency`).all() as ActivityParts['volume'];
  return { byStatus, byDay, volume };
}
