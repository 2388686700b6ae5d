import { z } from 'zod';
import { defineRoute, implement, reply } from '../api/contract';
import { API_BASE, API_VERSION } from '../api/types';
import type { Ctx } from '../context';
import { toHar } from '../kernel/request-log-har';

/** The most calls one export holds (the newest ones matching the filters). */
export const HAR_MAX_ENTRIES = 5_000;

const harQuerySchema = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
  path: z.string().min(1).max(500).optional().meta({ description: 'Paths starting with this (with or without /2025-10-13)' }),
  status: z.coerce.number().int().min(100).max(599).optional(),
  wallSince: z.iso.datetime({ offset: true }).optional().meta({ description: 'Calls made at or after this instant by the real clock' }),
  wallUntil: z.iso.datetime({ offset: true }).optional().meta({ description: 'Calls made at or before this instant by the real clock' }),
  hidePolling: z.enum(['true', 'false']).optional().meta({ description: "true leaves out the console's own polling reads" }),
  limit: z.coerce.number().int().min(1).max(HAR_MAX_ENTRIES).default(1_000),
});

/** The request log as a HAR 1.2 file. */
export const requestLogHarContract = {
  exportSandboxRequestsHar: defineRoute({
    method: 'get', path: '/sandbox/requests/har', tag: 'Sandbox workspace', permission: 'VIEW',
    summary: 'The logged API calls as a HAR 1.2 file (secrets redacted as in the log), oldest first',
    description: 'Opens in browser devtools, Postman, Insomnia and HAR viewers. Our own fields start with `_` (`_faultRuleId`, `_replayed`, `_source`, `_principal`, `_logId`); a call a fault rule acted on says so in its `comment`.',
    query: harQuerySchema,
    responses: { 200: { description: 'A HAR 1.2 document', schema: z.object({ log: z.object({ version: z.literal('1.2'), creator: z.object({ name: z.string(), version: z.string() }), entries: z.array(z.any()), comment: z.string().optional() }) }).meta({ id: 'SandboxRequestLogHar' }) } },
  }),
};

/** The log's filters a HAR query names. */
export function harFilter(q: z.output<typeof harQuerySchema>) {
  const full = (p: string) => (p.startsWith(API_BASE) ? p : `${API_BASE}${p.startsWith('/') ? '' : '/'}${p}`);
  return { method: q.method, status: q.status, pathPrefix: q.path ? full(q.path) : undefined, wallSince: q.wallSince, wallUntil: q.wallUntil, hidePolling: q.hidePolling === 'true' };
}

/** Serves the HAR export. */
export function requestLogHarRoutes(ctx: Ctx) {
  return implement(requestLogHarContract, {
    exportSandboxRequestsHar: ({ query, c }) => {
      const origin = c.env?.consoleCall ? 'http://127.0.0.1' : new URL(c.req.url).origin;
      return reply(200, toHar(ctx.requestLog.read.exportAll(harFilter(query), query.limit), origin, API_VERSION));
    },
  });
}
