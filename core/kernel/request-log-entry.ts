import type { Db } from './db';
import { redactBody, redactHeaders, redactPath } from './redact';

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
  /** The fault rule that acted on the call, and what it did in words. */
  fault?: { ruleId: string; note: string } | undefined;
  /** The answer was an idempotent replay of an earlier call's (the call did nothing new). */
  replayed?: boolean | undefined;
}

/**
 * A call waiting to be written, with the time and id it was given when it was recorded, and when it was
 * queued (monotonic: the workspace clock may be frozen or moved by the sandbox).
 */
export interface QueuedCall { id: string; atMs: number; wallMs: number; call: ApiCallRecord; queuedAt: number }

/** The response header that tells the console the log entry of its own API call (never sent to HTTP clients). */
export const CONSOLE_LOG_ID_HEADER = 'x-console-log-id';
/** The name of that header, for the renderer (which imports types only). */
export type ConsoleLogIdHeader = typeof CONSOLE_LOG_ID_HEADER;

const ID_IN_TEXT = /\b(?:Quote|Transaction|CardTransaction|Card|Customer|InternalAccount|ExternalAccount|Agent|AuthMethod|Session|Request|Lookup|Token):[0-9a-fA-F-]{8,64}/g;

/** Ids of resources mentioned in a path or body (used to find "the calls that touched X"). */
export function resourceIdsIn(...texts: (string | null | undefined)[]): string[] {
  const ids = new Set<string>();
  for (const t of texts) if (t) for (const m of t.matchAll(ID_IN_TEXT)) ids.add(m[0]);
  return [...ids];
}

/**
 * The writer of one entry, redacted, with its links to the resources it touched. It writes inside whatever
 * transaction the caller holds (the log writes entries in batches).
 */
export function entryWriter(db: Db): (queued: QueuedCall) => void {
  const insertEntry = db.prepare(
    `INSERT INTO request_log (id, method, path, query, status, error_code, duration_ms, source, principal,
       idempotency_key, request_headers, request_body, response_body, resource_ids, created_at, wall_at, fault_rule_id, fault_note, replayed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const linkResource = db.prepare('INSERT OR IGNORE INTO request_log_resources (resource_id, log_seq) VALUES (?, ?)');
  return ({ id, atMs, wallMs, call }) => {
    const requestBody = redactBody(call.requestBody, undefined, 'request');
    const responseBody = redactBody(call.responseBody);
    const pathDecoded = redactPath(safeDecode(call.path));
    // A read touches what its path names; a write also touches what its response created or changed.
    // (Linking every row of a list response would make each page view "touch" dozens of objects.)
    const resources = resourceIdsIn(pathDecoded, call.query, requestBody, call.method === 'GET' ? null : responseBody);
    const info = insertEntry.run(
      id, call.method, pathDecoded, call.query, call.status, call.errorCode ?? null, call.durationMs, call.source,
      call.principal ?? null, call.idempotencyKey ?? null, JSON.stringify(redactHeaders(call.requestHeaders, call.principal)),
      requestBody, responseBody, resources.join(' '), atMs, wallMs, call.fault?.ruleId ?? null, call.fault?.note ?? null, call.replayed ? 1 : 0,
    );
    for (const r of resources) linkResource.run(r, info.lastInsertRowid);
  };
}

/** Roughly what an entry writes: its bodies, and a little for its path, headers and columns. */
export function entryBytes(call: ApiCallRecord): number {
  return 512 + bodyBytes(call);
}

/** The length of a call's request and response bodies. */
export function bodyBytes(call: ApiCallRecord): number {
  return (call.requestBody?.length ?? 0) + (call.responseBody?.length ?? 0);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
