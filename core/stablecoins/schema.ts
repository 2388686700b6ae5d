import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';
import { currencyAmountSchema } from '../payments/schema';

/** Providers a stablecoin can be issued with (upstream's enum). */
export const STABLECOIN_PROVIDERS = ['BRALE'] as const;
/** Networks stablecoins are issued on (the payment instructions' EVM and Solana networks). */
export const STABLECOIN_NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'SPARK'] as const;
/** Statuses of a provider account link. */
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
/** Statuses of a mint or burn. */
export const OPERATION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
/** A mint or burn status. */
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
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
 * `POST /stablecoins` body: registers a stablecoin created at the provider. The contract names the coin by
 * `providerTokenIdentifier` (its ticker at the provider) and `networkTokenIdentifier` (its on-chain id) and
 * has no `symbol` or `name`: the symbol defaults to the provider's identifier, the name to the symbol, and
 * the contract address to the network's identifier (generated in the sandbox when neither is given).
 */
export const registerStablecoinSchema = z.object({
  providerTokenIdentifier: z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 capital letters or digits, such as ACME').optional()
    .meta({ description: "The coin's identifier at the provider; the symbol when symbol is absent", example: 'ACME' }),
  networkTokenIdentifier: z.string().trim().min(1).max(100).optional().meta({ description: 'The token on its network; the contract address when contractAddress is absent', example: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k' }),
  symbol: z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 capital letters or digits, such as ACMEUSD').optional()
    .meta({ description: 'Defaults to providerTokenIdentifier; one of the two is required' }),
  name: z.string().trim().min(1).max(100).optional().meta({ description: 'Defaults to the symbol' }),
  network: z.enum(STABLECOIN_NETWORKS),
  contractAddress: z.string().trim().min(1).max(100).optional().meta({ description: 'The token contract or mint address; networkTokenIdentifier, or generated in the sandbox, when absent' }),
  stablecoinProviderAccountId: z.string().min(1).optional().meta({ description: 'Required when more than one ACTIVE provider account is linked' }),
}).strict().meta({ id: 'RegisterStablecoinRequest' });

/** A registered stablecoin with its circulating supply. */
export const stablecoinSchema = z.object({
  id: z.string().meta({ example: 'Stablecoin:019542f5-b3e7-1d02-0000-000000000002' }),
  symbol: z.string(), name: z.string(), network: z.enum(STABLECOIN_NETWORKS), contractAddress: z.string(),
  decimals: z.number().int(),
  provider: z.enum(STABLECOIN_PROVIDERS),
  stablecoinProviderAccountId: z.string(),
  totalSupply: z.number().int().min(0).meta({ description: 'Minted minus burned, in the smallest unit (completed operations only)' }),
  createdAt: timestamp, updatedAt: timestamp,
}).strict().meta({ id: 'Stablecoin' });
/** A registered stablecoin. */
export type Stablecoin = z.infer<typeof stablecoinSchema>;

/** `POST /stablecoins/{id}/mints` and `/burns` body. */
export const operationRequestSchema = z.object({
  amount: z.number().int('must be an integer in the smallest unit (6 decimals)').positive().max(MAX_AMOUNT),
  address: z.string().trim().min(1).max(100).optional().meta({ description: 'Where minted coins go, or where burned coins come from' }),
}).strict().meta({ id: 'StablecoinOperationRequest' });

/** A mint or burn, moving through its statuses on the workspace clock. */
export const operationSchema = z.object({
  id: z.string().meta({ example: 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000003' }),
  stablecoinId: z.string(),
  type: z.enum(['MINT', 'BURN']),
  amount: z.number().int().positive(),
  address: z.string().optional(),
  status: z.enum(OPERATION_STATUSES),
  transactionHash: z.string().optional().meta({ description: 'The on-chain hash, once COMPLETED' }),
  createdAt: timestamp, updatedAt: timestamp, completedAt: timestamp.optional(),
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
