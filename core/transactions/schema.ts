import { z } from 'zod';
import { pageSchema } from '../kernel/pagination';
import { currencyAmountSchema, paymentInstructionsSchema } from '../payments/schema';
import { CARD_TX_STATUSES, cardTransactionSchema, type CardTransaction } from './card-schema';
import { CRYPTO_NETWORKS, INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS, outgoingRateDetailsSchema, PAYMENT_RAILS, PURPOSES } from '../payments/vocabulary';
import { fromBound, toBound } from '../kernel/date-bounds';

/** Every transaction status of the spec, plus the contract's PENDING_AUTHORIZATION (a payment waiting for SCA). */
export const TX_STATUSES = ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED'] as const;
/** A transaction status. */
export type TxStatus = (typeof TX_STATUSES)[number];

const timestamp = z.iso.datetime();
const currencyCode = z.string().meta({ example: 'USD' });

/** The refund of a payment that could not complete. */
export const refundSchema = z.object({
  reference: z.string().meta({ description: 'Identifies the refund payment', example: 'RF-019A4B7E8C1D' }),
  initiatedAt: timestamp,
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  settledAt: timestamp.optional().meta({ description: 'When the refund completed' }),
  reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
}).strict().meta({ id: 'Refund', description: 'Money going back to the payer after a failure: to the source account, or to the original instrument' });

/** The refund object of a failed outgoing payment. */
export type Refund = z.infer<typeof refundSchema>;

/** Where a transaction's money came from, by `sourceType`. */
export const transactionSourceSchema = z.discriminatedUnion('sourceType', [
  z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string().meta({ description: 'An internal account, or the external account a transfer-in pulls from' }), currency: currencyCode }).strict(),
  z.object({
    sourceType: z.literal('REALTIME_FUNDING'), currency: currencyCode, customerId: z.string().optional(), cryptoNetwork: z.enum(CRYPTO_NETWORKS).optional(),
  }).strict(),
  z.object({ sourceType: z.literal('UMA_ADDRESS'), umaAddress: z.string().meta({ example: '$bob@sandbox.uma.example' }), currency: currencyCode }).strict(),
]).meta({ id: 'TransactionSource', description: 'Where the money came from' });

/** Where a transaction's money goes, by `destinationType`. */
export const transactionDestinationSchema = z.discriminatedUnion('destinationType', [
  z.object({
    destinationType: z.literal('ACCOUNT'), accountId: z.string(), currency: currencyCode,
    paymentRail: z.enum(PAYMENT_RAILS).optional().meta({ description: 'The payout rail (quotes to external accounts)' }),
  }).strict(),
  z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string(), currency: currencyCode }).strict(),
]).meta({ id: 'TransactionDestination', description: 'Where the money goes' });

const reconciliationSchema = z.object({
  reference: z.string().optional().meta({ description: 'The payment reference to match in statements', example: 'Q1A2B3C4D5E' }),
  transactionHash: z.string().optional().meta({ description: 'On-chain transaction hash (crypto rails)' }),
}).strict().meta({ id: 'ReconciliationInstructions' });

const incomingRateDetailsSchema = z.object({
  svcApiMultiplier: z.number().positive(),
  svcApiFixedFee: z.number().int().min(0),
  svcApiVariableFeeRate: z.number().min(0),
  svcApiVariableFeeAmount: z.number().int().min(0),
}).strict().meta({ id: 'IncomingRateDetails', description: 'The rate and fees applied to an incoming payment (the spec lists it; the sandbox charges none, so it is absent today)' });

