import type { Hono } from 'hono';

/** What a fault rule did to a call, as the request log marks it (set by the faults area's interceptor). */
export interface FaultMark {
  ruleId: string;
  /** In words: "answered 500 INTERNAL_ERROR (rule: Third quote fails)", "waited 800 ms". */
  note: string;
}

/** Permissions an API token can hold. VIEW reads; TRANSACT moves money; MANAGE changes customers, accounts, tokens and configuration. */
export const PERMISSIONS = ['VIEW', 'TRANSACT', 'MANAGE'] as const;
/** One API token permission. */
export type Permission = (typeof PERMISSIONS)[number];

/** Who is calling: an API token, or the console acting with the workspace's own authority. */
export type Principal =
  | { kind: 'TOKEN'; id: string; permissions: Permission[] }
  | { kind: 'CONSOLE'; id: string; permissions: Permission[] }
  /** An agent with its bearer access token: it holds no API token permission, so only `AGENT` routes admit it. */
  | { kind: 'AGENT'; id: string; permissions: Permission[] };

/**
 * Verifies an `Authorization` header value: Basic for API tokens (the tokens area), Bearer for agents'
 * access tokens (the agents area); core/index.ts plugs both in (a port: the API layer knows no area).
 */
export interface Authenticator {
  authenticate(header: string | undefined): Principal;
  /** The principal of a live API token, for a console call sent as that token; a 400 naming `asToken` when it is unknown or revoked. */
  tokenPrincipal?(tokenId: string): Principal;
}

/** Per-call options passed by the host (as Hono bindings). */
export interface ApiBindings {
  /** Set only by the console bridges: the call is the console's own and skips Basic authentication. */
  consoleCall?: boolean;
  /** Who a console call is logged as (e.g. `scenario:card-refund`); `console` when unset. */
  caller?: string | undefined;
  /** Console calls only (the bridges set it, never an HTTP request): send as this API token's principal instead of the console. */
  asToken?: string | undefined;
  /** Filled in for the caller (the request log): the principal the credentials proved, if any. */
  seen?: { principal?: string; requestBody?: string; fault?: FaultMark };
}

/** Values the middleware stores on the request context. */
export interface ApiVariables {
  /** The authenticated caller; absent when the credentials were missing or wrong (see `authError`). */
  principal: Principal | undefined;
  /** Why authentication failed; thrown by every route that is not PUBLIC, and by unknown routes. */
  authError: Error | undefined;
  rawBody: string | undefined;
  /** Set, to the limit, when a route that answers any body (RouteSpec.answersAnyBody) got one beyond its limit; the body was not read. */
  oversizeBody: number | undefined;
  /** Set for a keyed mutating request: lets its route store the answer in the handler's own transaction. */
  keyedAnswer: KeyedAnswer | undefined;
}

/** Given by the idempotency middleware to the route of a keyed request: one transaction for its work and its stored answer. */
export interface KeyedAnswer {
  transaction: <T>(fn: () => T) => T;
  /** Stores the final answer; called inside that transaction, so the answer commits with the writes it reports. */
  finish(status: number, body: string): void;
  /** For work done in several transactions: where an attempt by a process that died was going (its `note`), if anything. */
  resumed: unknown;
  /** Notes where this request's work is going, before its first write, so a retry after a crash can finish it. */
  note(progress: unknown): void;
}

/** The Hono app type of the API. */
export type ApiApp = Hono<{ Bindings: ApiBindings; Variables: ApiVariables }>;

/** The spec's version segment, under which every route is mounted. */
export const API_VERSION = '2025-10-13';
/** The base path of the versioned API. */
export const API_BASE = `/${API_VERSION}`;
