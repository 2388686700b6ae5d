import type { Customer } from '../../core/customers/schema';
import type { HandlerOutput } from '../../core/index';
import type { TimelineEntry } from './timeline';
import { verificationStatus } from './customer';

/** A customer's verifications, beneficial owners and verified contacts, as the drawer shows them. */
export type CustomerVerifications = HandlerOutput<'verifications/customer'>;

/** What a customer's KYC or KYB status means, in a sentence support staff can repeat. */
export function identityWords(c: Customer): string {
  const check = c.customerType === 'BUSINESS' ? 'business verification (KYB)' : 'identity verification (KYC)';
  switch (verificationStatus(c)) {
    case 'APPROVED': return `Verified: the ${check} passed, so the customer's accounts are open.`;
    case 'PENDING': return `Being checked: the ${check} has started and has no outcome yet; the accounts wait until it passes.`;
    case 'REJECTED': return `Refused: the ${check} did not pass, so the customer cannot move money.`;
    case 'HOLD': return `On hold: the ${check} needs a person to look at it.`;
    default: return c.customerType === 'BUSINESS'
      ? 'Not verified yet: the business has not been through KYB (POST /verifications), so its accounts wait.'
      : 'Not verified yet: send the customer a KYC link (POST /customers/{id}/kyc-link).';
  }
}

const STEP_WORDS: Record<string, string> = {
  RESOLVE_ERRORS: 'Details missing', READY_FOR_VERIFICATION: 'Ready to check', IN_PROGRESS: 'Checking',
  PENDING_MANUAL_REVIEW: 'Waiting for a manual review', APPROVED: 'Passed', REJECTED: 'Refused',
};

/** A verification named for a picker or a caption: its type, when it started and where it stands. */
export function verificationLabel(v: CustomerVerifications['verifications'][number]): string {
  const started = new Date(v.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${v.type} check of ${started} (${STEP_WORDS[v.status] ?? v.status})`;
}

/** The verifications of a customer as one timeline, oldest first. */
export function verificationTimeline(v: CustomerVerifications['verifications']): TimelineEntry[] {
  return v
    .flatMap((x) => x.history.map((h, i) => ({
      key: `${x.id}:${i}`, title: `${x.type}: ${STEP_WORDS[h.status] ?? h.status}`, code: h.status, status: h.status, at: h.at,
      detail: h.status === 'RESOLVE_ERRORS' ? x.errors.map((e) => `${e.field} ${e.message}`).join('; ') : undefined,
    })))
    .sort((a, b) => a.at.localeCompare(b.at));
}
