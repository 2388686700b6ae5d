// The console's API call as data, apart from the bridge contract: the bridge's types reach the handler
// map, and the handlers (the workspace's scenario runner) send these calls, so they cannot live there.
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
