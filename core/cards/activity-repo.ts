import type { Db } from '../kernel/db';
import type { ActivityParts } from '../transactions/activity';

/** The statuses of card payments that are still in progress. */
export const CARD_IN_PROGRESS = ['AUTHORIZED', 'PARTIALLY_SETTLED'];

// Why card REFUNDED counts as failed: the merchant sent the money back, so the purchase did not stand.
const CARD_DONE = `('SETTLED')`;
const CARD_FAILED = `('REFUNDED', 'EXCEPTION')`;
const DAY_MS = 86_400_000;

/** Card payments' activity since `firstDay` (their status index): counts by status, by day, and settled volume. */
export function cardActivityParts(db: Db, firstDay: number): ActivityParts {
  const byStatus = db.prepare('SELECT status, count(*) AS count FROM card_transactions GROUP BY status').all() as ActivityParts['byStatus'];
  const byDay = db.prepare(`SELECT (created_at / ${DAY_MS}) * ${DAY_MS} AS day,
      sum(status IN ${CARD_DONE}) AS completed, sum(status IN ${CARD_FAILED}) AS failed, sum(status NOT IN ${CARD_DONE} AND status NOT IN ${CARD_FAILED}) AS other
    FROM card_transactions WHERE created_at >= ? GROUP BY day`).all(firstDay) as ActivityParts['byDay'];
  const volume = db.prepare(`SELECT currency, sum(settled_amount) AS amount, count(*) AS count FROM card_transactions
    WHERE status IN ${CARD_DONE} AND settled_amount > 0 AND currency IS NOT NULL GROUP BY currency`).all() as ActivityParts['volume'];
  return { byStatus, byDay, volume };
}
