import type { Db } from './db';
import { isoOf } from './clock';
import { notFound } from './errors';
import { selectPage, type Page } from './pagination';

/** One request-log entry as the list shows it. */
export interface ApiCallSummary {
  id: string; seq: number; method: string; path: string; query: string; status: number; errorCode: string | null;
  durationMs: number; source: 'HTTP' | 'CONSOLE'; principal: string | null; idempotencyKey: string | null;
  resourceIds: string[]; createdAt: string;
  /** When the call was made by the real clock (null for calls logged before wall times were kept). */
  wallAt: string | null;
  /** The fault rule that acted on the call, if one did. */
  faultRuleId: string | null;
  /** What that rule did, in words ("answered 500 INTERNAL_ERROR (rule "…")"). */
  faultNote: string | null;
  /** The answer was an idempotent replay of an earlier call with the same key (nothing new happened). */
  replayed: boolean;
}

/** An event an API call caused, with the webhook deliveries made of it. */
export interface CausedEvent {
  id: string; seq: number; type: string; resourceId: string; createdAt: string;
}

/** One request-log entry with its redacted headers and bodies. */
export interface ApiCallDetail extends ApiCallSummary {
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
}

/** A call as a resource's history lists it (`created_at`, epoch ms, is kept beside `createdAt`: the console's detail already exposed it). */
export interface ApiCallMention {
  id: string; method: string; path: string; status: number; source: string; created_at: number; createdAt: string;
  /** When the call was made by the real clock (null for calls logged before wall times were kept). */
  wallAt: string | null;
  /** Who called: an API token's client id, an agent's id, or the console's (null when unauthenticated). */
  principal: string | null;
}

