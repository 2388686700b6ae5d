/** Plain words for a value a scenario step compares (the API field stays in the tooltip). */
const WORDS: Record<string, string> = {
  'HTTP status': 'Answer code',
  status: 'Status',
  state: 'Card state',
  stateReason: 'Why the card is in that state',
  failureReason: 'Failure reason',
  'refund.status': 'Refund status',
  'refund.reason': 'Refund reason',
  'data.0.balance.amount': 'Spendable balance (cents)',
  'balance.amount': 'Spendable balance (cents)',
  'data.0.balance.currency.code': 'Account currency',
  totalSendingAmount: 'Amount sent (cents)',
  'receivingCurrency.code': 'Currency received',
  beneficiaryVerificationStatus: 'Beneficiary name check',
  kybStatus: 'Business verification (KYB)',
  kycStatus: 'Identity verification (KYC)',
  type: 'Kind',
  code: 'Error code',
  'details.errors.0.field': 'Field named in the error',
  'details.reason': 'Reason given',
  'pullSummary.pendingCount': 'Pulls still pending',
  'pullSummary.totalAmount': 'Amount pulled (cents)',
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
  'settledAmount.amount': 'Amount settled (cents)',
  'settlementSummary.count': 'Clearings posted',
  'authorizedAmount.amount': 'Amount authorized (cents)',
  'pullSummary.count': 'Pulls made',
  'transaction.sentAmount.amount': 'Amount sent (cents)',
};

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
