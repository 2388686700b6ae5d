import { createHash } from 'node:crypto';
import { instructionFor } from '../payments/instructions';
import type { PaymentInstructionsResource } from '../payments/schema';

/** What an embedded-wallet quote's instructions are made from. */
export interface WalletFundingRequest {
  quoteId: string;
  accountId: string;
  currency: string;
  amount: number;
  reference: string;
  /** The platform config id, standing for upstream's wallet organization. */
  organizationId: string;
  platformName: string;
  nowMs: number;
}

/**
 * An EMBEDDED_WALLET source pays by signature: the quote carries a Spark invoice (any Spark wallet may
 * pay it) and an EMBEDDED_WALLET instruction whose payloadToSign a wallet session stamps for execute.
 * The payload imitates upstream's sign-transaction activity so real wallet clients stamp it unchanged.
 */
export function walletInstructions(r: WalletFundingRequest): PaymentInstructionsResource[] {
  const unsignedTransaction = createHash('sha256').update(`${r.quoteId}:${r.accountId}:${r.amount}`).digest('hex');
  const payloadToSign = JSON.stringify({
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', timestampMs: String(r.nowMs), organizationId: r.organizationId,
    parameters: { signWith: r.accountId, unsignedTransaction, type: 'TRANSACTION_TYPE_SPARK' }, generateAppProofs: true,
  });
  return [
    instructionFor({ accountType: 'SPARK_WALLET', currency: r.currency, amount: r.amount, reference: r.reference, seed: r.quoteId, platformName: r.platformName }),
    {
      accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign },
      instructionsNotes: 'Stamp payloadToSign with an active wallet session key and send it as Svc-Wallet-Signature on POST /quotes/{quoteId}/execute.',
      isPlatformAccount: false,
    },
  ];
}

/** The payloadToSign of a quote's EMBEDDED_WALLET instruction, if it has one. */
export function walletPayload(instructions: PaymentInstructionsResource[] | undefined): string | undefined {
  return instructions?.find((i) => i.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET')?.accountOrWalletInfo.payloadToSign;
}
