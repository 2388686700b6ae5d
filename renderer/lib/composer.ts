/**
 * The request composer's draft: what it will send (method, path below the API version, query and header
 * rows, a JSON body as typed) and which Idempotency-Key, built from a logged call, an operation of the
 * API reference, or a saved request, and turned into the bridge's request only when it is sound.
 */
import type { ApiRequest } from '../../core/index';
import { API_PATH_BASE, encodePath, parseQuery, REDACTED_MARK, type LoggedRequest } from './request-replay';
import { jsonProblem, type BodyProblem } from './composer-schema';

/** One key/value row of the query or the headers. */
export interface NameValue {
  name: string;
  value: string;
}

/** HTTP methods the composer sends. */
export const COMPOSER_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
/** One of them. */
export type ComposerMethod = (typeof COMPOSER_METHODS)[number];

/** Which Idempotency-Key a send uses: the logged call's own (its answer is replayed), a fresh one, or none. */
export type KeyChoice = 'original' | 'fresh' | 'none';

/** Everything the composer shows and sends. */
export interface ComposerDraft {
  method: ComposerMethod;
  /** Below the versioned base: `/quotes`. */
  path: string;
  query: NameValue[];
  headers: NameValue[];
  /** The JSON body as typed; empty for none. */
  body: string;
  /** The key of the call this draft came from (null when it had none). */
  originalKey: string | null;
  /** The fresh key offered (made once per draft so that sending twice replays, as an integrator's retry would). */
  freshKey: string;
  keyChoice: KeyChoice;
}

/** Headers the composer never copies from a log entry: credentials (the console fills its own in), transport, and the key (shown on its own). */
const SKIPPED_HEADERS = new Set([
  'authorization', 'proxy-authorization', 'cookie', 'x-console-token', 'idempotency-key', 'host', 'content-length', 'connection',
  'keep-alive', 'transfer-encoding', 'accept-encoding', 'accept', 'accept-language', 'user-agent', 'origin', 'referer', 'priority',
  'pragma', 'cache-control', 'x-console-log-id', 'content-type',
]);

/** A new random Idempotency-Key. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** An empty draft (`GET /config`, the first thing an integrator usually reads). */
export function blankDraft(): ComposerDraft {
  return { method: 'GET', path: '/config', query: [], headers: [], body: '', originalKey: null, freshKey: newIdempotencyKey(), keyChoice: 'none' };
}

/** Pretty-prints a JSON text; keeps it as it was when it is not JSON. */
function pretty(text: string | null): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The draft of a logged call: same method, path, query and body; its Idempotency-Key kept by default. */
export function draftFromLogged(call: LoggedRequest): ComposerDraft {
  const method = (COMPOSER_METHODS as readonly string[]).includes(call.method.toUpperCase()) ? (call.method.toUpperCase() as ComposerMethod) : 'GET';
  const path = call.path.startsWith(`${API_PATH_BASE}/`) ? call.path.slice(API_PATH_BASE.length) : call.path;
  const query = [...new URLSearchParams(call.query)].map(([name, value]) => ({ name, value }));
  const headers = Object.entries(call.requestHeaders)
    .filter(([name, value]) => !SKIPPED_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith('sec-') && !value.includes(REDACTED_MARK))
    .map(([name, value]) => ({ name, value }));
  const key = Object.entries(call.requestHeaders).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1] ?? null;
  return { method, path, query, headers, body: pretty(call.requestBody), originalKey: key, freshKey: newIdempotencyKey(), keyChoice: key ? 'original' : method === 'GET' ? 'none' : 'fresh' };
}

/** The Idempotency-Key a send of this draft carries, or null. */
export function keyOf(draft: ComposerDraft): string | null {
  if (draft.method === 'GET' || draft.keyChoice === 'none') return null;
  if (draft.keyChoice === 'original') return draft.originalKey;
  return draft.freshKey;
}

/** A logged-call shape of the draft (the full versioned path, the headers it sends): what the snippet exporters read. */
export function asLogged(draft: ComposerDraft): LoggedRequest {
  const headers: Record<string, string> = {};
  if (draft.body.trim()) headers['Content-Type'] = 'application/json';
  for (const h of draft.headers) if (h.name.trim()) headers[h.name.trim()] = h.value;
  const key = keyOf(draft);
  if (key) headers['Idempotency-Key'] = key;
  const query = new URLSearchParams(draft.query.filter((q) => q.name.trim()).map((q) => [q.name.trim(), q.value])).toString();
  return { method: draft.method, path: `${API_PATH_BASE}${draft.path.startsWith('/') ? '' : '/'}${draft.path}`, query, requestHeaders: headers, requestBody: draft.body.trim() ? draft.body : null };
}

/** The bridge request of a draft, or the problems that stop it from being sent, in words. */
export function requestOfDraft(draft: ComposerDraft): { ok: true; request: ApiRequest } | { ok: false; problems: BodyProblem[] } {
  const problems: BodyProblem[] = [];
  const path = draft.path.trim();
  if (!path.startsWith('/')) problems.push({ where: 'the path', message: `must start with / (it is the path below ${API_PATH_BASE})` });
  if (/^\/\d{4}-\d{2}-\d{2}\//.test(path)) problems.push({ where: 'the path', message: `already names the API version: leave ${API_PATH_BASE} out` });
  if (/\{[^}]*\}/.test(path)) problems.push({ where: 'the path', message: `still has a placeholder ${/\{[^}]*\}/.exec(path)![0]}: put an id in its place` });
  for (const h of draft.headers) {
    const name = h.name.trim().toLowerCase();
    if (name === 'authorization' || name === 'cookie') problems.push({ where: `the header ${h.name}`, message: 'is not sent: the console sends with the workspace’s own authority' });
    else if (name && !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) problems.push({ where: `the header “${h.name}”`, message: 'is not a valid header name' });
  }
  if (draft.keyChoice === 'original' && !draft.originalKey && draft.method !== 'GET') problems.push({ where: 'the Idempotency-Key', message: 'the original call had none: choose a fresh key or none' });
  let body: unknown;
  if (draft.body.trim()) {
    const problem = jsonProblem(draft.body);
    if (problem) problems.push(problem);
    else body = JSON.parse(draft.body) as unknown;
    if (draft.method === 'GET') problems.push({ where: 'the body', message: 'is not sent with GET: empty it or choose another method' });
  }
  if (problems.length) return { ok: false, problems };
  const logged = asLogged(draft);
  const request: ApiRequest = { method: draft.method, path: encodePath(path.split('?')[0]!) };
  if (logged.query) request.query = parseQuery(logged.query);
  const headers = Object.fromEntries(Object.entries(logged.requestHeaders).filter(([k]) => k.toLowerCase() !== 'content-type'));
  if (Object.keys(headers).length) request.headers = headers;
  if (body !== undefined) request.body = body;
  return { ok: true, request };
}

/** The response header the core sets on an answer replayed for a repeated Idempotency-Key (core/api/idempotency.ts). */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** True when the API answered with the stored answer of an earlier call with the same key. */
export function isReplay(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(([k, v]) => k.toLowerCase() === REPLAYED_HEADER && v === 'true');
}
