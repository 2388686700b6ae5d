import type { Context } from 'hono';
import { z } from 'zod';
import { forbidden, unauthorized } from '../kernel/errors';
import type { ApiApp, ApiBindings, ApiVariables, Permission, Principal } from './types';
import { jsonBody, parseWith } from './validate';
import { answerOnce } from './idempotency';
import type { Deferred } from './deferred';
export { commit, Deferred } from './deferred';
import { textResponse } from './known-body';

/**
 * One route of the API, declared once. From this declaration come the request validation (the
 * spec's INVALID_INPUT naming the field), the OpenAPI document, the test suites' response checks and
 * the renderer's typed client. Paths are written in OpenAPI form (`/quotes/{quoteId}`), relative to
 * the versioned base.
 */
export interface RouteSpec {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  /** The OpenAPI tag (the area, as a reader of the reference sees it). */
  tag: string;
  summary: string;
  description?: string;
  /**
   * The API token permission the route needs; `PUBLIC` routes take no credentials; `AGENT` routes take
   * an agent's bearer access token (and nothing else: Basic credentials there are a 401).
   */
  permission: Permission | 'PUBLIC' | 'AGENT';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A multipart/form-data body the handler reads itself (file uploads): declared here for the OpenAPI
   * document only; binary parts are `z.string().meta({ format: 'binary' })`.
   */
  form?: z.ZodObject;
  /**
   * The largest body the route takes (its 413 names it); without it, the API's JSON limit applies.
   * A `form` route may read MULTIPART_FRAMING_BYTES beyond it for the framing around the file.
   */
  maxBodyBytes?: number;
  /**
   * The route answers every body itself, unreadable or beyond maxBodyBytes included, because its
   * contract lists no 400 or 413 (the bulk upload turns them into a job that fails): the body limit then
   * passes an oversize body on unread, with the `oversizeBody` variable set to the limit.
   */
  answersAnyBody?: boolean;
  /** Every success status with its body schema (none for an empty body such as 204). */
  responses: Record<number, ResponseSpec>;
  /** Route-specific error statuses with the codes they carry; the common ones are added for every route. */
  errors?: Record<number, string>;
  /** The route is a wallet action that may answer 202 with a signed-retry challenge. */
  signed?: boolean;
}

/** One declared response: what it means and, unless empty, its JSON body schema. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

/** A group of routes keyed by operation id (the key is the OpenAPI `operationId`). */
export type Contract = Record<string, RouteSpec>;

/** Checks a route declaration's shape while keeping its literal types for inference. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the validated path parameters, query and body, and the raw context. */
export interface HandlerInput<R extends RouteSpec> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** The authenticated caller (on `AGENT` routes always the agent: `kind: 'AGENT'`, `id` its agent id). */
  principal: Principal | undefined;
  c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>;
}

/** A handler's answer: one of the route's declared statuses with a body of that status's schema. */
export type Reply<R extends RouteSpec> = {
  [S in keyof R['responses'] & number]: R['responses'][S]['schema'] extends z.ZodType
    ? { status: S; body: z.input<R['responses'][S]['schema']> }
    : { status: S; body?: undefined };
}[keyof R['responses'] & number];

/** The function that serves one declared route. */
export type RouteHandler<R extends RouteSpec> = (input: HandlerInput<R>) => Reply<R> | Promise<Reply<R> | Deferred<Reply<R>>>;

/** Handlers for every route of a contract, and only those. */
export type Handlers<C extends Contract> = { [K in keyof C]: RouteHandler<C[K]> };

/** A function that adds one area's routes to the API. */
export type RouteModule = { contract: Contract; register(app: ApiApp): void };

/** Shorthand for a reply with a status and body, typed by the route it answers. */
export function reply<const S extends number, B>(status: S, body: B): { status: S; body: B } {
  return { status, body };
}

/** The empty 204 reply. */
export function noContent(): { status: 204; body?: undefined } {
  return { status: 204 };
}

/** `/quotes/{quoteId}` -> `/quotes/:quoteId` (Hono's form). */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Unwraps optional, default, nullable and readonly wrappers to see what a field really is. */
function innerType(schema: z.ZodType): z.ZodType {
  let s = schema as z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType } } };
  while (s._zod.def.innerType && ['optional', 'default', 'nullable', 'readonly', 'prefault'].includes(s._zod.def.type)) {
    s = s._zod.def.innerType as typeof s;
  }
  return s;
}

