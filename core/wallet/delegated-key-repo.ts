import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { DelegatedKey } from './delegated-key-schema';

interface KeyRow {
  id: string; account_id: string; card_id: string | null; funding_source_id: string | null; public_key: string; private_key: string | null;
  nickname: string | null; status: 'ACTIVE' | 'REVOKED'; expires_at: number | null; created_at: number; updated_at: number; revoked_at: number | null;
}

/** A key to store: its card, the wallet that funds the card, and the pair the server generated. */
export interface NewDelegatedKey {
  id: string; cardId: string; accountId: string; fundingSourceId: string; publicKey: string; privateKey: string; nickname: string; atMs: number;
}

// Only keys of the contract's flow (with a card) are resources; the older keys (migration 026) are not answered.
const fromRow = (r: KeyRow): DelegatedKey => ({
  id: r.id, cardId: r.card_id!, fundingSourceId: r.funding_source_id!, accountId: r.account_id, publicKey: r.public_key,
  nickname: r.nickname ?? '', status: r.status, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});

/** The SQL of delegated keys, prepared once over a workspace's database. */
export function delegatedKeyRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO delegated_keys (id, account_id, card_id, funding_source_id, public_key, private_key, nickname, status, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, ?)`);
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM delegated_keys WHERE id = ? AND card_id IS NOT NULL');
  const sourceOf = db.prepare<[string, string], { funding_source_id: string }>(
    'SELECT funding_source_id FROM delegated_keys WHERE card_id = ? AND account_id = ? ORDER BY created_at LIMIT 1',
  );
  const revoke = db.prepare(`UPDATE delegated_keys SET status = 'REVOKED', revoked_at = ?, updated_at = ? WHERE id = ?`);
  return {
    /** Stores a new ACTIVE key. */
    insert(k: NewDelegatedKey): DelegatedKey {
      insert.run(k.id, k.accountId, k.cardId, k.fundingSourceId, k.publicKey, k.privateKey, k.nickname, k.atMs, k.atMs);
      return fromRow(byId.get(k.id)!);
    },
    /** One key of the contract's flow. */
    find: (id: string) => { const r = byId.get(id); return r && fromRow(r); },
    /** The private scalar of an ACTIVE key (undefined when revoked or unknown). */
    signingKey: (id: string) => { const r = byId.get(id); return r?.status === 'ACTIVE' && r.private_key ? r.private_key : undefined; },
    /** The funding source id already given to a card and wallet pair, if any key named them before. */
    fundingSourceOf: (cardId: string, accountId: string) => sourceOf.get(cardId, accountId)?.funding_source_id,
    revoke: (id: string, atMs: number) => void revoke.run(atMs, atMs, id),
    /** Keys of the contract's flow, oldest first, filtered by wallet, card, funding source and status. */
    list(f: { accountId?: string | undefined; cardId?: string | undefined; fundingSourceId?: string | undefined; status?: string | undefined; limit: number; cursor?: string | undefined }): Page<DelegatedKey> {
      const where = ['card_id IS NOT NULL'];
      const params: unknown[] = [];
      const eq = (col: string, v: string | undefined) => { if (v !== undefined) (where.push(`${col} = ?`), params.push(v)); };
      eq('account_id', f.accountId);
      eq('card_id', f.cardId);
      eq('funding_source_id', f.fundingSourceId);
      eq('status', f.status);
      return selectPage<KeyRow, DelegatedKey>(db, { select: 'SELECT * FROM delegated_keys', from: 'FROM delegated_keys', where, params, limit: f.limit, cursor: f.cursor, order: 'asc', keyColumn: 'created_at', idColumn: 'id', map: fromRow, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
  };
}
