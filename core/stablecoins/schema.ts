import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';

/** Providers a stablecoin can be issued with (upstream's enum). */
export const STABLECOIN_PROVIDERS = ['BRALE'] as const;
/** Networks stablecoins are issued on: the contract's StablecoinNetwork. */
export const STABLECOIN_NETWORKS = ['SPARK'] as const;
/** Networks coins registered before migration 033 may still name (their operations are DISABLED). */
export const LEGACY_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON'] as const;
/** Statuses of a provider account link. */
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
/** Where a coin's issuance stands at the provider (the contract's StablecoinIssuanceStatus). */
export const ISSUANCE_STATUSES = ['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED'] as const;
/** Whether this service may mint and burn the coin (the contract's StablecoinSvcOperationsStatus). */
export const SVC_OPERATIONS_STATUSES = ['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'] as const;
/** Statuses of a mint or burn (the contract's StablecoinOperationStatus). */
export const OPERATION_STATUSES = ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
/** A mint or burn status. */
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
/** Rails a burn pays the base currency out on. */
export const PAYOUT_RAILS = ['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'] as const;
/** A burn's payout rail. */
export type PayoutRail = (typeof PAYOUT_RAILS)[number];
/** Stablecoins have 6 decimals, as USDC and USDT do. */
export const STABLECOIN_DECIMALS = 6;

const timestamp = z.iso.datetime();

/** `POST /stablecoin-provider-accounts` body (the secret is stored hashed and never returned). */
export const linkProviderAccountSchema = z.object({
  provider: z.enum(STABLECOIN_PROVIDERS),
  apiClientId: z.string().trim().min(1).max(200),
  apiClientSecret: z.string().min(1).max(500).meta({ description: 'Checked and stored hashed; never returned. In the sandbox a secret starting with "invalid" fails verification.' }),
  providerAccountId: z.string().trim().min(1).max(200).optional(),
}).strict().meta({ id: 'StablecoinProviderAccountLinkRequest' });

/** A linked provider account. */
export const providerAccountSchema = z.object({
  id: z.string().meta({ example: 'StablecoinProviderAccount:019542f5-b3e7-1d02-0000-000000000001' }),
  provider: z.enum(STABLECOIN_PROVIDERS),
  providerAccountId: z.string(),
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  status: z.enum(PROVIDER_ACCOUNT_STATUSES),
  lastVerifiedAt: timestamp.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'StablecoinProviderAccount' });
/** A linked provider account. */
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** `GET /stablecoin-provider-accounts` query. */
export const listProviderAccountsQuery = pageQuerySchema.extend({
  provider: z.enum(STABLECOIN_PROVIDERS).optional(),
  status: z.enum(PROVIDER_ACCOUNT_STATUSES).optional(),
}).strict();

/**
 * `POST /stablecoins` body, the contract's: the coin's identifier at the provider (also its symbol), its
 * identifier on the network, and the network. `name` is this service's extension (defaults to the symbol).
 */
