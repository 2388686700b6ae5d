// The one client the API, contract, core and fault suites use to call the versioned API over real
// HTTP (global fetch). Every answer is checked against its route's declaration; `send` also types the
// request and the answer by the route, from the same derivation the renderer's client uses.
import type { ApiCallInput, ApiCallOutput, ApiRouteKey, ApiRoutes } from '../../core/api-client-types';
import { checkAgainstContract } from './contract-check';

/** The instant every test workspace is frozen at. */
export const FROZEN_AT = '2026-01-01T00:00:00.000Z';
/** FROZEN_AT in epoch milliseconds. */
export const FROZEN_MS = Date.parse(FROZEN_AT);

/** The `Authorization` value for HTTP Basic with these credentials. */
export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

/**
 * One HTTP answer: status, parsed JSON body (or text, or null when empty) and headers. `send` types the
 * body by its route; the path-string methods leave it loose, for suites that read answers of any route.
 */
export interface ApiResult<T = Loose> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/**
 * The body type of the path-string methods: the one loose type left in the suites, named so it is found.
 * Why not `unknown`: about 800 reads of answer fields predate the typed `send`; new tests use `send`.
 */
export type Loose = any;

/** Options of one call. */
export interface RequestOptions {
  /** Sent as is when a string (malformed JSON tests), JSON-encoded otherwise. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Override (or, with null, drop) the Authorization header for this call. */
  auth?: string | null;
  /** Aborts the call (tests of cut connections). */
  signal?: AbortSignal;
}

/** The input of `send` for a route: optional when the route needs neither path parameters nor a body. */
type SendArgs<K extends ApiRouteKey> = object extends ApiCallInput<ApiRoutes[K]>
  ? [input?: ApiCallInput<ApiRoutes[K]> & { auth?: string | null }]
  : [input: ApiCallInput<ApiRoutes[K]> & { auth?: string | null }];

/** The path of a route key with its `{name}` segments filled from `params`, percent-encoded, plus the query. */
export function pathOf(route: string, params: Record<string, unknown> = {}, query?: Record<string, unknown>): string {
  const path = route.slice(route.indexOf(' ') + 1).replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${route} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The body of a success (2xx) answer; any other status throws with the answer's text (setup calls that must work). */
export async function okBody<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const r = await answer;
  if (r.status >= 300) throw new Error(`${r.status} ${r.text}`);
  return r.body;
}

/** A client of the versioned API at `base`, sending `auth` as its Authorization header (null: none). */
export class ApiClient<Auth extends string | null = string | null> {
  constructor(readonly base: string, readonly auth: Auth) {}

  /** The same client acting with other credentials (null: no Authorization header). */
  as(auth: string | null): ApiClient {
    return new ApiClient(this.base, auth);
  }

  /** Any method and path (query included); the answer is checked against the contract. */
  async request(method: string, path: string, o: RequestOptions = {}): Promise<ApiResult> {
    const headers: Record<string, string> = { ...o.headers };
    const auth = o.auth === undefined ? this.auth : o.auth;
    if (auth !== null) headers['authorization'] = auth;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body, signal: o.signal });
    const text = await res.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    checkAgainstContract(method, `${this.base}${path}`, res.status, parsed, text);
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  /**
   * Calls a route by its key as the spec writes it (`send('GET /quotes/{quoteId}', { params: { quoteId } })`):
   * path parameters, query and body are typed by the route, and so is the (success) answer's body.
   */
  async send<K extends ApiRouteKey>(route: K, ...[input]: SendArgs<K>): Promise<ApiResult<ApiCallOutput<ApiRoutes[K]>>> {
    const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string>; auth?: string | null };
    const method = route.slice(0, route.indexOf(' '));
    return this.request(method, pathOf(route, i.params, i.query), { body: i.body, headers: i.headers, auth: i.auth });
  }

  /** GET a path (query included). */
  get(path: string, o: RequestOptions = {}): Promise<ApiResult> {
    return this.request('GET', path, o);
  }
  /** POST a body (JSON-encoded unless a string) to a path. */
  post(path: string, body?: unknown, o: RequestOptions = {}): Promise<ApiResult> {
    return this.request('POST', path, { ...o, body });
  }
  /** PATCH a body to a path. */
  patch(path: string, body?: unknown, o: RequestOptions = {}): Promise<ApiResult> {
    return this.request('PATCH', path, { ...o, body });
  }
  /** DELETE a path. */
  delete(path: string, o: RequestOptions = {}): Promise<ApiResult> {
    return this.request('DELETE', path, o);
  }
}
