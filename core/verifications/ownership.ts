import { z } from 'zod';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput } from '../kernel/errors';
import type { ExternalAccountService } from '../accounts/external-service';
import { ownershipRepo, type ChallengeRow } from './ownership-repo';

/** The two micro-deposits (minor units) the sandbox "sends" for every challenge: answer with them. */
export const SANDBOX_MICRO_DEPOSITS = [32, 45] as const;
/** How long a challenge can be answered. */
export const CHALLENGE_TTL_SECONDS = 3 * 24 * 3600;
/** Wrong answers allowed before the challenge fails and a new one is needed. */
export const CHALLENGE_MAX_ATTEMPTS = 3;

/** The OwnershipChallenge resource. */
export const ownershipChallengeSchema = z.object({
  id: z.string().meta({ example: 'OwnershipChallenge:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  externalAccountId: z.string(),
  method: z.literal('MICRO_DEPOSITS').meta({ description: 'Two small deposits land on the account; their amounts prove its owner sees it' }),
  status: z.enum(['PENDING', 'VERIFIED', 'FAILED']),
  attemptsLeft: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime().optional(),
}).strict().meta({ id: 'OwnershipChallenge', description: 'A proof that the customer controls an external account' });

/** The OwnershipChallenge resource. */
export type OwnershipChallenge = z.infer<typeof ownershipChallengeSchema>;

/** `POST .../verify` body. */
export const verifyOwnershipSchema = z.object({
  amounts: z.array(z.number().int().positive()).length(2, 'must list the two micro-deposit amounts, in minor units'),
}).strict();

function toResource(r: ChallengeRow): OwnershipChallenge {
  return {
    id: r.id, externalAccountId: r.external_account_id, method: 'MICRO_DEPOSITS', status: r.status,
    attemptsLeft: Math.max(0, CHALLENGE_MAX_ATTEMPTS - r.attempts), createdAt: isoOf(r.created_at), expiresAt: isoOf(r.expires_at),
    ...(r.verified_at !== null ? { verifiedAt: isoOf(r.verified_at) } : {}),
  };
}

/**
 * External-account ownership by micro-deposits (upstream's challenge and verify). The sandbox moves no
 * money: every challenge's deposits are 0.32 and 0.45 in the account's currency (32 and 45 minor units),
 * in either order; 3 wrong answers or 3 days on the workspace clock end a challenge.
 */
export class OwnershipChallenges {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly external: ExternalAccountService) {
    this.repo = ownershipRepo(ctx.db);
  }

  /** Starts a challenge for an account of that owner (404 when it is not one). */
  challenge(accountId: string, owner: 'CUSTOMER' | 'PLATFORM'): OwnershipChallenge {
    this.external.get(accountId, owner);
    const now = this.ctx.clock.nowMs();
    return this.ctx.transaction(() => {
      const row = this.repo.insert(this.ctx.ids('OwnershipChallenge'), accountId, [...SANDBOX_MICRO_DEPOSITS], now, now + CHALLENGE_TTL_SECONDS * 1000);
      this.ctx.events.append('EXTERNAL_ACCOUNT.OWNERSHIP_CHALLENGED', 'ExternalAccount', accountId, { challengeId: row.id });
      return toResource(row);
    });
  }

  /** Answers the latest challenge with the two amounts. */
  verify(accountId: string, owner: 'CUSTOMER' | 'PLATFORM', amounts: number[]): OwnershipChallenge {
    this.external.get(accountId, owner);
    const c = this.repo.latest(accountId);
    if (!c || c.status !== 'PENDING') {
      throw conflict(`External account ${accountId} has no open ownership challenge${c ? ` (the last one is ${c.status.toLowerCase()})` : ''}: start one with .../challenge`, 'CONFLICT');
    }
    if (c.expires_at < this.ctx.clock.nowMs()) throw invalidInput('amounts', 'the challenge has expired (3 days): start a new one');
    const expected = (JSON.parse(c.amounts) as number[]).slice().sort((a, b) => a - b);
    const given = amounts.slice().sort((a, b) => a - b);
    const result = this.ctx.transaction(() => {
      if (given.join(',') !== expected.join(',')) {
        const after = this.repo.miss(c.id, CHALLENGE_MAX_ATTEMPTS);
        // Why a 400 that still commits: the wrong try counts toward the limit.
        this.ctx.events.append('EXTERNAL_ACCOUNT.OWNERSHIP_MISSED', 'ExternalAccount', accountId, { challengeId: c.id, attemptsLeft: toResource(after).attemptsLeft });
        return toResource(after);
      }
      const done = this.repo.verify(c.id, this.ctx.clock.nowMs());
      this.ctx.events.append('EXTERNAL_ACCOUNT.OWNERSHIP_VERIFIED', 'ExternalAccount', accountId, { challengeId: c.id });
      return toResource(done);
    });
    if (result.status === 'VERIFIED') return result;
    throw invalidInput('amounts', result.status === 'FAILED'
      ? 'do not match the micro-deposits, and that was the last try: start a new challenge'
      : `do not match the micro-deposits (the sandbox sends 32 and 45); ${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left`);
  }
}
