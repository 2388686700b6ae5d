import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody, queryOf } from '../api/validate';
import { json } from '../api/app';
import { createCustomerSchema, listCustomersQuery, updateCustomerSchema } from './schema';
import type { CustomerService } from './service';

/** `/customers` CRUD. Registered after the `/customers/internal-accounts` and `/customers/external-accounts` routes. */
export function customerRoutes(customers: CustomerService) {
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
      return json(customers.update(c.req.param('customerId'), await jsonBody(c, updateCustomerSchema)));
    });
    app.delete('/customers/:customerId', (c) => {
      requirePermission(c, 'MANAGE');
      return json(customers.delete(c.req.param('customerId')));
    });
  };
}
