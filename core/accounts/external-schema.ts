import { z } from 'zod';
import { pageSchema } from '../kernel/pagination';
import { accountRails } from '../payments/instructions';
import { PAYMENT_RAILS } from '../payments/vocabulary';

const digits = (n: number) => z.string().regex(new RegExp(`^\\d{${n}}$`), `must be exactly ${n} digits`);
const phone = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +254700000001');
const iban = z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN (country code, check digits, then 11-30 letters or digits)');
const swift = z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be an 8 or 11 character SWIFT/BIC code');
const accountNumber = z.string().regex(/^[0-9A-Za-z]{1,34}$/, 'must be 1-34 letters or digits');
const address = z.string().min(8).max(128);

// Upstream's beneficiary carries more optional fields than are modelled here; they are kept and echoed.
/** The beneficiary named on an external account. */
export const beneficiarySchema = z.discriminatedUnion('beneficiaryType', [
  z.object({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string().trim().min(1), countryOfResidence: z.string().length(2).optional(), birthDate: z.string().optional(), nationality: z.string().optional() }).loose(),
  z.object({ beneficiaryType: z.literal('BUSINESS'), legalName: z.string().trim().min(1), countryOfResidence: z.string().length(2).optional(), registrationNumber: z.string().optional() }).loose(),
]).meta({ id: 'Beneficiary' });

const paymentRails = z.array(z.enum(PAYMENT_RAILS)).min(1)
  .meta({ description: 'Rails the account receives on; defaults to every rail of its account type' });
const bank = { beneficiary: beneficiarySchema, bankName: z.string().optional(), paymentRails: paymentRails.optional() };
const mobile = { phoneNumber: phone, provider: z.string().min(1), beneficiary: beneficiarySchema, paymentRails: paymentRails.optional() };
const wallet = { address, beneficiary: beneficiarySchema.optional(), vaspName: z.string().min(1).max(200).optional().meta({ description: 'The custodian holding the wallet, when it is hosted' }) };
const bankAccountType = z.enum(['CHECKING', 'SAVINGS']);
const lightningAddress = z.string().regex(/^[\w.+-]+@[\w.-]+\.[a-z]{2,}$/i, 'must be a Lightning address such as alice@wallet.example');

/**
 * Per `accountType`: the fields of `accountInfo`, and the fields that can identify the account, in order
 * of preference (the first one present is its primary identifier: duplicates and sandbox suffixes are
 * read from it; one of them is required). Fields are required as the contract requires them; where it
 * leaves every identifier optional (an account number or a phone number), one of them must be sent.
 */