const common = {
  id: z.string().meta({ example: 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  status: z.enum(TX_STATUSES),
  direction: z.enum(['CREDIT', 'DEBIT']).meta({ description: 'DEBIT takes money from the customer; a transfer-in pull is INCOMING and DEBIT' }),
  customerId: z.string().optional().meta({ description: 'The customer; absent when the platform itself pays or is paid' }),
  platformCustomerId: z.string().optional(),
  quoteId: z.string().optional().meta({ description: 'The quote that created the transaction' }),
  agentId: z.string().optional().meta({ description: 'The agent that initiated it, if any' }),
  description: z.string().optional(),
  counterpartyInformation: z.record(z.string(), z.string()).optional(),
  refund: refundSchema.optional(),
  settledAt: timestamp.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

/** A payment out of the platform: a quote's transfer or a transfer-out. */
export const outgoingTransactionSchema = z.object({
  type: z.literal('OUTGOING'),
  ...common,
  source: transactionSourceSchema,
  destination: transactionDestinationSchema,
  sentAmount: currencyAmountSchema.meta({ description: 'What leaves the source, fees included' }),
  receivedAmount: currencyAmountSchema.meta({ description: 'What the destination receives' }),
  fees: z.number().int().min(0).meta({ description: "Fees in the sending currency's smallest unit" }),
  exchangeRate: z.number().positive().optional().meta({ description: 'Sending units per one receiving unit (quotes)' }),
  rateDetails: outgoingRateDetailsSchema.optional(),
  reconciliationInstructions: reconciliationSchema,
  paymentInstructions: z.array(paymentInstructionsSchema).optional().meta({ description: 'How to fund it (just-in-time and embedded-wallet quotes)' }),
  paymentRail: z.enum(PAYMENT_RAILS).nullable().optional().meta({ description: 'The payout rail; null for UMA payments' }),
  railSelectionMode: z.enum(['MANUAL', 'AUTO']).nullable().optional().meta({ description: 'MANUAL when the caller named the rail; null for UMA payments' }),
  purposeOfPayment: z.enum(PURPOSES).optional(),
  remittanceInformation: z.string().optional(),
  failureReason: z.enum(OUTGOING_FAILURE_REASONS).optional().meta({ description: 'Present only when the payment failed or was rejected' }),
}).strict().meta({ id: 'OutgoingTransaction', description: 'A payment out of the platform' });

/** A payment into the platform: an incoming UMA payment or a transfer-in pull. */
export const incomingTransactionSchema = z.object({
  type: z.literal('INCOMING'),
  ...common,
  source: transactionSourceSchema.optional(),
  destination: transactionDestinationSchema,
  receivedAmount: currencyAmountSchema,
  sentAmount: currencyAmountSchema.optional().meta({ description: 'What the payer sent (transfer-in pulls)' }),
  fees: z.number().int().min(0).optional(),
  rateDetails: incomingRateDetailsSchema.optional(),
  reconciliationInstructions: reconciliationSchema.optional(),
  receiptDeliveryConfirmedAt: timestamp.optional(),
  failureReason: z.enum(INCOMING_FAILURE_REASONS).optional().meta({ description: 'Present only when the payment failed or was rejected' }),
}).strict().meta({ id: 'IncomingTransaction', description: 'A payment into the platform' });

/** A transaction of either kind, told apart by `type` (card transactions will join as CARD). */
export const transactionSchema = z.discriminatedUnion('type', [incomingTransactionSchema, outgoingTransactionSchema])
  .meta({ id: 'Transaction', description: 'An incoming or outgoing payment, by type' });

/** An incoming or outgoing transaction as the API returns it. */
export type Transaction = z.infer<typeof transactionSchema>;
/** An outgoing transaction. */
export type OutgoingTransaction = z.infer<typeof outgoingTransactionSchema>;
/** An incoming transaction. */
export type IncomingTransaction = z.infer<typeof incomingTransactionSchema>;

/** A transaction of any kind the lists hold: incoming, outgoing, or a card transaction (`type: CARD`). */
export const listedTransactionSchema = z.discriminatedUnion('type', [incomingTransactionSchema, outgoingTransactionSchema, cardTransactionSchema])
  .meta({ id: 'TransactionOfAnyKind', description: 'An incoming, outgoing or card transaction, by type' });
/** A transaction of any kind (incoming, outgoing or card). */
export type ListedTransaction = Transaction | CardTransaction;
/** A listed transaction's status: a payment's or a card transaction's (REFUNDED is both). */
export const LISTED_TX_STATUSES = [...TX_STATUSES, 'AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'EXCEPTION'] as const satisfies readonly (TxStatus | (typeof CARD_TX_STATUSES)[number])[];

/** A page of transactions of every kind. */
export const transactionPageSchema = pageSchema(listedTransactionSchema, 'TransactionList');

/** `GET /transactions` query: the agent list's filters plus customerId and platformCustomerId. */
export const listTransactionsQuery = z.object({
  customerId: z.string().optional(),
  platformCustomerId: z.string().optional(),
  accountIdentifier: z.string().optional().meta({ description: 'Matches the sender or the receiver (account id, account number, UMA address)' }),
  senderAccountIdentifier: z.string().optional(),
  receiverAccountIdentifier: z.string().optional(),
  status: z.enum(LISTED_TX_STATUSES).optional().meta({ description: 'A payment status, or a card transaction status (AUTHORIZED, PARTIALLY_SETTLED, SETTLED, REFUNDED, EXCEPTION)' }),
  type: z.enum(['INCOMING', 'OUTGOING', 'CARD']).optional(),
  reference: z.string().optional().meta({ description: 'The payment reference of reconciliationInstructions' }),
  startDate: fromBound('Created at or after (inclusive)').optional(),
  endDate: toBound('Created at or before (inclusive)').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional().meta({ description: 'nextCursor of the previous page' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc').meta({ description: 'By creation time; newest first by default' }),
});

/** `POST /transactions/{transactionId}/approve` body (upstream's optional receiverCustomerInfo is accepted and unused). */
export const approveSchema = z.object({
  receiverCustomerInfo: z.record(z.string(), z.unknown()).optional(),
}).strict().optional().meta({ id: 'ApproveRequest' });

/** `POST /transactions/{transactionId}/reject` body. */
export const rejectSchema = z.object({
  reason: z.string().trim().min(1).max(500).optional().meta({ description: 'Why, in your words (kept with the decision)' }),
}).strict().optional().meta({ id: 'RejectRequest' });

/** `POST /transactions/{transactionId}/confirm` body. */
export const confirmReceiptSchema = z.object({
  receiptDeliveryConfirmedAt: z.iso.datetime().optional().meta({ description: 'When the recipient got the receipt; the workspace time when absent. Not in the future, not before settlement.' }),
}).strict().optional().meta({ id: 'ConfirmReceiptDeliveryRequest' });

/** `POST /transactions/{transactionId}/cancel` body. */
export const cancelSchema = z.object({
  reason: z.string().trim().min(1).max(500).optional().meta({ description: 'Why, in your words (kept in the transaction history)' }),
}).strict().optional().meta({ id: 'CancelTransactionRequest' });
