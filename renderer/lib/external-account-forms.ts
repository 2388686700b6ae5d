/**
 * The external account types the console's form offers, with the fields each needs. The API
 * validates again (core/accounts/external-schema.ts); these checks only catch typos early.
 */

/** One input of the external account form. */
export interface AccountField {
  key: string;
  label: string;
  placeholder: string;
  required: boolean;
  pattern?: RegExp;
  message?: string;
  /** Upper-case what is typed (IBAN, SWIFT). */
  upper?: boolean;
}

/** One account type: its currency and fields. */
export interface AccountForm {
  accountType: string;
  currency: string;
  label: string;
  fields: AccountField[];
}

const bankName: AccountField = { key: 'bankName', label: 'Bank name (optional)', placeholder: 'Sandbox Bank N.A.', required: false };

/** The offered types, in menu order. */
export const ACCOUNT_FORMS: AccountForm[] = [
  {
    accountType: 'USD_ACCOUNT', currency: 'USD', label: 'US bank account (USD)',
    fields: [
      { key: 'accountNumber', label: 'Account number', placeholder: '100000002000', required: true, pattern: /^[0-9A-Za-z]{1,34}$/, message: '1-34 letters or digits' },
      { key: 'routingNumber', label: 'Routing number', placeholder: '021000021', required: true, pattern: /^\d{9}$/, message: 'Exactly 9 digits' },
      bankName,
    ],
  },
  {
    accountType: 'EUR_ACCOUNT', currency: 'EUR', label: 'SEPA account (EUR, IBAN)',
    fields: [
      { key: 'iban', label: 'IBAN', placeholder: 'FR7630006000011234567890000', required: true, upper: true, pattern: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, message: 'Country code, 2 check digits, then 11-30 letters or digits, no spaces' },
      { key: 'swiftCode', label: 'SWIFT / BIC (optional)', placeholder: 'AGRIFRPP', required: false, upper: true, pattern: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, message: '8 or 11 characters' },
      bankName,
    ],
  },
  {
    accountType: 'MXN_ACCOUNT', currency: 'MXN', label: 'Mexican account (MXN, CLABE)',
    fields: [
      { key: 'clabeNumber', label: 'CLABE', placeholder: '002180000000012000', required: true, pattern: /^\d{18}$/, message: 'Exactly 18 digits' },
      bankName,
    ],
  },
  {
    accountType: 'GBP_ACCOUNT', currency: 'GBP', label: 'UK account (GBP)',
    fields: [
      { key: 'sortCode', label: 'Sort code', placeholder: '040004', required: true, pattern: /^\d{6}$/, message: 'Exactly 6 digits' },
      { key: 'accountNumber', label: 'Account number', placeholder: '12345678', required: true, pattern: /^\d{8}$/, message: 'Exactly 8 digits' },
      bankName,
    ],
  },
];

/** The problem with a value, or undefined when it is acceptable. */
export function fieldProblem(field: AccountField, value: string): string | undefined {
  if (!value) return field.required ? `Enter the ${field.label.toLowerCase()}` : undefined;
  if (field.pattern && !field.pattern.test(value)) return field.message ?? 'Not valid';
  return undefined;
}