export const registerStablecoinSchema = z.object({
  providerTokenIdentifier: z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 capital letters or digits, such as ACME')
    .meta({ description: "The coin's identifier at the provider, which is also its symbol", example: 'ACME' }),
  networkTokenIdentifier: z.string().trim().min(1).max(100).meta({ description: 'The token on its network', example: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k' }),
  network: z.enum(STABLECOIN_NETWORKS),
  stablecoinProviderAccountId: z.string().min(1).optional().meta({ description: 'Required when more than one ACTIVE provider account is linked' }),
  name: z.string().trim().min(1).max(100).optional().meta({ description: 'Extension: a display name; defaults to the symbol' }),
}).strict().meta({ id: 'RegisterStablecoinRequest' });

/** A registered stablecoin, in the contract's shape, with its circulating supply (an extension). */
export const stablecoinSchema = z.object({
  id: z.string().meta({ example: 'Stablecoin:019542f5-b3e7-1d02-0000-000000000002' }),
  name: z.string(), symbol: z.string(),
  baseCurrency: z.string().meta({ description: 'The fiat currency backing the coin 1:1', example: 'USD' }),
  network: z.enum([...STABLECOIN_NETWORKS, ...LEGACY_NETWORKS]).meta({ description: 'SPARK; coins registered before the contract shapes may name an older network' }),
  decimals: z.number().int(),
  issuanceStatus: z.enum(ISSUANCE_STATUSES),
  svcOperationsStatus: z.enum(SVC_OPERATIONS_STATUSES),
  networkTokenIdentifier: z.string(),
  currency: z.string().meta({ description: 'The currency code the coin is counted in (its symbol)' }),
  provider: z.enum(STABLECOIN_PROVIDERS),
  stablecoinProviderAccountId: z.string(),
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  providerTokenIdentifier: z.string(),
  totalSupply: z.string().regex(/^[0-9]+$/).meta({ description: 'Extension: minted minus burned, in the smallest unit (completed operations only)' }),
  createdAt: timestamp, updatedAt: timestamp,
}).strict().meta({ id: 'Stablecoin' });
/** A registered stablecoin. */
export type Stablecoin = z.infer<typeof stablecoinSchema>;

/** Smallest units of a coin per smallest unit of its base currency (6 decimals against cents). */
export const UNITS_PER_CENT = 10 ** (STABLECOIN_DECIMALS - 2);

/** An amount in the coin's smallest unit, as the contract writes it: a string of digits. */
const amountString = z.string()
  .regex(/^[0-9]+$/, 'must be a string of digits in the smallest unit (6 decimals), such as "1000000" for 1.000000')
  .refine((s) => BigInt(s) > 0n && BigInt(s) <= BigInt(MAX_AMOUNT), `must be between 1 and ${MAX_AMOUNT}`)
  .refine((s) => BigInt(s) % BigInt(UNITS_PER_CENT) === 0n, `must be whole cents of the base currency (a multiple of ${UNITS_PER_CENT} at 6 decimals)`)
  .meta({ example: '1000000', description: `In the smallest unit (6 decimals); the sandbox backs coins 1:1 with cents, so a multiple of ${UNITS_PER_CENT}` });
const description = z.string().max(1024).optional();
const accountId = (example: string) => z.string().min(1).meta({ example });
const INTERNAL = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000102';
const EXTERNAL = 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000101';

/** Where a mint's base-currency money comes from (the contract's StablecoinMintFundingSource). */
export const mintFundingSourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('WIRE') }).strict(),
  z.object({ type: z.literal('ACH_DEBIT'), externalAccountId: accountId(EXTERNAL) }).strict(),
  z.object({ type: z.literal('SAME_DAY_ACH_DEBIT'), externalAccountId: accountId(EXTERNAL) }).strict(),
  z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: accountId(INTERNAL) }).strict(),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: z.enum(['USDC', 'USDT']), cryptoNetwork: z.enum(['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'SPARK']) }).strict(),
]).meta({ id: 'StablecoinMintFundingSource' });
/** A mint's funding source. */
export type MintFundingSource = z.infer<typeof mintFundingSourceSchema>;

/** `POST /stablecoins/{id}/mints` body (the contract's StablecoinMintRequest). */
export const mintRequestSchema = z.object({
  amount: amountString,
  fundingSource: mintFundingSourceSchema,
  destination: z.object({
    accountId: accountId('ExternalAccount:019542f5-b3e7-1d02-0000-000000000201')
      .meta({ description: 'A SPARK_WALLET external account (the coins leave custody), or an internal account the coins are kept in custody for' }),
  }).strict(),
  description,
}).strict().meta({ id: 'StablecoinMintRequest' });

/** Where a burn's coins come from (the contract's StablecoinBurnSource). */
export const burnSourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: accountId(EXTERNAL).optional().meta({ description: 'Extension: the wallet the coins come from' }) }).strict(),
  z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: accountId(INTERNAL) }).strict(),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE') }).strict(),
]).meta({ id: 'StablecoinBurnSource' });
/** A burn's source. */
export type BurnSource = z.infer<typeof burnSourceSchema>;

/** `POST /stablecoins/{id}/burns` body (the contract's StablecoinBurnRequest). */
export const burnRequestSchema = z.object({
  amount: amountString,
  source: burnSourceSchema,
  destination: z.object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: accountId('ExternalAccount:019542f5-b3e7-1d02-0000-000000000205'), rail: z.enum(PAYOUT_RAILS) }).strict(),
  description,
}).strict().meta({ id: 'StablecoinBurnRequest' });

