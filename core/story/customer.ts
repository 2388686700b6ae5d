import type { Customer, VerificationStatus } from '../customers/schema';

/** The name a person reads: an individual's full name, a business's legal name, else the platform id. */
export function customerName(c: Customer): string {
  if (c.customerType === 'INDIVIDUAL') return c.fullName || c.platformCustomerId;
  return c.businessInfo.legalName || c.platformCustomerId;
}

/** KYC for individuals, KYB for businesses. */
export function verificationStatus(c: Customer): VerificationStatus {
  return c.customerType === 'INDIVIDUAL' ? c.kycStatus : c.kybStatus;
}

/** The identifier a person recognises an external account by (account number, IBAN, CLABE, address...). */
export function externalIdentifier(accountInfo: Record<string, unknown>): string {
  for (const key of ['accountNumber', 'iban', 'clabeNumber', 'pixKey', 'vpa', 'phoneNumber', 'address']) {
    const v = accountInfo[key];
    if (typeof v === 'string' && v) return v;
  }
  return '—';
}
