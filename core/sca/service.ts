import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import { verifyRegistration, type RelyingParty } from '../wallet/passkey';
import { SANDBOX_SCA_CODE, wrongCode, type ScaChallenges } from './challenges';
import type { ScaRepo, SecurityState, StoredFactor } from './repo';
import type {
  confirmResultSchema, confirmSchema, enrollStartSchema, FactorView, loginCompleteResultSchema, loginCompleteSchema, loginStartResultSchema,
  ScaFactorType,
} from './schema';
import { isBase32Secret, newTotpSecret, totpStep, totpUri } from './totp';

/** Failed logins that lock a customer out for LOCK_MS (every multiple of it locks again). */
export const LOCK_AFTER = 5;
/** Failed logins that suspend a customer until a reset (password or factor). */
export const SUSPEND_AFTER = 10;
/** How long a lockout lasts. */
export const LOCK_MS = 15 * 60_000;
/** How long an SCA login session lasts. */
export const SESSION_MS = 15 * 60_000;
const RECOVERY_CODES = 8;

/** The customers the SCA area serves: who exists, and how to label their authenticator entry. */
export interface CustomerDirectory {
  get(id: string): { id: string; isDeleted?: boolean | undefined; email?: string | undefined; phoneNumber?: string | undefined; platformCustomerId?: string | undefined };
}

/** SCA factors (enrolment, confirmation, listing, deletion), logins with lockout, and reported security events. */
export class ScaService {
  constructor(
    private readonly ctx: Ctx,
    private readonly repo: ScaRepo,
    private readonly challenges: ScaChallenges,
    private readonly customers: CustomerDirectory,
    private readonly relyingParty: () => RelyingParty,
  ) {}

  /** 404 USER_NOT_FOUND unless the customer exists and is not deleted. */
  assertCustomer(id: string): void {
    if (this.customers.get(id).isDeleted) throw notFound('USER_NOT_FOUND', `Customer ${id} has been deleted`);
  }

  /** A customer's active factors. */
  list(customerId: string): { factors: FactorView[] } {
    this.assertCustomer(customerId);
    return { factors: this.repo.factorsOf(customerId).map(viewOf) };
  }

  /** What support staff see of a customer's SCA: factors, lockout and session, trusted beneficiaries (not in the public API). */
  overview(customerId: string) {
    this.customers.get(customerId);
    const s = this.current(customerId);
    const iso = (ms: number | null) => (ms === null ? null : isoOf(ms));
    return {
      factors: this.repo.factorsOf(customerId).map(viewOf),
      failedAttempts: s.failedAttempts, lockedUntil: iso(s.lockedUntil), suspended: s.suspended, sessionExpiresAt: iso(s.sessionExpiresAt),
      trustedExternalAccountIds: this.repo.trustedOf(customerId),
    };
  }

  /** Starts enrolling a TOTP app (a fresh secret and its otpauth URI) or a passkey (WebAuthn creation options). */
  enroll(customerId: string, type: 'TOTP' | 'PASSKEY'): z.infer<typeof enrollStartSchema> {
    this.assertCustomer(customerId);
    const now = this.ctx.clock.nowMs();
    if (type === 'TOTP') {
      if (this.repo.factorsOf(customerId).some((f) => f.type === 'TOTP')) throw conflict(`Customer ${customerId} already has an authenticator app: delete it before enrolling another`);
      const secret = newTotpSecret();
      this.repo.insertFactor({ id: this.ctx.ids('ScaFactor'), customerId, type, name: 'Authenticator app', totpSecret: secret, passkeyChallenge: null, createdAt: now });
      return { type, secret, secretBase32Encoded: secret, totpUri: totpUri(secret, this.labelOf(customerId)) };
    }
    const rp = this.relyingParty();
    const challenge = randomBytes(32).toString('base64url');
    this.repo.insertFactor({ id: this.ctx.ids('ScaFactor'), customerId, type, name: 'Passkey', totpSecret: null, passkeyChallenge: challenge, createdAt: now });
    const options = {
      challenge, rp: { id: rp.rpId, name: 'Payments sandbox' },
      user: { id: Buffer.from(customerId, 'utf8').toString('base64url'), name: this.labelOf(customerId), displayName: this.labelOf(customerId) },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
      timeout: 300_000, attestation: 'none', authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: this.repo.factorsOf(customerId).filter((f) => f.type === 'PASSKEY').map((f) => ({ type: 'public-key', id: f.passkeyCredentialId })),
    };
    return { type, options, allowedOrigins: rp.origins, relyingPartyId: rp.rpId };
  }

