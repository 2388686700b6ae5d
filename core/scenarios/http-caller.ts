import type { ApiCaller } from './types';

/** An ApiCaller over HTTP: `base` is the versioned address (e.g. http://127.0.0.1:4100/2025-10-13), `auth` the Authorization value. */
export function httpCaller(base: string, auth: string): ApiCaller {
  return async (req) => {
    const headers: Record<string, string> = { authorization: auth, ...req.headers };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${req.path}`, { method: req.method, headers, body });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  };
}
