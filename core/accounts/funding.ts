import { accountRails, collectionAccountType, instructionFor } from '../payments/instructions';
import type { PaymentInstructionsResource } from '../payments/schema';

/** The spec's PaymentInstructions object (the console imports it under this name). */
export type PaymentInstructions = PaymentInstructionsResource;

// Money sent to fund an internal account lands in the sandbox bank's FBO account held for the
// platform; PIX codes name that holder as the receiver.
const FBO_HOLDER = 'Sandbox Bank FBO';

/**
 * Where to send money to fund an internal account: the sandbox's collection details in the account's
 * currency (the same variants as a quote's instructions: BRL as a PIX code, crypto as a wallet), on
 * every rail the account receives, with the account's unique reference that credits it. The payer
 * chooses the amount.
 */
export function fundingInstructions(reference: string, currency: string, isPlatformAccount: boolean): PaymentInstructions[] {
  const accountType = collectionAccountType(currency);
  return [instructionFor({
    accountType, currency, reference, seed: reference, platformName: FBO_HOLDER, isPlatformAccount,
    rails: accountRails(accountType, currency),
    notes: accountType.endsWith('_ACCOUNT')
      ? `Include the reference ${reference} so the payment is credited to this account.`
      : `Send ${currency} to this ${accountType === 'SPARK_WALLET' ? 'Spark address or pay the invoice' : 'address'}; it is credited to this account.`,
  })];
}
