import { z } from 'zod';
import { PERMISSIONS } from '../api/types';

/** `POST /tokens` body. */
export const createTokenSchema = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z.array(z.enum(PERMISSIONS)).min(1).default(['VIEW']),
});

/** An API token as the API returns it (the secret only on creation). */
export interface ApiToken {
  id: string;
  name: string;
  clientId: string;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  lastUsedAt?: string;
}

/** The creation response: the token plus its secret, shown this once. */
export interface CreatedApiToken extends ApiToken {
  clientSecret: string;
}
