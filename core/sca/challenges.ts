import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import { conflict, invalidInput, ServiceError } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import { randomHex } from '../kernel/ids';
import { verifyAssertion, webauthnChallenge, type RelyingParty } from '../wallet/passkey';
import type { ScaRepo, StoredChallenge } from './repo';
import type { ChallengeAnswer, ChallengePurpose, ScaChallenge, ScaFactorType } from './schema';
import { totpStep } from './totp';

/** The code every SCA challenge accepts in the sandbox (no SMS is sent); upstream's sandbox uses the same. */
export const SANDBOX_SCA_CODE = '123456';
/** How long a challenge can be answered (capped by what it authorizes, such as the quote's expiresAt). */
export const CHALLENGE_TTL_MS = 3 * 60 * 1000;
/** Issuances (first challenge and resends) per subject within the window, then 429. */
export const ISSUE_LIMIT = { count: 3, windowMs: 60_000 };
/** Wrong codes per subject within the window, then 429 (quotes) or a spent challenge (beneficiaries). */
export const BAD_CODE_LIMIT = { count: 5, windowMs: 15 * 60_000 };

/** The shape of a recovery code (ABCD-EFGH-IJKL). */
const RECOVERY_CODE = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/** Which factor a challenge uses when the caller names none: an app or a passkey before SMS. */
const PREFERENCE: readonly ScaFactorType[] = ['TOTP', 'PASSKEY', 'SMS_OTP'];

/** Where the challenges look up a customer's phone (SMS_OTP is available only with one). */
export interface PhoneDirectory {
  phoneOf(customerId: string): string | undefined;
}

/** What to do once too many wrong codes were sent for one subject. */
export type TooManyBadCodes = 'RATE_LIMIT' | 'SPEND_CHALLENGE';

/** SCA challenges: issuing (rate limited), answering with a code or a passkey, single use, expiry on the workspace clock. */
export class ScaChallenges {
  constructor(private readonly ctx: Ctx, private readonly repo: ScaRepo, private readonly phones: PhoneDirectory, private readonly relyingParty: () => RelyingParty) {}

  /** The factors a customer can answer a challenge with now. */
  available(customerId: string): ScaFactorType[] {
    const types = new Set<ScaFactorType>(this.repo.factorsOf(customerId).map((f) => f.type));
    if (this.phones.phoneOf(customerId)) types.add('SMS_OTP');
    return PREFERENCE.filter((t) => types.has(t));
  }

  /** Whether the customer enrolled a factor (an app or a passkey): from then on their payouts need SCA. */
  enrolled(customerId: string): boolean {
    return this.repo.factorsOf(customerId).length > 0;
  }

