import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import type { Page } from '../kernel/pagination';
import type { CustomerService } from '../customers/service';
import { invitationRepo } from './repo';
import type { claimInvitationSchema, createInvitationSchema, Invitation, InvitationStatus } from './schema';

const EXPIRE_JOB = 'invitation.expire';
const UMA = /^\$[a-z0-9._-]{1,64}@[a-z0-9.-]+\.[a-z]{2,}$/i;
// No 0/O or 1/I/L: the code is read aloud and typed by people.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** The allowed status changes; anything else is a bug and throws. */
const TRANSITIONS: Record<InvitationStatus, readonly InvitationStatus[]> = {
  PENDING: ['CLAIMED', 'EXPIRED', 'CANCELLED'],
  CLAIMED: [],
  EXPIRED: [],
  CANCELLED: [],
};

/** UMA invitations: a customer shares a code, the invitee claims it with their UMA address (INVITATION.CLAIMED). */
export class InvitationService {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly customers: CustomerService) {
    this.repo = invitationRepo(ctx.db);
    ctx.scheduler.register(EXPIRE_JOB, (job) => this.expire(String(job.payload['code'])));
  }

  /** Creates a PENDING invitation from one of the platform's customers (400 INVALID_UMA_ADDRESS for an address no customer holds). */
  create(body: z.infer<typeof createInvitationSchema>): Invitation {
    if (!UMA.test(body.inviterUma)) throw new ServiceError(400, 'INVALID_UMA_ADDRESS', `inviterUma "${body.inviterUma}" is not a UMA address such as $alice@demo-platform.localhost`, { field: 'inviterUma' });
    const inviter = this.customers.findLiveByUmaAddress(body.inviterUma);
    if (!inviter) throw new ServiceError(400, 'INVALID_UMA_ADDRESS', `No customer of this platform has the UMA address ${body.inviterUma}`, { field: 'inviterUma' });
    const now = this.ctx.clock.nowMs();
    const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
    if (expiresAt !== null && expiresAt <= now) throw invalidInput('expiresAt', `must be in the future (the workspace time is ${isoOf(now)})`);
    // The amount is in the inviter's first currency: upstream takes a bare integer and answers a CurrencyAmount.
    const currency = body.amountToSend === undefined ? null : (inviter.currencies?.[0] ?? 'USD');
    const domain = body.inviterUma.slice(body.inviterUma.indexOf('@') + 1);
    return this.ctx.transaction(() => {
      const code = this.freeCode();
      const created = this.repo.insert({
        code, inviterCustomerId: inviter.id, inviterUma: body.inviterUma, firstName: body.firstName ?? null,
        amount: body.amountToSend ?? null, currency, url: `https://${domain}/invitations/${code}`, expiresAt, atMs: now,
      });
      if (expiresAt !== null) this.ctx.scheduler.schedule(EXPIRE_JOB, expiresAt, { code }, code);
      this.ctx.events.append('INVITATION.CREATED', 'Invitation', code, created);
      return created;
    });
  }

  /** One invitation by its code (404 INVITATION_NOT_FOUND). */
  get(code: string): Invitation {
    return this.record(code).invitation;
  }

  /**
   * Claims a PENDING invitation for `inviteeUma`. Refusals are upstream's 400 codes: INVITATION_ALREADY_CLAIMED,
   * INVITATION_CANCELLED, EXPIRED, INVALID_UMA_ADDRESS (malformed, or the inviter's own address).
   */
  claim(code: string, body: z.infer<typeof claimInvitationSchema>): Invitation {
    return this.ctx.transaction(() => {
      const current = this.get(code);
      if (!UMA.test(body.inviteeUma)) throw new ServiceError(400, 'INVALID_UMA_ADDRESS', `inviteeUma "${body.inviteeUma}" is not a UMA address such as $bob@sandbox.uma.example`, { field: 'inviteeUma' });
      this.assertPending(current);
      if (body.inviteeUma.toLowerCase() === current.inviterUma.toLowerCase()) {
        throw new ServiceError(400, 'INVALID_UMA_ADDRESS', 'An invitation cannot be claimed by the customer who made it', { field: 'inviteeUma' });
      }
      this.check(current.status, 'CLAIMED');
      const claimed = this.repo.claim(code, body.inviteeUma, this.ctx.clock.nowMs());
      this.ctx.scheduler.cancel(EXPIRE_JOB, code);
      // Delivered as the INVITATION.CLAIMED webhook (core/webhooks/event-map.ts).
      this.ctx.events.append('INVITATION.CLAIMED', 'Invitation', code, claimed);
      return claimed;
    });
  }

  /** Cancels a PENDING invitation; cancelling a cancelled one answers it unchanged; a claimed or expired one is 400. */
  cancel(code: string): Invitation {
    return this.ctx.transaction(() => {
      const current = this.get(code);
      if (current.status === 'CANCELLED') return current;
      this.assertPending(current);
      this.check(current.status, 'CANCELLED');
      const cancelled = this.repo.setStatus(code, 'CANCELLED', this.ctx.clock.nowMs());
      this.ctx.scheduler.cancel(EXPIRE_JOB, code);
      this.ctx.events.append('INVITATION.CANCELLED', 'Invitation', code, cancelled);
      return cancelled;
    });
  }

  /** Invitations, newest first (the console's list). */
  list(f: { status?: InvitationStatus | undefined; customerId?: string | undefined; limit: number; cursor?: string | undefined }): Page<Invitation> {
    return this.repo.list(f);
  }

  /** The invitation with the customer who made it (404 INVITATION_NOT_FOUND). */
  record(code: string) {
    const r = this.repo.find(code);
    if (!r) throw notFound('INVITATION_NOT_FOUND', `Invitation ${code} not found`);
    return r;
  }

  private assertPending(i: Invitation): void {
    if (i.status === 'CLAIMED') throw new ServiceError(400, 'INVITATION_ALREADY_CLAIMED', `Invitation ${i.code} was already claimed by ${i.inviteeUma ?? 'someone'}`, { claimedAt: i.claimedAt });
    if (i.status === 'CANCELLED') throw new ServiceError(400, 'INVITATION_CANCELLED', `Invitation ${i.code} was cancelled`, {});
    if (i.status === 'EXPIRED') throw new ServiceError(400, 'EXPIRED', `Invitation ${i.code} expired at ${i.expiresAt ?? ''}`, { expiresAt: i.expiresAt });
  }

  private check(from: InvitationStatus, to: InvitationStatus): void {
    if (!TRANSITIONS[from].includes(to)) throw new Error(`illegal invitation transition ${from} -> ${to}`);
  }

  private expire(code: string): void {
    const current = this.repo.find(code)?.invitation;
    if (!current || current.status !== 'PENDING') return;
    const expired = this.repo.setStatus(code, 'EXPIRED', this.ctx.clock.nowMs());
    this.ctx.events.append('INVITATION.EXPIRED', 'Invitation', code, expired);
  }

  private freeCode(): string {
    for (;;) {
      const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
      if (!this.repo.find(code)) return code;
    }
  }
}
