import { z } from 'zod';
import { p256KeyHex } from './key-schema';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';

/** `POST /auth/delegated-keys` body. */
export const createDelegatedKeySchema = z.object({
  accountId: z.string().min(1).meta({ description: 'The embedded wallet (InternalAccount:…) the key may act for' }),
  publicKey: p256KeyHex('must be a P-256 public key in hex (compressed 66 or uncompressed 130 characters)'),
  nickname: z.string().trim().min(1).max(100).optional(),
  expiresAt: z.iso.datetime().optional().meta({ description: 'When the key stops being valid; it never expires when absent' }),
}).strict().meta({ id: 'CreateDelegatedKeyRequest' });

/** A delegated key. */
export const delegatedKeySchema = z.object({
  id: z.string().meta({ example: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000004' }),
  accountId: z.string(),
  publicKey: z.string().meta({ description: 'Compressed P-256 public key, hex' }),
  nickname: z.string().optional(),
  status: z.enum(['ACTIVE', 'REVOKED']),
  expiresAt: z.iso.datetime().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict().meta({ id: 'DelegatedKey' });
/** A delegated key. */
export type DelegatedKey = z.infer<typeof delegatedKeySchema>;

/** `GET /auth/delegated-keys` query. */
export const listDelegatedKeysQuery = pageQuerySchema.extend({
  accountId: z.string().min(1).meta({ description: 'The embedded wallet' }),
  status: z.enum(['ACTIVE', 'REVOKED']).optional(),
}).strict();

/** A page of delegated keys. */
export const delegatedKeyPageSchema = pageSchema(delegatedKeySchema, 'DelegatedKeyList');
