import type { Db } from '../kernel/db';

/** A stored reveal link, by its token's hash. */
export interface RevealTokenRow { card_id: string; expires_at: number; used_at: number | null }

/** The SQL of card reveal links (stored only as their token's SHA-256), prepared once over a workspace's database. */
export function revealTokenRepo(db: Db) {
  const insert = db.prepare('INSERT INTO card_reveal_tokens (token_hash, card_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const find = db.prepare<[string], RevealTokenRow>('SELECT card_id, expires_at, used_at FROM card_reveal_tokens WHERE token_hash = ?');
  const spend = db.prepare('UPDATE card_reveal_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');
  const prune = db.prepare('DELETE FROM card_reveal_tokens WHERE expires_at < ?');
  return {
    /** Stores a new link. */
    insert: (tokenHash: string, cardId: string, createdAt: number, expiresAt: number) => void insert.run(tokenHash, cardId, createdAt, expiresAt),
    /** One link by its token's hash. */
    find: (tokenHash: string) => find.get(tokenHash),
    /** Marks an unspent link used. */
    spend: (tokenHash: string, atMs: number) => void spend.run(atMs, tokenHash),
    /** Forgets links that expired before a moment. */
    prune: (beforeMs: number) => void prune.run(beforeMs),
  };
}
