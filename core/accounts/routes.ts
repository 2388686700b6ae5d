import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody, queryOf } from '../api/validate';
import { json } from '../api/app';
import { listExternalAccountsQuery, listInternalAccountsQuery } from './schema';
import { createExternalAccountSchema } from './external-schema';
import type { InternalAccountService } from './internal-service';
import type { ExternalAccountService } from './external-service';

/** Internal and external account routes for customers and for the platform. */
export function accountRoutes(internal: InternalAccountService, external: ExternalAccountService) {
  return (app: ApiApp) => {
    app.get('/customers/internal-accounts', (c) => {
      requirePermission(c, 'VIEW');
      return json(internal.list({ owner: 'CUSTOMERS', ...queryOf(c, listInternalAccountsQuery) }));
    });
    app.get('/platform/internal-accounts', (c) => {
      requirePermission(c, 'VIEW');
      const { customerId: _ignored, ...q } = queryOf(c, listInternalAccountsQuery);
      return json(internal.list({ owner: 'PLATFORM', ...q }));
    });

    for (const [prefix, owner] of [['/customers', 'CUSTOMER'], ['/platform', 'PLATFORM']] as const) {
      app.get(`${prefix}/external-accounts`, (c) => {
        requirePermission(c, 'VIEW');
        const q = queryOf(c, listExternalAccountsQuery);
        return json(external.list(owner, owner === 'PLATFORM' ? { ...q, customerId: undefined } : q));
      });
      app.post(`${prefix}/external-accounts`, async (c) => {
        requirePermission(c, 'MANAGE');
        return json(external.create(await jsonBody(c, createExternalAccountSchema), owner), 201);
      });
      app.get(`${prefix}/external-accounts/:externalAccountId`, (c) => {
        requirePermission(c, 'VIEW');
        return json(external.get(c.req.param('externalAccountId'), owner));
      });
      app.delete(`${prefix}/external-accounts/:externalAccountId`, (c) => {
        requirePermission(c, 'MANAGE');
        external.delete(c.req.param('externalAccountId'), owner);
        return c.body(null, 204);
      });
    }
  };
}
