import { digitsFrom, type PaymentInstructions } from '../accounts/funding';
import { pixPayload } from './pix';

/** Instant rails per funding currency: only these may fund a REALTIME_FUNDING quote. */
const INSTANT_RAILS: Record<string, string[]> = {
  USD: ['RTP', 'FEDNOW'], EUR: ['SEPA_INSTANT'], GBP: ['FASTER_PAYMENTS'], BRL: ['PIX'], MXN: ['SPEI'], INR: ['UPI'],
  SGD: ['PAYNOW'], PHP: ['INSTAPAY'], COP: ['BRE_B'], ARS: ['BANK_TRANSFER'], DKK: ['SEPA_INSTANT'],
  KES: ['MOBILE_MONEY'], UGX: ['MOBILE_MONEY'], TZS: ['MOBILE_MONEY'], RWF: ['MOBILE_MONEY'], MWK: ['MOBILE_MONEY'],
  ZMW: ['MOBILE_MONEY'], BWP: ['MOBILE_MONEY'], XOF: ['MOBILE_MONEY'], XAF: ['MOBILE_MONEY'],
  BTC: ['SPARK', 'LIGHTNING'], USDC: ['CRYPTO'], USDT: ['CRYPTO'],
};

/** True when a currency can be paid just in time over an instant rail. */
export function hasInstantRail(currency: string): boolean {
  return INSTANT_RAILS[currency] !== undefined;
}

const WALLET_BY_NETWORK: Record<string, string> = {
  SOLANA: 'SOLANA_WALLET', ETHEREUM: 'ETHEREUM_WALLET', BASE: 'BASE_WALLET', POLYGON: 'POLYGON_WALLET',
  TRON: 'TRON_WALLET', SPARK: 'SPARK_WALLET', LIGHTNING: 'LIGHTNING', BITCOIN: 'SPARK_WALLET',
};

/** What an instruction is generated for. */
export interface InstructionRequest {
  accountType: string;
  currency: string;
  amount: number;
  /** Unique per quote; credited automatically when included with the payment. */
  reference: string;
  /** Seed for deterministic account numbers (the quote id). */
  seed: string;
  platformName: string;
  cryptoNetwork?: string | undefined;
}

/** The accountType that collects a currency (crypto by network). */
export function collectionAccountType(currency: string, cryptoNetwork?: string): string {
  if (currency === 'BTC') return cryptoNetwork === 'LIGHTNING' ? 'LIGHTNING' : 'SPARK_WALLET';
  if (currency === 'USDC' || currency === 'USDT') return WALLET_BY_NETWORK[cryptoNetwork ?? 'SOLANA'] ?? 'SOLANA_WALLET';
  return `${currency}_ACCOUNT`;
}

/**
 * Payment instructions for one accountType, with upstream's fields: bank variants carry paymentRails
 * and a unique `reference` (INR none), BRL a PIX payload, ARS a 22-digit CVU, COP a payment URL,
 * wallets an address (and Spark an invoice).
 */
