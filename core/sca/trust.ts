import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { ScaChallenges } from './challenges';
import type { ScaRepo } from './repo';
import type { ChallengeAnswer, ScaChallenge } from './schema';

/** Where trust looks up the owner of an external account. */
export interface ExternalAccountDirectory {
  get(id: string): { id: string; customerId?: string | null | undefined };
}

/**
 * Trusted beneficiaries: a customer marks an external account trusted (or no longer trusted) by
 * answering an SCA challenge; payouts to a trusted account skip SCA.
 */
export class BeneficiaryTrust {
  constructor(private readonly ctx: Ctx, private readonly repo: ScaRepo, private readonly challenges: ScaChallenges, private readonly accounts: ExternalAccountDirectory) {}

  /** Whether this customer's payouts to this external account skip SCA (they trusted it themselves). */
  isTrustedBy(externalAccountId: string, customerId: string): boolean {
    return this.repo.trustedBy(externalAccountId) === customerId;
  }

  /** Starts trusting (or untrusting) an account: the challenge its owner answers. */
  start(externalAccountId: string, trust: boolean): { scaChallenge: ScaChallenge } {
    const customerId = this.ownerOf(externalAccountId);
    if (trust && this.repo.isTrusted(externalAccountId)) throw conflict(`External account ${externalAccountId} is already trusted`, 'BENEFICIARY_TRUSTED');
    if (!trust && !this.repo.isTrusted(externalAccountId)) throw conflict(`External account ${externalAccountId} is not trusted`, 'INVALID_STATE_TRANSITION');
    return { scaChallenge: this.challenges.issue({ customerId, purpose: trust ? 'TRUST_BENEFICIARY' : 'UNTRUST_BENEFICIARY', subjectId: externalAccountId }) };
  }

  /** Confirms with the answer to the challenge; the account's trust changes. */
  async confirm(externalAccountId: string, trust: boolean, answer: ChallengeAnswer): Promise<{ trusted: boolean }> {
    const customerId = this.ownerOf(externalAccountId);
    const c = this.challenges.find(customerId, trust ? 'TRUST_BENEFICIARY' : 'UNTRUST_BENEFICIARY', externalAccountId, answer.challengeId);
    await this.challenges.answer(c, answer, 'SPEND_CHALLENGE');
    return this.ctx.transaction(() => {
      if (trust) this.repo.trust(externalAccountId, customerId, this.ctx.clock.nowMs());
      else this.repo.untrust(externalAccountId);
      this.ctx.events.append(trust ? 'SCA.BENEFICIARY_TRUSTED' : 'SCA.BENEFICIARY_UNTRUSTED', 'ExternalAccount', externalAccountId, { customerId });
      return { trusted: trust };
    });
  }

  /** The customer owning an account (a platform's own account has no end user to authenticate). */
  private ownerOf(externalAccountId: string): string {
    let owner: string | null | undefined;
    try {
      owner = this.accounts.get(externalAccountId).customerId;
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) throw notFound('REFERENCE_NOT_FOUND', `External account ${externalAccountId} not found`);
      throw err;
    }
    if (!owner) throw invalidInput('externalAccountId', 'is a platform account: only a customer\'s beneficiaries are trusted through SCA');
    return owner;
  }
}
