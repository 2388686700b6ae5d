// What one area of the core contributes, and what it is built from. Each area declares one `Area` in
// its own folder (core/<area>/area.ts); core/areas.ts lists them in order, and the API, its contract
// and the console handler map are all read from that list. Services stay wired in core/services.ts:
// an area only picks, from the services it is given, what its routes and handlers need.
import type { ApiLimits } from './api/app';
import type { ConsoleHandler } from './api/console-handler';
import type { Contract, RouteModule, UnionToIntersection } from './api/contract';
import type { WorkspaceRuntime } from './console/workspace';
import type { Services } from './services';

/** What an area builds its routes and handlers from: the workspace's services (their kernel is `services.ctx`) and the core's runtime. */
export interface AreaEnv {
  services: Services;
  /** The workspace file's path, its snapshots (`files`), the host and its other workspaces. */
  runtime: WorkspaceRuntime;
}

/** Middleware the API runs after authentication and before idempotency and every handler. */
export type ApiInterceptor = NonNullable<ApiLimits['interceptors']>[number];

/** Console handlers by name (`area/verb`). */
export type HandlerMap = Record<string, ConsoleHandler>;

/** One area's contribution to the core. */
export interface Area<C extends Contract = Contract, H extends HandlerMap = HandlerMap> {
  /** The area's folder, for messages. */
  name: string;
  /** The declarations of its routes, in the order `routes` serves them. */
  contract: C;
  /** Its route groups, in the order the router must try them. */
  routes(env: AreaEnv): RouteModule[];
  /** Its console handlers. */
  handlers(env: AreaEnv): H;
  /** Middleware it adds in front of every route (the fault rules). */
  interceptors(env: AreaEnv): ApiInterceptor[];
}

/** Declares an area; what it leaves out (routes, handlers, interceptors) it does not contribute. */
export function defineArea<C extends Contract = {}, H extends HandlerMap = {}>(area: Partial<Area<C, H>> & { name: string }): Area<C, H> {
  return { contract: {} as C, routes: () => [], handlers: () => ({}) as H, interceptors: () => [], ...area };
}

/** The merged route declarations of a list of areas (an operation id each). */
export type ContractOfAreas<A extends readonly Area[]> = UnionToIntersection<A[number]['contract']>;

/** The merged console handler map of a list of areas. */
export type HandlersOfAreas<A extends readonly Area[]> = UnionToIntersection<ReturnType<A[number]['handlers']>>;

/**
 * An area's route groups, checked against its declared contract (same operations, same order), so
 * the served routes, the OpenAPI document and the renderer's types cannot drift apart.
 */
export function servedRoutes(area: Area, env: AreaEnv): RouteModule[] {
  const modules = area.routes(env);
  const served = modules.flatMap((m) => Object.keys(m.contract)).join(', ');
  const declared = Object.keys(area.contract).join(', ');
  if (served !== declared) throw new Error(`area ${area.name}: its routes serve [${served}] but its contract declares [${declared}]`);
  return modules;
}
