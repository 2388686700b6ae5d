import type { PaymentRail } from '../payments/vocabulary';

/**
 * Words for people: the API's and the core's names (rails, account types, payer data fields, the
 * causes of status changes, event types) as support staff read them. Screens show these labels and
 * keep the API name in a tooltip for developers (see `Worded`).
 */

/** A label for people with the API name it stands for (shown in a tooltip). */
export interface Worded {
  text: string;
  code: string;
}

/** `SOME_CODE` or `some-code` as a sentence fragment: `Some code`. */
export function humanize(code: string): string {
  const words = code.replace(/[_.-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A record over every rail, so the compiler says when the core adds one without words here.
const RAILS: Record<PaymentRail, string> = {
  ACH: 'ACH', ACH_COLOMBIA: 'ACH Colombia', BANK_TRANSFER: 'Bank transfer', BRE_B: 'Bre-B', CIPS: 'CIPS', FAST: 'FAST',
  FASTER_PAYMENTS: 'Faster Payments', FEDNOW: 'FedNow', INSTAPAY: 'InstaPay', MOBILE_MONEY: 'Mobile money', NEFT: 'NEFT',
  PAYNOW: 'PayNow', PESONET: 'PESONet', PIX: 'Pix', RTGS: 'RTGS', RTP: 'RTP', SEPA: 'SEPA', SEPA_INSTANT: 'SEPA Instant',
  SPEI: 'SPEI', SWIFT: 'SWIFT', UNIONPAY: 'UnionPay', UPI: 'UPI', WIRE: 'Wire',
};

/** A payment rail's name as people say it: `SEPA_INSTANT` -> `SEPA Instant`. */
export function railLabel(rail: string): string {
  return (RAILS as Record<string, string>)[rail] ?? humanize(rail);
}

const WALLETS: Record<string, string> = {
  SPARK_WALLET: 'Spark wallet', LIGHTNING: 'Lightning address', SOLANA_WALLET: 'Solana wallet', TRON_WALLET: 'Tron wallet',
  POLYGON_WALLET: 'Polygon wallet', BASE_WALLET: 'Base wallet', ETHEREUM_WALLET: 'Ethereum wallet', EMBEDDED_WALLET: 'Embedded wallet',
};

// Internal accounts: the balances the platform keeps for a customer (or itself).
const INTERNAL_ACCOUNTS: Record<string, string> = { INTERNAL_FIAT: 'Balance account', INTERNAL_CRYPTO: 'Crypto balance account' };

/** An account type as people say it: `EUR_ACCOUNT` -> `EUR bank account`, `SOLANA_WALLET` -> `Solana wallet`, `INTERNAL_FIAT` -> `Balance account`. */
export function accountTypeLabel(accountType: string): string {
  if (WALLETS[accountType]) return WALLETS[accountType];
  if (INTERNAL_ACCOUNTS[accountType]) return INTERNAL_ACCOUNTS[accountType];
  if (accountType === 'SWIFT_ACCOUNT') return 'Bank account (SWIFT)';
  const m = /^([A-Z]{3})_ACCOUNT$/.exec(accountType);
  return m ? `${m[1]} bank account` : humanize(accountType);
}

const PAYER_FIELDS: Record<string, string> = {
  FULL_NAME: 'Full name', BIRTH_DATE: 'Date of birth', NATIONALITY: 'Nationality', COUNTRY_OF_RESIDENCE: 'Country of residence',
  ADDRESS: 'Address', EMAIL: 'Email', PHONE_NUMBER: 'Phone number', TAX_ID: 'Tax id',
};

/** A payer data field the receiver asks for, as a form label: `BIRTH_DATE` -> `Date of birth`. */
export function payerFieldLabel(name: string): string {
  return PAYER_FIELDS[name] ?? humanize(name);
}

const AUTH_METHODS: Record<string, string> = {
  PASSKEY: 'Passkey', EMAIL_OTP: 'Email code', SMS_OTP: 'SMS code', OAUTH: 'OAuth sign-in', TOTP: 'Authenticator app',
};

/** A way to sign in or authorize (wallet credentials, sessions, SCA factors) in words: `EMAIL_OTP` -> `Email code`. */
export function authMethodLabel(type: string): string {
  return AUTH_METHODS[type] ?? humanize(type);
}

const CLOCK_MODES: Record<string, string> = { REAL: 'Running', FROZEN: 'Stopped (test clock)' };

/** The workspace clock's mode in words: `FROZEN` -> `Stopped (test clock)`. */
export function clockModeLabel(mode: string): string {
  return CLOCK_MODES[mode] ?? humanize(mode);
}

const CAUSES: Record<string, string> = {
  QUOTE_CREATED: 'Quote created', QUOTE_EXECUTED: 'Quote executed: the money left the source account',
  REALTIME_FUNDS_RECEIVED: 'The payer’s funds arrived', QUOTE_EXPIRED: 'The quote expired before it was paid',
  SANDBOX_PROCESSING: 'Payout started', SANDBOX_DELIVERED: 'Delivered to the recipient',
  SANDBOX_FAILED: 'The payment failed', SANDBOX_REJECTED: 'The receiving institution rejected it', SANDBOX_REFUNDED: 'Cancelled and refunded',
  RECEIVING_BANK_RETURNED: 'The receiving bank returned the payment',
  REFUND_INITIATED: 'Refund started', REFUND_COMPLETED: 'Refund completed: the money is back', REFUND_FAILED: 'The refund failed',
  TRANSFER_IN_CREATED: 'Pull from the bank account started', TRANSFER_OUT_CREATED: 'Transfer to the bank account started',
  SANDBOX_UMA_RECEIVED: 'Incoming UMA payment received', SANDBOX_INSUFFICIENT_FUNDS: 'Refused: insufficient funds',
  SANDBOX_ACCOUNT_INVALID: 'Refused: the account is closed or invalid',
};

/** Why a transaction's status changed (a history entry's cause), in words. */
export function causeLabel(cause: string): string {
  return CAUSES[cause] ?? humanize(cause.replace(/^SANDBOX_/, ''));
}

const RESOURCES: Record<string, string> = {
  OUTGOING_PAYMENT: 'Outgoing payment', INCOMING_PAYMENT: 'Incoming payment', QUOTE: 'Quote', INTERNAL_ACCOUNT: 'Internal account',
  EXTERNAL_ACCOUNT: 'External account', CUSTOMER: 'Customer',
};

/** An event type in words: `OUTGOING_PAYMENT.REFUND_PENDING` -> `Outgoing payment: refund pending`. */
export function eventTypeLabel(type: string): string {
  const dot = type.indexOf('.');
  if (dot < 0) return humanize(type);
  const resource = type.slice(0, dot);
  return `${RESOURCES[resource] ?? humanize(resource)}: ${humanize(type.slice(dot + 1)).toLowerCase()}`;
}

const JOURNALS: Record<string, string> = {
  SANDBOX_FUND: 'Sandbox funding', QUOTE_EXECUTED: 'Money held for the payment', REALTIME_FUNDS_RECEIVED: 'Payer’s funds held for the payment',
  TRANSFER_OUT: 'Money held for the transfer', TRANSFER_IN: 'Money on its way from the bank', UMA_INBOUND: 'Incoming money, pending',
  PAYMENT_SETTLED: 'Paid out', PAYMENT_REVERSED: 'Sent back to the payer', PAYOUT_RETURNED: 'Returned by the receiving bank',
  REFUND_SETTLED: 'Refunded', REFUND_FAILED: 'Refund failed, moved to suspense',
};

/** What a ledger journal did, in words (`PAYMENT_SETTLED` -> `Paid out`). */
export function journalLabel(kind: string): string {
  return JOURNALS[kind] ?? humanize(kind);
}

const EDGES: Record<string, string> = {
  payout: 'Paid out of the platform', 'realtime-funding': 'The payer’s own funds', 'uma-inbound': 'Incoming UMA payments',
  'transfer-in': 'Pulled from a bank account', 'sandbox-funding': 'Sandbox funding', suspense: 'Suspense (held for operations)',
};

/** A ledger position outside customers' accounts (`edge:payout:USD`, `transit:<id>`) in words; undefined for other accounts. */
export function ledgerEdgeLabel(accountId: string): string | undefined {
  const edge = /^edge:([^:]+):([A-Z0-9]+)$/.exec(accountId);
  if (edge) return `${EDGES[edge[1]!] ?? humanize(edge[1]!)} (${edge[2]})`;
  if (accountId.startsWith('transit:')) return 'In transit with this payment';
  return undefined;
}

const SCENARIO_KINDS: Record<string, string> = {
  QUOTE: 'Quote to an account', TRANSFER: 'Transfer', UMA: 'Quote to a UMA recipient', UMA_RECEIVE: 'Incoming UMA payment',
};

/** The sandbox scenario a transaction runs (`QUOTE:005`, `UMA:$fail.compliance.usd`) in words: `Quote to an account ending 005`. */
export function scenarioLabel(key: string): string {
  const [kind = '', name = ''] = key.split(/:(.*)/s);
  const what = SCENARIO_KINDS[kind] ?? humanize(kind);
  if (!name || name === 'SUCCESS') return `${what}, succeeds`;
  if (/^\d{3}$/.test(name)) return `${what} ending ${name}`;
  return kind === 'UMA' ? `${what} ${name}` : `${what}, ${humanize(name).toLowerCase()}`;
}
