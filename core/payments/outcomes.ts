// The sandbox's outcome tables. They sit in payments, below every area that reads them (accounts,
// receivers, quotes, transfers, and the runner in transactions), while the sandbox's simulators and
// routes sit above those areas in core/sandbox/.
import type { FailureReason } from './vocabulary';
import { scenarioSuffix } from './suffix';

/** One thing that happens to a payment later, on the workspace clock. */
export type Step =
  | { kind: 'PROCESS' }
  | { kind: 'COMPLETE' }
  | { kind: 'FAIL'; status: 'FAILED' | 'REJECTED' | 'REFUNDED'; failureReason?: FailureReason; refund: 'COMPLETED' | 'FAILED'; refundReason?: 'TRANSACTION_FAILED' | 'USER_CANCELLATION' | 'TIMEOUT' }
  | { kind: 'RETURN'; failureReason: FailureReason }
  | { kind: 'REFUND_SETTLE'; outcome: 'COMPLETED' | 'FAILED' };

/** An outcome: a name for people and the steps it schedules, each `after` seconds from the start. */
export interface Outcome {
  name: string;
  description: string;
  steps: { after: number; step: Step }[];
}

/** Seconds between a failure and the settlement of its refund. */
export const REFUND_DELAY_SECONDS = 10;

const fail = (status: 'FAILED' | 'REJECTED' | 'REFUNDED', failureReason: FailureReason | undefined, refund: 'COMPLETED' | 'FAILED' = 'COMPLETED', refundReason: 'TRANSACTION_FAILED' | 'USER_CANCELLATION' = 'TRANSACTION_FAILED'): Step =>
  failureReason === undefined ? { kind: 'FAIL', status, refund, refundReason } : { kind: 'FAIL', status, failureReason, refund, refundReason };

/** Quote execution to an external account, by the destination identifier's last 3 digits (the spec's table). */
export const QUOTE_OUTCOMES: Record<string, Outcome> = {
  SUCCESS: { name: 'SUCCESS', description: 'Completes about 5 seconds after execution', steps: [{ after: 5, step: { kind: 'COMPLETE' } }] },
  '002': { name: 'EXECUTION_FAILED', description: 'Quote execution fails; the source is refunded', steps: [{ after: 2, step: fail('FAILED', 'QUOTE_EXECUTION_FAILED') }] },
  '003': { name: 'DELAYED', description: 'Completes after about 6 minutes', steps: [{ after: 360, step: { kind: 'COMPLETE' } }] },
  '004': { name: 'COUNTERPARTY_DELIVERY_FAILED', description: 'The counterparty cannot deliver; rejected and refunded', steps: [{ after: 5, step: fail('REJECTED', 'ACCOUNT_CANNOT_RECEIVE') }] },
  '005': { name: 'RETURNED', description: 'Completes, then the receiving bank returns it (failed, refunded)', steps: [{ after: 5, step: { kind: 'COMPLETE' } }, { after: 65, step: { kind: 'RETURN', failureReason: 'PAYOUT_RETURNED' } }] },
  '006': { name: 'USER_CANCELLED', description: 'Cancelled by the user; refunded', steps: [{ after: 5, step: fail('REFUNDED', undefined, 'COMPLETED', 'USER_CANCELLATION') }] },
  '007': { name: 'PAYOUT_AND_REFUND_FAILED', description: 'The payout fails and so does the refund (funds go to suspense)', steps: [{ after: 5, step: fail('FAILED', 'ACCOUNT_CANNOT_RECEIVE', 'FAILED') }] },
};

/** Same-currency transfers by the external account's last 3 digits. `immediate` failures happen before any money moves. */
export const TRANSFER_OUTCOMES: Record<string, Outcome & { immediateFailure?: FailureReason }> = {
  SUCCESS: { name: 'SUCCESS', description: 'Completes about 5 seconds after creation', steps: [{ after: 5, step: { kind: 'COMPLETE' } }] },
  '002': { name: 'INSUFFICIENT_FUNDS', description: 'Insufficient funds: fails at once', steps: [], immediateFailure: 'INSUFFICIENT_FUNDS' },
  '003': { name: 'ACCOUNT_CLOSED', description: 'Account closed or invalid: fails at once', steps: [], immediateFailure: 'ACCOUNT_INVALID' },
  '004': { name: 'BANK_REJECTED', description: 'The bank rejects the transfer', steps: [{ after: 5, step: fail('REJECTED', 'ACCOUNT_CANNOT_RECEIVE') }] },
  '005': { name: 'PENDING_THEN_FAILED', description: 'Pending about 30 seconds, then fails', steps: [{ after: 30, step: fail('FAILED', 'ACCOUNT_CANNOT_RECEIVE') }] },
};

/** The outcome key of an identifier (its suffix when the table knows it, else SUCCESS). */
export function outcomeKey(identifier: string, table: Record<string, Outcome>): string {
  const s = scenarioSuffix(identifier);
  return s && table[s] ? s : 'SUCCESS';
}

/** The sandbox's UMA domain for counterparty recipients. */
export const SANDBOX_UMA_DOMAIN = 'sandbox.uma.example';

/** Sandbox UMA recipients (local parts). `$old.version.usd` is our documented 412 UNSUPPORTED_UMA_VERSION case. */
export const UMA_RECIPIENTS: Record<string, { currency: string; outcome: Outcome; umaVersion: string }> = {
  '$success.usd': { currency: 'USD', umaVersion: '1.0', outcome: QUOTE_OUTCOMES['SUCCESS']! },
  '$success.eur': { currency: 'EUR', umaVersion: '1.0', outcome: QUOTE_OUTCOMES['SUCCESS']! },
  '$success.mxn': { currency: 'MXN', umaVersion: '1.0', outcome: QUOTE_OUTCOMES['SUCCESS']! },
  '$pending.long.usd': { currency: 'USD', umaVersion: '1.0', outcome: { name: 'PENDING_LONG', description: 'Stays processing for 3 days, then completes', steps: [{ after: 3 * 86_400, step: { kind: 'COMPLETE' } }] } },
  '$fail.compliance.usd': { currency: 'USD', umaVersion: '1.0', outcome: { name: 'COMPLIANCE_FAILED', description: 'Fails the compliance check; refunded', steps: [{ after: 5, step: fail('FAILED', 'COMPLIANCE_REJECTED') }] } },
  '$old.version.usd': { currency: 'USD', umaVersion: '0.3', outcome: QUOTE_OUTCOMES['SUCCESS']! },
};

/** UMA protocol versions this service speaks; a receiver on another version is refused at lookup. */
export const SUPPORTED_UMA_VERSIONS = ['1.0'];

/** Why a sandbox UMA recipient's lookup is refused (412), or null when it is not: one rule for the lookup and the console's hints. */
export function umaRefusal(recipient: { umaVersion: string }): { status: 412; code: 'UNSUPPORTED_UMA_VERSION'; message: string } | null {
  if (SUPPORTED_UMA_VERSIONS.includes(recipient.umaVersion)) return null;
  return { status: 412, code: 'UNSUPPORTED_UMA_VERSION', message: `The receiver's VASP speaks UMA ${recipient.umaVersion}; this service supports ${SUPPORTED_UMA_VERSIONS.join(', ')}` };
}
