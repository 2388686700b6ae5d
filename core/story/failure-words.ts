import type { FailureReason } from '../payments/vocabulary';
import type { Refund, TxStatus } from '../transactions/schema';
import type { StatusTone } from './tone';

/**
 * Failures in plain words: one table over every transaction status, failure reason, refund status and
 * refund reason the core can produce. The records are typed over the core's own unions, so the
 * compiler (and test/renderer/failure-words.test.ts, against the core's runtime lists) says when the
 * core gains a value this table lacks.
 */
export const FAILURE_WORDS = {
  /** Each status: a short title, and what it means for the money (outgoing and incoming). */
  statuses: {
    CREATED: { title: 'Created', tone: 'info', outgoing: 'The receiver was looked up; nothing has been priced or paid yet.', incoming: 'The payment has been announced; nothing has arrived yet.' },
    PENDING: { title: 'Waiting', tone: 'warning', outgoing: 'The payment has been set up and is waiting to start.', incoming: 'The payment is on its way in.' },
    PENDING_AUTHORIZATION: { title: 'Waiting for the customer to confirm', tone: 'warning', outgoing: 'The customer must confirm the payment with their authenticator (Strong Customer Authentication) before any money moves.', incoming: 'The payment waits for the customer to confirm it.' },
    PROCESSING: { title: 'In progress', tone: 'info', outgoing: 'The money has left the sender and the payout is under way.', incoming: 'The money is arriving and has not settled yet.' },
    COMPLETED: { title: 'Delivered', tone: 'success', outgoing: 'The money reached the recipient.', incoming: 'The money arrived and was credited.' },
    REJECTED: { title: 'Rejected by the receiver', tone: 'error', outgoing: 'The receiving bank or wallet refused the payment.', incoming: 'The payment was refused before it was credited.' },
    FAILED: { title: 'Failed', tone: 'error', outgoing: 'The payment could not be completed.', incoming: 'The payment could not be completed.' },
    REFUNDED: { title: 'Cancelled and refunded', tone: 'warning', outgoing: 'The payment was cancelled before it was paid out.', incoming: 'The payment was cancelled and sent back.' },
    EXPIRED: { title: 'Expired', tone: 'default', outgoing: 'The quote expired before it was executed or paid.', incoming: 'The payment expired before it arrived.' },
  } satisfies Record<TxStatus, { title: string; tone: StatusTone; outgoing: string; incoming: string }>,

  /** Each failure reason: a short title and what happened. */
  reasons: {
    QUOTE_EXPIRED: { title: 'The quote expired', happened: 'The quote expired before it was executed or paid, so no money moved.' },
    QUOTE_RATE_UNAVAILABLE: { title: 'No exchange rate', happened: 'No exchange rate was available to price the payment.' },
    QUOTE_EXECUTION_FAILED: { title: 'Execution failed', happened: 'Executing the quote failed before the money was paid out.' },
    FUNDING_AMOUNT_MISMATCH: { title: 'Wrong amount paid in', happened: 'The payer sent a different amount from the one the quote asked for.' },
    PAYOUT_RETURNED: { title: 'Returned by the receiving bank', happened: 'The payment was delivered, then the receiving bank sent it back.' },
    LIMIT_EXCEEDED: { title: 'Over a limit', happened: 'The payment was over a spending or transfer limit.' },
    ACCOUNT_CANNOT_RECEIVE: { title: 'The account cannot receive it', happened: 'The recipient’s bank or wallet could not accept the payment.' },
    ACCOUNT_INVALID: { title: 'Account closed or invalid', happened: 'The bank account is closed or its details are not valid.' },
    COMPLIANCE_REJECTED: { title: 'Rejected by compliance', happened: 'A compliance check rejected the payment.' },
    INSUFFICIENT_FUNDS: { title: 'Not enough money', happened: 'There was not enough money in the account to pay it.' },
    LNURLP_FAILED: { title: 'Receiver not reachable', happened: 'The sender’s UMA service could not look up this receiver.' },
    PAY_REQUEST_FAILED: { title: 'Payment request failed', happened: 'The sender’s request to pay failed.' },
    PAYMENT_APPROVAL_WEBHOOK_ERROR: { title: 'Approval webhook error', happened: 'The platform’s payment-approval webhook answered with an error.' },
    PAYMENT_APPROVAL_TIMED_OUT: { title: 'Not approved in time', happened: 'The platform did not approve the incoming payment in time.' },
    OFFRAMP_FAILED: { title: 'Conversion failed', happened: 'Converting the money into the receiving currency failed.' },
    MISSING_MANDATORY_PAYEE_DATA: { title: 'Receiver details missing', happened: 'Information required about the receiver was missing.' },
    COLLECTION_FAILED: { title: 'Collection failed', happened: 'Collecting the money from the payer failed.' },
  } satisfies Record<FailureReason, { title: string; happened: string }>,

  /** Each refund status: whether the money came back (`{payer}` is who paid). */
  refunds: {
    PENDING: { title: 'Refund in progress', back: 'Not yet: a refund to {payer} has started and has not settled.' },
    COMPLETED: { title: 'Refunded', back: 'Yes: the money was refunded to {payer}.' },
    FAILED: { title: 'Refund failed', back: 'No: the refund to {payer} failed too.' },
  } satisfies Record<Refund['status'], { title: string; back: string }>,

  /** Each refund reason, completing "refunded ...". */
  refundReasons: {
    TRANSACTION_FAILED: 'because the payment failed',
    USER_CANCELLATION: 'because the payment was cancelled',
    TIMEOUT: 'because the payment timed out',
  } satisfies Record<NonNullable<Refund['reason']>, string>,
} as const;

/** The words of a failure reason; unknown codes (a newer core) read as a neutral sentence. */
export function reasonWords(code: string): { title: string; happened: string } {
  return (FAILURE_WORDS.reasons as Record<string, { title: string; happened: string }>)[code]
    ?? { title: 'Failed', happened: `The payment failed (${code.toLowerCase().replace(/_/g, ' ')}).` };
}

/** The words of a status (outgoing or incoming); unknown codes read as themselves. */
export function statusWords(status: string, type: 'INCOMING' | 'OUTGOING'): { title: string; tone: StatusTone; sentence: string } {
  const w = (FAILURE_WORDS.statuses as Record<string, { title: string; tone: StatusTone; outgoing: string; incoming: string }>)[status];
  return w ? { title: w.title, tone: w.tone, sentence: type === 'OUTGOING' ? w.outgoing : w.incoming } : { title: status, tone: 'default', sentence: '' };
}
