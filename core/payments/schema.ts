import { z } from 'zod';

/** The spec's Currency object. */
export const currencySchema = z.object({
  code: z.string().meta({ description: 'ISO 4217 code for fiat; the ticker for crypto (BTC, USDC)', example: 'USD' }),
  name: z.string().meta({ example: 'United States Dollar' }),
  symbol: z.string().meta({ example: '$' }),
  decimals: z.number().int().min(0).meta({ description: 'Decimal places of the smallest unit', example: 2 }),
}).strict().meta({ id: 'Currency' });

/** An integer amount in the smallest unit of its currency. */
export const currencyAmountSchema = z.object({
  amount: z.number().int().meta({ description: 'In the smallest unit of the currency (cents for USD)', example: 25000 }),
  currency: currencySchema,
}).strict().meta({ id: 'CurrencyAmount' });

/** Every accountType of the spec's PaymentInstructions. */
export const ACCOUNT_TYPES = [
  'USD_ACCOUNT', 'BRL_ACCOUNT', 'MXN_ACCOUNT', 'DKK_ACCOUNT', 'EUR_ACCOUNT', 'INR_ACCOUNT', 'NGN_ACCOUNT', 'CAD_ACCOUNT', 'GBP_ACCOUNT',
  'HKD_ACCOUNT', 'IDR_ACCOUNT', 'MYR_ACCOUNT', 'PHP_ACCOUNT', 'SGD_ACCOUNT', 'THB_ACCOUNT', 'VND_ACCOUNT', 'AED_ACCOUNT', 'KES_ACCOUNT',
  'MWK_ACCOUNT', 'RWF_ACCOUNT', 'TZS_ACCOUNT', 'UGX_ACCOUNT', 'XOF_ACCOUNT', 'ZAR_ACCOUNT', 'ZMW_ACCOUNT', 'BWP_ACCOUNT', 'XAF_ACCOUNT',
  'BDT_ACCOUNT', 'ARS_ACCOUNT', 'COP_ACCOUNT', 'EGP_ACCOUNT', 'GHS_ACCOUNT', 'GTQ_ACCOUNT', 'HTG_ACCOUNT', 'JMD_ACCOUNT', 'PKR_ACCOUNT',
  'SLV_ACCOUNT', 'SWIFT_ACCOUNT', 'CNY_ACCOUNT', 'SPARK_WALLET', 'LIGHTNING', 'SOLANA_WALLET', 'TRON_WALLET', 'POLYGON_WALLET',
  'BASE_WALLET', 'ETHEREUM_WALLET', 'EMBEDDED_WALLET',
] as const;

const text = z.string().min(1);

/**
 * Where and how to pay, one variant per `accountType`. Declared as one object with the union of the
 * variants' fields because upstream's variants share most of them; which fields each type carries is
 * documented on the field.
 */
export const accountOrWalletInfoSchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  paymentRails: z.array(z.string()).optional().meta({ description: 'Rails this account receives on (bank variants)' }),
  reference: text.optional().meta({ description: 'Include with the payment so it is credited (every bank variant but INR)' }),
  accountNumber: text.optional(),
  routingNumber: text.optional(),
  bankName: text.optional(),
  iban: text.optional(),
  swiftCode: text.optional(),
  clabeNumber: text.optional(),
  sortCode: text.optional(),
  bankCode: text.optional(),
  branchCode: text.optional(),
  bankAccountType: z.enum(['CHECKING', 'SAVINGS']).optional(),
  accountHolderName: text.optional(),
  country: text.optional(),
  phoneNumber: text.optional(),
  provider: text.optional(),
  region: text.optional(),
  vpa: text.optional().meta({ description: 'UPI virtual payment address (INR)' }),
  ifsc: text.optional(),
  qrCode: text.optional().meta({ description: 'BRL: the PIX copy-and-paste payload, to render as a QR image' }),
  paymentUrl: text.optional().meta({ description: 'COP: where the payer completes the payment' }),
  assetType: text.optional().meta({ description: 'Wallets: the asset to send (BTC, USDC)' }),
  address: text.optional().meta({ description: 'Wallets: the receiving address' }),
  invoice: text.optional().meta({ description: 'Spark and Lightning: a BOLT11 invoice' }),
  payloadToSign: text.optional().meta({ description: 'EMBEDDED_WALLET: the exact string a wallet session key stamps for Svc-Wallet-Signature on execute' }),
}).strict().meta({ id: 'AccountOrWalletInfo' });

/** The spec's PaymentInstructions object. */
export const paymentInstructionsSchema = z.object({
  accountOrWalletInfo: accountOrWalletInfoSchema,
  instructionsNotes: z.string().optional(),
  isPlatformAccount: z.boolean().optional(),
}).strict().meta({ id: 'PaymentInstructions' });

/** The spec's PaymentInstructions object. */
export type PaymentInstructionsResource = z.infer<typeof paymentInstructionsSchema>;
