import type { Ctx } from '../context';
import { invalidInput } from '../kernel/errors';
import type { Job } from '../kernel/scheduler';
import type { CustomerService } from '../customers/service';
import type { VerificationRepo } from './repo';
import { decideBySuffix, KYC_LINK_SECONDS, KYC_LINK_TTL_SECONDS, lastNameOf } from './sandbox';

const JOB = 'kyc-link.complete';

/**
 * KYC links for individuals (`POST /customers/{id}/kyc-link`). The sandbox serves no hosted page:
 * issuing a link sets the customer's kycStatus to PENDING, and a minute later on the workspace clock
 * the customer "completes" the flow with the outcome the last 3 characters of the last word of
 * `fullName` choose (001 stays PENDING, 002 REJECTED, other APPROVED).
 */
export class KycLinks {
  constructor(private readonly ctx: Ctx, private readonly repo: VerificationRepo, private readonly customers: CustomerService) {
    ctx.scheduler.register(JOB, (job) => this.complete(job));
  }

  /** Issues a link and starts the sandbox's hosted KYC; `redirectUri` rides on the link, as a hosted flow would read it. */
  create(customerId: string, redirectUri?: string): { kycUrl: string; customerId: string; expiresAt: string; provider: 'SUMSUB' } {
    this.customers.assertLive(customerId);
    const c = this.customers.get(customerId);
    if (c.customerType !== 'INDIVIDUAL') throw invalidInput('customerId', `${customerId} is a business: businesses verify through POST /verifications (KYB)`);
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('KycLink');
    const kycUrl = `https://kyc.sandbox.localhost/verify/${encodeURIComponent(id.slice('KycLink:'.length))}${redirectUri ? `?redirectUri=${encodeURIComponent(redirectUri)}` : ''}`;
    const expiresAt = now + KYC_LINK_TTL_SECONDS * 1000;
    const outcome = decideBySuffix(lastNameOf(c));
    return this.ctx.transaction(() => {
      this.repo.insertLink({ id, customerId, url: kycUrl, outcome, createdAt: now, expiresAt });
      if (c.kycStatus !== 'PENDING') this.customers.setVerificationStatus(customerId, 'PENDING');
      this.ctx.scheduler.schedule(JOB, now + KYC_LINK_SECONDS * 1000, { customerId, linkId: id, outcome }, customerId);
      return { kycUrl, customerId, expiresAt: new Date(expiresAt).toISOString(), provider: 'SUMSUB' as const };
    });
  }

  private complete(job: Job): void {
    const customerId = String(job.payload['customerId']);
    const outcome = job.payload['outcome'] as 'PENDING' | 'REJECTED' | 'APPROVED';
    const c = this.customers.get(customerId);
    if (c.isDeleted || c.customerType !== 'INDIVIDUAL' || c.kycStatus !== 'PENDING' || outcome === 'PENDING') return;
    this.customers.setVerificationStatus(customerId, outcome);
  }
}
