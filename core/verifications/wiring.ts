import type { Ctx } from '../context';
import type { CustomerService } from '../customers/service';
import type { ExternalAccountService } from '../accounts/external-service';
import { OwnershipChallenges } from './ownership';
import { ContactVerification } from './contact';
import { KycLinks } from './kyc-link';
import { BeneficialOwners } from './owners';
import { verificationRepo } from './repo';
import type { VerificationAreas } from './routes';
import { KybVerifications } from './service';

/** The verifications area of a workspace. */
export type { VerificationAreas } from './routes';

/** Builds KYB verifications, beneficial owners, KYC links and contact verification over one repo. */
export function createVerificationAreas(ctx: Ctx, customers: CustomerService, external: ExternalAccountService): VerificationAreas {
  const repo = verificationRepo(ctx.db);
  return {
    kyb: new KybVerifications(ctx, repo, customers),
    owners: new BeneficialOwners(ctx, repo, customers),
    kycLinks: new KycLinks(ctx, repo, customers),
    contacts: new ContactVerification(ctx, repo, customers),
    ownership: new OwnershipChallenges(ctx, external),
  };
}
