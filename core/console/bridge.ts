import type { DomainEvent } from '../kernel/events';
import type { BridgeResult } from '../api/console-handler';
import type { HandlerInput, HandlerName, HandlerOutput } from './handlers';
import type { ApiUpload } from './upload';

/** A platform API call made by the console (it runs with the workspace's own authority and is logged). */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below the versioned base, e.g. `/customers` (ids may be raw). */
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A file upload, sent to the API as multipart/form-data (instead of `body`). */
  upload?: ApiUpload;
  /** Send as this API token (its id) instead of the console: the console is trusted in-process, so no secret is needed. */
  asToken?: string;
}

/** The API's answer, as data. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Which case file to save, and as what: the HTML page itself, or that page printed to PDF. */
export interface CaseFileSaveRequest {
  transactionId: string;
  format: 'html' | 'pdf';
}

/** Where a case file was saved; `saved: false` when the person cancelled the dialog. */
export interface CaseFileSaved {
  saved: boolean;
  path?: string;
}

/**
 * The contract both bridges implement (the Electron preload and the browser bridge over HTTP + SSE).
 * `renderer/api/client.ts` is the only consumer.
 */
export interface ConsoleBridge {
  invoke<K extends HandlerName>(name: K, input: HandlerInput<K>): Promise<BridgeResult<HandlerOutput<K>>>;
  api(request: ApiRequest): Promise<ApiResponse>;
  onEvent(listener: (event: DomainEvent) => void): () => void;
  /** Desktop only: saves a case file through a native save dialog (the browser console downloads it instead). */
  saveCaseFile?(request: CaseFileSaveRequest): Promise<BridgeResult<CaseFileSaved>>;
}


/** Builds the URL path (with query) of an ApiRequest below the versioned base. */
export function apiRequestPath(base: string, req: ApiRequest): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, item);
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return `${base}${req.path.startsWith('/') ? '' : '/'}${req.path}${qs ? `?${qs}` : ''}`;
}
