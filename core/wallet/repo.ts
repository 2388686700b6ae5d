import type { Db } from '../kernel/db';
import { insertRow } from '../kernel/sql';
import { isoOf } from '../kernel/clock';
import type { AuthMethod, AuthSession, CredentialType } from './schema';

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

/** A PASSKEY credential's WebAuthn id; every passkey row has one (it is how the passkey was registered). */
function passkeyIdOf(r: Pick<AuthMethodRow, 'id' | 'credential_id'>): string {
  if (!r.credential_id) throw new Error(`Passkey credential ${r.id} has no WebAuthn credential id`);
  return r.credential_id;
}

/** Maps a credential row to its API form. */
export function authMethodFromRow(r: AuthMethodRow): AuthMethod {
  const base = { id: r.id, accountId: r.account_id, nickname: r.nickname, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at) };
  return r.type === 'PASSKEY' ? { ...base, type: r.type, credentialId: passkeyIdOf(r) } : { ...base, type: r.type };
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

/** Maps a session and its credential to the API form (without the sealed key, which only minting adds). */
export function sessionFromRow(s: SessionRow, m: Pick<AuthMethodRow, 'id' | 'nickname' | 'credential_id'>): AuthSession {
  const base = {
    id: s.id, accountId: s.account_id, nickname: m.nickname, authMethodId: s.auth_method_id,
    createdAt: isoOf(s.created_at), updatedAt: isoOf(s.updated_at), expiresAt: isoOf(s.expires_at),
  };
  return s.type === 'PASSKEY' ? { ...base, type: s.type, credentialId: passkeyIdOf(m) } : { ...base, type: s.type };
}

/** The active sessions of a wallet at `now`. */
export function activeSessions(db: Db, accountId: string, now: number): SessionRow[] {
  return db.prepare('SELECT * FROM wallet_sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, id').all(accountId, now) as SessionRow[];
}
