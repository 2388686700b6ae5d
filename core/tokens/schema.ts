import { z } from 'zod';
import { PERMISSIONS } from '../api/types';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';
import { fromBound, toBound } from '../kernel/date-bounds';

/** `POST /tokens` body. */
export const createTokenSchema = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z.array(z.enum(PERMISSIONS)).min(1).default(['VIEW']),
}).meta({ id: 'CreateApiTokenRequest' });

const tokenFields = {
  id: z.string().meta({ example: 'ApiToken:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  name: z.string(),
  clientId: z.string().meta({ description: 'The user name of HTTP Basic authentication' }),
  permissions: z.array(z.enum(PERMISSIONS)),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  lastUsedAt: z.string().meta({ format: 'date-time' }).optional(),
};

/** An API token as the API returns it (the secret only on creation). */
export const apiTokenSchema = z.object(tokenFields).strict().meta({ id: 'ApiToken' });
/** An API token as the API returns it (the secret only on creation). */
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The creation response: the token plus its secret, shown this once. */
export const createdApiTokenSchema = z.object({
  ...tokenFields,
  clientSecret: z.string().meta({ description: 'The password of HTTP Basic authentication; shown only in this response' }),
}).strict().meta({ id: 'CreatedApiToken' });
/** The creation response: the token plus its secret, shown this once. */
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** A page of API tokens. */
export const apiTokenPageSchema = pageSchema(apiTokenSchema, 'ApiTokenList');

/** `GET /tokens` query: the contract's filters (`name` matches the whole name in any letter case). */
export const listTokensQuery = pageQuerySchema.extend({
  name: z.string().min(1).optional().meta({ description: 'The whole token name, in any letter case' }),
  createdAfter: fromBound().optional(),
  createdBefore: toBound().optional(),
  updatedAfter: fromBound().optional(),
  updatedBefore: toBound().optional(),
});
/** The filters of `GET /tokens`, parsed. */
export type TokenFilter = z.output<typeof listTokensQuery>;
