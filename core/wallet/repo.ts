import type { Db } from '../kernel/db';
import { insertRow } from '../kernel/sql';
import { isoOf } from '../kernel/clock';

/** Credential types of the embedded wallet. */
export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';

/** A credential row as stored. */
export interface AuthMethodRow {
  id: string;
  account_id: string;
  type: CredentialType;
  nickname: string;
  oauth_iss: string | null;
  oauth_sub: string | null;
  oauth_aud: string | null;
  credential_id: string | null;
  passkey_public_key: string | null;
  passkey_counter: number | null;
  transports: string | null;
  created_at: number;
  updated_at: number;
  revoked_at: number | null;
}

/** The spec's AuthMethod. */
export interface AuthMethod {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  credentialId?: string;
  createdAt: string;
  updatedAt: string;
}

/** Maps a credential row to its API form. */
export function authMethodFromRow(r: AuthMethodRow): AuthMethod {
  const m: AuthMethod = { id: r.id, accountId: r.account_id, type: r.type, nickname: r.nickname, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at) };
  if (r.credential_id) m.credentialId = r.credential_id;
  return m;
}

/** Inserts a credential row. */
export function insertAuthMethod(db: Db, r: AuthMethodRow): void {
  insertRow(db, 'auth_methods', r);
}

/** A live (not revoked) credential. */
export function findAuthMethod(db: Db, id: string): AuthMethodRow | undefined {
  return db.prepare('SELECT * FROM auth_methods WHERE id = ? AND revoked_at IS NULL').get(id) as AuthMethodRow | undefined;
}

/** The live credentials of a wallet, oldest first. */
export function authMethodsOf(db: Db, accountId: string): AuthMethodRow[] {
  return db.prepare('SELECT * FROM auth_methods WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at, id').all(accountId) as AuthMethodRow[];
}

/** A session row as stored. */
export interface SessionRow {
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

/** The spec's AuthSession (encryptedSessionSigningKey is added only when a session is minted for OAUTH/PASSKEY). */
export interface AuthSession {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  credentialId?: string;
  authMethodId: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  encryptedSessionSigningKey?: string;
}

/** Maps a session and its credential to the API form. */
export function sessionFromRow(s: SessionRow, m: Pick<AuthMethodRow, 'nickname' | 'credential_id'>): AuthSession {
  const out: AuthSession = {
    id: s.id, accountId: s.account_id, type: s.type, nickname: m.nickname, authMethodId: s.auth_method_id,
    createdAt: isoOf(s.created_at), updatedAt: isoOf(s.updated_at), expiresAt: isoOf(s.expires_at),
  };
  if (m.credential_id) out.credentialId = m.credential_id;
  return out;
}

/** The active sessions of a wallet at `now`. */
export function activeSessions(db: Db, accountId: string, now: number): SessionRow[] {
  return db.prepare('SELECT * FROM wallet_sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, id').all(accountId, now) as SessionRow[];
}
