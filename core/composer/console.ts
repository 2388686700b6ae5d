import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { Ctx } from '../context';
import { redactSavedRequest } from './redact-saved';
import { savedRequestRepo } from './repo';

/** Headers a saved request may not keep: the composer fills credentials in when it sends, and saving them would store a secret. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-console-token']);

const nameValue = z.object({ name: z.string().max(200), value: z.string().max(4000) }).strict();
const name = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');
const id = z.string().min(1);
const page = { limit: z.number().int().min(1).max(100).default(50), cursor: z.string().min(1).optional() };

const savedRequestInput = z.object({
  id: id.optional(),
  name,
  collectionId: id.nullable().default(null),
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  path: z.string().startsWith('/', 'must start with / (the path below the API version)').max(2000),
  query: z.array(nameValue).max(100).default([]),
  headers: z.array(nameValue).max(100).default([])
    .refine((rows) => !rows.some((h) => CREDENTIAL_HEADERS.has(h.name.trim().toLowerCase())), 'must not hold credentials (Authorization, Cookie): the composer fills them in when it sends'),
  body: z.string().max(256 * 1024, 'must be at most 256 KiB').nullable().default(null),
}).strict();

/** Console handlers of the request composer's saved requests and collections. */
export function composerHandlers(ctx: Ctx) {
  const repo = savedRequestRepo(ctx);
  return {
    'composer/list': handler(z.object({ collectionId: id.optional(), q: z.string().trim().max(200).optional(), ...page }).strict(), (f) => repo.list(f)),
    'composer/get': handler(z.object({ id }).strict(), ({ id }) => repo.get(id)),
    // No secret is stored: the answer says, in words, which parts were left out (an empty list when none).
    'composer/save': handler(savedRequestInput, ({ id, ...typed }) => {
      const { fields, leftOut } = redactSavedRequest(typed);
      return { ...repo.save(fields, id), leftOut };
    }),
    'composer/rename': handler(z.object({ id, name }).strict(), ({ id, name }) => repo.rename(id, name)),
    'composer/move': handler(z.object({ id, collectionId: id.nullable() }).strict(), ({ id, collectionId }) => repo.move(id, collectionId)),
    'composer/delete': handler(z.object({ id }).strict(), ({ id }) => (repo.delete(id), { deleted: true })),
    'composer/collections': handler(z.object({ ...page }).strict(), (f) => repo.collections(f)),
    'composer/create-collection': handler(z.object({ name }).strict(), ({ name }) => repo.createCollection(name)),
    'composer/rename-collection': handler(z.object({ id, name }).strict(), ({ id, name }) => repo.renameCollection(id, name)),
    'composer/delete-collection': handler(z.object({ id }).strict(), ({ id }) => (repo.deleteCollection(id), { deleted: true })),
  };
}
