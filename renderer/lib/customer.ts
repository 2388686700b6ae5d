import type { Customer } from '../../core/customers/schema';

/** The name a person reads: an individual's full name, a business's legal name, else the platform id. */
export function customerName(c: Customer): string {
  if (typeof c['fullName'] === 'string' && c['fullName']) return c['fullName'];
  const business = c['businessInfo'] as { legalName?: unknown } | undefined;
  if (business && typeof business.legalName === 'string' && business.legalName) return business.legalName;
  return c.platformCustomerId;
}

/** KYC for individuals, KYB for businesses. */
export function verificationStatus(c: Customer): string {
  return c.kycStatus ?? c.kybStatus ?? 'UNVERIFIED';
}

/** The identifier a person recognises an external account by (account number, IBAN, CLABE, address...). */
export function externalIdentifier(accountInfo: Record<string, unknown>): string {
  for (const key of ['accountNumber', 'iban', 'clabeNumber', 'pixKey', 'vpa', 'phoneNumber', 'address']) {
    const v = accountInfo[key];
    if (typeof v === 'string' && v) return v;
  }
  return '—';
}
