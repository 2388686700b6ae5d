import { formatMinorDigits } from './money';
import { reasonWords } from './failure-words';
import { humanize } from './words';

/** Plain words for a value a scenario step compares (the API field stays in the tooltip). */
const WORDS: Record<string, string> = {
  'HTTP status': 'Answer code',
  status: 'Status',
  state: 'Card state',
  stateReason: 'Why the card is in that state',
  failureReason: 'Failure reason',
  'refund.status': 'Refund status',
  'refund.reason': 'Refund reason',
  'data.0.balance.amount': 'Spendable balance',
  'balance.amount': 'Spendable balance',
  'data.0.balance.currency.code': 'Account currency',
  totalSendingAmount: 'Amount sent',
  'receivingCurrency.code': 'Currency received',
  beneficiaryVerificationStatus: 'Beneficiary name check',
  kybStatus: 'Business verification (KYB)',
  kycStatus: 'Identity verification (KYC)',
  type: 'Kind',
  code: 'Error code',
  'details.errors.0.field': 'Field named in the error',
  'details.reason': 'Reason given',
  'pullSummary.pendingCount': 'Pulls still pending',
  'pullSummary.totalAmount': 'Amount pulled',
  'contactVerification.email': 'Email verification',
  'contactVerification.phone': 'Phone verification',
  'factors.0.factor': 'Kind of the first authentication factor',
  'factors.1': 'Second authentication factor',
  scaChallenge: 'Authorization asked of the customer',
  'scaChallenge.factor': 'Factor the customer must use',
  'details.status': 'Status named in the error',
  id: 'Id',
  name: 'Name',
  customerId: 'Customer',
  accountId: 'Account',
  reason: 'Reason given',
  'details.rule': 'Rule that refused it',
  'data.0': 'First entry of the list',
  'data.1': 'Second entry of the list',
  'data.2': 'Third entry of the list',
  'data.0.id': 'Id of the first entry',
  'data.0.type': 'Kind of the first entry',
  'data.1.accountId': 'Account of the second entry',
  encryptedSessionSigningKey: 'Sealed session key',
  privateEnabled: 'Private mode on',
  nickname: 'Credential name',
  authMethodId: 'Credential used',
  isPaused: 'Paused',
  isConnected: 'Connected',
  email: 'Email',
  'data.0.nickname': 'Name of the first entry',
  'settledAmount.amount': 'Amount settled',
  'settlementSummary.count': 'Clearings posted',
  'authorizedAmount.amount': 'Amount authorized',
  'pullSummary.count': 'Pulls made',
  'transaction.sentAmount.amount': 'Amount sent',
};

// Amounts the catalogue compares, in minor units. Every catalogue scenario pays in a two-decimal currency
// (USD, EUR, MXN), so 25000 reads 250.00; the raw integer stays in the tooltip.
const AMOUNTS = new Set(['data.0.balance.amount', 'balance.amount', 'totalSendingAmount', 'pullSummary.totalAmount', 'settledAmount.amount', 'authorizedAmount.amount', 'transaction.sentAmount.amount']);
// Fields whose values are API codes with words of their own.
const REASONS = new Set(['failureReason', 'details.reason', 'reason']);

/** A compared value in words: amounts in units, failure reasons and statuses as people say them, other codes spelled out. */
export function scenarioValueWords(field: string, value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (AMOUNTS.has(field) && typeof value === 'number' && Number.isInteger(value)) return formatMinorDigits(value, 2);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (REASONS.has(field) && /^[A-Z][A-Z0-9_]+$/.test(value)) return reasonWords(value).title;
  const code = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(value);
  if (code && /(^|\.)(status|state|[a-z]+Status)$/.test(field)) return humanize(value);
  return code && value.includes('_') ? humanize(value) : value;
}

/** Whether a compared value has its own plain words (not spelled out from the field's parts). */
export function hasPlainWords(field: string): boolean {
  return field in WORDS;
}

/** `failureReason` -> "Failure reason"; unknown paths are spelled out from their parts. */
export function scenarioFieldWords(field: string): string {
  const known = WORDS[field];
  if (known) return known;
  const words = field.split('.').filter((p) => !/^\d+$/.test(p) && p !== 'data').map((p) => p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
