import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import { conflict, invalidInput, ServiceError } from '../kernel/errors';
import type { CustomerService } from '../customers/service';
import type { VerificationRepo } from './repo';
import { CONTACT_CODE_MAX_ATTEMPTS, CONTACT_CODE_TTL_SECONDS, contactVerificationMandated, SANDBOX_CONTACT_CODE } from './sandbox';
import type { ContactVerified } from './schema';

/** The two contacts a customer verifies. */
export type ContactChannel = 'EMAIL' | 'PHONE';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const FIELD: Record<ContactChannel, 'email' | 'phoneNumber'> = { EMAIL: 'email', PHONE: 'phoneNumber' };

/**
 * Email and phone verification with one-time codes, where the customer's provider mandates it (see
 * sandbox.ts); elsewhere 409. Nothing is sent in the sandbox: the code is always 000000. Codes are
 * stored hashed, last 10 minutes on the workspace clock and allow 5 wrong tries.
 */
export class ContactVerification {
  constructor(private readonly ctx: Ctx, private readonly repo: VerificationRepo, private readonly customers: CustomerService) {}

  /** Sends (in the sandbox: records) a code to the customer's email or phone. */
  send(customerId: string, channel: ContactChannel): void {
    const contact = this.contactOf(customerId, channel);
    const now = this.ctx.clock.nowMs();
    this.ctx.transaction(() => {
      this.repo.insertCode({ id: this.ctx.ids('ContactCode'), customerId, channel, contact, codeHash: hash(SANDBOX_CONTACT_CODE), sentAt: now, expiresAt: now + CONTACT_CODE_TTL_SECONDS * 1000 });
      this.ctx.events.append(`CUSTOMER.${channel}_CODE_SENT`, 'Customer', customerId, { channel });
    });
  }

  /** Confirms the code last sent on a channel. */
  confirm(customerId: string, channel: ContactChannel, code: string): ContactVerified {
    const contact = this.contactOf(customerId, channel);
    const sent = this.repo.lastCode(customerId, channel);
    const now = this.ctx.clock.nowMs();
    const path = channel === 'EMAIL' ? 'verify-email' : 'verify-phone';
    if (!sent || sent.verified_at !== null) throw conflict(`No ${channel.toLowerCase()} code is waiting for customer ${customerId}: POST /customers/{customerId}/${path} first`);
    if (sent.contact !== contact) throw conflict(`The customer's ${FIELD[channel]} changed since the code was sent: send a new code`);
    if (sent.expires_at < now) throw invalidInput('code', `has expired (codes last ${CONTACT_CODE_TTL_SECONDS / 60} minutes): send a new one`);
    if (sent.attempts >= CONTACT_CODE_MAX_ATTEMPTS) throw invalidInput('code', `was entered wrong ${CONTACT_CODE_MAX_ATTEMPTS} times: send a new one`);
    if (hash(code) !== sent.code_hash) {
      this.ctx.transaction(() => this.repo.countAttempt(sent.id));
      throw invalidInput('code', 'does not match the code sent (the sandbox code is 000000)');
    }
    this.ctx.transaction(() => {
      this.repo.markVerified(sent.id, now);
      this.ctx.events.append(`CUSTOMER.${channel}_VERIFIED`, 'Customer', customerId, { channel });
    });
    return { ...this.customers.get(customerId), contactVerification: this.contactVerification(customerId) };
  }

  /** Upstream's contactVerification: VERIFIED for a contact confirmed as it now stands, PENDING for one not yet. */
  contactVerification(customerId: string): { email?: 'PENDING' | 'VERIFIED'; phone?: 'PENDING' | 'VERIFIED' } {
    const c = this.customers.get(customerId) as { email?: string; phoneNumber?: string };
    const done = this.repo.verifiedContacts(customerId);
    const state = (channel: ContactChannel, contact: string | undefined) =>
      contact === undefined ? undefined : done.some((d) => d.channel === channel && d.contact === contact) ? 'VERIFIED' as const : 'PENDING' as const;
    const email = state('EMAIL', c.email);
    const phone = state('PHONE', c.phoneNumber);
    return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
  }

  /** The customer's verified contacts (the console shows them). */
  verified(customerId: string) {
    return this.repo.verifiedContacts(customerId);
  }

  private contactOf(customerId: string, channel: ContactChannel): string {
    this.customers.assertLive(customerId);
    const c = this.customers.get(customerId);
    if (!contactVerificationMandated(c)) {
      throw new ServiceError(409, 'CONFLICT', `The provider serving customer ${customerId} (region ${c.region ?? 'unknown'}) does not require ${channel.toLowerCase()} verification`,
        { reason: 'CONTACT_VERIFICATION_NOT_REQUIRED' });
    }
    const contact = c[FIELD[channel]];
    if (!contact) throw invalidInput(FIELD[channel], `the customer has no ${channel === 'EMAIL' ? 'email address' : 'phone number'} to verify: PATCH the customer first`);
    return contact;
  }
}
