import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../api/console-handler';
import type { ApiCallDetail } from '../kernel/request-log';
import { toHar } from '../kernel/request-log-har';
import { API_VERSION } from '../api/types';
import { HAR_MAX_ENTRIES } from '../workspaces/request-log-har-route';

/** The entry types of the log (declared by the kernel, which owns the log). */
export type { ApiCallDetail, ApiCallSummary } from '../kernel/request-log';

/** Filters of the request log. */
export const requestLogQuery = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
  statusClass: z.enum(['2xx', '3xx', '4xx', '5xx']).optional(),
  status: z.number().int().min(100).max(599).optional(),
  pathContains: z.string().max(200).optional(),
  resourceId: z.string().max(200).optional(),
  source: z.enum(['HTTP', 'CONSOLE']).optional(),
  errorCode: z.string().max(100).optional(),
  since: z.iso.datetime().optional(),
  until: z.iso.datetime().optional(),
  wallSince: z.iso.datetime({ offset: true }).optional(),
  wallUntil: z.iso.datetime({ offset: true }).optional(),
  hidePolling: z.boolean().optional(),
  faulted: z.boolean().optional(),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

/** Console handlers of the request log (read through the kernel, which owns the log). */
export function requestLogHandlers(ctx: Ctx, deliveries: { briefOfEvent(eventId: string): { id: string; status: string; url: string; attemptCount: number; createdAt: string }[] }) {
  return {
    'requestLog/list': handler(requestLogQuery, (q) => ctx.requestLog.read.list(q)),
    'requestLog/get': handler(z.object({ id: z.string().min(1) }), ({ id }): ApiCallDetail => ctx.requestLog.read.get(id)),
    /** The events a call caused, with each event's webhook deliveries. */
    'requestLog/caused': handler(z.object({ id: z.string().min(1) }),
      ({ id }) => ctx.requestLog.read.causedBy(id).map((e) => ({ ...e, deliveries: deliveries.briefOfEvent(e.id) }))),
    /** The calls matching the list's filters as a HAR 1.2 document (the console saves it as a file). */
    'requestLog/har': handler(requestLogQuery.omit({ limit: true, cursor: true }).extend({ limit: z.number().int().min(1).max(HAR_MAX_ENTRIES).default(1_000) }),
      ({ limit, ...f }) => toHar(ctx.requestLog.read.exportAll(f, limit), 'http://127.0.0.1', API_VERSION)),
  };
}
