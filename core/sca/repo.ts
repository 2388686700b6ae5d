import type { Db } from '../kernel/db';
import type { ChallengePurpose, ResetStatus, ScaFactorType } from './schema';

/** An enrolled (or enrolling) factor. */
export interface StoredFactor {
  id: string;
  customerId: string;
  type: 'TOTP' | 'PASSKEY';
  status: 'PENDING' | 'ACTIVE' | 'DELETED';
  name: string;
  totpSecret: string | null;
  lastTotpStep: number | null;
  passkeyChallenge: string | null;
  passkeyCredentialId: string | null;
  passkeyPublicKey: string | null;
  passkeyCounter: number | null;
  /** SHA-256 hashes (hex) of the recovery codes not used yet. */
  recoveryCodeHashes: string[];
  createdAt: number;
}

/** A challenge as issued (times in epoch ms). */
export interface StoredChallenge {
  id: string;
  customerId: string;
  purpose: ChallengePurpose;
  subjectId: string | null;
  factor: ScaFactorType;
  status: 'OPEN' | 'USED' | 'SUPERSEDED';
  passkeyChallenge: string | null;
  issuedAt: number;
  expiresAt: number;
}

/** A customer's lockout state. */
export interface SecurityState {
  failedAttempts: number;
  lockedUntil: number | null;
  suspended: boolean;
  sessionExpiresAt: number | null;
}

/** A factor reset. */
export interface StoredReset {
  id: string;
  customerId: string;
  factor: ScaFactorType;
  status: ResetStatus;
  livenessToken: string;
  createdAt: number;
  expiresAt: number;
  completedAt: number | null;
}

interface FactorRow {
  id: string; customer_id: string; type: 'TOTP' | 'PASSKEY'; status: StoredFactor['status']; name: string; totp_secret: string | null; last_totp_step: number | null;
  passkey_challenge: string | null; passkey_credential_id: string | null; passkey_public_key: string | null; passkey_counter: number | null;
  recovery_code_hashes: string | null; created_at: number;
}
interface ChallengeRow {
  id: string; customer_id: string; purpose: ChallengePurpose; subject_id: string | null; factor: ScaFactorType; status: StoredChallenge['status'];
  passkey_challenge: string | null; issued_at: number; expires_at: number;
}
interface ResetRow { id: string; customer_id: string; factor: ScaFactorType; status: ResetStatus; liveness_token: string; created_at: number; expires_at: number; completed_at: number | null }

const factorOf = (r: FactorRow): StoredFactor => ({
  id: r.id, customerId: r.customer_id, type: r.type, status: r.status, name: r.name, totpSecret: r.totp_secret, lastTotpStep: r.last_totp_step,
  passkeyChallenge: r.passkey_challenge, passkeyCredentialId: r.passkey_credential_id, passkeyPublicKey: r.passkey_public_key, passkeyCounter: r.passkey_counter,
  recoveryCodeHashes: r.recovery_code_hashes ? (JSON.parse(r.recovery_code_hashes) as string[]) : [], createdAt: r.created_at,
});
const challengeOf = (r: ChallengeRow): StoredChallenge => ({
  id: r.id, customerId: r.customer_id, purpose: r.purpose, subjectId: r.subject_id, factor: r.factor, status: r.status,
  passkeyChallenge: r.passkey_challenge, issuedAt: r.issued_at, expiresAt: r.expires_at,
});
const resetOf = (r: ResetRow): StoredReset => ({
  id: r.id, customerId: r.customer_id, factor: r.factor, status: r.status, livenessToken: r.liveness_token, createdAt: r.created_at, expiresAt: r.expires_at, completedAt: r.completed_at,
});

