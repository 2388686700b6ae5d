import type { Customer } from '../customers/schema';

/** The decided status of a sandbox check, by the spec's suffix tables (001 PENDING, 002 REJECTED, other APPROVED). */
export type SandboxDecision = 'PENDING' | 'REJECTED' | 'APPROVED';

/** Seconds after `POST /verifications` that the check starts (READY_FOR_VERIFICATION -> IN_PROGRESS). */
export const KYB_START_SECONDS = 1;
/** Seconds after the start that the KYB check decides. */
export const KYB_DECIDE_SECONDS = 30;
/** Seconds after a beneficial owner is added (or renamed) that its KYC decides. */
export const OWNER_KYC_SECONDS = 10;
/** Seconds after a KYC link is issued that the sandbox's hosted flow "completes". */
export const KYC_LINK_SECONDS = 60;
/** How long a KYC link stays valid. */
export const KYC_LINK_TTL_SECONDS = 24 * 3600;
/** The one-time code every sandbox contact verification accepts (nothing is really sent). */
export const SANDBOX_CONTACT_CODE = '000000';
/** How long a contact code stays valid. */
export const CONTACT_CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes allowed per code sent. */
export const CONTACT_CODE_MAX_ATTEMPTS = 5;

/** The spec's KYB and beneficial-owner KYC table: the last 3 characters decide. */
export function decideBySuffix(text: string | undefined): SandboxDecision {
  const suffix = (text ?? '').trim().slice(-3);
  return suffix === '001' ? 'PENDING' : suffix === '002' ? 'REJECTED' : 'APPROVED';
}

/**
 * Whether the customer's provider mandates email and phone verification. The sandbox models two
 * providers by region: the one serving the Americas (US, CA, MX, BR, CO, AR, CL, PE) mandates it;
 * the one serving every other region does not, and there the endpoints answer 409.
 */
export function contactVerificationMandated(c: Customer): boolean {
  const region = c.region ?? (c.customerType === 'BUSINESS' ? c.businessInfo.country : c.nationality);
  return ['US', 'CA', 'MX', 'BR', 'CO', 'AR', 'CL', 'PE'].includes((region ?? '').toUpperCase());
}

/** The last word of an individual's full name (where the sandbox reads the KYC suffix of a KYC link). */
export function lastNameOf(c: Customer): string {
  return c.customerType === 'INDIVIDUAL' ? (c.fullName ?? '').trim().split(/\s+/).at(-1) ?? '' : '';
}