export function instructionFor(r: InstructionRequest): PaymentInstructions {
  const d = (n: number, salt = '') => digitsFrom(`${r.seed}:${salt}`, n);
  const rails = INSTANT_RAILS[r.currency] ?? ['BANK_TRANSFER'];
  const bank = { paymentRails: rails, reference: r.reference };
  const note = `Pay exactly the quoted amount and include the reference ${r.reference}; the quote executes when the funds arrive.`;
  const info = ((): Record<string, unknown> => {
    switch (r.accountType) {
      case 'USD_ACCOUNT': return { ...bank, accountNumber: d(12), routingNumber: '021000021', bankName: 'Sandbox Bank N.A.' };
      case 'EUR_ACCOUNT': case 'DKK_ACCOUNT': case 'AED_ACCOUNT': return { ...bank, iban: `${r.accountType === 'DKK_ACCOUNT' ? 'DK' : r.accountType === 'AED_ACCOUNT' ? 'AE' : 'DE'}89${d(18)}`, swiftCode: 'SANDDEFFXXX' };
      case 'MXN_ACCOUNT': return { ...bank, clabeNumber: d(18) };
      case 'GBP_ACCOUNT': return { ...bank, sortCode: d(6), accountNumber: d(8) };
      case 'CAD_ACCOUNT': return { ...bank, bankCode: d(3), branchCode: d(5), accountNumber: d(10) };
      case 'NGN_ACCOUNT': case 'ZAR_ACCOUNT': return { ...bank, accountNumber: d(10), bankName: 'Sandbox Bank' };
      case 'HKD_ACCOUNT': case 'MYR_ACCOUNT': case 'THB_ACCOUNT': case 'VND_ACCOUNT': case 'SGD_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(12), swiftCode: 'SANDSGSGXXX' };
      case 'IDR_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(12), swiftCode: 'SANDIDJAXXX', phoneNumber: `+62${d(10)}` };
      case 'PHP_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(12) };
      case 'INR_ACCOUNT': return { paymentRails: rails, vpa: `sandbox.${d(6)}@upi`, accountNumber: d(14), ifsc: `SAND0${d(6)}`, bankName: 'Sandbox Bank' };
      case 'KES_ACCOUNT': case 'MWK_ACCOUNT': case 'RWF_ACCOUNT': case 'TZS_ACCOUNT': case 'UGX_ACCOUNT': case 'ZMW_ACCOUNT': case 'BWP_ACCOUNT':
        return { ...bank, phoneNumber: `+254${d(9)}`, provider: 'Sandbox Mobile Money' };
      case 'XOF_ACCOUNT': case 'XAF_ACCOUNT': return { ...bank, phoneNumber: `+221${d(9)}`, provider: 'Sandbox Mobile Money', region: r.currency === 'XOF' ? 'WAEMU' : 'CEMAC' };
      case 'BDT_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(13) };
      case 'EGP_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', iban: `EG38${d(25)}` };
      case 'GHS_ACCOUNT': case 'PKR_ACCOUNT': case 'CNY_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(14) };
      case 'GTQ_ACCOUNT': case 'JMD_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(12), bankAccountType: 'CHECKING', ...(r.accountType === 'JMD_ACCOUNT' ? { branchCode: d(5) } : {}) };
      case 'HTG_ACCOUNT': return { ...bank, phoneNumber: `+509${d(8)}` };
      case 'SLV_ACCOUNT': return { ...bank, bankName: 'Sandbox Bank', accountNumber: d(12), bankAccountType: 'SAVINGS' };
      case 'SWIFT_ACCOUNT': return { ...bank, country: 'US', swiftCode: 'SANDUS33XXX', bankName: 'Sandbox Bank N.A.', accountHolderName: r.platformName, accountNumber: d(12) };
      case 'BRL_ACCOUNT': return { qrCode: pixPayload(`${d(8)}-sandbox@pix.example`, r.amount, r.platformName, 'SAO PAULO', r.reference) };
      case 'ARS_ACCOUNT': return { accountNumber: d(22) };
      case 'COP_ACCOUNT': return { paymentUrl: `https://pay.sandbox.example/cop/${encodeURIComponent(r.reference)}`, reference: r.reference };
      case 'SPARK_WALLET': return { assetType: 'BTC', address: `sp1q${d(40)}`, invoice: `lnbcrt${r.amount}n1${d(60)}` };
      case 'LIGHTNING': return { invoice: `lnbcrt${r.amount}n1${d(60)}` };
      case 'SOLANA_WALLET': return { address: d(44), assetType: r.currency };
      case 'TRON_WALLET': return { address: `T${d(33)}`, assetType: r.currency };
      case 'POLYGON_WALLET': case 'BASE_WALLET': case 'ETHEREUM_WALLET': return { address: `0x${d(40)}`, assetType: r.currency };
      default: return { ...bank, accountNumber: d(12), bankName: 'Sandbox Bank' };
    }
  })();
  return { accountOrWalletInfo: { accountType: r.accountType, ...info }, instructionsNotes: note, isPlatformAccount: true };
}
