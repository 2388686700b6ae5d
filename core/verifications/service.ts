import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import type { Job } from '../kernel/scheduler';
import type { Page } from '../kernel/pagination';
import type { CustomerService } from '../customers/service';
import type { VerificationRepo } from './repo';
import { decideBySuffix, KYB_DECIDE_SECONDS, KYB_START_SECONDS } from './sandbox';
import type { listVerificationsQuery, Verification, VerificationStep } from './schema';

const JOB = 'verification.step';

/** The allowed status changes of a verification; anything else is a bug and throws. */
const TRANSITIONS: Record<VerificationStep, readonly VerificationStep[]> = {
  RESOLVE_ERRORS: [],
  READY_FOR_VERIFICATION: ['IN_PROGRESS'],
  IN_PROGRESS: ['APPROVED', 'REJECTED', 'PENDING_MANUAL_REVIEW'],
  PENDING_MANUAL_REVIEW: [],
  APPROVED: [],
  REJECTED: [],
};

/**
 * KYB of business customers (`POST /verifications`). A verification checks what it needs first
 * (RESOLVE_ERRORS lists what is missing), then runs on the workspace clock: READY_FOR_VERIFICATION,
 * IN_PROGRESS a second later (the customer's kybStatus becomes PENDING), and 30 seconds after that
 * the outcome the last 3 digits of `businessInfo.registrationNumber` choose. Every change is a
 * VERIFICATION.<status> event; the customer's changes are CUSTOMER.KYB_<status>.
 */
export class KybVerifications {
  constructor(private readonly ctx: Ctx, private readonly repo: VerificationRepo, private readonly customers: CustomerService) {
    ctx.scheduler.register(JOB, (job) => this.step(job));
  }

  /** Starts the KYB of a business customer. */
  create(customerId: string): Verification {
    this.customers.assertLive(customerId);
    const c = this.customers.get(customerId);
    if (c.customerType !== 'BUSINESS') {
      throw invalidInput('customerId', `${customerId} is an individual: individuals verify through POST /customers/{customerId}/kyc-link`);
    }
    const open = this.repo.openVerificationOf(customerId);
    if (open) throw conflict(`Customer ${customerId} already has a verification running (${open})`, 'CONFLICT', { existingId: open });
    const errors: Verification['errors'] = [];
    const problem = (type: Verification['errors'][number]['type'], field: string, message: string) => errors.push({ resourceId: customerId, type, field, reason: `${field} ${message}`, message });
    if (!c.businessInfo.registrationNumber) problem('MISSING_FIELD', 'businessInfo.registrationNumber', 'is required for KYB: PATCH the customer with it');
    if (this.repo.ownerCount(customerId) === 0) problem('MISSING_BENEFICIAL_OWNER', 'beneficialOwners', 'at least one beneficial owner is required: POST /beneficial-owners');
    const now = this.ctx.clock.nowMs();
    const iso = this.ctx.clock.iso();
    const status: VerificationStep = errors.length ? 'RESOLVE_ERRORS' : 'READY_FOR_VERIFICATION';
    const v: Verification = { id: this.ctx.ids('Verification'), customerId, type: 'KYB', verificationStatus: status, status, errors, history: [], createdAt: iso, updatedAt: iso };
    return this.ctx.transaction(() => {
      this.repo.insertVerification(v, now);
      const stored = this.repo.verification(v.id)!;
      this.ctx.events.append(`VERIFICATION.${status}`, 'Verification', v.id, stored);
      if (status === 'READY_FOR_VERIFICATION') this.ctx.scheduler.schedule(JOB, now + KYB_START_SECONDS * 1000, { verificationId: v.id, to: 'IN_PROGRESS' }, v.id);
      return stored;
    });
  }

  /** One verification (404 VERIFICATION_NOT_FOUND). */
  get(id: string): Verification {
    const v = this.repo.verification(id);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${id} not found`);
    return v;
  }

  /** A filtered page of verifications, newest first. */
  list(q: z.infer<typeof listVerificationsQuery>): Page<Verification> {
    return this.repo.listVerifications({ ...q, status: q.verificationStatus ?? q.status });
  }

  private step(job: Job): void {
    const v = this.repo.verification(String(job.payload['verificationId']));
    if (!v) return;
    if (job.payload['to'] === 'IN_PROGRESS') {
      this.move(v, 'IN_PROGRESS');
      this.customers.setVerificationStatus(v.customerId, 'PENDING');
      this.ctx.scheduler.schedule(JOB, this.ctx.clock.nowMs() + KYB_DECIDE_SECONDS * 1000, { verificationId: v.id, to: 'DECIDE' }, v.id);
      return;
    }
    const c = this.customers.get(v.customerId);
    if (c.isDeleted || c.customerType !== 'BUSINESS') return;
    const decision = decideBySuffix(c.businessInfo.registrationNumber);
    this.move(v, decision === 'PENDING' ? 'PENDING_MANUAL_REVIEW' : decision);
    // 001 leaves the customer PENDING (a manual review that the sandbox never finishes).
    if (decision !== 'PENDING') this.customers.setVerificationStatus(v.customerId, decision);
  }

  private move(v: Verification, to: VerificationStep): void {
    if (!TRANSITIONS[v.status].includes(to)) throw new Error(`illegal verification transition ${v.status} -> ${to} for ${v.id}`);
    const updated = this.repo.setVerificationStatus(v.id, to, this.ctx.clock.nowMs());
    this.ctx.events.append(`VERIFICATION.${to}`, 'Verification', v.id, updated);
  }
}
