import type { Ctx } from '../context';
import { invalidInput, notFound } from '../kernel/errors';
import type { InternalAccountRecord, InternalAccountService } from '../accounts/internal-service';
import { credentialRepo, type WalletCredential } from './repo';
import { authSessionOf, sessionRepo, type WalletSession } from './session-repo';
import type { AuthSession } from './schema';
import { compressPublicKey, newKeyPair, sealSessionKey } from './crypto';

/** A session's public key, and its private key sealed to the client when the service made it. */
export interface SessionKey {
  publicKey: string;
  sealed?: string;
}

/** How long a wallet session lasts on the workspace clock. */
export const SESSION_TTL_MS = 15 * 60 * 1000;
const EXPIRE_JOB = 'wallet.session.expire';

/** Wallet sessions: minting (with a sealed key for OAUTH/PASSKEY), listing, revocation and expiry. */
export class SessionService {
  private readonly repo;
  private readonly credentials;

  constructor(private readonly ctx: Ctx, private readonly accounts: InternalAccountService) {
    this.repo = sessionRepo(ctx.db);
    this.credentials = credentialRepo(ctx.db);
    ctx.scheduler.register(EXPIRE_JOB, (job) => {
      const s = this.repo.find(String(job.payload['sessionId']));
      if (s && s.revokedAt === null) this.ctx.events.append('SESSION.EXPIRED', 'Session', s.id, { accountId: s.accountId, authMethodId: s.authMethodId });
    });
  }

  /** The embedded wallet behind an id (404 for unknown accounts, 400 for accounts that are not embedded wallets). */
  wallet(accountId: string): InternalAccountRecord {
    const account = this.accounts.record(accountId);
    if (account.type !== 'EMBEDDED_WALLET') throw invalidInput('accountId', `${accountId} is an ${account.type} account, not an EMBEDDED_WALLET`);
    return account;
  }

  /** A live credential (404 otherwise). */
  credential(id: string): WalletCredential {
    const m = this.credentials.findLive(id);
    if (!m) throw notFound('REFERENCE_NOT_FOUND', `Credential ${id} not found (or revoked)`);
    return m;
  }

  /**
   * The key of a session about to be minted, made before any write (its crypto is asynchronous). With
   * `clientKey` the service makes the session key itself and seals it to the client (OAUTH, PASSKEY,
   * refresh); with `sessionPublicKey` the client already holds it (OTP).
   */
  async prepareKey(key: { sessionPublicKey: string } | { clientKey: string }): Promise<SessionKey> {
    if ('sessionPublicKey' in key) return { publicKey: compressPublicKey(key.sessionPublicKey) };
    const pair = newKeyPair();
    return { publicKey: pair.publicKey, sealed: await sealSessionKey(pair.privateKey, key.clientKey) };
  }

  /** Mints a session for a credential with a prepared key (synchronous, so it can commit with the request's answer). */
  mint(m: WalletCredential, key: SessionKey): AuthSession {
    const now = this.ctx.clock.nowMs();
    const session: WalletSession = { id: this.ctx.ids('Session'), accountId: m.accountId, authMethodId: m.id, type: m.type, publicKey: key.publicKey, createdAt: now, updatedAt: now, expiresAt: now + SESSION_TTL_MS, revokedAt: null };
    return this.ctx.transaction(() => {
      this.repo.insert(session);
      this.ctx.scheduler.schedule(EXPIRE_JOB, session.expiresAt, { sessionId: session.id }, session.id);
      const resource = authSessionOf(session, m);
      this.ctx.events.append('SESSION.CREATED', 'Session', session.id, resource);
      return key.sealed ? { ...resource, encryptedSessionSigningKey: key.sealed } : resource;
    });
  }

  /** The active sessions of a wallet (never with their sealed keys). */
  list(accountId: string): AuthSession[] {
    const methods = new Map(this.credentials.liveOf(accountId).map((m) => [m.id, m]));
    return this.repo.activeOf(accountId, this.ctx.clock.nowMs()).flatMap((s) => {
      const m = methods.get(s.authMethodId);
      return m ? [authSessionOf(s, m)] : [];
    });
  }

  /** An active session (404 when it was never issued, was revoked or has expired). */
  active(id: string): WalletSession {
    const s = this.activeOrNull(id);
    if (!s) throw notFound('REFERENCE_NOT_FOUND', `Session ${id} is not an active session`);
    return s;
  }

  /** An active session, or undefined. */
  activeOrNull(id: string): WalletSession | undefined {
    return this.repo.findActive(id, this.ctx.clock.nowMs());
  }

  /** Revokes sessions (one, or every session of a credential). */
  revoke(where: { sessionId: string } | { authMethodId: string }, cause: string): void {
    this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      for (const id of this.repo.unrevokedIds(where)) {
        this.repo.revoke(id, now);
        this.ctx.scheduler.cancel(EXPIRE_JOB, id);
        this.ctx.events.append('SESSION.REVOKED', 'Session', id, { cause });
      }
    });
  }
}
