import type { VerificationStatus } from '../../core/customers/schema';
import type { InternalAccountStatus } from '../../core/accounts/internal-repo';
import type { BeneficiaryStatus } from '../../core/accounts/external-service';
import type { ClockMode } from '../../core/kernel/clock';
import type { Refund, TxStatus } from '../../core/transactions/schema';
import type { Quote } from '../../core/quotes/schema';
import type { CardTxStatus } from '../../core/transactions/card-schema';
import type { CardState } from '../../core/cards/schema';

import type { StatusTone } from '../../core/story/tone';

/** The colour family of a status tag (naive-ui tag types; declared in core/story/tone.ts, which the story's words share). */
export type { StatusTone };

/** External account statuses (the core types them as string; the migration's CHECK lists these). */
type ExternalAccountStatus = 'PENDING' | 'ACTIVE' | 'PENDING_OWNERSHIP_VERIFICATION' | 'UNVERIFIED' | 'UNDER_REVIEW' | 'INACTIVE';
/** Scheduler job statuses. */
type JobStatus = 'PENDING' | 'DONE' | 'FAILED' | 'CANCELLED';
/** States of a step in the Wallet auth rehearsal (lib/wallet-flow.ts, upper-cased). */
type RehearsalStepStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
/** Classes of HTTP status codes, as the request log filters them. */
type HttpStatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** Every status the console can show today; the map below must cover each one (the compiler checks it). */
export type KnownStatus = VerificationStatus | InternalAccountStatus | BeneficiaryStatus | ClockMode | ExternalAccountStatus | JobStatus | HttpStatusClass
  | TxStatus | Quote['status'] | Refund['status'] | RehearsalStepStatus | CardTxStatus | CardState;

/**
 * The one colour map for every status of every resource: green settled and good, blue in motion or
 * informational, amber waiting on someone, red failed or refused, grey inert. Statuses of resources
 * that later screens add (transactions, quotes, cards) are listed already so they look the same.
 */
export const STATUS_TONES = {
  // good, settled
  ACTIVE: 'success', APPROVED: 'success', MATCHED: 'success', DONE: 'success', COMPLETED: 'success', SUCCESS: 'success', PASSED: 'success',
  SUCCEEDED: 'success', SETTLED: 'success', DELIVERED: 'success', VERIFIED: 'success', REAL: 'success', '2xx': 'success',
  // in motion, informational
  PROCESSING: 'info', SENT: 'info', CREATED: 'info', CHECKED_BY_RECEIVING_FI: 'info', FROZEN: 'info', '1xx': 'info', '3xx': 'info',
  REFUNDED: 'info', AUTHORIZED: 'info', EXECUTED: 'info', RUNNING: 'info', SENDING: 'info', IN_PROGRESS: 'info', PARTIALLY_SETTLED: 'info',
  REDEEMED: 'info', DEFERRED: 'info', CLAIMED: 'success', OPEN: 'info', INITIATED: 'info', LIVENESS_PASSED: 'info',
  // waiting on someone
  PENDING: 'warning', PENDING_AUTHORIZATION: 'warning', HOLD: 'warning', UNVERIFIED: 'warning', UNDER_REVIEW: 'warning', PENDING_OWNERSHIP_VERIFICATION: 'warning', PENDING_APPROVAL: 'warning', PAUSED: 'warning',
  PARTIAL_MATCH: 'warning', RETRYING: 'warning', '4xx': 'warning', RESOLVE_ERRORS: 'warning', PENDING_MANUAL_REVIEW: 'warning',
  READY_FOR_VERIFICATION: 'warning', PENDING_KYC: 'warning', AWAITING: 'warning', PENDING_REVIEW: 'warning',
  // stablecoins: a coin's issuance and operations statuses, and a mint or burn waiting for funds or with the provider
  PENDING_FUNDING: 'warning', PENDING_PROVIDER: 'info', PROVISIONING: 'info', ENABLING: 'info', PROVISIONED: 'success', ENABLED: 'success', NOT_ENABLED: 'default', DISABLED: 'default',
  // failed, refused
  FAILED: 'error', REJECTED: 'error', INVALID: 'error', NOT_MATCHED: 'error', RETURNED: 'error', DECLINED: 'error', '5xx': 'error', EXCEPTION: 'error',
  // inert
  CLOSED: 'default', INACTIVE: 'default', REPLACED: 'default', REVOKED: 'default', CANCELLED: 'default', EXPIRED: 'default', UNSUPPORTED: 'default', QUEUED: 'default',
  DELETED: 'default', USED: 'default', SUPERSEDED: 'default',
} as const satisfies Record<KnownStatus, StatusTone> & Record<string, StatusTone>;

/** The tone of a status; unknown statuses are grey rather than an error. */
export function statusTone(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'default';
}

/** The class of an HTTP status code, e.g. 404 -> `4xx`. */
export function httpStatusClass(status: number): HttpStatusClass {
  const c = Math.min(5, Math.max(1, Math.floor(status / 100)));
  return `${c}xx` as HttpStatusClass;
}

/** A status as people read it: `PENDING_OWNERSHIP_VERIFICATION` -> `Pending ownership verification`. */
export function statusLabel(status: string): string {
  if (/^\dxx$/.test(status)) return status;
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
