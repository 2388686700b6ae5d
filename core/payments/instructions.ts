import { createHash } from 'node:crypto';
import { ACCOUNT_TYPES, type PaymentInstructionsResource } from './schema';
import { pixPayload } from './pix';
import type { PaymentRail } from './vocabulary';

/** One `accountType` of the spec's PaymentInstructions. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];
type AccountInfoFields = Omit<PaymentInstructionsResource['accountOrWalletInfo'], 'accountType'>;

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

// Every rail a bank account of a type receives on, the default first (quotes and transfers pick it
// when the caller names none). Types not listed receive on their currency's sandbox default rail.
const ACCOUNT_RAILS: Record<string, string[]> = {
  USD_ACCOUNT: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], EUR_ACCOUNT: ['SEPA_INSTANT', 'SEPA'], GBP_ACCOUNT: ['FASTER_PAYMENTS'],
  MXN_ACCOUNT: ['SPEI'], BRL_ACCOUNT: ['PIX'], INR_ACCOUNT: ['UPI', 'NEFT'], SWIFT_ACCOUNT: ['SWIFT'], COP_ACCOUNT: ['BRE_B', 'ACH_COLOMBIA'],
  SLV_ACCOUNT: ['BANK_TRANSFER', 'MOBILE_MONEY'],
};

/** The rail a currency settles on by default in the sandbox. */
export function defaultRail(code: string): PaymentRail {
  const rails: Record<string, PaymentRail> = {
    USD: 'ACH', EUR: 'SEPA_INSTANT', GBP: 'FASTER_PAYMENTS', MXN: 'SPEI', BRL: 'PIX', INR: 'UPI', SGD: 'PAYNOW',
    PHP: 'INSTAPAY', COP: 'BRE_B', CNY: 'CIPS', KES: 'MOBILE_MONEY', UGX: 'MOBILE_MONEY', TZS: 'MOBILE_MONEY',
  };
  return rails[code] ?? 'BANK_TRANSFER';
}

/** The rails a bank account of `accountType` in `currency` receives on, its default rail first. */
export function accountRails(accountType: string, currency: string): string[] {
  return ACCOUNT_RAILS[accountType] ?? [defaultRail(currency)];
}

const WALLET_BY_NETWORK: Record<string, AccountType> = {
  SOLANA: 'SOLANA_WALLET', ETHEREUM: 'ETHEREUM_WALLET', BASE: 'BASE_WALLET', POLYGON: 'POLYGON_WALLET',
  TRON: 'TRON_WALLET', SPARK: 'SPARK_WALLET', LIGHTNING: 'LIGHTNING', BITCOIN: 'SPARK_WALLET',
};

/** What an instruction is generated for. */
export interface InstructionRequest {
  accountType: AccountType;
  currency: string;
  /** The exact amount to pay (a quote); absent when the payer chooses it (funding an account). */
  amount?: number | undefined;
  /** Credited automatically when included with the payment. */
  reference: string;
  /** Seed for deterministic account numbers (the quote id, or the account's reference). */
  seed: string;
  /** The name PIX codes show as the receiver. */
  platformName: string;
  cryptoNetwork?: string | undefined;
  /** Rails of bank variants; default: the currency's instant rails (a quote funded just in time). */
  rails?: string[] | undefined;
  notes?: string | undefined;
  /** Default true: the money goes to a platform account. */
  isPlatformAccount?: boolean | undefined;
}

/** The accountType that collects a currency (crypto by network). */
export function collectionAccountType(currency: string, cryptoNetwork?: string): AccountType {
  if (currency === 'BTC') return cryptoNetwork === 'LIGHTNING' ? 'LIGHTNING' : 'SPARK_WALLET';
  if (currency === 'USDC' || currency === 'USDT') return WALLET_BY_NETWORK[cryptoNetwork ?? 'SOLANA'] ?? 'SOLANA_WALLET';
  const local = ACCOUNT_TYPES.find((t) => t === `${currency}_ACCOUNT`);
  // A currency without a local variant (JPY, say) is collected by international wire.
  return local ?? 'SWIFT_ACCOUNT';
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
 * Payment instructions for one accountType, with upstream's fields: bank variants carry paymentRails
 * and a unique `reference` (INR none), BRL a PIX payload, ARS a 22-digit CVU, COP a payment URL,
 * wallets an address (and Spark an invoice). One generator serves quotes and account funding alike.
 */
export function instructionFor(r: InstructionRequest): PaymentInstructionsResource {
  const d = (n: number, salt = '') => digitsFrom(`${r.seed}:${salt}`, n);
  const rails = r.rails ?? INSTANT_RAILS[r.currency] ?? ['BANK_TRANSFER'];
  const bank = { paymentRails: rails, reference: r.reference };
  // BOLT11: the amount (in nano-units here) sits between the prefix and the separator; none means any amount.
  const invoice = `lnbcrt${r.amount === undefined ? '' : `${r.amount}n`}1${d(60)}`;
  const note = r.notes ?? `Pay exactly the quoted amount and include the reference ${r.reference}; the quote executes when the funds arrive.`;
  const info = ((): AccountInfoFields => {
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
      case 'SPARK_WALLET': return { assetType: 'BTC', address: `sp1q${d(40)}`, invoice };
      case 'LIGHTNING': return { invoice };
      case 'SOLANA_WALLET': return { address: d(44), assetType: r.currency };
      case 'TRON_WALLET': return { address: `T${d(33)}`, assetType: r.currency };
      case 'POLYGON_WALLET': case 'BASE_WALLET': case 'ETHEREUM_WALLET': return { address: `0x${d(40)}`, assetType: r.currency };
      default: return { ...bank, accountNumber: d(12), bankName: 'Sandbox Bank' };
    }
  })();
  return { accountOrWalletInfo: { accountType: r.accountType, ...info }, instructionsNotes: note, isPlatformAccount: r.isPlatformAccount ?? true };
}
