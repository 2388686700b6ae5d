import { z } from 'zod';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import { selectPage } from '../kernel/pagination';
import { handler } from './registry';

interface LogRow {
  seq: number; id: string; method: string; path: string; query: string; status: number; error_code: string | null;
  duration_ms: number; source: 'HTTP' | 'CONSOLE'; principal: string | null; idempotency_key: string | null;
  request_headers: string; request_body: string | null; response_body: string | null; resource_ids: string; created_at: number;
}

/** One request-log entry as the list shows it. */
export interface ApiCallSummary {
  id: string; seq: number; method: string; path: string; query: string; status: number; errorCode: string | null;
  durationMs: number; source: 'HTTP' | 'CONSOLE'; principal: string | null; idempotencyKey: string | null;
  resourceIds: string[]; createdAt: string;
}

/** One request-log entry with its redacted headers and bodies. */
export interface ApiCallDetail extends ApiCallSummary {
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
}

function summary(r: LogRow): ApiCallSummary {
  return {
    id: r.id, seq: r.seq, method: r.method, path: r.path, query: r.query, status: r.status, errorCode: r.error_code,
    durationMs: r.duration_ms, source: r.source, principal: r.principal, idempotencyKey: r.idempotency_key,
    resourceIds: r.resource_ids ? r.resource_ids.split(' ') : [], createdAt: isoOf(r.created_at),
  };
}

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
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

/** Console handlers of the request log. */
export function requestLogHandlers(ctx: Ctx) {
  return {
    'requestLog/list': handler(requestLogQuery, (q) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.method) (where.push('l.method = ?'), params.push(q.method));
      if (q.statusClass) (where.push('l.status / 100 = ?'), params.push(Number(q.statusClass[0])));
      if (q.status) (where.push('l.status = ?'), params.push(q.status));
      if (q.pathContains) (where.push("l.path LIKE ? ESCAPE '\\'"), params.push(`%${q.pathContains.replace(/[%_\\]/g, '\\$&')}%`));
      if (q.source) (where.push('l.source = ?'), params.push(q.source));
      if (q.errorCode) (where.push('l.error_code = ?'), params.push(q.errorCode));
      if (q.since) (where.push('l.created_at >= ?'), params.push(Date.parse(q.since)));
      if (q.until) (where.push('l.created_at <= ?'), params.push(Date.parse(q.until)));
      if (q.resourceId) (where.push('l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id = ?)'), params.push(q.resourceId));
      return selectPage<LogRow, ApiCallSummary>(ctx.db, {
        select: 'SELECT * FROM request_log l', from: 'FROM request_log l', where, params, limit: q.limit, cursor: q.cursor,
        order: 'desc', keyColumn: 'l.seq', idColumn: 'l.id', map: summary, position: (r) => ({ k: r.seq, id: r.id }),
      });
    }),
    'requestLog/get': handler(z.object({ id: z.string().min(1) }), ({ id }): ApiCallDetail => {
      const r = ctx.db.prepare('SELECT * FROM request_log WHERE id = ?').get(id) as LogRow | undefined;
      if (!r) throw notFound('NOT_FOUND', `Request-log entry ${id} not found (it may have been pruned by retention)`);
      return {
        ...summary(r), requestHeaders: JSON.parse(r.request_headers) as Record<string, string>,
        requestBody: r.request_body, responseBody: r.response_body,
      };
    }),
  };
}
