import { z } from 'zod';

const digits = (n: number) => z.string().regex(new RegExp(`^\\d{${n}}$`), `must be exactly ${n} digits`);
const phone = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +254700000001');
const iban = z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN (country code, check digits, then 11-30 letters or digits)');
const swift = z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be an 8 or 11 character SWIFT/BIC code');
const accountNumber = z.string().regex(/^[0-9A-Za-z]{1,34}$/, 'must be 1-34 letters or digits');
const address = z.string().min(8).max(128);

/** The beneficiary named on an external account. */
export const beneficiarySchema = z.discriminatedUnion('beneficiaryType', [
  z.object({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string().trim().min(1), countryOfResidence: z.string().length(2).optional(), birthDate: z.string().optional(), nationality: z.string().optional() }).loose(),
  z.object({ beneficiaryType: z.literal('BUSINESS'), legalName: z.string().trim().min(1), countryOfResidence: z.string().length(2).optional(), registrationNumber: z.string().optional() }).loose(),
]);

const bank = { beneficiary: beneficiarySchema, bankName: z.string().optional(), paymentRails: z.array(z.string()).optional() };
const mobile = { phoneNumber: phone, provider: z.string().min(1), beneficiary: beneficiarySchema };
const wallet = { address, beneficiary: beneficiarySchema.optional() };

/** Per `accountType`: the fields required in `accountInfo`, and which of them is the primary identifier. */
export const ACCOUNT_INFO: Record<string, { schema: z.ZodObject; primary: string; currencies?: string[] }> = {
  USD_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, routingNumber: digits(9), bankAccountType: z.enum(['CHECKING', 'SAVINGS']).optional() }) },
  EUR_ACCOUNT: { primary: 'iban', schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  DKK_ACCOUNT: { primary: 'iban', schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  AED_ACCOUNT: { primary: 'iban', schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  MXN_ACCOUNT: { primary: 'clabeNumber', schema: z.object({ ...bank, clabeNumber: digits(18) }) },
  GBP_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, sortCode: digits(6), accountNumber: digits(8) }) },
  CAD_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, bankCode: digits(3), branchCode: digits(5), accountNumber: z.string().regex(/^\d{7,12}$/, 'must be 7-12 digits') }) },
  BRL_ACCOUNT: { primary: 'pixKey', schema: z.object({ ...bank, pixKey: z.string().min(3).max(77), pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']), taxId: z.string().optional() }) },
  INR_ACCOUNT: { primary: 'vpa', schema: z.object({ ...bank, vpa: z.string().regex(/^[\w.-]+@[\w.-]+$/, 'must be a UPI address such as name@bank') }) },
  ARS_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber: digits(22) }) },
  COP_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1), bankAccountType: z.enum(['CHECKING', 'SAVINGS']) }) },
  NGN_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber: digits(10), bankName: z.string().min(1) }) },
  ZAR_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1) }) },
  PHP_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1) }) },
  SWIFT_ACCOUNT: { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, swiftCode: swift, bankName: z.string().min(1), country: z.string().length(2) }) },
  SPARK_WALLET: { primary: 'address', currencies: ['BTC'], schema: z.object(wallet) },
  LIGHTNING: { primary: 'address', currencies: ['BTC'], schema: z.object({ ...wallet, address: z.string().regex(/^[\w.+-]+@[\w.-]+\.[a-z]{2,}$/i, 'must be a Lightning address such as alice@wallet.example') }) },
  SOLANA_WALLET: { primary: 'address', currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  TRON_WALLET: { primary: 'address', currencies: ['USDT', 'USDC'], schema: z.object(wallet) },
  POLYGON_WALLET: { primary: 'address', currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  BASE_WALLET: { primary: 'address', currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  ETHEREUM_WALLET: { primary: 'address', currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
};
for (const c of ['KES', 'MWK', 'RWF', 'TZS', 'UGX', 'ZMW', 'BWP', 'XOF', 'XAF', 'HTG']) {
  ACCOUNT_INFO[`${c}_ACCOUNT`] = { primary: 'phoneNumber', schema: z.object(mobile) };
}
for (const c of ['HKD', 'MYR', 'THB', 'VND', 'SGD', 'IDR', 'BDT', 'EGP', 'GHS', 'GTQ', 'JMD', 'PKR', 'CNY']) {
  ACCOUNT_INFO[`${c}_ACCOUNT`] = { primary: 'accountNumber', schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1), swiftCode: swift.optional() }) };
}

/** `POST /customers/external-accounts` and `POST /platform/external-accounts` body (accountInfo checked per type). */
export const createExternalAccountSchema = z.object({
  customerId: z.string().min(1).optional(),
  currency: z.string().min(3).max(5),
  accountInfo: z.object({ accountType: z.enum(Object.keys(ACCOUNT_INFO) as [string, ...string[]]) }).loose(),
  platformAccountId: z.string().min(1).max(100).optional(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).optional(),
  defaultUmaDepositAccount: z.boolean().optional(),
});

/** The currencies an account type can hold (`XXX_ACCOUNT` holds XXX; wallets their assets); undefined means any. */
export function currenciesOfAccountType(accountType: string): string[] | undefined {
  const fixed = ACCOUNT_INFO[accountType]?.currencies;
  if (fixed) return fixed;
  const m = /^([A-Z]{3})_ACCOUNT$/.exec(accountType);
  return m && accountType !== 'SWIFT_ACCOUNT' ? [m[1]!] : undefined;
}