/** Filters of the request log. */
export interface RequestLogFilter {
  method?: string | undefined;
  statusClass?: '2xx' | '3xx' | '4xx' | '5xx' | undefined;
  status?: number | undefined;
  pathContains?: string | undefined;
  /** The exact path as logged (with the versioned base). */
  path?: string | undefined;
  /** Paths starting with this (with the versioned base). */
  pathPrefix?: string | undefined;
  idempotencyKey?: string | undefined;
  resourceId?: string | undefined;
  source?: 'HTTP' | 'CONSOLE' | undefined;
  errorCode?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  /** Calls made at or after this instant by the real clock (calls older than wall times are placed by their workspace time). */
  wallSince?: string | undefined;
  /** Calls made at or before this instant by the real clock. */
  wallUntil?: string | undefined;
  /** Leaves out the console's own polling (see POLLING). */
  hidePolling?: boolean | undefined;
  /** Only calls a fault rule acted on. */
  faulted?: boolean | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface SummaryRow {
  seq: number; id: string; method: string; path: string; query: string; status: number; error_code: string | null;
  duration_ms: number; source: 'HTTP' | 'CONSOLE'; principal: string | null; idempotency_key: string | null;
  resource_ids: string; created_at: number; wall_at: number | null; fault_rule_id: string | null; fault_note: string | null; replayed: number;
}

interface LogRow extends SummaryRow {
  request_headers: string; request_body: string | null; response_body: string | null;
}

/**
 * The columns a list shows. Why not `*`: headers and bodies (up to 64 KiB each) would be read for every
 * row of every page and then dropped; at 10,000 calls that made the first page 10x slower (npm run bench).
 */
const SUMMARY_COLUMNS = 'l.seq, l.id, l.method, l.path, l.query, l.status, l.error_code, l.duration_ms, l.source, l.principal, l.idempotency_key, l.resource_ids, l.created_at, l.wall_at, l.fault_rule_id, l.fault_note, l.replayed';

function summary(r: SummaryRow): ApiCallSummary {
  return {
    id: r.id, seq: r.seq, method: r.method, path: r.path, query: r.query, status: r.status, errorCode: r.error_code,
    durationMs: r.duration_ms, source: r.source, principal: r.principal, idempotencyKey: r.idempotency_key,
    resourceIds: r.resource_ids ? r.resource_ids.split(' ') : [], createdAt: isoOf(r.created_at), wallAt: r.wall_at === null ? null : isoOf(r.wall_at),
    faultRuleId: r.fault_rule_id, faultNote: r.fault_note, replayed: r.replayed === 1,
  };
}

/**
 * The console's own polling: the reads the console makes by itself to keep its screens current (it re-reads
 * lists when events arrive and on its timers), logged as source CONSOLE with the principal `console`. What stays
 * visible: every write the console makes (a click), reads through an agent's token (the act-as-agent panel), and
 * calls of scenario runs (their principal is `scenario:<name>`). Why the principal and not a list of paths: any
 * screen may poll any list, and a person's own read from the composer is rare next to them.
 */
const POLLING = "NOT (l.source = 'CONSOLE' AND l.method = 'GET' AND coalesce(l.principal, 'console') = 'console')";

const inList = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The reading side of the request log (the console's list, one entry, and the calls that touched a resource). */
export function requestLogQueries(db: Db) {
  const byId = db.prepare<[string], LogRow>('SELECT * FROM request_log WHERE id = ?');
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM request_log');
  const causedEvents = db.prepare<[string], { id: string; seq: number; type: string; resource_id: string; created_at: number }>(
    'SELECT id, seq, type, resource_id, created_at FROM events WHERE api_call_id = ? ORDER BY seq',
  );
  const matching = db.prepare<{ q: string }, { id: string; method: string; path: string; status: number }>(
    'SELECT l.id, l.method, l.path, l.status FROM request_log l WHERE l.id = @q OR l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id = @q) ORDER BY l.seq DESC LIMIT 5',
  );
  const queries = {
    /** A keyset page of calls, newest first. */
    list(f: RequestLogFilter): Page<ApiCallSummary> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.method) (where.push('l.method = ?'), params.push(f.method));
      if (f.statusClass) (where.push('l.status / 100 = ?'), params.push(Number(f.statusClass[0])));
      if (f.status) (where.push('l.status = ?'), params.push(f.status));
      if (f.pathContains) (where.push("l.path LIKE ? ESCAPE '\\'"), params.push(`%${f.pathContains.replace(/[%_\\]/g, '\\$&')}%`));
      if (f.path) (where.push('l.path = ?'), params.push(f.path));
      if (f.pathPrefix) (where.push("l.path LIKE ? ESCAPE '\\'"), params.push(`${f.pathPrefix.replace(/[%_\\]/g, '\\$&')}%`));
      if (f.idempotencyKey) (where.push('l.idempotency_key = ?'), params.push(f.idempotencyKey));
      if (f.source) (where.push('l.source = ?'), params.push(f.source));
      if (f.errorCode) (where.push('l.error_code = ?'), params.push(f.errorCode));
      if (f.since) (where.push('l.created_at >= ?'), params.push(Date.parse(f.since)));
      if (f.until) (where.push('l.created_at <= ?'), params.push(Date.parse(f.until)));
      if (f.wallSince) (where.push('coalesce(l.wall_at, l.created_at) >= ?'), params.push(Date.parse(f.wallSince)));
      if (f.wallUntil) (where.push('coalesce(l.wall_at, l.created_at) <= ?'), params.push(Date.parse(f.wallUntil)));
      if (f.hidePolling) where.push(POLLING);
      if (f.faulted) where.push('l.fault_rule_id IS NOT NULL');
      if (f.resourceId) (where.push('l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id = ?)'), params.push(f.resourceId));
      return selectPage<SummaryRow, ApiCallSummary>(db, {
        select: `SELECT ${SUMMARY_COLUMNS} FROM request_log l`, from: 'FROM request_log l', where, params, limit: f.limit, cursor: f.cursor,
        order: 'desc', keyColumn: 'l.seq', idColumn: 'l.id', map: summary, position: (r) => ({ k: r.seq, id: r.id }),
      });
    },
    /** One entry with its redacted headers and bodies (404 once retention pruned it). */
    get(id: string): ApiCallDetail {
      const r = byId.get(id);
      if (!r) throw notFound('NOT_FOUND', `Request-log entry ${id} not found (it may have been pruned by retention)`);
      return { ...summary(r), requestHeaders: JSON.parse(r.request_headers) as Record<string, string>, requestBody: r.request_body, responseBody: r.response_body };
    },
    /** The events a call caused (oldest first); their webhook deliveries are the webhooks area's to tell. */
    causedBy(logId: string): CausedEvent[] {
      return causedEvents.all(logId).map((e) => ({ id: e.id, seq: e.seq, type: e.type, resourceId: e.resource_id, createdAt: isoOf(e.created_at) }));
    },
    /** Every entry matching the filters, oldest first, with headers and bodies, at most `max` (an export). */
    exportAll(f: Omit<RequestLogFilter, 'limit' | 'cursor'>, max: number): ApiCallDetail[] {
      const out: ApiCallDetail[] = [];
      let cursor: string | undefined;
      do {
        const page = queries.list({ ...f, limit: 200, cursor });
        for (const s of page.data) out.push(queries.get(s.id));
        cursor = page.hasMore ? page.nextCursor : undefined;
      } while (cursor && out.length < max);
      return out.slice(0, max).reverse();
    },
    /** How many calls are kept. */
    count(): number {
      return countAll.get()!.n;
    },
    /** The calls that touched any of these resources, oldest first. */
    touching(resourceIds: string[]): ApiCallMention[] {
      if (!resourceIds.length) return [];
      const rows = db
        .prepare(`SELECT l.id, l.method, l.path, l.status, l.source, l.principal, l.created_at, l.wall_at FROM request_log l
                  WHERE l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id IN (${inList(resourceIds.length)})) ORDER BY l.seq`)
        .all(...resourceIds) as (Omit<ApiCallMention, 'createdAt' | 'wallAt'> & { wall_at: number | null })[];
      return rows.map(({ wall_at, ...c }) => ({ ...c, createdAt: new Date(c.created_at).toISOString(), wallAt: wall_at === null ? null : isoOf(wall_at) }));
    },
    /** The newest calls (at most 5) whose id is `q` or that touched the resource `q`, for the global search. */
    search(q: string): { id: string; method: string; path: string; status: number }[] {
      return matching.all({ q });
    },
  };
  return queries;
}

/** The request log's reading side. */
export type RequestLogQueries = ReturnType<typeof requestLogQueries>;