/** The SQL of the SCA area, prepared once over a workspace's database. */
export function scaRepo(db: Db) {
  const q = {
    factor: db.prepare<[string], FactorRow>('SELECT * FROM sca_factors WHERE id = ?'),
    factorsOf: db.prepare<[string, string], FactorRow>('SELECT * FROM sca_factors WHERE customer_id = ? AND status = ? ORDER BY created_at, id'),
    pendingTotp: db.prepare<[string, string], FactorRow>("SELECT * FROM sca_factors WHERE customer_id = ? AND type = 'TOTP' AND status = 'PENDING' AND totp_secret = ?"),
    insertFactor: db.prepare(`INSERT INTO sca_factors (id, customer_id, type, status, name, totp_secret, passkey_challenge, created_at)
      VALUES (@id, @customerId, @type, 'PENDING', @name, @totpSecret, @passkeyChallenge, @createdAt)`),
    activate: db.prepare(`UPDATE sca_factors SET status = 'ACTIVE', activated_at = @at, recovery_code_hashes = @recovery, last_totp_step = @step,
      passkey_credential_id = @credentialId, passkey_public_key = @publicKey, passkey_counter = @counter WHERE id = @id AND status = 'PENDING'`),
    remove: db.prepare("UPDATE sca_factors SET status = 'DELETED', deleted_at = ? WHERE id = ? AND status != 'DELETED'"),
    removeType: db.prepare("UPDATE sca_factors SET status = 'DELETED', deleted_at = ? WHERE customer_id = ? AND type = ? AND status != 'DELETED'"),
    totpStep: db.prepare('UPDATE sca_factors SET last_totp_step = ? WHERE id = ?'),
    passkeyCounter: db.prepare('UPDATE sca_factors SET passkey_counter = ? WHERE id = ?'),
    recoveryCodes: db.prepare('UPDATE sca_factors SET recovery_code_hashes = ? WHERE id = ?'),
    insertChallenge: db.prepare(`INSERT INTO sca_challenges (id, customer_id, purpose, subject_id, factor, status, passkey_challenge, issued_at, expires_at)
      VALUES (@id, @customerId, @purpose, @subjectId, @factor, 'OPEN', @passkeyChallenge, @issuedAt, @expiresAt)`),
    supersede: db.prepare("UPDATE sca_challenges SET status = 'SUPERSEDED' WHERE customer_id = ? AND purpose = ? AND subject_id IS ? AND status = 'OPEN'"),
    challenge: db.prepare<[string], ChallengeRow>('SELECT * FROM sca_challenges WHERE id = ?'),
    latest: db.prepare<[string, string, string | null], ChallengeRow>('SELECT * FROM sca_challenges WHERE customer_id = ? AND purpose = ? AND subject_id IS ? ORDER BY issued_at DESC, id DESC LIMIT 1'),
    useChallenge: db.prepare("UPDATE sca_challenges SET status = 'USED', used_at = ? WHERE id = ? AND status = 'OPEN'"),
    spendChallenge: db.prepare("UPDATE sca_challenges SET status = 'SUPERSEDED' WHERE id = ? AND status = 'OPEN'"),
    attempt: db.prepare('INSERT INTO sca_attempts (customer_id, scope, kind, at) VALUES (?, ?, ?, ?)'),
    attemptsSince: db.prepare<[string, string, number], { at: number }>('SELECT at FROM sca_attempts WHERE scope = ? AND kind = ? AND at > ? ORDER BY at'),
    clearAttempts: db.prepare('DELETE FROM sca_attempts WHERE scope = ? AND kind = ?'),
    state: db.prepare<[string], { failed_attempts: number; locked_until: number | null; suspended: number; session_expires_at: number | null }>('SELECT * FROM sca_security_states WHERE customer_id = ?'),
    saveState: db.prepare(`INSERT INTO sca_security_states (customer_id, failed_attempts, locked_until, suspended, session_expires_at, updated_at) VALUES (@customerId, @failedAttempts, @lockedUntil, @suspended, @sessionExpiresAt, @at)
      ON CONFLICT (customer_id) DO UPDATE SET failed_attempts = excluded.failed_attempts, locked_until = excluded.locked_until, suspended = excluded.suspended,
      session_expires_at = excluded.session_expires_at, updated_at = excluded.updated_at`),
    insertReset: db.prepare(`INSERT INTO sca_resets (id, customer_id, factor, status, liveness_token, created_at, expires_at) VALUES (@id, @customerId, @factor, 'INITIATED', @livenessToken, @createdAt, @expiresAt)`),
    reset: db.prepare<[string], ResetRow>('SELECT * FROM sca_resets WHERE id = ?'),
    resetStatus: db.prepare('UPDATE sca_resets SET status = ?, completed_at = ?, mobile = coalesce(?, mobile) WHERE id = ?'),
    trusted: db.prepare<[string], { customer_id: string }>('SELECT customer_id FROM sca_trusted_accounts WHERE external_account_id = ?'),
    trust: db.prepare('INSERT OR IGNORE INTO sca_trusted_accounts (external_account_id, customer_id, trusted_at) VALUES (?, ?, ?)'),
    untrust: db.prepare('DELETE FROM sca_trusted_accounts WHERE external_account_id = ?'),
    trustedOf: db.prepare<[string], { external_account_id: string }>('SELECT external_account_id FROM sca_trusted_accounts WHERE customer_id = ? ORDER BY trusted_at, external_account_id'),
    insertAuthorization: db.prepare('INSERT INTO sca_quote_authorizations (quote_id, customer_id, execute_on_authorize) VALUES (?, ?, ?)'),
    authorization: db.prepare<[string], { customer_id: string; execute_on_authorize: number; authorized_at: number | null }>('SELECT * FROM sca_quote_authorizations WHERE quote_id = ?'),
    authorized: db.prepare('UPDATE sca_quote_authorizations SET authorized_at = ? WHERE quote_id = ?'),
  };
  return {
    /** One factor by id (any status). */
    factor: (id: string): StoredFactor | undefined => {
      const r = q.factor.get(id);
      return r && factorOf(r);
    },
    /** A customer's factors in one status, oldest first. */
    factorsOf: (customerId: string, status: StoredFactor['status'] = 'ACTIVE'): StoredFactor[] => q.factorsOf.all(customerId, status).map(factorOf),
    /** The customer's pending TOTP enrolment holding this secret. */
    pendingTotp: (customerId: string, secret: string): StoredFactor | undefined => {
      const r = q.pendingTotp.get(customerId, secret);
      return r && factorOf(r);
    },
    /** Stores a factor being enrolled (PENDING). */
    insertFactor: (f: { id: string; customerId: string; type: 'TOTP' | 'PASSKEY'; name: string; totpSecret: string | null; passkeyChallenge: string | null; createdAt: number }): void => {
      q.insertFactor.run(f);
    },
    /** Activates a pending factor; false when it was no longer pending. */
    activate: (a: { id: string; at: number; recovery: string | null; step: number | null; credentialId: string | null; publicKey: string | null; counter: number | null }): boolean => q.activate.run(a).changes === 1,
    /** Marks a factor deleted; false when it already was. */
    remove: (id: string, at: number): boolean => q.remove.run(at, id).changes === 1,
    /** Deletes every factor of one type of a customer (a completed reset). */
    removeType: (customerId: string, type: string, at: number): void => {
      q.removeType.run(at, customerId, type);
    },
    /** Records the TOTP time step last accepted (a code is good once). */
    setTotpStep: (id: string, step: number): void => {
      q.totpStep.run(step, id);
    },
    /** Stores the recovery codes (hashes) a factor has left. */
    setRecoveryCodes: (id: string, hashes: string[]): void => {
      q.recoveryCodes.run(JSON.stringify(hashes), id);
    },
    /** Records a passkey's signature counter. */
    setPasskeyCounter: (id: string, counter: number): void => {
      q.passkeyCounter.run(counter, id);
    },
    /** Stores a challenge, superseding the open ones for the same purpose and subject. */
    insertChallenge: (c: Omit<StoredChallenge, 'status'>): void => {
      q.supersede.run(c.customerId, c.purpose, c.subjectId);
      q.insertChallenge.run(c);
    },
    /** One challenge by id. */
    challenge: (id: string): StoredChallenge | undefined => {
      const r = q.challenge.get(id);
      return r && challengeOf(r);
    },
    /** The latest challenge of a purpose and subject. */
    latestChallenge: (customerId: string, purpose: ChallengePurpose, subjectId: string | null): StoredChallenge | undefined => {
      const r = q.latest.get(customerId, purpose, subjectId);
      return r && challengeOf(r);
    },
    /** Marks a challenge used; false when it was not open (used or superseded meanwhile). */
    useChallenge: (id: string, at: number): boolean => q.useChallenge.run(at, id).changes === 1,
    /** Retires an open challenge without a successor (too many wrong codes). */
    spendChallenge: (id: string): void => {
      q.spendChallenge.run(id);
    },
    /** Records an attempt (a bad code, an issuance, a reset) under a rate-limit scope. */
    recordAttempt: (customerId: string, scope: string, kind: 'BAD_CODE' | 'ISSUE' | 'RESET', at: number): void => {
      q.attempt.run(customerId, scope, kind, at);
    },
    /** When attempts of a kind were made in a scope after `sinceMs`, oldest first. */
    attemptsSince: (scope: string, kind: 'BAD_CODE' | 'ISSUE' | 'RESET', sinceMs: number): number[] => q.attemptsSince.all(scope, kind, sinceMs).map((r) => r.at),
    /** Forgets a scope's attempts of a kind (after a good code). */
    clearAttempts: (scope: string, kind: 'BAD_CODE' | 'ISSUE' | 'RESET'): void => {
      q.clearAttempts.run(scope, kind);
    },
    /** A customer's lockout state (a fresh one when none is stored). */
    state: (customerId: string): SecurityState => {
      const r = q.state.get(customerId);
      return r ? { failedAttempts: r.failed_attempts, lockedUntil: r.locked_until, suspended: r.suspended === 1, sessionExpiresAt: r.session_expires_at } : { failedAttempts: 0, lockedUntil: null, suspended: false, sessionExpiresAt: null };
    },
    /** Stores a customer's lockout state. */
    saveState: (customerId: string, s: SecurityState, at: number): void => {
      q.saveState.run({ customerId, failedAttempts: s.failedAttempts, lockedUntil: s.lockedUntil, suspended: s.suspended ? 1 : 0, sessionExpiresAt: s.sessionExpiresAt, at });
    },
    /** Stores a new reset (INITIATED). */
    insertReset: (r: { id: string; customerId: string; factor: ScaFactorType; livenessToken: string; createdAt: number; expiresAt: number }): void => {
      q.insertReset.run(r);
    },
    /** One reset by id. */
    reset: (id: string): StoredReset | undefined => {
      const r = q.reset.get(id);
      return r && resetOf(r);
    },
    /** Changes a reset's status (the service checks the transition). */
    setResetStatus: (id: string, status: ResetStatus, completedAt: number | null, mobile: string | null = null): void => {
      q.resetStatus.run(status, completedAt, mobile, id);
    },
    /** Whether an external account is a trusted beneficiary. */
    isTrusted: (externalAccountId: string): boolean => q.trusted.get(externalAccountId) !== undefined,
    /** The customer who trusted an external account, if any. */
    trustedBy: (externalAccountId: string): string | undefined => q.trusted.get(externalAccountId)?.customer_id,
    /** Marks an external account trusted. */
    trust: (externalAccountId: string, customerId: string, at: number): void => {
      q.trust.run(externalAccountId, customerId, at);
    },
    /** The external accounts a customer trusted, oldest first. */
    trustedOf: (customerId: string): string[] => q.trustedOf.all(customerId).map((r) => r.external_account_id),
    /** Removes an external account's trust. */
    untrust: (externalAccountId: string): void => {
      q.untrust.run(externalAccountId);
    },
    /** Records that a quote waits for SCA. */
    insertAuthorization: (quoteId: string, customerId: string, executeOnAuthorize: boolean): void => {
      q.insertAuthorization.run(quoteId, customerId, executeOnAuthorize ? 1 : 0);
    },
    /** The SCA record of a quote, if it needed SCA. */
    authorization: (quoteId: string): { customerId: string; executeOnAuthorize: boolean; authorizedAt: number | null } | undefined => {
      const r = q.authorization.get(quoteId);
      return r && { customerId: r.customer_id, executeOnAuthorize: r.execute_on_authorize === 1, authorizedAt: r.authorized_at };
    },
    /** Marks a quote authorized. */
    setAuthorized: (quoteId: string, at: number): void => {
      q.authorized.run(at, quoteId);
    },
  };
}

/** The SCA repo's type. */
export type ScaRepo = ReturnType<typeof scaRepo>;