/** Names of the query fields declared as arrays (they accept repeated keys and comma-separated values). */
export function arrayFields(query: z.ZodObject): Set<string> {
  const names = new Set<string>();
  for (const [name, field] of Object.entries(query.shape)) {
    if ((innerType(field as z.ZodType) as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array') names.add(name);
  }
  return names;
}

/**
 * Reads the query string for a schema: a repeated key keeps its last value, except for array fields,
 * which take every value and split commas (`?currency=MXN,EUR` and `?currency=MXN&currency=EUR`
 * mean the same, as upstream clients send either).
 */
export function queryValues(all: Record<string, string[]>, arrays: Set<string>): Record<string, string | string[]> {
  const value: Record<string, string | string[]> = {};
  for (const [k, vs] of Object.entries(all)) {
    value[k] = arrays.has(k) ? vs.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '') : (vs[vs.length - 1] ?? '');
  }
  return value;
}

function toResponse(r: { status: number; body?: unknown } | Response): Response {
  if (r instanceof Response) return r;
  if (r.body === undefined) return textResponse(null, { status: r.status });
  return textResponse(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
}

function checkPermission(c: HandlerInput<RouteSpec>['c'], permission: RouteSpec['permission']): void {
  if (permission === 'PUBLIC') return;
  const authError = c.get('authError');
  if (authError) throw authError;
  const p = c.get('principal');
  // Why 401 both ways: each credential is valid only for its own side of the API (upstream's two schemes).
  if (permission === 'AGENT') {
    if (p?.kind !== 'AGENT') throw unauthorized('This route takes an agent access token: send Authorization: Bearer <accessToken>');
    return;
  }
  if (p?.kind === 'AGENT') throw unauthorized('An agent access token only opens /agents/me routes: platform routes take HTTP Basic with an API token');
  if (!p?.permissions.includes(permission)) {
    throw forbidden(`This API token lacks the ${permission} permission required for ${c.req.method} ${c.req.path}`);
  }
}

/** Binds handlers to a contract: each route validates its input, checks its permission and answers. */
export function implement<C extends Contract>(contract: C, handlers: Handlers<C>): RouteModule {
  return {
    contract,
    register(app) {
      for (const [name, route] of Object.entries(contract)) {
        const handler = handlers[name] as unknown as RouteHandler<RouteSpec>;
        const arrays = route.query ? arrayFields(route.query) : new Set<string>();
        app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
          checkPermission(c, route.permission);
          const input: HandlerInput<RouteSpec> = {
            params: (route.params ? parseWith(route.params, c.req.param()) : undefined) as never,
            query: (route.query ? parseWith(route.query, queryValues(c.req.queries(), arrays)) : undefined) as never,
            body: (route.body ? await jsonBody(c, route.body) : undefined) as never,
            principal: c.get('principal'),
            c,
          };
          return answerOnce(c, () => handler(input), toResponse);
        });
      }
    },
  };
}

/** Merges area contracts into one map; an operation id or a method and path declared twice is an error. */
export function mergeContracts<const Cs extends readonly Contract[]>(...contracts: Cs): UnionToIntersection<Cs[number]> {
  const merged: Contract = {};
  const seen = new Set<string>();
  for (const contract of contracts) {
    for (const [name, route] of Object.entries(contract)) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      if (name in merged) throw new Error(`API operation "${name}" is declared twice`);
      if (seen.has(key)) throw new Error(`API route ${key} is declared twice`);
      merged[name] = route;
      seen.add(key);
    }
  }
  return merged as UnionToIntersection<Cs[number]>;
}

/** `A | B` -> `A & B`: merged maps (contracts, console handlers) keep every member's precise type. */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The spec's error object, as every 4xx and 5xx answer carries it. */
export const errorSchema = z
  .object({
    status: z.number().int().meta({ description: 'The HTTP status, repeated in the body' }),
    code: z.string().meta({ description: 'A stable machine-readable code such as INVALID_INPUT or QUOTE_NOT_FOUND' }),
    message: z.string().meta({ description: 'What went wrong, in a sentence naming the field or resource' }),
    reason: z.string().optional().meta({ description: 'For authentication failures: the check that failed' }),
    details: z.record(z.string(), z.unknown()).optional().meta({ description: 'More about the failure; for INVALID_INPUT, `errors[]` with each field' }),
  })
  .strict()
  .meta({ id: 'Error', description: "The spec's error object", example: { status: 400, code: 'INVALID_INPUT', message: 'lockedCurrencyAmount: must be an integer', details: { errors: [{ field: 'lockedCurrencyAmount', message: 'must be an integer' }] } } });

/** A path parameter holding a resource id (raw or percent-encoded `Type:id`). */
export function idParam(description: string, example?: string) {
  return z.string().min(1).meta({ description, ...(example ? { example } : {}) });
}
