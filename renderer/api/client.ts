import type {
  ApiRequest, ApiResponse, BridgeResult, ConsoleBridge, DomainEvent, HandlerInput, HandlerName, HandlerOutput,
} from '../../core/index';
import type { ApiCallExchange, ApiCallInput, ApiCallOutput, ApiRouteKey, ApiRoutes } from '../../core/api-client-types';
import { ConsoleError } from '../lib/console-error';

/**
 * The only module that touches a bridge. It picks the Electron preload's `window.paymentsConsole`
 * when present, otherwise the browser bridge of the `serve` host (fetch + server-sent events, with
 * the per-run token printed in the console URL). Stores call this module; views call stores.
 */

/** The localStorage key holding the browser bridge's per-run token. */
export const TOKEN_KEY = 'consoleToken';

/** What the browser bridge needs from its surroundings (injectable for tests). */
export interface BrowserEnv {
  location: Pick<Location, 'search' | 'pathname' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  fetch: typeof fetch;
  EventSource: new (url: string) => EventSource;
}

/**
 * Reads the token from `?token=` once, keeps it in the origin's storage and removes it from the visible URL.
 * Why localStorage: a copied console link opened in a new tab must work too, and sessionStorage is per tab.
 */
export function captureToken(env: Pick<BrowserEnv, 'location' | 'history' | 'storage'>): string | null {
  const params = new URLSearchParams(env.location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    env.storage.setItem(TOKEN_KEY, fromUrl);
    params.delete('token');
    const rest = params.toString();
    // Why: a token left in the address bar ends up in screenshots, bookmarks and shared links.
    env.history.replaceState(env.history.state, '', `${env.location.pathname}${rest ? `?${rest}` : ''}${env.location.hash}`);
    return fromUrl;
  }
  return env.storage.getItem(TOKEN_KEY);
}

/** What a refused page is told: its token is missing or from an earlier run of the server. */
export const UNAUTHORIZED_MESSAGE = 'This page is not connected to the running console: open the address that `npm start` or `serve` printed (it carries a one-time token)';

function bridgeFailure(status: number, message: string): ConsoleError {
  return new ConsoleError('BRIDGE_ERROR', message, status);
}

/** The browser bridge: POST /__bridge/invoke and /__bridge/api, and one shared EventSource for events. */
export function createBrowserBridge(env: BrowserEnv): ConsoleBridge {
  const token = captureToken(env) ?? '';
  const post = async (path: string, body: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await env.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Console-Token': token },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ConsoleError('NETWORK_ERROR', `The local server did not answer (${err instanceof Error ? err.message : 'network error'})`, 0);
    }
    const text = await res.text();
    // The host refuses a missing or stale token before routing; the page can only be reopened from the printed address.
    if (res.status === 401 || res.status === 403) throw new ConsoleError('CONSOLE_TOKEN_INVALID', UNAUTHORIZED_MESSAGE, res.status, { server: text.slice(0, 200) });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw bridgeFailure(res.status, text.slice(0, 200) || `The local server answered ${res.status}`);
    }
  };
  const listeners = new Set<(event: DomainEvent) => void>();
  let source: EventSource | null = null;
  return {
    async invoke(name, input) {
      return (await post('/__bridge/invoke', { name, input })) as BridgeResult<HandlerOutput<typeof name>>;
    },
    async api(request) {
      const payload = (await post('/__bridge/api', request)) as ApiResponse | BridgeResult<never>;
      // The host refuses a bad token or malformed request with a bridge error, not an API response.
      if ('ok' in payload && !payload.ok) throw new ConsoleError(payload.error.code, payload.error.message, payload.error.status, payload.error.details);
      return payload as ApiResponse;
    },
    onEvent(listener) {
      listeners.add(listener);
      if (!source) {
        source = new env.EventSource(`/__bridge/events?token=${encodeURIComponent(token)}`);
        const deliver = (message: MessageEvent<string>) => {
          let event: DomainEvent;
          try {
            event = JSON.parse(message.data) as DomainEvent;
          } catch {
            return;
          }
          for (const l of listeners) l(event);
        };
        // The host names its messages `domain`; unnamed ones arrive as `message`. Listen to both.
        source.addEventListener('domain', deliver as EventListener);
        source.onmessage = deliver;
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) (source.close(), (source = null));
      };
    },
  };
}

let bridge: ConsoleBridge | null = null;

/** Chooses the bridge: the Electron preload when it exists, otherwise the browser bridge. */
export function resolveBridge(win: Window & typeof globalThis = window): ConsoleBridge {
  if (win.paymentsConsole) return win.paymentsConsole;
  return createBrowserBridge({
    location: win.location, history: win.history, storage: win.localStorage,
    fetch: win.fetch.bind(win), EventSource: win.EventSource,
  });
}

/** Replaces the bridge (unit tests inject a fake; `null` resolves again on next use). */
export function setBridge(next: ConsoleBridge | null): void {
  bridge = next;
}

