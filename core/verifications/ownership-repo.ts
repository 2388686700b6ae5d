import type { Db } from '../kernel/db';

/** How an ownership proof was made (MICRO_DEPOSITS only in records kept from before migration 030). */
export type ProofMethod = 'WALLET_SIGNATURE' | 'LIVENESS' | 'MICRO_DEPOSITS';

/** A stored ownership challenge: PENDING until answered, VERIFIED once, SUPERSEDED by a newer one. */
export interface ProofRow {
  id: string;
  external_account_id: string;
  method: ProofMethod;
  /** WALLET_SIGNATURE: the text to sign; LIVENESS: the verification link. */
  message: string;
  /** LIVENESS: SHA-256 (hex) of the session token, which is shown once. */
  token_hash: string | null;
  status: 'PENDING' | 'VERIFIED' | 'SUPERSEDED';
  created_at: number;
  expires_at: number;
  verified_at: number | null;
}

/** The SQL of external-account ownership challenges and proofs. */
export function ownershipRepo(db: Db) {
  const supersede = db.prepare("UPDATE ownership_proofs SET status = 'SUPERSEDED' WHERE external_account_id = ? AND status = 'PENDING'");
  const insert = db.prepare("INSERT INTO ownership_proofs (id, external_account_id, method, message, token_hash, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?)");
  const byId = db.prepare<[string], ProofRow>('SELECT * FROM ownership_proofs WHERE id = ?');
  const latest = db.prepare<[string], ProofRow>('SELECT * FROM ownership_proofs WHERE external_account_id = ? ORDER BY created_at DESC, id DESC LIMIT 1');
  const latestVerified = db.prepare<[string], ProofRow>("SELECT * FROM ownership_proofs WHERE external_account_id = ? AND status = 'VERIFIED' ORDER BY verified_at DESC, id DESC LIMIT 1");
  // Why the status in the WHERE: two answers racing for one challenge, only the first one wins.
  const verify = db.prepare("UPDATE ownership_proofs SET status = 'VERIFIED', verified_at = ? WHERE id = ? AND status = 'PENDING'");
  return {
    /** Stores a new challenge; older pending ones of the account can no longer be answered. */
    insert(r: { id: string; accountId: string; method: ProofMethod; message: string; tokenHash: string | null; atMs: number; expiresAt: number }): ProofRow {
      supersede.run(r.accountId);
      insert.run(r.id, r.accountId, r.method, r.message, r.tokenHash, r.atMs, r.expiresAt);
      return byId.get(r.id)!;
    },
    /** The latest challenge of an account, whatever its status. */
    latest(accountId: string): ProofRow | undefined {
      return latest.get(accountId);
    },
    /** The latest successful proof of an account. */
    latestVerified(accountId: string): ProofRow | undefined {
      return latestVerified.get(accountId);
    },
    /** Marks a pending challenge answered; false when it no longer was pending. */
    verify(id: string, atMs: number): boolean {
      return verify.run(atMs, id).changes === 1;
    },
  };
}
