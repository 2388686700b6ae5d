import type { ApiCallDetail } from './request-log-query';

/** A HAR 1.2 name/value pair. */
interface HarPair { name: string; value: string }

/** A HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/) of logged calls. */
export interface HarDocument {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** One HAR entry; our own fields start with `_`, as the format asks of custom fields. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string; url: string; httpVersion: string; cookies: []; headers: HarPair[]; queryString: HarPair[];
    postData?: { mimeType: string; text: string }; headersSize: -1; bodySize: number;
  };
  response: {
    status: number; statusText: string; httpVersion: string; cookies: []; headers: HarPair[];
    content: { size: number; mimeType: string; text?: string }; redirectURL: ''; headersSize: -1; bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  _logId: string;
  _source: 'HTTP' | 'CONSOLE';
  _principal: string | null;
  _replayed: boolean;
  _faultRuleId: string | null;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
  404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 422: 'Unprocessable Entity', 424: 'Failed Dependency',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

function queryPairs(query: string): HarPair[] {
  return [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }));
}

/** The MIME type of a logged body: JSON when it parses, text otherwise. */
function mimeOf(text: string, headers?: Record<string, string>): string {
  const declared = headers?.['content-type'];
  if (declared) return declared;
  try {
    JSON.parse(text);
    return 'application/json';
  } catch {
    return 'text/plain';
  }
}

/**
 * The calls as a HAR 1.2 document, redacted as the log is (it is built from the stored, already redacted
 * entries). Response headers are not logged, so each response names only its body's type. `origin` is where
 * the API was reached (the loopback server's, or the console's stand-in). Entries go oldest first, as HAR readers
 * expect; the wall-clock time is used when the log has it, since a HAR is read beside other tools' captures.
 */
export function toHar(calls: ApiCallDetail[], origin: string, creatorVersion: string): HarDocument {
  const entries = calls.map((c): HarEntry => {
    const requestHeaders = Object.entries(c.requestHeaders).map(([name, value]) => ({ name, value }));
    const responseText = c.responseBody ?? '';
    const responseMime = responseText ? mimeOf(responseText) : 'x-unknown';
    const notes = [c.faultNote ? `Fault rule: ${c.faultNote}` : '', c.replayed ? 'Idempotent replay of an earlier call' : ''].filter(Boolean);
    return {
      startedDateTime: c.wallAt ?? c.createdAt,
      time: c.durationMs,
      request: {
        method: c.method, url: `${origin}${c.path}${c.query ? `?${c.query}` : ''}`, httpVersion: 'HTTP/1.1', cookies: [], headers: requestHeaders,
        queryString: queryPairs(c.query),
        ...(c.requestBody != null ? { postData: { mimeType: mimeOf(c.requestBody, c.requestHeaders), text: c.requestBody } } : {}),
        headersSize: -1, bodySize: c.requestBody != null ? Buffer.byteLength(c.requestBody) : 0,
      },
      response: {
        status: c.status, statusText: STATUS_TEXT[c.status] ?? '', httpVersion: 'HTTP/1.1', cookies: [],
        headers: responseText ? [{ name: 'content-type', value: responseMime }] : [],
        content: { size: Buffer.byteLength(responseText), mimeType: responseMime, ...(responseText ? { text: responseText } : {}) },
        redirectURL: '', headersSize: -1, bodySize: Buffer.byteLength(responseText),
      },
      cache: {},
      timings: { send: 0, wait: c.durationMs, receive: 0 },
      ...(notes.length ? { comment: notes.join('; ') } : {}),
      _logId: c.id, _source: c.source, _principal: c.principal, _replayed: c.replayed, _faultRuleId: c.faultRuleId,
    };
  });
  return { log: { version: '1.2', creator: { name: 'Payments sandbox request log', version: creatorVersion }, entries, comment: 'Secrets are redacted as in the request log' } };
}
