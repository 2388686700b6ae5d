import { z } from 'zod';
import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { queryOf } from '../api/validate';
import { json } from '../api/app';
import type { ReceiverService } from './service';

const lookupQuery = z.object({ senderCurrency: z.string().min(3).max(5).optional(), customerId: z.string().optional(), senderUmaAddress: z.string().optional() });

/** Receiver lookups: `GET /receiver/uma/{receiverUmaAddress}` and `GET /receiver/external-account/{accountId}`. */
export function receiverRoutes(receivers: ReceiverService) {
  return (app: ApiApp) => {
    app.get('/receiver/uma/:address', (c) => {
      requirePermission(c, 'VIEW');
      const q = queryOf(c, lookupQuery);
      return json(receivers.lookupUma(c.req.param('address'), q.senderCurrency, q.customerId));
    });
    app.get('/receiver/external-account/:accountId', (c) => {
      requirePermission(c, 'VIEW');
      return json(receivers.lookupExternalAccount(c.req.param('accountId'), queryOf(c, lookupQuery).senderCurrency));
    });
  };
}
