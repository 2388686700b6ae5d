import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from './service';
import { listCustomersQuery } from './schema';

/** Console handlers for customers: the list the screen pages through, and one customer with all its accounts. */
export function customerHandlers(customers: CustomerService, internal: InternalAccountService, external: ExternalAccountService) {
  return {
    'customers/list': handler(listCustomersQuery.extend({ limit: z.number().int().min(1).max(100).default(50) }), (q) => customers.list(q)),
    'customers/get': handler(z.object({ id: z.string().min(1) }), ({ id }) => ({
      customer: customers.get(id),
      internalAccounts: internal.list({ owner: 'CUSTOMERS', customerId: id, includeDeleted: true, limit: 100 }).data,
      externalAccounts: external.list('CUSTOMER', { customerId: id, limit: 100 }).data,
    })),
  };
}