  /** Confirms an enrolment: the first TOTP code from the app, or the passkey's registration; the factor becomes active. */
  async confirm(customerId: string, body: z.infer<typeof confirmSchema>): Promise<z.infer<typeof confirmResultSchema>> {
    this.assertCustomer(customerId);
    const now = this.ctx.clock.nowMs();
    if (body.type === 'TOTP') {
      const secret = body.secret.replace(/\s+/g, '').toUpperCase();
      if (!isBase32Secret(secret)) throw invalidInput('secret', 'must be the secret (base32) returned by POST /sca/factors');
      const pending = this.repo.pendingTotp(customerId, secret);
      if (!pending) throw invalidInput('secret', 'is not an enrolment in progress for this customer: start one with POST /sca/factors');
      const step = body.code === SANDBOX_SCA_CODE ? null : totpStep(secret, body.code, now);
      if (step === undefined) throw wrongCode(undefined, { field: 'code' });
      const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      return this.ctx.transaction(() => {
        if (this.repo.factorsOf(customerId).some((f) => f.type === 'TOTP')) throw conflict(`Customer ${customerId} already has an authenticator app`);
        this.repo.activate({ id: pending.id, at: now, recovery: JSON.stringify(codes.map(hashOf)), step, credentialId: null, publicKey: null, counter: null });
        this.ctx.events.append('SCA.FACTOR_ENROLLED', 'Customer', customerId, { credentialId: pending.id, factor: 'TOTP' });
        return { type: 'TOTP' as const, recoveryCodes: codes };
      });
    }
    const rp = this.relyingParty();
    if (!rp.origins.includes(body.origin)) throw invalidInput('origin', `must be one of ${rp.origins.join(', ')}`);
    const cred = body.credential as { id?: unknown; response?: { clientDataJSON?: unknown; attestationObject?: unknown; transports?: unknown } };
    const clientData = typeof cred.response?.clientDataJSON === 'string' ? cred.response.clientDataJSON : '';
    const challenge = challengeOf(clientData);
    const pending = this.repo.factorsOf(customerId, 'PENDING').find((f) => f.type === 'PASSKEY' && f.passkeyChallenge === challenge);
    if (!pending) throw invalidInput('credential', 'does not answer a passkey enrolment in progress for this customer (start one with POST /sca/factors)');
    const reg = await verifyRegistration({
      credentialId: String(cred.id ?? ''), clientDataJson: clientData, attestationObject: String(cred.response?.attestationObject ?? ''),
      transports: Array.isArray(cred.response?.transports) ? (cred.response.transports as string[]) : undefined,
    }, challenge, { rpId: rp.rpId, origins: [body.origin] });
    return this.ctx.transaction(() => {
      if (this.repo.factorsOf(customerId).some((f) => f.passkeyCredentialId === reg.credentialId)) throw conflict(`Passkey ${reg.credentialId} is already enrolled`, 'PASSKEY_ALREADY_ENROLLED');
      if (!this.repo.activate({ id: pending.id, at: now, recovery: null, step: null, credentialId: reg.credentialId, publicKey: reg.publicKey, counter: reg.counter })) {
        throw conflict('This passkey enrolment was already confirmed', 'PASSKEY_ALREADY_ENROLLED');
      }
      this.ctx.events.append('SCA.FACTOR_ENROLLED', 'Customer', customerId, { credentialId: pending.id, factor: 'PASSKEY' });
      return { type: 'PASSKEY' as const, factor: viewOf(this.repo.factor(pending.id)!) };
    });
  }

  /** Deletes one of the customer's factors (404 when it is not theirs or already gone). */
  remove(customerId: string, credentialId: string): void {
    this.assertCustomer(customerId);
    const f = this.repo.factor(credentialId);
    if (!f || f.customerId !== customerId || f.status === 'DELETED') throw notFound('REFERENCE_NOT_FOUND', `Customer ${customerId} has no SCA factor ${credentialId}`);
    this.ctx.transaction(() => {
      this.repo.remove(credentialId, this.ctx.clock.nowMs());
      this.ctx.events.append('SCA.FACTOR_DELETED', 'Customer', customerId, { credentialId, factor: f.type });
    });
  }

  /** Starts a login: a challenge for SMS_OTP and TOTP, WebAuthn request options for a passkey. */
  loginStart(customerId: string, factor: ScaFactorType): z.infer<typeof loginStartResultSchema> {
    this.assertCustomer(customerId);
    const c = this.challenges.issue({ customerId, purpose: 'LOGIN', subjectId: null, factor, field: 'factor' });
    return {
      factor, challengeId: c.id, expiresAt: c.expiresAt,
      ...(c.passkeyAssertionOptions ? { passkeyOptions: c.passkeyAssertionOptions, allowedOrigins: c.passkeyAllowedOrigins, relyingPartyId: this.relyingParty().rpId } : {}),
    };
  }

