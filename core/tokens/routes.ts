import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody, queryOf } from '../api/validate';
import { json } from '../api/app';
import { pageQuerySchema } from '../kernel/pagination';
import { createTokenSchema } from './schema';
import type { TokenService } from './service';

/** `POST/GET /tokens`, `GET/DELETE /tokens/{tokenId}`. */
export function tokenRoutes(tokens: TokenService) {
  return (app: ApiApp) => {
    app.post('/tokens', async (c) => {
      requirePermission(c, 'MANAGE');
      const body = await jsonBody(c, createTokenSchema);
      return json(tokens.create(body.name, body.permissions), 201);
    });
    app.get('/tokens', (c) => {
      requirePermission(c, 'VIEW');
      const q = queryOf(c, pageQuerySchema);
      return json(tokens.list(q.limit, q.cursor));
    });
    app.get('/tokens/:tokenId', (c) => {
      requirePermission(c, 'VIEW');
      return json(tokens.get(c.req.param('tokenId')));
    });
    app.delete('/tokens/:tokenId', (c) => {
      requirePermission(c, 'MANAGE');
      tokens.delete(c.req.param('tokenId'));
      return c.body(null, 204);
    });
  };
}
