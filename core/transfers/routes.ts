import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody } from '../api/validate';
import { json } from '../api/app';
import { transferInSchema, transferOutSchema } from './schema';
import type { TransferService } from './service';

/** `POST /transfer-in` and `POST /transfer-out` (201 Transaction). */
export function transferRoutes(transfers: TransferService) {
  return (app: ApiApp) => {
    app.post('/transfer-in', async (c) => {
      requirePermission(c, 'TRANSACT');
      return json(transfers.transferIn(await jsonBody(c, transferInSchema)), 201);
    });
    app.post('/transfer-out', async (c) => {
      requirePermission(c, 'TRANSACT');
      return json(transfers.transferOut(await jsonBody(c, transferOutSchema)), 201);
    });
  };
}
