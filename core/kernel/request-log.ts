import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';
import { redactBody, redactHeaders, redactPath } from './redact';
import { requestLogQueries, type RequestLogQueries } from './request-log-query';

/** The log's entries and filters as readers see them (declared with the queries in request-log-query.ts). */
export type { ApiCallDetail, ApiCallMention, ApiCallSummary, RequestLogFilter } from './request-log-query';

/** One API call as it is recorded. */
export interface ApiCallRecord {
  method: string;
  path: string;
  query: string;
  status: number;
  errorCode?: string | undefined;
  durationMs: number;
  source: 'HTTP' | 'CONSOLE';
  /** Who the server authenticated (a token's client id, an agent, `console`); never read from the raw header. */
  principal?: string | undefined;
  idempotencyKey?: string | undefined;
  requestHeaders: Headers;
  requestBody?: string | undefined;
  responseBody?: string | undefined;
}

/** Retention bounds of the request log: whichever is hit first prunes the oldest entries. */
export interface RequestLogRetention {
  maxEntries: number;
  maxAgeDays: number;
}

/** The response header that tells the console the log entry of its own API call (never sent to HTTP clients). */
export const CONSOLE_LOG_ID_HEADER = 'x-console-log-id';
/** The name of that header, for the renderer (which imports types only). */
export type ConsoleLogIdHeader = typeof CONSOLE_LOG_ID_HEADER;

/** The default retention: 50,000 calls or 30 days. */
export const DEFAULT_RETENTION: RequestLogRetention = { maxEntries: 50_000, maxAgeDays: 30 };

const ID_IN_TEXT = /\b(?:Quote|Transaction|CardTransaction|Card|Customer|InternalAccount|ExternalAccount|Agent|AuthMethod|Session|Request|Lookup|Token):[0-9a-fA-F-]{8,64}/g;

/** Ids of resources mentioned in a path or body (used to find "the calls that touched X"). */
export function resourceIdsIn(...texts: (string | null | undefined)[]): string[] {
  const ids = new Set<string>();
  for (const t of texts) if (t) for (const m of t.matchAll(ID_IN_TEXT)) ids.add(m[0]);
  return [...ids];
}

/**
 * The request log: every API call, with secrets redacted before anything is written, bounded by
 * retention so a long-lived workspace does not grow without limit.
 */
export class RequestLog {
  private writesSincePrune = 0;
  private readonly insertEntry;
  private readonly linkResource;
  private readonly writeEntry;
  private readonly maxSeq;
  private readonly deleteOld;
  /** Reads of the log: the console's list, one entry, and the calls that touched a resource. */
  readonly read: RequestLogQueries;

  constructor(
    private readonly db: Db,
    private readonly clock: WorkspaceClock,
    private readonly ids: IdGenerator,
    private readonly retention: RequestLogRetention = DEFAULT_RETENTION,
  ) {
    this.insertEntry = db.prepare(
      `INSERT INTO request_log (id, method, path, query, status, error_code, duration_ms, source, principal,
         idempotency_key, request_headers, request_body, response_body, resource_ids, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.linkResource = db.prepare('INSERT OR IGNORE INTO request_log_resources (resource_id, log_seq) VALUES (?, ?)');
    this.writeEntry = db.transaction((values: unknown[], resources: string[]) => {
      const info = this.insertEntry.run(...values);
      for (const r of resources) this.linkResource.run(r, info.lastInsertRowid);
    });
    this.maxSeq = db.prepare<[], { m: number | null }>('SELECT max(seq) AS m FROM request_log');
    this.deleteOld = db.prepare('DELETE FROM request_log WHERE created_at < ? OR seq <= ?');
    this.read = requestLogQueries(db);
  }

  /** Records one call and returns its id. */
  record(call: ApiCallRecord): string {
    const id = this.ids('ApiCall');
    const requestBody = redactBody(call.requestBody, undefined, 'request');
    const responseBody = redactBody(call.responseBody);
    const pathDecoded = redactPath(safeDecode(call.path));
    // A read touches what its path names; a write also touches what its response created or changed.
    // (Linking every row of a list response would make each page view "touch" dozens of objects.)
    const resources = resourceIdsIn(pathDecoded, call.query, requestBody, call.method === 'GET' ? null : responseBody);
    this.writeEntry(
      [
        id, call.method, pathDecoded, call.query, call.status, call.errorCode ?? null, call.durationMs, call.source,
        call.principal ?? null, call.idempotencyKey ?? null, JSON.stringify(redactHeaders(call.requestHeaders, call.principal)),
        requestBody, responseBody, resources.join(' '), this.clock.nowMs(),
      ],
      resources,
    );
    if (++this.writesSincePrune >= 500) this.prune();
    return id;
  }

  /** Deletes entries beyond the retention bounds; returns how many were removed. */
  prune(): number {
    this.writesSincePrune = 0;
    const cutoff = this.clock.nowMs() - this.retention.maxAgeDays * 86_400_000;
    const maxSeq = this.maxSeq.get()?.m ?? 0;
    const byCount = maxSeq - this.retention.maxEntries;
    return this.db.transaction(() => this.deleteOld.run(cutoff, byCount).changes)();
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