export const ACCOUNT_INFO: Record<string, { schema: z.ZodObject; primary: string[]; currencies?: string[] }> = {
  USD_ACCOUNT: { primary: ['accountNumber'], schema: z.object({
    ...bank, accountNumber, routingNumber: digits(9), bankAccountType: bankAccountType.optional(),
    intermediaryBankName: z.string().min(1).optional(), intermediaryRoutingNumber: digits(9).optional(), fiToFiInformation: z.string().min(1).max(210).optional(),
  }) },
  EUR_ACCOUNT: { primary: ['iban'], schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  DKK_ACCOUNT: { primary: ['iban'], schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  AED_ACCOUNT: { primary: ['iban'], schema: z.object({ ...bank, iban, swiftCode: swift.optional() }) },
  MXN_ACCOUNT: { primary: ['clabeNumber'], schema: z.object({ ...bank, clabeNumber: digits(18) }) },
  GBP_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, sortCode: digits(6), accountNumber: digits(8) }) },
  CAD_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, bankCode: digits(3), branchCode: digits(5), accountNumber: z.string().regex(/^\d{7,12}$/, 'must be 7-12 digits') }) },
  BRL_ACCOUNT: { primary: ['pixKey'], schema: z.object({ ...bank, pixKey: z.string().min(3).max(77), pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']), taxId: z.string().optional() }) },
  // A UPI address, or a bank account with its IFSC: the contract leaves both optional.
  INR_ACCOUNT: { primary: ['vpa', 'accountNumber'], schema: z.object({
    ...bank, vpa: z.string().regex(/^[\w.-]+@[\w.-]+$/, 'must be a UPI address such as name@bank').optional(),
    accountNumber: z.string().regex(/^\d{9,18}$/, 'must be 9-18 digits').optional(), ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC such as HDFC0001234').optional(),
    rail: z.string().min(1).optional(),
  }) },
  ARS_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, accountNumber: digits(22) }) },
  COP_ACCOUNT: { primary: ['accountNumber', 'phoneNumber'], schema: z.object({ ...bank, accountNumber: accountNumber.optional(), phoneNumber: phone.optional(), bankName: z.string().min(1), bankAccountType: bankAccountType.optional() }) },
  NGN_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, accountNumber: digits(10), bankName: z.string().min(1) }) },
  ZAR_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1) }) },
  PHP_ACCOUNT: { primary: ['accountNumber'], schema: z.object({ ...bank, accountNumber, bankName: z.string().min(1) }) },
  SWIFT_ACCOUNT: { primary: ['accountNumber', 'iban'], schema: z.object({ ...bank, accountNumber: accountNumber.optional(), iban: iban.optional(), swiftCode: swift, bankName: z.string().min(1), country: z.string().length(2) }) },
  SPARK_WALLET: { primary: ['address'], currencies: ['BTC'], schema: z.object(wallet) },
  // The contract's names (lightningAddress, a BOLT11 invoice or a BOLT12 offer) beside our older address.
  LIGHTNING: { primary: ['lightningAddress', 'address', 'invoice', 'bolt12'], currencies: ['BTC'], schema: z.object({
    ...wallet, address: lightningAddress.optional(), lightningAddress: lightningAddress.optional(),
    invoice: z.string().regex(/^ln(bc|tb|bcrt)[0-9a-z]+$/i, 'must be a BOLT11 invoice (lnbc…)').optional(), bolt12: z.string().regex(/^lno1[0-9a-z]+$/i, 'must be a BOLT12 offer (lno1…)').optional(),
  }) },
  SOLANA_WALLET: { primary: ['address'], currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  TRON_WALLET: { primary: ['address'], currencies: ['USDT', 'USDC'], schema: z.object(wallet) },
  POLYGON_WALLET: { primary: ['address'], currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  BASE_WALLET: { primary: ['address'], currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
  // Plasma, the USD₮ chain the contract adds beside the EVM and Solana wallets.
  PLASMA_WALLET: { primary: ['address'], currencies: ['USDT'], schema: z.object(wallet) },
  // El Salvador's accounts hold US dollars; a bank account number or a mobile-money phone identifies them.
  SLV_ACCOUNT: { primary: ['accountNumber', 'phoneNumber'], currencies: ['USD'], schema: z.object({
    ...bank, accountNumber: accountNumber.optional(), phoneNumber: phone.optional(), bankAccountType: bankAccountType.optional(),
  }) },
  ETHEREUM_WALLET: { primary: ['address'], currencies: ['USDC', 'USDT'], schema: z.object(wallet) },
};
for (const c of ['KES', 'MWK', 'RWF', 'TZS', 'UGX', 'ZMW', 'BWP', 'XOF', 'XAF', 'HTG']) {
  // HTG's provider is optional in the contract; XOF and XAF name the region (WAEMU, CEMAC country) the number is in.
  ACCOUNT_INFO[`${c}_ACCOUNT`] = { primary: ['phoneNumber'], schema: z.object({ ...mobile, ...(c === 'HTG' ? { provider: z.string().min(1).optional() } : {}), region: z.string().min(1).optional() }) };
}
// Bank accounts of these currencies: the contract requires the account number for some and, for others
// (BDT, CNY, EGP, GHS, PKR), lets a phone number or an IBAN identify the account instead.
for (const c of ['HKD', 'MYR', 'THB', 'VND', 'SGD', 'IDR', 'BDT', 'EGP', 'GHS', 'GTQ', 'JMD', 'PKR', 'CNY']) {
  ACCOUNT_INFO[`${c}_ACCOUNT`] = { primary: ['accountNumber', 'iban', 'phoneNumber'], schema: z.object({
    ...bank, accountNumber: accountNumber.optional(), iban: iban.optional(), phoneNumber: phone.optional(), bankName: z.string().min(1).optional(),
    swiftCode: swift.optional(), branchCode: z.string().regex(/^\d{5}$/, 'must be 5 digits').optional(), bankAccountType: bankAccountType.optional(),
  }) };
}

/** True for bank and mobile-money account types, which receive on payment rails (wallets do not). */
export function hasRails(accountType: string): boolean {
  return accountType.endsWith('_ACCOUNT');
}

/** `accountInfo` with the account type's rails filled in where the caller gave none (bank and mobile variants). */
export function withRails(info: Record<string, unknown>, accountType: string, currency: string): Record<string, unknown> {
  if (!hasRails(accountType) || (Array.isArray(info['paymentRails']) && info['paymentRails'].length)) return info;
  return { ...info, paymentRails: accountRails(accountType, currency) };
}

const pascal = (type: string) => type.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _s, ch: string) => ch.toUpperCase());
type Variants = [z.ZodObject, ...z.ZodObject[]];

