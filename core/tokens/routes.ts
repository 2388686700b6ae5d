import { defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { z } from 'zod';
import { apiTokenPageSchema, apiTokenSchema, createdApiTokenSchema, createTokenSchema, listTokensQuery } from './schema';
import type { TokenService } from './service';

const tokenId = z.object({ tokenId: idParam('The API token id', 'ApiToken:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });

/** `POST/GET /tokens`, `GET/DELETE /tokens/{tokenId}`, declared once. */
export const tokenContract = {
  createToken: defineRoute({
    method: 'post', path: '/tokens', tag: 'API tokens', permission: 'MANAGE',
    summary: 'Creates an API token; its secret is returned only here',
    body: createTokenSchema,
    responses: { 201: { description: 'The token with its secret', schema: createdApiTokenSchema } },
  }),
  listTokens: listRoute({
    path: '/tokens', tag: 'API tokens', permission: 'VIEW',
    summary: 'Lists the API tokens, newest first',
    query: listTokensQuery,
    page: apiTokenPageSchema, items: 'tokens',
  }),
  getTokenById: defineRoute({
    method: 'get', path: '/tokens/{tokenId}', tag: 'API tokens', permission: 'VIEW',
    summary: 'One API token (never its secret)',
    params: tokenId,
    responses: { 200: { description: 'The token', schema: apiTokenSchema } },
    errors: { 404: 'TOKEN_NOT_FOUND' },
  }),
  deleteTokenById: defineRoute({
    method: 'delete', path: '/tokens/{tokenId}', tag: 'API tokens', permission: 'MANAGE',
    summary: 'Revokes an API token at once',
    params: tokenId,
    responses: { 204: { description: 'Revoked' } },
    errors: { 404: 'TOKEN_NOT_FOUND' },
  }),
};

/** Serves the API token routes. */
export function tokenRoutes(tokens: TokenService) {
  return implement(tokenContract, {
    createToken: ({ body }) => reply(201, tokens.create(body.name, body.permissions)),
    listTokens: ({ query }) => reply(200, tokens.list(query)),
    getTokenById: ({ params }) => reply(200, tokens.get(params.tokenId)),
    deleteTokenById: ({ params }) => {
      tokens.delete(params.tokenId);
      return noContent();
    },
  });
}