/** The bridge in use, resolved on first call (main.ts calls this at start to capture the URL token). */
export function getBridge(): ConsoleBridge {
  bridge ??= resolveBridge();
  return bridge;
}

/** Runs a console handler; resolves to its typed value or throws a ConsoleError with the core's code. */
export async function invoke<K extends HandlerName>(name: K, input: HandlerInput<K>): Promise<HandlerOutput<K>> {
  const result = await getBridge().invoke(name, input);
  if (!result.ok) throw new ConsoleError(result.error.code, result.error.message, result.error.status, result.error.details);
  return result.value;
}

/** The ConsoleError an API error response (status >= 400) stands for, from its `{ code, message, details }` body. */
export function responseError(res: ApiResponse): ConsoleError {
  const body = (res.body ?? {}) as Partial<{ code: string; message: string; details: Record<string, unknown> }>;
  return new ConsoleError(body.code ?? `HTTP_${res.status}`, body.message ?? `The API answered ${res.status}`, res.status, body.details);
}

/** The input argument of a route: optional when the route needs neither path parameters nor a body. */
type InputArgs<K extends ApiRouteKey> = object extends ApiCallInput<ApiRoutes[K]>
  ? [input?: ApiCallInput<ApiRoutes[K]>]
  : [input: ApiCallInput<ApiRoutes[K]>];

/** Builds the bridge request of a typed call: `{name}` segments filled from `params`, percent-encoded. */
export function requestOf(route: string, input: { params?: Record<string, unknown>; query?: unknown; body?: unknown; headers?: Record<string, string> } = {}): ApiRequest {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as ApiRequest['method'];
  const path = route.slice(space + 1).replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === '') throw new ConsoleError('CLIENT_ERROR', `${route} needs the path parameter ${name}`, 0);
    return encodeURIComponent(String(value));
  });
  const request: ApiRequest = { method, path };
  if (input.query !== undefined) request.query = input.query as ApiRequest['query'];
  if (input.body !== undefined) request.body = input.body;
  if (input.headers !== undefined) request.headers = input.headers;
  return request;
}

/** A typed request for screens that record raw exchanges (the Wallet auth rehearsal): path and body checked against the route. */
export function apiRequest<K extends ApiRouteKey>(route: K, ...[input]: InputArgs<K>): ApiRequest {
  return requestOf(route, input as Parameters<typeof requestOf>[1]);
}

/**
 * Calls the platform API as the console (logged like any integrator call), by the route as the spec
 * writes it (`api('GET /quotes/{quoteId}', { params: { quoteId } })`). The path, its parameters, its
 * body and the answer's type all come from the route's one declaration. Throws a ConsoleError on >= 400.
 */
export async function api<K extends ApiRouteKey>(route: K, ...[input]: InputArgs<K>): Promise<ApiCallOutput<ApiRoutes[K]>> {
  const res = await getBridge().api(requestOf(route, input as Parameters<typeof requestOf>[1]));
  if (res.status >= 400) throw responseError(res);
  return res.body as ApiCallOutput<ApiRoutes[K]>;
}

/** Like `api`, but also returns the success status (for routes that answer 202 challenges or 200 results). */
export async function apiWithStatus<K extends ApiRouteKey>(route: K, ...[input]: InputArgs<K>): Promise<ApiCallExchange<ApiRoutes[K]>> {
  const res = await getBridge().api(requestOf(route, input as Parameters<typeof requestOf>[1]));
  if (res.status >= 400) throw responseError(res);
  return { status: res.status, body: res.body } as ApiCallExchange<ApiRoutes[K]>;
}

/**
 * Calls the platform API as the console and returns the whole answer (status, headers, body), also
 * for >= 400: for screens that show the exchange itself (the Wallet auth rehearsal's step list).
 */
export async function apiExchange(request: ApiRequest): Promise<ApiResponse> {
  return getBridge().api(request);
}

/** True in the desktop app, whose bridge saves case files through a native dialog (as HTML or printed to PDF). */
export function canSaveCaseFiles(): boolean {
  return typeof getBridge().saveCaseFile === 'function';
}

/** Desktop only: saves a transaction's case file through the native save dialog; throws a ConsoleError on a refusal. */
export async function saveCaseFileToDisk(transactionId: string, format: 'html' | 'pdf'): Promise<{ saved: boolean; path?: string }> {
  const save = getBridge().saveCaseFile;
  if (!save) throw new ConsoleError('NOT_AVAILABLE', 'Saving through a dialog needs the desktop app; the browser console downloads the file', 0);
  const result = await save({ transactionId, format });
  if (!result.ok) throw new ConsoleError(result.error.code, result.error.message, result.error.status, result.error.details);
  return result.value;
}

/** Listens to committed domain events; returns the unsubscribe function. */
export function onEvent(listener: (event: DomainEvent) => void): () => void {
  return getBridge().onEvent(listener);
}

export type { ApiRequest, ApiResponse, DomainEvent };
// Stores and the client's own tests name errors from here; views take them from lib/console-error.
export { ConsoleError, toConsoleError } from '../lib/console-error';
