import type { z } from 'zod';
import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { newCardNumber, newCvv } from './card-number';
import { CARD_STATE_REASONS, type Card, type CardState, type CardStateReason, type listCardsQuery } from './schema';

/** A stored card, as the service works with it. */
export interface CardRecord {
  id: string;
  cardholderId: string;
  platformCardId: string | null;
  state: CardState;
  stateReason: string | null;
  currency: string;
  fundingSources: string[];
  maxSpendPerTransaction: number | null;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: number;
  updatedAt: number;
}

interface CardRow {
  id: string; cardholder_id: string; platform_card_id: string | null; form: 'VIRTUAL'; state: CardState; state_reason: string | null;
  currency: string; funding_sources: string; max_spend_per_transaction: number | null; last4: string; brand: 'VISA';
  exp_month: number; exp_year: number; created_at: number; updated_at: number;
}

function recordOf(r: CardRow): CardRecord {
  return {
    id: r.id, cardholderId: r.cardholder_id, platformCardId: r.platform_card_id, state: r.state, stateReason: r.state_reason,
    currency: r.currency, fundingSources: JSON.parse(r.funding_sources) as string[], maxSpendPerTransaction: r.max_spend_per_transaction,
    last4: r.last4, expMonth: r.exp_month, expYear: r.exp_year, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The API resource of a stored card. */
export function cardOf(c: CardRecord): Card {
  const card: Card = {
    id: c.id, cardholderId: c.cardholderId, form: 'VIRTUAL', state: c.state, brand: 'VISA', last4: c.last4,
    expMonth: c.expMonth, expYear: c.expYear, expirationMonth: c.expMonth, expirationYear: c.expYear, currency: c.currency, fundingSources: c.fundingSources,
    maxSpendPerTransaction: c.maxSpendPerTransaction, createdAt: isoOf(c.createdAt), updatedAt: isoOf(c.updatedAt),
  };
  if (c.platformCardId) card.platformCardId = c.platformCardId;
  // Only upstream's reasons leave: a row from an older build may still say FROZEN_BY_PLATFORM.
  if (c.stateReason && (CARD_STATE_REASONS as readonly string[]).includes(c.stateReason)) card.stateReason = c.stateReason as CardStateReason;
  return card;
}

/** The SQL of cards, prepared once over a workspace's database. */
export function cardRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO cards (id, cardholder_id, platform_card_id, form, state, state_reason, currency, funding_sources, max_spend_per_transaction,
       last4, brand, exp_month, exp_year, created_at, updated_at)
     VALUES (@id, @cardholder_id, @platform_card_id, 'VIRTUAL', @state, @state_reason, @currency, @funding_sources, @max_spend_per_transaction,
       @last4, 'VISA', @exp_month, @exp_year, @created_at, @updated_at)`,
  );
  const byId = db.prepare<[string], CardRow>('SELECT * FROM cards WHERE id = ?');
  const byPlatformId = db.prepare<[string], CardRow>('SELECT * FROM cards WHERE platform_card_id = ?');
  const update = db.prepare(
    `UPDATE cards SET state = @state, state_reason = @state_reason, funding_sources = @funding_sources,
       max_spend_per_transaction = @max_spend_per_transaction, updated_at = @updated_at WHERE id = @id`,
  );
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cards');
  const secrets = db.prepare<[string], { pan: string | null; cvv: string | null }>('SELECT pan, cvv FROM cards WHERE id = ?');
  const setSecrets = db.prepare('UPDATE cards SET pan = ?, cvv = ? WHERE id = ? AND pan IS NULL');
  const rowOf = (c: CardRecord) => ({
    id: c.id, cardholder_id: c.cardholderId, platform_card_id: c.platformCardId, state: c.state, state_reason: c.stateReason,
    currency: c.currency, funding_sources: JSON.stringify(c.fundingSources), max_spend_per_transaction: c.maxSpendPerTransaction,
    last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear, created_at: c.createdAt, updated_at: c.updatedAt,
  });
  return {
    /** Stores a new card. */
    insert(c: CardRecord): void {
      insert.run(rowOf(c));
    },
    /** Writes a card's mutable fields (state, reason, funding sources, limit). */
    save(c: CardRecord): void {
      const r = rowOf(c);
      update.run({ id: r.id, state: r.state, state_reason: r.state_reason, funding_sources: r.funding_sources, max_spend_per_transaction: r.max_spend_per_transaction, updated_at: r.updated_at });
    },
    /** One card by id. */
    find(id: string): CardRecord | undefined {
      const r = byId.get(id);
      return r && recordOf(r);
    },
    /** The card with this platform card id. */
    findByPlatformId(platformCardId: string): CardRecord | undefined {
      const r = byPlatformId.get(platformCardId);
      return r && recordOf(r);
    },
    /** A filtered page of cards, newest first. */
    list(q: z.infer<typeof listCardsQuery>): Page<CardRecord> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.cardholderId) (where.push('cardholder_id = ?'), params.push(q.cardholderId));
      if (q.platformCardId) (where.push('platform_card_id = ?'), params.push(q.platformCardId));
      if (q.state) (where.push('state = ?'), params.push(q.state));
      const fundedBy = q.accountId ?? q.fundingAccountId;
      if (fundedBy) (where.push('EXISTS (SELECT 1 FROM json_each(funding_sources) WHERE value = ?)'), params.push(fundedBy));
      return selectPage<CardRow, CardRecord>(db, {
        select: 'SELECT * FROM cards', from: 'FROM cards', where, params, limit: q.limit, cursor: q.cursor, order: q.sortOrder ?? 'desc',
        keyColumn: 'created_at', idColumn: 'id', map: recordOf, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** How many cards exist. */
    count(): number {
      return countAll.get()!.n;
    },
    /** Gives a card its number (ending in its last4) and CVV when it has none; a card keeps the ones it has. */
    assignNumber(id: string, last4: string): void {
      setSecrets.run(newCardNumber(last4), newCvv(), id);
    },
    /** A card's number and CVV (null before its first assignment); only the reveal page reads them. */
    secrets(id: string): { pan: string | null; cvv: string | null } | undefined {
      return secrets.get(id);
    },
  };
}
