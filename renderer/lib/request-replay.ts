/**
 * A logged API call played back: as a curl command a developer can paste in a shell (the request
 * composer opens it to send again, lib/composer.ts). Both start from the log's entry, whose secrets the
 * core has already redacted; neither ever puts a credential back: curl reads them from the shell's variables.
 */
import type { API_VERSION, ApiRequest } from '../../core/index';

/** The logged call: what was asked (redacted headers, the raw body as logged). */
export interface LoggedRequest {
  method: string;
  /** The full path as logged, version segment included, e.g. `/2025-10-13/quotes/Quote:…/execute`. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
}

const VERSION: typeof API_VERSION = '2025-10-13';
/** The versioned base every logged path starts with. */
export const API_PATH_BASE = `/${VERSION}`;

/** The marker the core writes where it removed a secret (core/kernel/redact.ts REDACTED). */
export const REDACTED_MARK = '[redacted]';

/** Headers that never go into a curl command: credentials (replaced by `-u`) and the console's own token. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-console-token']);
/** Headers curl computes itself (copying them would be wrong once the body or host differ). */
const TRANSPORT_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'accept-encoding']);
/** Headers the caller's runtime adds on its own (a browser's or Node's fetch): noise in a command a developer reads. */
const CLIENT_NOISE_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'origin', 'referer', 'priority', 'pragma', 'cache-control', 'x-console-log-id']);
const isClientNoise = (key: string) => CLIENT_NOISE_HEADERS.has(key) || key.startsWith('sec-');
/** Per-request secrets a developer supplies from the shell, by header: the variable curl reads. */
const SIGNED_HEADERS: Record<string, string> = { 'svc-wallet-signature': 'WALLET_SIGNATURE' };

/** Quotes a string for a POSIX shell: single quotes, with each `'` closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Percent-encodes a logged (decoded) path segment by segment, keeping the characters ids and UMA addresses use readable. */
export function encodePath(path: string): string {
  return path.split('/').map((s) => encodeURIComponent(s).replace(/%(3A|40|24|2C)/gi, (m) => decodeURIComponent(m))).join('/');
}

/** The API's origin (`http://127.0.0.1:4100`) from its versioned base URL, or a placeholder when no server runs. */
export function apiOrigin(apiBaseUrl: string | null | undefined): string {
  if (!apiBaseUrl) return 'http://127.0.0.1:PORT';
  try {
    return new URL(apiBaseUrl).origin;
  } catch {
    return apiBaseUrl.replace(/\/+$/, '').replace(new RegExp(`${API_PATH_BASE}$`), '');
  }
}

/** The call's full URL on the local API. */
export function callUrl(call: Pick<LoggedRequest, 'path' | 'query'>, origin: string): string {
  return `${origin}${encodePath(call.path)}${call.query ? `?${call.query}` : ''}`;
}

/**
 * The call as a curl command, one option per line. Credentials come from `$CLIENT_ID` and
 * `$CLIENT_SECRET`; a wallet signature from `$WALLET_SIGNATURE`; other redacted headers are left out.
 */
export function curlCommand(call: LoggedRequest, origin: string): string {
  const method = call.method.toUpperCase();
  const body = call.requestBody;
  const parts = [`curl${method === 'GET' && !body ? '' : ` -X ${method}`} ${shellQuote(callUrl(call, origin))}`, '-u "$CLIENT_ID:$CLIENT_SECRET"'];
  for (const [name, value] of Object.entries(call.requestHeaders)) {
    const key = name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(key) || TRANSPORT_HEADERS.has(key) || isClientNoise(key)) continue;
    const variable = SIGNED_HEADERS[key];
    if (variable) parts.push(`-H "${name}: $${variable}"`);
    // Why: a header the core redacted holds nothing useful, and its name alone could mislead.
    else if (!value.includes(REDACTED_MARK)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (body) parts.push(`--data-raw ${shellQuote(body)}`);
  return parts.join(' \\\n  ');
}

/** The query string as the bridge takes it (a repeated key becomes a list). */
export function parseQuery(query: string): NonNullable<ApiRequest['query']> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const seen = out[k];
    out[k] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
  }
  return out;
}