/** `accountInfo` of a request, one variant per `accountType` (unknown fields are dropped). */
const accountInfoInput = z.discriminatedUnion('accountType', Object.entries(ACCOUNT_INFO).map(([type, spec]) =>
  spec.schema.extend({ accountType: z.literal(type) })) as unknown as Variants);

/** `accountInfo` as returned: the request's fields, with `paymentRails` always present on bank and mobile variants. */
export const accountInfoSchema = z.discriminatedUnion('accountType', Object.entries(ACCOUNT_INFO).map(([type, spec]) =>
  spec.schema.extend({ accountType: z.literal(type), ...(hasRails(type) ? { paymentRails } : {}) }).strict()
    .meta({ id: `External${pascal(type)}Info` })) as unknown as Variants).meta({ id: 'ExternalAccountInfo' });

/** `POST /customers/external-accounts` and `POST /platform/external-accounts` body. */
export const createExternalAccountSchema = z.object({
  customerId: z.string().min(1).optional().meta({ description: 'The owner; required on the customers path, refused on the platform path' }),
  currency: z.string().min(3).max(5).meta({ example: 'USD' }),
  accountInfo: accountInfoInput,
  platformAccountId: z.string().min(1).max(100).optional().meta({ description: "The platform's own id for the account" }),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).optional().meta({ description: 'Default THIRD_PARTY, which requires a beneficiary' }),
  defaultUmaDepositAccount: z.boolean().optional(),
}).meta({ id: 'CreateExternalAccountRequest' });

/** The currencies an account type can hold (`XXX_ACCOUNT` holds XXX; wallets their assets); undefined means any. */
export function currenciesOfAccountType(accountType: string): string[] | undefined {
  const fixed = ACCOUNT_INFO[accountType]?.currencies;
  if (fixed) return fixed;
  const m = /^([A-Z]{3})_ACCOUNT$/.exec(accountType);
  return m && accountType !== 'SWIFT_ACCOUNT' ? [m[1]!] : undefined;
}

/** Statuses of an external account (deleted accounts end INACTIVE). */
export const EXTERNAL_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'] as const;
/** Results of the beneficiary name check. */
export const BENEFICIARY_STATUSES = ['MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING'] as const;

/** A bank account or wallet outside the platform that money is paid to (or pulled from). */
export const externalAccountSchema = z.object({
  id: z.string().meta({ example: 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  customerId: z.string().optional().meta({ description: 'The owner; absent for an account of the platform itself' }),
  status: z.enum(EXTERNAL_ACCOUNT_STATUSES),
  currency: z.string().meta({ example: 'USD' }),
  accountInfo: accountInfoSchema,
  platformAccountId: z.string().optional(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).optional(),
  defaultUmaDepositAccount: z.boolean(),
  beneficiaryVerificationStatus: z.enum(BENEFICIARY_STATUSES).optional()
    .meta({ description: "The receiving institution's check of the beneficiary name (sandbox: suffixes 102-107)" }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict().meta({ id: 'ExternalAccount', description: 'A bank account or wallet outside the platform, of a customer or of the platform' });

/** The ExternalAccount resource. */
export type ExternalAccount = z.infer<typeof externalAccountSchema>;

/** A page of external accounts. */
export const externalAccountPageSchema = pageSchema(externalAccountSchema, 'ExternalAccountList');
