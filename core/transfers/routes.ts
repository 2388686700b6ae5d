import { defineRoute, implement, reply } from '../api/contract';
import { transactionSchema } from '../transactions/schema';
import { transferInSchema, transferOutSchema } from './schema';
import type { TransferService } from './service';

const TAG = 'Same-currency transfers';
const errors = {
  400: 'INSUFFICIENT_FUNDS (transfer-out beyond the balance); INVALID_INPUT: accounts in different currencies, an inactive account, an unsupported rail',
  404: 'NOT_FOUND: the internal or external account does not exist',
} as const;

/** `POST /transfer-in` and `POST /transfer-out`, declared once. */
export const transferContract = {
  createTransferIn: defineRoute({
    method: 'post', path: '/transfer-in', tag: TAG, permission: 'TRANSACT',
    summary: 'Pulls money from an external bank account into an internal account of the same currency',
    description: 'Answers the INCOMING transaction, PENDING (or FAILED at once for the sandbox suffixes 002 and 003 of the external account).',
    body: transferInSchema,
    responses: { 201: { description: 'The INCOMING transaction', schema: transactionSchema } },
    errors,
  }),
  createTransferOut: defineRoute({
    method: 'post', path: '/transfer-out', tag: TAG, permission: 'TRANSACT',
    summary: 'Pushes money from an internal account to an external account of the same currency',
    description: 'Holds the amount at once and answers the OUTGOING transaction, PENDING (or FAILED at once for the sandbox suffixes 002 and 003). '
      + 'Cross-currency payments go through quotes.',
    body: transferOutSchema,
    responses: { 201: { description: 'The OUTGOING transaction', schema: transactionSchema } },
    errors,
  }),
};

/** Serves the same-currency transfer routes. */
export function transferRoutes(transfers: TransferService) {
  return implement(transferContract, {
    createTransferIn: ({ body }) => reply(201, transfers.transferIn(body)),
    createTransferOut: ({ body }) => reply(201, transfers.transferOut(body)),
  });
}
