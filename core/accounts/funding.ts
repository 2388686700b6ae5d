import { createHash } from 'node:crypto';

/** The spec's PaymentInstructions object. */
export interface PaymentInstructions {
  accountOrWalletInfo: Record<string, unknown> & { accountType: string };
  instructionsNotes?: string;
  isPlatformAccount?: boolean;
}

/** Deterministic digits derived from a seed, so the same account always shows the same numbers. */
export function digitsFrom(seed: string, n: number): string {
  let out = '';
  let block = seed;
  while (out.length < n) {
    block = createHash('sha256').update(block).digest('hex');
    out += block.replace(/[a-f]/g, '').slice(0, n - out.length);
  }
  return out;
}

/**
 * Where to send money to fund an internal account: the sandbox's bank details in the account's
 * currency, with the account's unique reference that credits it.
 */
export function fundingInstructions(reference: string, currency: string, isPlatformAccount: boolean): PaymentInstructions[] {
  const d = (n: number) => digitsFrom(reference, n);
  const base = { isPlatformAccount, instructionsNotes: `Include the reference ${reference} so the payment is credited to this account.` };
  switch (currency) {
    case 'USD':
      return [{ ...base, accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP'], accountNumber: d(12), routingNumber: '021000021', bankName: 'Sandbox Bank N.A.', reference } }];
    case 'EUR':
      return [{ ...base, accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', paymentRails: ['SEPA', 'SEPA_INSTANT'], iban: `DE89${d(18)}`, swiftCode: 'SANDDEFFXXX', reference } }];
    case 'MXN':
      return [{ ...base, accountOrWalletInfo: { accountType: 'MXN_ACCOUNT', paymentRails: ['SPEI'], clabeNumber: d(18), reference } }];
    case 'GBP':
      return [{ ...base, accountOrWalletInfo: { accountType: 'GBP_ACCOUNT', paymentRails: ['FASTER_PAYMENTS'], sortCode: d(6), accountNumber: d(8), reference } }];
    case 'BTC':
      return [{ ...base, instructionsNotes: 'Pay the invoice or send to the Spark address.', accountOrWalletInfo: { accountType: 'SPARK_WALLET', assetType: 'BTC', address: `sp1${d(40)}`, invoice: `lnbcrt1${d(60)}` } }];
    case 'USDC':
    case 'USDT':
      return [{ ...base, instructionsNotes: `Send ${currency} on Solana to this address.`, accountOrWalletInfo: { accountType: 'SOLANA_WALLET', assetType: currency, address: d(44) } }];
    default:
      return [{ ...base, accountOrWalletInfo: { accountType: `${currency}_ACCOUNT`, paymentRails: ['BANK_TRANSFER'], accountNumber: d(12), bankName: 'Sandbox Bank', reference } }];
  }
}
