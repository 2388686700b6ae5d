import { z } from 'zod';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { approveSchema, cancelSchema, confirmReceiptSchema, listedTransactionSchema, listTransactionsQuery, rejectSchema, transactionPageSchema, transactionSchema, type Transaction } from './schema';
import type { TransactionService } from './service';

const TAG = 'Transactions';

const txParams = z.object({ transactionId: idParam('The transaction id', 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const NOT_PENDING = 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: the transaction is not waiting for the platform (details.status)';

/**
 * Who decides a transaction waiting for the platform: an agent's payment above its approval threshold,
 * or an incoming payment whose webhook was answered 202. A port: the areas that own those waits plug in.
 */
export interface PendingApprovals {
  approve(transactionId: string): Transaction;
  reject(transactionId: string, reason: string | undefined): Transaction;
}

/** Cancels an outgoing payment in flight (the payment runner owns the steps to drop). */
export interface Cancellations {
  cancel(transactionId: string, reason: string | undefined): Transaction;
}

/** The transaction routes, declared once: lists, one transaction, the platform's approve and reject, receipt confirmation and cancel. */
export const transactionContract = {
  listTransactions: listRoute({
    path: '/transactions', tag: TAG, permission: 'VIEW',
    summary: 'Lists incoming, outgoing and card transactions, newest first unless sortOrder=asc',
    description: 'Filters combine with AND. totalCount counts every match across pages; pass nextCursor as cursor for the next page.',
    query: listTransactionsQuery,
    page: transactionPageSchema, items: 'transactions',
  }),
  getTransactionById: defineRoute({
    method: 'get', path: '/transactions/{transactionId}', tag: TAG, permission: 'VIEW',
    summary: 'One transaction with its status, amounts, failure reason and refund',
    params: z.object({ transactionId: idParam('The transaction id', 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    responses: { 200: { description: 'The transaction (INCOMING, OUTGOING or CARD)', schema: listedTransactionSchema } },
    errors: { 404: 'TRANSACTION_NOT_FOUND' },
  }),
  approvePendingPayment: defineRoute({
    method: 'post', path: '/transactions/{transactionId}/approve', tag: TAG, permission: 'TRANSACT',
    summary: "Approves a transaction waiting for the platform: an agent's payment, or an incoming payment whose webhook was answered 202",
    description: 'For an agent payment, executes the agent action behind it (as POST /agents/{agentId}/actions/{actionId}/approve); when it cannot '
      + 'execute (the quote expired, the funds are short, a limit is now exceeded), the action ends FAILED and the transaction is returned as it stands. '
      + 'For an incoming payment, the payment goes on to complete.',
    params: txParams,
    body: approveSchema,
    responses: { 200: { description: 'The transaction as it now stands', schema: transactionSchema } },
    errors: { 404: 'TRANSACTION_NOT_FOUND', 409: NOT_PENDING },
  }),
  rejectPendingPayment: defineRoute({
    method: 'post', path: '/transactions/{transactionId}/reject', tag: TAG, permission: 'TRANSACT',
    summary: "Rejects a transaction waiting for the platform: an agent's payment (its quote is never executed) or an incoming payment",
    description: 'An incoming payment fails with COMPLIANCE_REJECTED and the money goes back to the sender; an agent payment is never executed and its quote '
      + 'expires. Incoming payments not decided within 24 hours fail PAYMENT_APPROVAL_TIMED_OUT.',
    params: txParams,
    body: rejectSchema,
    responses: { 200: { description: 'The transaction as it now stands', schema: transactionSchema } },
    errors: { 404: 'TRANSACTION_NOT_FOUND', 409: NOT_PENDING },
  }),
  confirmReceiptDelivery: defineRoute({
    method: 'post', path: '/transactions/{transactionId}/confirm', tag: TAG, permission: 'TRANSACT',
    summary: 'Confirms that the receipt of a completed incoming payment reached its recipient',
    description: 'Sets receiptDeliveryConfirmedAt (the workspace time unless given). The first confirmation stands: confirming again answers the transaction unchanged.',
    params: txParams,
    body: confirmReceiptSchema,
    responses: { 200: { description: 'The transaction with receiptDeliveryConfirmedAt', schema: transactionSchema } },
    errors: {
      400: 'INVALID_INPUT: receiptDeliveryConfirmedAt in the future or before the payment settled; transactionId not an incoming payment, or not COMPLETED (details.status, details.type)',
      404: 'TRANSACTION_NOT_FOUND',
    },
  }),
  cancelTransaction: defineRoute({
    method: 'post', path: '/transactions/{transactionId}/cancel', tag: TAG, permission: 'TRANSACT',
    summary: 'Cancels an outgoing payment still in flight; it ends FAILED (upstream has no outgoing REFUNDED) with a USER_CANCELLATION refund, and its money goes back',
    description: 'Only an OUTGOING payment that is PENDING or PROCESSING with its payout still to come can be cancelled. The refund (reason USER_CANCELLATION) '
      + 'settles about 10 seconds later on the workspace clock. A payment waiting for its funding or an approval is rejected or left to expire instead.',
    params: txParams,
    body: cancelSchema,
    responses: { 200: { description: 'The transaction as it now stands (FAILED, refund PENDING with reason USER_CANCELLATION)', schema: transactionSchema } },
    errors: { 404: 'TRANSACTION_NOT_FOUND', 409: 'TRANSACTION_NOT_CANCELLABLE: incoming, already final, or not moving yet (details.status, details.type)' },
  }),
};

/** Serves the transaction routes; `approvals` decides what waits for the platform, `cancellations` stops what is in flight. */
export function transactionRoutes(transactions: TransactionService, approvals: PendingApprovals, cancellations: Cancellations) {
  return implement(transactionContract, {
    listTransactions: ({ query }) => reply(200, transactions.list(query)),
    getTransactionById: ({ params }) => reply(200, transactions.getAny(params.transactionId)),
    approvePendingPayment: ({ params }) => reply(200, approvals.approve(params.transactionId)),
    rejectPendingPayment: ({ params, body }) => reply(200, approvals.reject(params.transactionId, body?.reason)),
    confirmReceiptDelivery: ({ params, body }) => reply(200, transactions.confirmReceipt(params.transactionId, body?.receiptDeliveryConfirmedAt)),
    cancelTransaction: ({ params, body }) => reply(200, cancellations.cancel(params.transactionId, body?.reason)),
  });
}