  /** 429 RATE_LIMITED (with Retry-After) when a scope saw `limit.count` attempts of a kind within the window. */
  rateLimit(scope: string, kind: 'BAD_CODE' | 'ISSUE' | 'RESET', limit: { count: number; windowMs: number }, what: string): void {
    const now = this.ctx.clock.nowMs();
    const recent = this.repo.attemptsSince(scope, kind, now - limit.windowMs);
    if (recent.length < limit.count) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((recent[recent.length - limit.count]! + limit.windowMs - now) / 1000));
    throw new ServiceError(429, 'RATE_LIMITED', `${what}; retry in ${retryAfterSeconds} s`, { retryAfterSeconds, limit: limit.count, windowSeconds: limit.windowMs / 1000 });
  }

  /**
   * Issues a challenge for a purpose and subject (superseding the open one), with the factor asked or
   * the preferred one. `limitIssues` applies the resend limit (only where the route may answer 429).
   */
  issue(i: { customerId: string; purpose: ChallengePurpose; subjectId: string | null; factor?: ScaFactorType | undefined; field?: string; expiresAtMs?: number; limitIssues?: boolean }): ScaChallenge {
    const available = this.available(i.customerId);
    if (available.length === 0) throw conflict(`Customer ${i.customerId} has no SCA factor (enrol one with POST /sca/factors, or give the customer a phone number for SMS_OTP)`, 'CONFLICT');
    if (i.factor && !available.includes(i.factor)) throw invalidInput(i.field ?? 'scaFactor', `${i.factor} is not available for this customer; available: ${available.join(', ')}`);
    const scope = scopeOf(i.purpose, i.subjectId ?? i.customerId);
    if (i.limitIssues) this.rateLimit(scope, 'ISSUE', ISSUE_LIMIT, 'Too many SCA challenges were sent for this request');
    const now = this.ctx.clock.nowMs();
    const factor = i.factor ?? available[0]!;
    const stored: Omit<StoredChallenge, 'status'> = {
      id: this.ctx.ids('ScaChallenge'), customerId: i.customerId, purpose: i.purpose, subjectId: i.subjectId, factor,
      passkeyChallenge: factor === 'PASSKEY' ? randomHex(32) : null, issuedAt: now, expiresAt: Math.min(now + CHALLENGE_TTL_MS, i.expiresAtMs ?? Infinity),
    };
    this.ctx.transaction(() => {
      this.repo.insertChallenge(stored);
      this.repo.recordAttempt(i.customerId, scope, 'ISSUE', now);
    });
    return this.view({ ...stored, status: 'OPEN' });
  }

  /** The API form of a stored challenge. */
  view(c: StoredChallenge): ScaChallenge {
    const out: ScaChallenge = { id: c.id, expiresAt: isoOf(c.expiresAt), factor: c.factor, availableFactors: this.available(c.customerId), purpose: c.purpose };
    if (c.passkeyChallenge) {
      const rp = this.relyingParty();
      out.passkeyAssertionOptions = this.assertionOptions(c.customerId, c.passkeyChallenge, rp);
      out.passkeyAllowedOrigins = rp.origins;
    }
    return out;
  }

  /** WebAuthn request options for a hex challenge, listing the customer's passkeys. */
  assertionOptions(customerId: string, hexChallenge: string, rp: RelyingParty): Record<string, unknown> {
    const allowCredentials = this.repo.factorsOf(customerId).filter((f) => f.type === 'PASSKEY').map((f) => ({ type: 'public-key', id: f.passkeyCredentialId }));
    return { challenge: webauthnChallenge(hexChallenge), rpId: rp.rpId, allowCredentials, userVerification: 'preferred', timeout: CHALLENGE_TTL_MS };
  }

  /** The challenge an answer names (its challengeId), or the latest one of the purpose and subject. */
  find(customerId: string, purpose: ChallengePurpose, subjectId: string | null, challengeId?: string | null): StoredChallenge {
    const c = challengeId ? this.repo.challenge(challengeId) : this.repo.latestChallenge(customerId, purpose, subjectId);
    if (!c || c.customerId !== customerId || c.purpose !== purpose || c.subjectId !== subjectId) {
      throw invalidInput('challengeId', challengeId ? `${challengeId} is not a challenge of this request` : 'no challenge was issued for this request: start it first');
    }
    return c;
  }

  /**
   * Checks an answer to an open challenge; a right one spends the challenge (a challenge is good once).
   * Throws for a challenge that is expired, used or superseded; answers false for a wrong code.
   */
  async check(c: StoredChallenge, a: ChallengeAnswer): Promise<boolean> {
    this.checkOpen(c);
    const passkey = c.factor === 'PASSKEY' && a.passkeyAssertion ? await this.passkeyOk(c, a) : undefined;
    this.checkOpen(this.repo.challenge(c.id)!); // an answer racing this one during the passkey check may have spent it
    const ok = passkey ?? this.codeOk(c.customerId, c.factor, a.code);
    if (ok) this.repo.useChallenge(c.id, this.ctx.clock.nowMs());
    return ok;
  }

  /**
   * Checks an answer and throws for a wrong one (401). Wrong codes are counted per subject, outside
   * the caller's transaction so that a refusal still counts: past the limit the subject is rate limited
   * (429 with Retry-After) or its challenge is spent (409), as the route's contract allows.
   */
  async answer(c: StoredChallenge, a: ChallengeAnswer, tooMany: TooManyBadCodes): Promise<void> {
    const scope = scopeOf(c.purpose, c.subjectId ?? c.customerId);
    if (tooMany === 'RATE_LIMIT') this.rateLimit(scope, 'BAD_CODE', BAD_CODE_LIMIT, 'Too many wrong SCA codes for this request');
    if (await this.check(c, a)) {
      this.repo.clearAttempts(scope, 'BAD_CODE');
      return;
    }
    const now = this.ctx.clock.nowMs();
    this.repo.recordAttempt(c.customerId, scope, 'BAD_CODE', now);
    if (tooMany === 'SPEND_CHALLENGE' && this.repo.attemptsSince(scope, 'BAD_CODE', now - BAD_CODE_LIMIT.windowMs).length >= BAD_CODE_LIMIT.count) {
      this.repo.spendChallenge(c.id);
      this.repo.clearAttempts(scope, 'BAD_CODE');
      throw conflict(`Too many wrong codes: challenge ${c.id} is spent; start again`, 'CONFLICT', { challengeStatus: 'SUPERSEDED' });
    }
    throw wrongCode(c.id);
  }

  /** 400 EXPIRED past expiresAt; 409 once used or superseded. */
  private checkOpen(c: StoredChallenge): void {
    if (c.status !== 'OPEN') throw conflict(`Challenge ${c.id} was already ${c.status === 'USED' ? 'used' : 'replaced, or spent by too many wrong codes'}: ask for a new one`, 'CONFLICT', { challengeStatus: c.status });
    if (this.ctx.clock.nowMs() >= c.expiresAt) throw new ServiceError(400, 'EXPIRED', `Challenge ${c.id} expired at ${isoOf(c.expiresAt)}: ask for a new one`, { expiresAt: isoOf(c.expiresAt) });
  }

  /**
   * A code for a factor: the sandbox code always; for TOTP also a real RFC 6238 code of one of the
   * customer's apps, in a time step later than the last one accepted (a code works once), or one of
   * the app's unused recovery codes (each works once).
   */
  codeOk(customerId: string, factor: ScaFactorType, code: string | null | undefined): boolean {
    if (!code) throw invalidInput('code', factor === 'PASSKEY' ? 'a PASSKEY challenge takes passkeyAssertion and origin' : 'is required');
    if (code === SANDBOX_SCA_CODE) return true;
    if (factor !== 'TOTP') return false;
    const now = this.ctx.clock.nowMs();
    const apps = this.repo.factorsOf(customerId).filter((x) => x.type === 'TOTP');
    if (RECOVERY_CODE.test(code.trim().toUpperCase())) {
      const hash = createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
      const app = apps.find((f) => f.recoveryCodeHashes.includes(hash));
      if (app) this.repo.setRecoveryCodes(app.id, app.recoveryCodeHashes.filter((h) => h !== hash));
      return app !== undefined;
    }
    for (const f of apps) {
      const step = totpStep(f.totpSecret!, code, now);
      if (step !== undefined && (f.lastTotpStep === null || step > f.lastTotpStep)) {
        this.repo.setTotpStep(f.id, step);
        return true;
      }
    }
    return false;
  }

  private async passkeyOk(c: StoredChallenge, a: ChallengeAnswer): Promise<boolean> {
    if (!a.origin) throw invalidInput('origin', 'is required with passkeyAssertion');
    const assertion = assertionOf(a.passkeyAssertion!);
    const factor = this.repo.factorsOf(c.customerId).find((f) => f.type === 'PASSKEY' && f.passkeyCredentialId === assertion.credentialId);
    if (!factor) return false;
    const rp = this.relyingParty();
    try {
      const counter = await verifyAssertion(assertion, c.passkeyChallenge!, { credentialId: factor.passkeyCredentialId!, publicKey: factor.passkeyPublicKey!, counter: factor.passkeyCounter ?? 0 }, { rpId: rp.rpId, origins: [a.origin].filter((o) => rp.origins.includes(o)) });
      this.repo.setPasskeyCounter(factor.id, counter);
      return true;
    } catch (err) {
      if (err instanceof ServiceError && err.status === 401) return false;
      throw err;
    }
  }
}

/** A WebAuthn assertion in its JSON form (or the wallet area's flat form). */
function assertionOf(p: Record<string, unknown>) {
  const r = (p['response'] ?? p) as Record<string, unknown>;
  const str = (v: unknown, field: string) => {
    if (typeof v !== 'string' || !v) throw invalidInput(`passkeyAssertion.${field}`, 'is required (base64url)');
    return v;
  };
  return {
    credentialId: str(p['id'] ?? p['credentialId'], 'id'),
    clientDataJson: str(r['clientDataJSON'] ?? r['clientDataJson'], 'response.clientDataJSON'),
    authenticatorData: str(r['authenticatorData'], 'response.authenticatorData'),
    signature: str(r['signature'], 'response.signature'),
    userHandle: typeof r['userHandle'] === 'string' ? r['userHandle'] : undefined,
  };
}

/** 401 for a wrong code or assertion. */
export function wrongCode(challengeId?: string, details: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(401, 'UNAUTHORIZED', 'Invalid SCA code', { reason: 'Invalid SCA code', ...(challengeId ? { challengeId } : {}), ...details });
}

/** The rate-limit scope of a purpose and subject. */
function scopeOf(purpose: ChallengePurpose, subject: string): string {
  return `${purpose}:${subject}`;
}
