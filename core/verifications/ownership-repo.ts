import type { Db } from '../kernel/db';

/** A stored ownership challenge. */
export interface ChallengeRow {
  id: string;
  external_account_id: string;
  amounts: string;
  status: 'PENDING' | 'VERIFIED' | 'FAILED';
  attempts: number;
  created_at: number;
  expires_at: number;
  verified_at: number | null;
}

/** The SQL of external-account ownership challenges. */
export function ownershipRepo(db: Db) {
  const insert = db.prepare("INSERT INTO ownership_challenges (id, external_account_id, amounts, status, created_at, expires_at) VALUES (?, ?, ?, 'PENDING', ?, ?)");
  const latest = db.prepare<[string], ChallengeRow>('SELECT * FROM ownership_challenges WHERE external_account_id = ? ORDER BY created_at DESC, id DESC LIMIT 1');
  const byId = db.prepare<[string], ChallengeRow>('SELECT * FROM ownership_challenges WHERE id = ?');
  const miss = db.prepare('UPDATE ownership_challenges SET attempts = attempts + 1, status = CASE WHEN attempts + 1 >= ? THEN \'FAILED\' ELSE status END WHERE id = ?');
  const verify = db.prepare("UPDATE ownership_challenges SET status = 'VERIFIED', verified_at = ? WHERE id = ?");
  return {
    /** Stores a new challenge. */
    insert(id: string, accountId: string, amounts: number[], atMs: number, expiresAt: number): ChallengeRow {
      insert.run(id, accountId, JSON.stringify(amounts), atMs, expiresAt);
      return byId.get(id)!;
    },
    /** The latest challenge of an account. */
    latest(accountId: string): ChallengeRow | undefined {
      return latest.get(accountId);
    },
    /** Counts a wrong answer; the challenge fails at `maxAttempts`. */
    miss(id: string, maxAttempts: number): ChallengeRow {
      miss.run(maxAttempts, id);
      return byId.get(id)!;
    },
    /** Marks a challenge answered. */
    verify(id: string, atMs: number): ChallengeRow {
      verify.run(atMs, id);
      return byId.get(id)!;
    },
  };
}
