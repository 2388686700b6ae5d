import type { z } from 'zod';
import type { RouteSpec } from './api/contract';
import type { ApiContract } from './api-contract';

/** Every route keyed by `"METHOD /path"` as the spec writes it, e.g. `"GET /quotes/{quoteId}"`. */
export type ApiRoutes = {
  [K in keyof ApiContract as `${Uppercase<ApiContract[K]['method']>} ${ApiContract[K]['path']}`]: ApiContract[K];
};

/** A route key of the API, e.g. `"POST /quotes"`. */
export type ApiRouteKey = keyof ApiRoutes;

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Success = 200 | 201 | 202 | 204;

/** What a caller passes for one route: path parameters and body where declared, an optional query and headers. */
export type ApiCallInput<R extends RouteSpec> =
  (R['params'] extends z.ZodType ? { params: In<R['params']> } : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: In<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? (undefined extends In<R['body']> ? { body?: In<R['body']> } : { body: In<R['body']> }) : { body?: undefined }) &
  { headers?: Record<string, string> };

/** The body of a route's success answers (a union when it declares several; undefined for 204). */
export type ApiCallOutput<R extends RouteSpec> = {
  [S in keyof R['responses'] & Success]: R['responses'][S]['schema'] extends z.ZodType ? z.output<R['responses'][S]['schema']> : undefined;
}[keyof R['responses'] & Success];

/** One success answer of a route with its status, for routes whose statuses mean different things (202 challenges). */
export type ApiCallExchange<R extends RouteSpec> = {
  [S in keyof R['responses'] & Success]: { status: S; body: R['responses'][S]['schema'] extends z.ZodType ? z.output<R['responses'][S]['schema']> : undefined };
}[keyof R['responses'] & Success];

/** The request body a route takes, by its key (`ApiBody<'POST /customers'>`). */
export type ApiBody<K extends ApiRouteKey> = ApiRoutes[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The success body a route answers, by its key (`ApiAnswer<'GET /quotes/{quoteId}'>`). */
export type ApiAnswer<K extends ApiRouteKey> = ApiCallOutput<ApiRoutes[K]>;
