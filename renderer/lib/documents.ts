/** Words for documents: their types as support staff say them, and file sizes. */
import type { Document } from '../../core/documents/schema';

/** A document type as the API names it. */
export type DocumentType = Document['documentType'];

// A record over every type, so the compiler says when the core adds one without words here.
const LABELS: Record<DocumentType, string> = {
  PASSPORT: 'Passport', DRIVERS_LICENSE: 'Driver’s license', NATIONAL_ID: 'National ID card', PROOF_OF_ADDRESS: 'Proof of address',
  BANK_STATEMENT: 'Bank statement', TAX_RETURN: 'Tax return', CERTIFICATE_OF_INCORPORATION: 'Certificate of incorporation',
  ARTICLES_OF_INCORPORATION: 'Articles of incorporation', ARTICLES_OF_ASSOCIATION: 'Articles of association',
  STATE_REGISTRY_EXCERPT: 'State registry excerpt', GOOD_STANDING_CERTIFICATE: 'Certificate of good standing',
  INFORMATION_STATEMENT: 'Information statement', INCUMBENCY_CERTIFICATE: 'Certificate of incumbency', BUSINESS_LICENSE: 'Business license',
  SHAREHOLDER_REGISTER: 'Shareholder register', POWER_OF_ATTORNEY: 'Power of attorney', UTILITY_BILL: 'Utility bill',
  ELECTRICITY_BILL: 'Electricity bill', RENT_OR_LEASE_AGREEMENT: 'Rent or lease agreement', DIRECTOR_REGISTRY: 'Register of directors',
  TRUST_AGREEMENT: 'Trust agreement', STATE_COMPANY_REGISTRY: 'State company registry', PARTNERSHIP_CONTROL_AGREEMENT: 'Partnership control agreement',
  PARTNERSHIP_AGREEMENT: 'Partnership agreement', SELFIE: 'Selfie', OTHER: 'Other document',
};

/** A document type in plain words. */
export function documentTypeLabel(type: string): string {
  return LABELS[type as DocumentType] ?? type;
}

/** Every document type as select options, identity documents first (the API order). */
export const DOCUMENT_TYPE_OPTIONS = (Object.keys(LABELS) as DocumentType[]).map((value) => ({ value, label: LABELS[value] }));

/** A file size in B, KB or MB. */
export function fileSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
