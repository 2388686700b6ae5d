import type { z } from 'zod';
import { defineRoute, type RouteSpec } from './contract';

/** A list's query: its filters beside the shared `limit` and `cursor` of `pageQuerySchema`. */
export type PagedQuery = z.ZodObject & { shape: { limit: z.ZodType; cursor: z.ZodType } };

/**
 * What a paginated list declares: any route's path, tag, permission, summary and errors, a query that
 * pages with `limit` and `cursor` (`pageQuerySchema`, extended by the list's filters), and its page.
 */
export interface ListRouteSpec extends Omit<RouteSpec, 'method' | 'query' | 'body' | 'form' | 'maxBodyBytes' | 'answersAnyBody' | 'responses' | 'signed'> {
  query: PagedQuery;
  /** The list envelope around the item schema: `pageSchema(item, id)` from kernel/pagination.ts. */
  page: z.ZodType;
  /** What a page holds, in words: `'customers'` describes the 200 as "A page of customers". */
  items: string;
}

/** The route a list declaration makes: a GET whose one success is a 200 with the page. */
export type ListRoute<L extends ListRouteSpec> = Omit<L, 'page' | 'items'> & {
  method: 'get';
  responses: { 200: { description: string; schema: L['page'] } };
};

/** Declares a paginated list route (GET, limit and cursor, a page answer) with the shape said once, here. */
export function listRoute<const L extends ListRouteSpec>(list: L): ListRoute<L> {
  const { page, items, ...route } = list;
  return defineRoute({ ...route, method: 'get', responses: { 200: { description: `A page of ${items}`, schema: page } } }) as ListRoute<L>;
}
