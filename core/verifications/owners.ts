import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound } from '../kernel/errors';
import type { Job } from '../kernel/scheduler';
import type { Page } from '../kernel/pagination';
import type { CustomerService } from '../customers/service';
import type { VerificationRepo } from './repo';
import { decideBySuffix, OWNER_KYC_SECONDS } from './sandbox';
import type { BeneficialOwner, createOwnerSchema, listOwnersQuery, updateOwnerSchema } from './schema';

const JOB = 'beneficial-owner.kyc';

/**
 * Beneficial owners of business customers and their KYC. A new owner (or one whose last name
 * changed) is PENDING; 10 seconds later on the workspace clock the last 3 characters of
 * `personalInfo.lastName` decide: 001 stays PENDING, 002 REJECTED, anything else APPROVED.
 * Each change is a BENEFICIAL_OWNER.KYC_<status> event.
 */
export class BeneficialOwners {
  constructor(private readonly ctx: Ctx, private readonly repo: VerificationRepo, private readonly customers: CustomerService) {
    ctx.scheduler.register(JOB, (job) => this.decide(job));
  }

  /** Adds an owner to a business customer and starts its KYC. */
  create(input: z.infer<typeof createOwnerSchema>): BeneficialOwner {
    this.customers.assertLive(input.customerId);
    if (this.customers.get(input.customerId).customerType !== 'BUSINESS') {
      throw invalidInput('customerId', `${input.customerId} is an individual: only business customers have beneficial owners`);
    }
    const iso = this.ctx.clock.iso();
    const { customerId, ...data } = input;
    const owner: BeneficialOwner = { id: this.ctx.ids('BeneficialOwner'), customerId, ...data, kycStatus: 'PENDING', createdAt: iso, updatedAt: iso };
    return this.ctx.transaction(() => {
      this.repo.insertOwner(owner, this.ctx.clock.nowMs());
      this.startKyc(owner.id);
      return this.get(owner.id);
    });
  }

  /** Changes an owner's details; a new last name runs the KYC again. */
  update(id: string, patch: z.infer<typeof updateOwnerSchema>): BeneficialOwner {
    const o = this.get(id);
    this.customers.assertLive(o.customerId);
    const renamed = patch.personalInfo?.lastName !== undefined && patch.personalInfo.lastName !== o.personalInfo.lastName;
    const next: BeneficialOwner = { ...o, ...patch, personalInfo: { ...o.personalInfo, ...patch.personalInfo }, kycStatus: renamed ? 'PENDING' : o.kycStatus };
    return this.ctx.transaction(() => {
      this.repo.saveOwner(next, this.ctx.clock.nowMs());
      if (renamed) {
        this.ctx.scheduler.cancel(JOB, id);
        this.startKyc(id);
      }
      return this.get(id);
    });
  }

  /** One owner (404 BENEFICIAL_OWNER_NOT_FOUND). */
  get(id: string): BeneficialOwner {
    const o = this.repo.owner(id);
    if (!o) throw notFound('REFERENCE_NOT_FOUND', `Beneficial owner ${id} not found`);
    return o;
  }

  /** A filtered page of owners, newest first. */
  list(q: z.infer<typeof listOwnersQuery>): Page<BeneficialOwner> {
    return this.repo.listOwners(q);
  }

  private startKyc(id: string): void {
    this.ctx.events.append('BENEFICIAL_OWNER.KYC_PENDING', 'BeneficialOwner', id, { status: 'PENDING' });
    this.ctx.scheduler.schedule(JOB, this.ctx.clock.nowMs() + OWNER_KYC_SECONDS * 1000, { ownerId: id }, id);
  }

  private decide(job: Job): void {
    const o = this.repo.owner(String(job.payload['ownerId']));
    if (!o || o.kycStatus !== 'PENDING') return;
    const decision = decideBySuffix(o.personalInfo.lastName);
    if (decision === 'PENDING') return; // 001: the review never finishes in the sandbox
    this.repo.saveOwner({ ...o, kycStatus: decision }, this.ctx.clock.nowMs());
    this.ctx.events.append(`BENEFICIAL_OWNER.KYC_${decision}`, 'BeneficialOwner', o.id, { status: decision, customerId: o.customerId });
  }
}
