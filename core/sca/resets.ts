import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context';
import { conflict, notFound } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import type { ScaChallenges } from './challenges';
import type { ScaRepo, StoredReset } from './repo';
import type { ResetStatus, ScaFactorType } from './schema';

/** How long a reset stays open for the liveness check and its completion. */
export const RESET_TTL_MS = 30 * 60_000;
/** Sandbox: the end user's liveness check passes this long after the reset starts (no real selfie is taken). */
export const LIVENESS_DELAY_MS = 30_000;
/** Resets a customer may start within the window, then 429. */
export const RESET_LIMIT = { count: 3, windowMs: 24 * 60 * 60_000 };
const LIVENESS_JOB = 'sca.reset.liveness';
const EXPIRE_JOB = 'sca.reset.expire';

const RESET_TRANSITIONS: Record<ResetStatus, readonly ResetStatus[]> = {
  INITIATED: ['PENDING_REVIEW', 'LIVENESS_PASSED', 'REJECTED', 'EXPIRED'],
  PENDING_REVIEW: ['LIVENESS_PASSED', 'REJECTED', 'EXPIRED'],
  LIVENESS_PASSED: ['COMPLETED', 'EXPIRED'],
  COMPLETED: [],
  REJECTED: [],
  EXPIRED: [],
};

/** Side effects of a completed reset that belong to the factor service (clearing the lockout). */
export interface ResetEffects {
  unlock(customerId: string): void;
}

/**
 * Factor resets for a customer who lost their factor: a liveness check (passed by the sandbox 30 s
 * after the start, on the workspace clock), then completion removes the lost factor and the lockout,
 * and the customer enrols again.
 */
export class FactorResets {
  constructor(private readonly ctx: Ctx, private readonly repo: ScaRepo, private readonly challenges: ScaChallenges, private readonly effects: ResetEffects) {
    ctx.scheduler.register(LIVENESS_JOB, (job) => this.move(String(job.payload['resetId']), 'INITIATED', 'LIVENESS_PASSED'));
    ctx.scheduler.register(EXPIRE_JOB, (job) => {
      const r = this.repo.reset(String(job.payload['resetId']));
      if (r && RESET_TRANSITIONS[r.status].includes('EXPIRED')) this.transition(r, 'EXPIRED');
    });
  }

  /** Starts a reset of one factor (201); 409 when the customer has nothing of that kind to reset. */
  start(customerId: string, factor: ScaFactorType) {
    if (factor !== 'SMS_OTP' && !this.challenges.available(customerId).includes(factor)) {
      throw conflict(`Customer ${customerId} has no ${factor} factor to reset`, 'INVALID_STATE_TRANSITION');
    }
    const scope = `RESET:${customerId}`;
    this.challenges.rateLimit(scope, 'RESET', RESET_LIMIT, 'Too many factor resets were started for this customer');
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('TwoFactorReset');
    const livenessToken = randomBytes(24).toString('base64url');
    const expiresAt = now + RESET_TTL_MS;
    this.ctx.transaction(() => {
      this.repo.insertReset({ id, customerId, factor, livenessToken, createdAt: now, expiresAt });
      this.repo.recordAttempt(customerId, scope, 'RESET', now);
      this.ctx.scheduler.schedule(LIVENESS_JOB, now + LIVENESS_DELAY_MS, { resetId: id }, id);
      this.ctx.scheduler.schedule(EXPIRE_JOB, expiresAt, { resetId: id }, id);
      this.ctx.events.append('SCA.RESET_STARTED', 'Customer', customerId, { resetId: id, factor });
    });
    return { resetId: id, livenessAccessToken: livenessToken, verificationLink: `https://liveness.sandbox.example/verify/${encodeURIComponent(id)}?token=${livenessToken}`, expiresAt: isoOf(expiresAt) };
  }

  /** A reset's status; enrollmentStatus tells whether the customer enrolled again since it completed. */
  status(customerId: string, resetId: string) {
    const r = this.owned(customerId, resetId);
    let enrollmentStatus: 'PENDING' | 'COMPLETED' | null = null;
    if (r.status === 'COMPLETED') {
      const again = r.factor === 'SMS_OTP' || this.repo.factorsOf(customerId).some((f) => f.type === r.factor && f.createdAt >= r.completedAt!);
      enrollmentStatus = again ? 'COMPLETED' : 'PENDING';
    }
    return { status: r.status, factor: r.factor, enrollmentStatus, expiresAt: isoOf(r.expiresAt), completedAt: r.completedAt === null ? null : isoOf(r.completedAt) };
  }

  /** Completes a reset whose liveness check passed: the factor is removed and the lockout cleared (409 otherwise). */
  complete(customerId: string, resetId: string, mobile?: { countryCode: string; number: string }): void {
    const r = this.owned(customerId, resetId);
    if (r.status !== 'LIVENESS_PASSED') {
      throw conflict(r.status === 'INITIATED' ? `Reset ${resetId} waits for the end user's liveness check` : `Reset ${resetId} is ${r.status} and cannot be completed`, 'INVALID_STATE_TRANSITION', { status: r.status });
    }
    const now = this.ctx.clock.nowMs();
    this.ctx.transaction(() => {
      if (r.factor !== 'SMS_OTP') this.repo.removeType(customerId, r.factor, now);
      this.transition(r, 'COMPLETED', now, mobile ? `${mobile.countryCode}${mobile.number}` : null);
      this.ctx.scheduler.cancel(EXPIRE_JOB, resetId);
      this.effects.unlock(customerId);
    });
  }

  private owned(customerId: string, resetId: string): StoredReset {
    const r = this.repo.reset(resetId);
    if (!r || r.customerId !== customerId) throw notFound('REFERENCE_NOT_FOUND', `Customer ${customerId} has no factor reset ${resetId}`);
    return r;
  }

  private move(resetId: string, from: ResetStatus, to: ResetStatus): void {
    const r = this.repo.reset(resetId);
    if (r?.status === from) this.transition(r, to);
  }

  private transition(r: StoredReset, to: ResetStatus, completedAt: number | null = null, mobile: string | null = null): void {
    if (!RESET_TRANSITIONS[r.status].includes(to)) throw new Error(`illegal reset transition ${r.status} -> ${to} for ${r.id}`);
    this.ctx.transaction(() => {
      this.repo.setResetStatus(r.id, to, completedAt, mobile);
      this.ctx.events.append(`SCA.RESET_${to}`, 'Customer', r.customerId, { resetId: r.id, factor: r.factor });
    });
  }
}
