import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody, queryOf } from '../api/validate';
import { json } from '../api/app';
import { createCustomerSchema, listCustomersQuery, updateCustomerSchema } from './schema';
import type { CustomerService } from './service';
import type { WalletActions } from '../wallet/actions';
import { signedRequestOf, signedResponse } from '../wallet/routes';

/** `/customers` CRUD. Registered after the `/customers/internal-accounts` and `/customers/external-accounts` routes. */
export function customerRoutes(customers: CustomerService, wallets: WalletActions) {
  return (app: ApiApp) => {
    app.post('/customers', async (c) => {
      requirePermission(c, 'MANAGE');
      return json(customers.create(await jsonBody(c, createCustomerSchema)), 201);
    });
    app.get('/customers', (c) => {
      requirePermission(c, 'VIEW');
      return json(customers.list(queryOf(c, listCustomersQuery)));
    });
    app.get('/customers/:customerId', (c) => {
      requirePermission(c, 'VIEW');
      return json(customers.get(c.req.param('customerId')));
    });
    app.patch('/customers/:customerId', async (c) => {
      requirePermission(c, 'MANAGE');
      const id = c.req.param('customerId');
      const patch = await jsonBody(c, updateCustomerSchema);
      // Why: a contact tied to an embedded wallet's OTP credential is changed by a signed wallet action.
      if (wallets.tiedChanges(id, patch).length) return signedResponse(wallets.updateTiedContact(id, patch, await signedRequestOf(c)));
      return json(customers.update(id, patch));
    });
    app.delete('/customers/:customerId', (c) => {
      requirePermission(c, 'MANAGE');
      return json(customers.delete(c.req.param('customerId')));
    });
  };
}
