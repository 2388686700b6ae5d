import type { Ctx } from '../context';
import { invalidInput, notFound } from '../kernel/errors';
import type { InternalAccountRow } from '../accounts/internal-repo';
import { activeSessions, authMethodsOf, findAuthMethod, sessionFromRow, type AuthMethodRow, type SessionRow } from './repo';
import type { AuthSession } from './schema';
import { compressPublicKey, newKeyPair, sealSessionKey } from './crypto';

/** How long a wallet session lasts on the workspace clock. */
export const SESSION_TTL_MS = 15 * 60 * 1000;
const EXPIRE_JOB = 'wallet.session.expire';

/** Wallet sessions: minting (with a sealed key for OAUTH/PASSKEY), listing, revocation and expiry. */
export class SessionService {
  constructor(private readonly ctx: Ctx) {
    ctx.scheduler.register(EXPIRE_JOB, (job) => {
      const s = this.ctx.db.prepare('SELECT * FROM wallet_sessions WHERE id = ?').get(job.payload['sessionId']) as SessionRow | undefined;
      if (s && s.revoked_at === null) this.ctx.events.append('SESSION.EXPIRED', 'Session', s.id, { accountId: s.account_id, authMethodId: s.auth_method_id });
    });
  }

  /** The embedded wallet behind an id (404 for unknown accounts, 400 for accounts that are not embedded wallets). */
  wallet(accountId: string): InternalAccountRow {
    const row = this.ctx.db.prepare('SELECT * FROM internal_accounts WHERE id = ?').get(accountId) as InternalAccountRow | undefined;
    if (!row) throw notFound('NOT_FOUND', `Internal account ${accountId} not found`);
    if (row.type !== 'EMBEDDED_WALLET') throw invalidInput('accountId', `${accountId} is an ${row.type} account, not an EMBEDDED_WALLET`);
    return row;
  }

  /** A live credential (404 otherwise). */
  credential(id: string): AuthMethodRow {
    const m = findAuthMethod(this.ctx.db, id);
    if (!m) throw notFound('NOT_FOUND', `Credential ${id} not found (or revoked)`);
    return m;
  }

  /**
   * Mints a session for a credential. With `clientKey` the service makes the session key itself and
   * seals it to the client (OAUTH, PASSKEY, refresh); with `sessionPublicKey` the client already holds it (OTP).
   */
  async mint(m: AuthMethodRow, key: { sessionPublicKey: string } | { clientKey: string }): Promise<AuthSession> {
    let publicKey: string;
    let sealed: string | undefined;
    if ('sessionPublicKey' in key) {
      publicKey = compressPublicKey(key.sessionPublicKey);
    } else {
      const pair = newKeyPair();
      publicKey = pair.publicKey;
      sealed = await sealSessionKey(pair.privateKey, key.clientKey);
    }
    const now = this.ctx.clock.nowMs();
    const row: SessionRow = { id: this.ctx.ids('Session'), account_id: m.account_id, auth_method_id: m.id, type: m.type, public_key: publicKey, created_at: now, updated_at: now, expires_at: now + SESSION_TTL_MS, revoked_at: null };
    return this.ctx.transaction(() => {
      this.ctx.db
        .prepare('INSERT INTO wallet_sessions (id, account_id, auth_method_id, type, public_key, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(row.id, row.account_id, row.auth_method_id, row.type, row.public_key, now, now, row.expires_at);
      this.ctx.scheduler.schedule(EXPIRE_JOB, row.expires_at, { sessionId: row.id }, row.id);
      const session = sessionFromRow(row, m);
      this.ctx.events.append('SESSION.CREATED', 'Session', row.id, session);
      return sealed ? { ...session, encryptedSessionSigningKey: sealed } : session;
    });
  }

  /** The active sessions of a wallet (never with their sealed keys). */
  list(accountId: string): AuthSession[] {
    const methods = new Map(authMethodsOf(this.ctx.db, accountId).map((m) => [m.id, m]));
    return activeSessions(this.ctx.db, accountId, this.ctx.clock.nowMs()).flatMap((s) => {
      const m = methods.get(s.auth_method_id);
      return m ? [sessionFromRow(s, m)] : [];
    });
  }

  /** An active session (404 when it was never issued, was revoked or has expired). */
  active(id: string): SessionRow {
    const s = this.activeOrNull(id);
    if (!s) throw notFound('NOT_FOUND', `Session ${id} is not an active session`);
    return s;
  }

  /** An active session, or undefined. */
  activeOrNull(id: string): SessionRow | undefined {
    return this.ctx.db.prepare('SELECT * FROM wallet_sessions WHERE id = ? AND revoked_at IS NULL AND expires_at > ?').get(id, this.ctx.clock.nowMs()) as SessionRow | undefined;
  }

  /** Revokes sessions (one, or every session of a credential). */
  revoke(where: { sessionId: string } | { authMethodId: string }, cause: string): void {
    this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      const rows = ('sessionId' in where
        ? this.ctx.db.prepare('SELECT id FROM wallet_sessions WHERE id = ? AND revoked_at IS NULL').all(where.sessionId)
        : this.ctx.db.prepare('SELECT id FROM wallet_sessions WHERE auth_method_id = ? AND revoked_at IS NULL').all(where.authMethodId)) as { id: string }[];
      for (const r of rows) {
        this.ctx.db.prepare('UPDATE wallet_sessions SET revoked_at = ?, updated_at = ? WHERE id = ?').run(now, now, r.id);
        this.ctx.scheduler.cancel(EXPIRE_JOB, r.id);
        this.ctx.events.append('SESSION.REVOKED', 'Session', r.id, { cause });
      }
    });
  }
}
