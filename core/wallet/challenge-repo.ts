import type { Db } from '../kernel/db';

/** An OTP challenge still open for a credential. */
export interface OpenOtpChallenge {
  id: string;
  /** The enclave's private key the client's code bundle is sealed to. */
  enclavePrivateKey: string;
  expiresAt: number;
}

/** A passkey challenge as issued (times in epoch ms). */
export interface PasskeyChallenge {
  challenge: string;
  clientPublicKey: string;
  expiresAt: number;
  usedAt: number | null;
}

/** The SQL of sign-in challenges (OTP codes, passkey challenges, used OIDC tokens), prepared once over a workspace's database. */
export function challengeRepo(db: Db) {
  const issued = {
    otp_challenges: db.prepare<[string, number], { issued_at: number }>('SELECT issued_at FROM otp_challenges WHERE auth_method_id = ? AND issued_at > ? ORDER BY issued_at'),
    passkey_challenges: db.prepare<[string, number], { issued_at: number }>('SELECT issued_at FROM passkey_challenges WHERE auth_method_id = ? AND issued_at > ? ORDER BY issued_at'),
  };
  const insertOtp = db.prepare('INSERT INTO otp_challenges (id, auth_method_id, enclave_private_key, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  const latestOtp = db.prepare<[string], { id: string; enclave_private_key: string; expires_at: number }>(
    'SELECT id, enclave_private_key, expires_at FROM otp_challenges WHERE auth_method_id = ? AND used_at IS NULL ORDER BY issued_at DESC LIMIT 1',
  );
  const useOtp = db.prepare('UPDATE otp_challenges SET used_at = ? WHERE id = ?');
  const insertPasskey = db.prepare('INSERT INTO passkey_challenges (request_id, auth_method_id, challenge, client_public_key, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const passkey = db.prepare<[string, string], { challenge: string; client_public_key: string; expires_at: number; used_at: number | null }>(
    'SELECT * FROM passkey_challenges WHERE request_id = ? AND auth_method_id = ?',
  );
  const usePasskey = db.prepare('UPDATE passkey_challenges SET used_at = ? WHERE request_id = ?');
  const oidcUsed = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM used_oidc_tokens WHERE token_hash = ?');
  const useOidc = db.prepare('INSERT INTO used_oidc_tokens (token_hash, used_at) VALUES (?, ?)');
  return {
    /** When a credential's challenges of one kind were issued after `sinceMs`, oldest first (for the rate limit). */
    issuedSince(kind: 'otp_challenges' | 'passkey_challenges', authMethodId: string, sinceMs: number): number[] {
      return issued[kind].all(authMethodId, sinceMs).map((r) => r.issued_at);
    },
    /** Stores an OTP challenge with its enclave key. */
    insertOtp(c: { id: string; authMethodId: string; enclavePrivateKey: string; issuedAt: number; expiresAt: number }): void {
      insertOtp.run(c.id, c.authMethodId, c.enclavePrivateKey, c.issuedAt, c.expiresAt);
    },
    /** The latest unused OTP challenge of a credential. */
    latestOpenOtp(authMethodId: string): OpenOtpChallenge | undefined {
      const row = latestOtp.get(authMethodId);
      return row && { id: row.id, enclavePrivateKey: row.enclave_private_key, expiresAt: row.expires_at };
    },
    /** Marks an OTP challenge used. */
    useOtp(id: string, atMs: number): void {
      useOtp.run(atMs, id);
    },
    /** Stores a passkey challenge under its request id. */
    insertPasskey(c: { requestId: string; authMethodId: string; challenge: string; clientPublicKey: string; issuedAt: number; expiresAt: number }): void {
      insertPasskey.run(c.requestId, c.authMethodId, c.challenge, c.clientPublicKey, c.issuedAt, c.expiresAt);
    },
    /** The passkey challenge a request id names for this credential. */
    passkeyChallenge(requestId: string, authMethodId: string): PasskeyChallenge | undefined {
      const row = passkey.get(requestId, authMethodId);
      return row && { challenge: row.challenge, clientPublicKey: row.client_public_key, expiresAt: row.expires_at, usedAt: row.used_at };
    },
    /** Marks a passkey challenge used. */
    usePasskey(requestId: string, atMs: number): void {
      usePasskey.run(atMs, requestId);
    },
    /** True when an OIDC token (by hash) already verified once. */
    oidcTokenUsed(tokenHash: string): boolean {
      return oidcUsed.get(tokenHash) !== undefined;
    },
    /** Records an OIDC token (by hash) as used. */
    useOidcToken(tokenHash: string, atMs: number): void {
      useOidc.run(tokenHash, atMs);
    },
  };
}