  /**
   * Completes a login with a code or an assertion. A TOTP code may come without a started challenge.
   * Wrong answers count towards the lockout: locked (423) for 15 minutes every 5, suspended at 10.
   */
  async loginComplete(customerId: string, body: z.infer<typeof loginCompleteSchema>): Promise<z.infer<typeof loginCompleteResultSchema>> {
    this.assertCustomer(customerId);
    this.assertNotLocked(customerId);
    let ok: boolean;
    if (body.factor === 'TOTP' && !body.challengeId) {
      if (!this.challenges.available(customerId).includes('TOTP')) throw invalidInput('factor', 'TOTP is not enrolled for this customer');
      ok = this.challenges.codeOk(customerId, 'TOTP', body.code);
    } else {
      const c = this.challenges.find(customerId, 'LOGIN', null, body.challengeId);
      if (c.factor !== body.factor) throw invalidInput('factor', `must be ${c.factor}, the factor of challenge ${c.id}`);
      ok = await this.challenges.check(c, body);
    }
    const now = this.ctx.clock.nowMs();
    const state = this.current(customerId);
    if (!ok) {
      const next = failed(state, now);
      this.repo.saveState(customerId, next, now);
      if (next.suspended || (next.lockedUntil ?? 0) > now) throw locked(next);
      throw wrongCode(body.challengeId ?? undefined, { failedAttempts: next.failedAttempts });
    }
    const sessionExpiresAt = now + SESSION_MS;
    this.ctx.transaction(() => {
      this.repo.saveState(customerId, { failedAttempts: 0, lockedUntil: null, suspended: false, sessionExpiresAt }, now);
      this.ctx.events.append('SCA.LOGIN_SUCCEEDED', 'Customer', customerId, { factor: body.factor, endUserIpAddress: body.endUserIpAddress });
    });
    return { status: 'SUCCESS', sessionExpiresAt: isoOf(sessionExpiresAt) };
  }

  /** Records a security event the platform observed; answers the customer's lockout state after it. */
  recordEvent(customerId: string, eventType: 'RESET_PASSWORD_COMPLETED' | 'FAILED_LOGIN_ATTEMPT') {
    this.assertCustomer(customerId);
    const now = this.ctx.clock.nowMs();
    const state = this.current(customerId);
    const next = eventType === 'FAILED_LOGIN_ATTEMPT' ? failed(state, now) : { ...state, failedAttempts: 0, lockedUntil: null, suspended: false };
    this.ctx.transaction(() => {
      this.repo.saveState(customerId, next, now);
      this.ctx.events.append(`SCA.${eventType}`, 'Customer', customerId, { failedAttempts: next.failedAttempts, suspended: next.suspended });
    });
    return { eventType, suspended: next.suspended, lockedUntil: next.lockedUntil === null ? null : isoOf(next.lockedUntil), failedAttempts: next.failedAttempts };
  }

  /** Clears a customer's lockout and suspension (a completed factor reset). */
  unlock(customerId: string): void {
    const now = this.ctx.clock.nowMs();
    this.repo.saveState(customerId, { ...this.current(customerId), failedAttempts: 0, lockedUntil: null, suspended: false }, now);
  }

  /** 423 ACCOUNT_LOCKED while a lockout runs or the customer is suspended. */
  private assertNotLocked(customerId: string): void {
    const s = this.current(customerId);
    if (s.suspended || (s.lockedUntil ?? 0) > this.ctx.clock.nowMs()) throw locked(s);
  }

  /** The stored state with an elapsed lockout dropped. */
  private current(customerId: string): SecurityState {
    const s = this.repo.state(customerId);
    return s.lockedUntil !== null && s.lockedUntil <= this.ctx.clock.nowMs() ? { ...s, lockedUntil: null } : s;
  }

  private labelOf(customerId: string): string {
    const c = this.customers.get(customerId);
    return c.email ?? c.platformCustomerId ?? customerId;
  }
}

/** The state after one more failed login. */
function failed(s: SecurityState, now: number): SecurityState {
  const failedAttempts = s.failedAttempts + 1;
  return {
    ...s, failedAttempts,
    suspended: s.suspended || failedAttempts >= SUSPEND_AFTER,
    lockedUntil: failedAttempts % LOCK_AFTER === 0 ? now + LOCK_MS : s.lockedUntil,
  };
}

/** 423 ACCOUNT_LOCKED with upstream's details. */
function locked(s: SecurityState): ServiceError {
  const until = s.lockedUntil === null ? null : isoOf(s.lockedUntil);
  return new ServiceError(423, 'ACCOUNT_LOCKED', s.suspended
    ? 'The customer is suspended after too many failed logins: complete a factor reset or report RESET_PASSWORD_COMPLETED'
    : `The customer is locked out after too many failed logins until ${until}`, { suspended: s.suspended, lockedUntil: until, failedAttempts: s.failedAttempts });
}

/** A factor as listed. */
function viewOf(f: StoredFactor): FactorView {
  return { factor: f.type, credentialId: f.id, name: f.name };
}

/** A recovery code such as ABCD-EFGH-IJKL (base32 letters, 60 bits). */
function recoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

function hashOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The challenge a WebAuthn clientDataJSON (base64url) carries. */
function challengeOf(clientDataJson: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string') return parsed.challenge;
  } catch {
    // reported below
  }
  throw invalidInput('credential.response.clientDataJSON', 'must be the base64url clientDataJSON of the registration');
}
