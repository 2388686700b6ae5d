import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { BulkCustomerImports } from './service';

/** Console handlers for bulk imports: past jobs (the upload and each job go through the API). */
export function bulkHandlers(imports: BulkCustomerImports) {
  return {
    'bulk/list': handler(z.object({ limit: z.number().int().min(1).max(100).default(20), cursor: z.string().optional() }), (q) => imports.list(q.limit, q.cursor)),
  };
}
