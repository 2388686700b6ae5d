import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { WalletCredential } from './repo';
import type { AuthSession, CredentialType } from './schema';

/** A wallet session as stored (times in epoch ms on the workspace clock). */
export interface WalletSession {
  id: string;
  accountId: string;
  authMethodId: string;
  type: CredentialType;
  /** The compressed P-256 key that stamps the session's signed actions. */
  publicKey: string;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

interface SessionRow {
  id: string;
  account_id: string;
  auth_method_id: string;
  type: CredentialType;
  public_key: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
  revoked_at: number | null;
}

function fromRow(r: SessionRow): WalletSession {
  return {
    id: r.id, accountId: r.account_id, authMethodId: r.auth_method_id, type: r.type, publicKey: r.public_key,
    createdAt: r.created_at, updatedAt: r.updated_at, expiresAt: r.expires_at, revokedAt: r.revoked_at,
  };
}

/** A session and its credential in the API form (without the sealed key, which only minting adds). */
export function authSessionOf(s: WalletSession, c: Pick<WalletCredential, 'id' | 'nickname' | 'credentialId'>): AuthSession {
  const base = {
    id: s.id, accountId: s.accountId, nickname: c.nickname, authMethodId: s.authMethodId,
    createdAt: isoOf(s.createdAt), updatedAt: isoOf(s.updatedAt), expiresAt: isoOf(s.expiresAt),
  };
  if (s.type !== 'PASSKEY') return { ...base, type: s.type };
  if (!c.credentialId) throw new Error(`Passkey credential ${c.id} has no WebAuthn credential id`);
  return { ...base, type: s.type, credentialId: c.credentialId };
}

/** The SQL of wallet sessions, prepared once over a workspace's database. */
export function sessionRepo(db: Db) {
  const insert = db.prepare('INSERT INTO wallet_sessions (id, account_id, auth_method_id, type, public_key, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM wallet_sessions WHERE id = ?');
  const active = db.prepare<[string, number], SessionRow>('SELECT * FROM wallet_sessions WHERE id = ? AND revoked_at IS NULL AND expires_at > ?');
  const activeOf = db.prepare<[string, number], SessionRow>(
    'SELECT * FROM wallet_sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, id',
  );
  const unrevoked = db.prepare<[string], { id: string }>('SELECT id FROM wallet_sessions WHERE id = ? AND revoked_at IS NULL');
  const unrevokedOf = db.prepare<[string], { id: string }>('SELECT id FROM wallet_sessions WHERE auth_method_id = ? AND revoked_at IS NULL');
  const revoke = db.prepare('UPDATE wallet_sessions SET revoked_at = ?, updated_at = ? WHERE id = ?');
  return {
    /** Stores a new session. */
    insert(s: WalletSession): void {
      insert.run(s.id, s.accountId, s.authMethodId, s.type, s.publicKey, s.createdAt, s.updatedAt, s.expiresAt);
    },
    /** A session by id, whatever its state. */
    find(id: string): WalletSession | undefined {
      const row = byId.get(id);
      return row && fromRow(row);
    },
    /** A session that is neither revoked nor expired at `nowMs`. */
    findActive(id: string, nowMs: number): WalletSession | undefined {
      const row = active.get(id, nowMs);
      return row && fromRow(row);
    },
    /** The active sessions of a wallet at `nowMs`, oldest first. */
    activeOf(accountId: string, nowMs: number): WalletSession[] {
      return activeOf.all(accountId, nowMs).map(fromRow);
    },
    /** Ids of the sessions not yet revoked: one session, or every session of a credential. */
    unrevokedIds(where: { sessionId: string } | { authMethodId: string }): string[] {
      const rows = 'sessionId' in where ? unrevoked.all(where.sessionId) : unrevokedOf.all(where.authMethodId);
      return rows.map((r) => r.id);
    },
    /** Revokes a session. */
    revoke(id: string, atMs: number): void {
      revoke.run(atMs, atMs, id);
    },
  };
}