/** A mint or burn, in the contract's shape, moving through its statuses on the workspace clock. */
export const operationSchema = z.object({
  id: z.string().meta({ example: 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000003' }),
  stablecoinId: z.string(),
  operationType: z.enum(['MINT', 'BURN']),
  status: z.enum(OPERATION_STATUSES),
  amount: z.string().meta({ example: '1000000' }),
  provider: z.enum(STABLECOIN_PROVIDERS),
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  stablecoinProviderAccountId: z.string(),
  source: z.object({
    type: z.enum(['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'EXTERNAL_ACCOUNT', 'SVC_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE']),
    externalAccountId: z.string().optional(), accountId: z.string().optional(), sourceTokenIdentifier: z.string().optional(), cryptoNetwork: z.string().optional(),
  }).strict().optional(),
  fundingInstructions: z.record(z.string(), z.string()).optional().meta({ description: 'Where to send the funds while PENDING_FUNDING' }),
  destination: z.object({ accountId: z.string(), rail: z.enum(PAYOUT_RAILS).optional() }).strict().optional(),
  estimatedDelivery: z.object({ rail: z.string(), amount: z.string(), currency: z.string(), timing: z.string() }).strict().optional(),
  expiresAt: timestamp.optional().meta({ description: 'While PENDING_FUNDING: when the operation expires unless funded' }),
  providerStatus: z.string().optional(),
  failureReason: z.string().optional(),
  description: z.string().optional(),
  address: z.string().optional().meta({ description: 'Extension: the address an operation made before the contract shapes named' }),
  transactionHash: z.string().optional().meta({ description: 'Extension: the on-chain hash, once COMPLETED' }),
  createdAt: timestamp, updatedAt: timestamp,
  completedAt: timestamp.optional().meta({ description: 'Extension: when it reached COMPLETED or FAILED' }),
}).strict().meta({ id: 'StablecoinOperation' });
/** A mint or burn. */
export type StablecoinOperation = z.infer<typeof operationSchema>;

/** Networks a crypto withdrawal can travel on. */
export const WITHDRAWAL_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'BITCOIN', 'LIGHTNING', 'SPARK'] as const;

/**
 * `POST /crypto/estimate-withdrawal-fee` body, in the contract's names (`cryptoNetwork`). The contract
 * requires `internalAccountId` and `destinationAddress`; the sandbox's fee table needs neither, so they are
 * optional here, and an internalAccountId that is given is checked (it must exist and hold the currency).
 */
export const withdrawalFeeRequestSchema = z.object({
  internalAccountId: z.string().min(1).optional().meta({ description: 'The internal account the withdrawal would debit', example: 'InternalAccount:a12dcbd6-dced-4ec4-b756-3c3a9ea3d123' }),
  currency: z.enum(['USDC', 'USDT', 'BTC']),
  cryptoNetwork: z.enum(WITHDRAWAL_NETWORKS),
  amount: z.number().int().positive().max(MAX_AMOUNT).meta({ description: 'In the smallest unit of the currency' }),
  destinationAddress: z.string().trim().min(1).max(200).optional(),
}).strict().meta({ id: 'EstimateCryptoWithdrawalFeeRequest' });

/** The estimate, in the contract's shape; every amount is in the smallest unit of the withdrawn currency. */
export const withdrawalFeeSchema = z.object({
  networkFee: z.number().int().min(0).meta({ description: "The sandbox network fee, charged in the withdrawn currency" }),
  networkFeeAsset: z.string().meta({ description: 'The asset the network fee is counted in (the withdrawn currency in the sandbox)', example: 'USDC' }),
  applicationFee: z.number().int().min(0).meta({ description: "The platform's own fee (none in the sandbox)" }),
  totalFee: z.number().int().min(0),
  netAmount: z.number().int().min(0).meta({ description: 'What arrives: amount minus totalFee' }),
}).strict().meta({ id: 'EstimateCryptoWithdrawalFeeResponse' });

/** Pages of each resource. */
export const providerAccountPageSchema = pageSchema(providerAccountSchema, 'StablecoinProviderAccountListResponse');
/** `GET /stablecoins` query: the contract's filters. */
export const listStablecoinsQuery = pageQuerySchema.extend({
  issuanceStatus: z.enum(ISSUANCE_STATUSES).optional(),
  svcOperationsStatus: z.enum(SVC_OPERATIONS_STATUSES).optional(),
  provider: z.enum(STABLECOIN_PROVIDERS).optional(),
}).strict();
/** A page of stablecoins. */
export const stablecoinPageSchema = pageSchema(stablecoinSchema, 'StablecoinList');
/** A page of operations. */
export const operationPageSchema = pageSchema(operationSchema, 'StablecoinOperationList');
/** `GET /stablecoins/{id}/operations` query. */
export const listOperationsQuery = pageQuerySchema.extend({
  status: z.enum(OPERATION_STATUSES).optional(),
  operationType: z.enum(['MINT', 'BURN']).optional().meta({ description: "The contract's name of the type filter" }),
  type: z.enum(['MINT', 'BURN']).optional().meta({ description: 'Older name of operationType, still accepted' }),
}).strict();
