import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';

/**
 * `POST /auth/delegated-keys` body, as the contract has it: the server generates the key pair for a card
 * and the embedded wallet that funds it (the older flow, where the client sent a public key, is gone).
 */
export const createDelegatedKeySchema = z.object({
  cardId: z.string().min(1).meta({ description: 'The card whose spending the key authorizes', example: 'Card:019542f5-b3e7-1d02-0000-000000000010' }),
  internalAccountId: z.string().min(1).meta({ description: "The embedded wallet (one of the card's funding sources) the key may debit", example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
  nickname: z.string().trim().min(1).max(256).meta({ example: 'Card payments key' }),
}).strict().meta({ id: 'DelegatedKeyCreateRequest' });

/** The statuses of a delegated key (keys are ACTIVE once created here; PENDING is the contract's, unused). */
export const DELEGATED_KEY_STATUSES = ['PENDING', 'ACTIVE', 'REVOKED'] as const;

/** A delegated key: a P-256 key the server holds to stamp a card's debits of an embedded wallet. */
export const delegatedKeySchema = z.object({
  id: z.string().meta({ example: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000021' }),
  cardId: z.string(),
  fundingSourceId: z.string().meta({ description: 'The card and wallet pair, the same for every key of the pair', example: 'CardFundingSource:019542f5-b3e7-1d02-0000-000000000011' }),
  accountId: z.string().meta({ description: 'The embedded wallet' }),
  publicKey: z.string().meta({ description: 'Compressed P-256 public key, hex; the private key never leaves the server' }),
  nickname: z.string(),
  status: z.enum(DELEGATED_KEY_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict().meta({ id: 'DelegatedKey' });
/** A delegated key. */
export type DelegatedKey = z.infer<typeof delegatedKeySchema>;

/** `GET /auth/delegated-keys` query: every filter optional, as in the contract (cardId and status are ours). */
export const listDelegatedKeysQuery = pageQuerySchema.extend({
  accountId: z.string().min(1).optional().meta({ description: 'The embedded wallet' }),
  fundingSourceId: z.string().min(1).optional(),
  cardId: z.string().min(1).optional(),
  status: z.enum(DELEGATED_KEY_STATUSES).optional(),
}).strict();

/** A page of delegated keys. */
export const delegatedKeyPageSchema = pageSchema(delegatedKeySchema, 'DelegatedKeyListResponse');
