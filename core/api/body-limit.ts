import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ServiceError } from '../kernel/errors';
import { honoPath, type Contract } from './contract';
import { API_BASE } from './types';

/** The largest request body an operation takes unless it declares its own limit (uploads do). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Room for the multipart framing and text fields around an upload's file, beyond the file's own limit. */
export const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** A byte count as a person reads it: "1 MB", "512 KB", "300 bytes". */
export function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

/** Parses a size such as `1048576`, `512k`, `2mb` into bytes; undefined when it is not one. */
export function parseByteSize(text: string): number | undefined {
  const m = /^\s*(\d+)\s*(k|kb|m|mb)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase().startsWith('m') ? 1024 * 1024 : (m[2] ? 1024 : 1);
  const n = Number(m[1]) * unit;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** 413 PAYLOAD_TOO_LARGE naming the limit (details.limitBytes), as every refused body gets it. */
export function payloadTooLarge(limitBytes: number, what = 'The request body'): ServiceError {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', `${what} is larger than the ${describeBytes(limitBytes)} limit of this operation`, { limitBytes });
}

interface RouteLimit {
  method: string;
  pattern: RegExp;
  /** The limit told to the client. */
  limitBytes: number;
  /** What is actually read before refusing: the limit plus the multipart framing of an upload. */
  readBytes: number;
  /** The route answers an oversize body itself (RouteSpec.answersAnyBody). */
  passOversize?: boolean;
}

/** The limits one request is read under. */
export interface BodyLimit {
  limitBytes: number;
  readBytes: number;
  passOversize?: boolean;
}

/**
 * The body limit of each request: the route's own `maxBodyBytes` (uploads), else `defaultBytes`.
 * Decided from the method and path before routing, since the body must be bounded before any
 * middleware (idempotency hashing) reads it.
 */
export function bodyLimits(contract: Contract, defaultBytes: number): (method: string, path: string) => BodyLimit {
  const own: RouteLimit[] = Object.values(contract).filter((r) => r.maxBodyBytes !== undefined).map((r) => ({
    method: r.method.toUpperCase(),
    pattern: new RegExp(`^${API_BASE}${honoPath(r.path).replace(/:[^/]+/g, '[^/]+')}/?$`),
    limitBytes: r.maxBodyBytes!,
    readBytes: r.maxBodyBytes! + (r.form ? MULTIPART_FRAMING_BYTES : 0),
    ...(r.answersAnyBody ? { passOversize: true } : {}),
  }));
  const fallback = { limitBytes: defaultBytes, readBytes: defaultBytes };
  return (method, path) => own.find((r) => r.method === method && r.pattern.test(path)) ?? fallback;
}

/**
 * Refuses a body beyond its limit with 413 as soon as that is known, never reading the rest: at once
 * from Content-Length, or when a chunked body's count passes the limit (hono/body-limit does both and
 * buffers at most the limit). The unread remainder is left to the host (node-server drains it
 * briefly, then closes the connection). The request log is told the body was not read, so it does
 * not read it either.
 */
export function limitBodies(limitOf: (method: string, path: string) => BodyLimit, answer: (e: ServiceError) => Response): MiddlewareHandler {
  const byLimit = new Map<string, MiddlewareHandler>();
  return async (c: Context, next) => {
    const { limitBytes, readBytes, passOversize } = limitOf(c.req.method, c.req.path);
    if (passOversize) return passingOversize(c, next, limitBytes, readBytes);
    const key = `${limitBytes}/${readBytes}`;
    let limiter = byLimit.get(key);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: readBytes,
        onError: (ctx) => {
          const seen = (ctx.env as { seen?: { requestBody?: string } } | undefined)?.seen;
          if (seen) seen.requestBody = `(not read: larger than the ${describeBytes(limitBytes)} limit)`;
          return answer(payloadTooLarge(limitBytes));
        },
      });
      byLimit.set(key, limiter);
    }
    return limiter(c, next);
  };
}

/**
 * The body limit of a route that answers any body itself: an oversize body is still never read (or only
 * up to the limit), but instead of the 413 the route runs on a bodiless copy of the request with
 * `oversizeBody` set, so what follows (idempotency hashing, the handler) sees no body to read.
 */
function passingOversize(c: Context, next: () => Promise<void>, limitBytes: number, readBytes: number): Promise<Response | void> {
  return bodyLimit({
    maxSize: readBytes,
    onError: async (ctx) => {
      const seen = (ctx.env as { seen?: { requestBody?: string } } | undefined)?.seen;
      if (seen) seen.requestBody = `(not read: larger than the ${describeBytes(limitBytes)} limit)`;
      const headers = new Headers(ctx.req.raw.headers);
      headers.delete('content-length');
      headers.delete('transfer-encoding');
      ctx.req.raw = new Request(ctx.req.raw.url, { method: ctx.req.raw.method, headers });
      ctx.set('oversizeBody', limitBytes);
      await next();
      // The unread rest of the body makes the host close this connection: say so, so no client reuses it.
      ctx.res.headers.set('connection', 'close');
      return ctx.res;
    },
  })(c, next);
}
