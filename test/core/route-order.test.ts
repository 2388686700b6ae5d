// The router tries routes in the order core/areas.ts serves them, so where two routes can take the same
// URL the literal one must come first (`/agents/me` before `/agents/{agentId}`): otherwise the
// parameterised route answers for it, reading "me" as an agent id. The API contract lists the routes
// in that served order (each area's routes are checked against its contract when a core starts).
import { describe, expect, it } from 'vitest';
import { apiContract } from '../../core/api-contract';
import { defineArea, servedRoutes, type AreaEnv } from '../../core/area';
import { AREAS } from '../../core/areas';
import type { RouteSpec } from '../../core/api/contract';
import { agentContract, agentRoutes } from '../../core/agents/routes';
import { agentMeContract, agentMeRoutes } from '../../core/agents/me-routes';
import { createCore } from '../../core/index';

const routes = Object.entries(apiContract as Record<string, RouteSpec>).map(([id, r]) => ({ id, method: r.method, segments: r.path.split('/') }));
const isParam = (segment: string) => segment.startsWith('{');

type Route = (typeof routes)[number];

/** Whether some URL matches both routes. */
function overlap(a: Route, b: Route): boolean {
  return a.method === b.method && a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i] || isParam(s) || isParam(b.segments[i]!));
}

/** Whether `a` names a literal segment where `b` takes a parameter (so `b` would take `a`'s URLs). */
function literalWhereParam(a: Route, b: Route): boolean {
  return a.segments.some((s, i) => !isParam(s) && isParam(b.segments[i]!));
}

describe('the order routes are served in', () => {
  const pairs = routes.flatMap((a, i) => routes.slice(i + 1).filter((b) => overlap(a, b)).map((b) => [a, b] as const));

  it('puts every literal route before a parameterised one that would take its URLs', () => {
    const shadowed = pairs.filter(([first, later]) => literalWhereParam(later, first)).map(([first, later]) => `${later.method.toUpperCase()} ${later.segments.join('/')} comes after ${first.segments.join('/')}`);
    expect(shadowed).toEqual([]);
  });

  it('finds the pairs core/areas.ts names (so an empty answer above means something)', () => {
    const named = pairs.map(([a, b]) => `${a.segments.join('/')} < ${b.segments.join('/')}`);
    expect(named).toEqual(expect.arrayContaining([
      '/customers/internal-accounts < /customers/{customerId}',
      '/customers/external-accounts < /customers/{customerId}',
      '/customers/end-user-terms < /customers/{customerId}',
      '/agents/me < /agents/{agentId}',
      '/agents/approvals < /agents/{agentId}',
    ]));
  });

  it('serves each area\'s routes in the order of core/areas.ts, after the API reference', () => {
    expect(Object.keys(apiContract)).toEqual(['getOpenApiDocument', ...AREAS.flatMap((area) => Object.keys(area.contract))]);
    expect(new Set(AREAS.map((area) => area.name)).size).toBe(AREAS.length);
  });

  it('refuses at start an area whose routes do not serve its contract, naming the area', () => {
    const core = createCore({ dbPath: ':memory:' });
    try {
      const env: AreaEnv = { services: core.services, runtime: { dbPath: ':memory:', host: { kind: 'test' }, initialCredentials: undefined, files: core.files } };
      const s = core.services;
      const swapped = defineArea({ name: 'agents', contract: { ...agentMeContract, ...agentContract }, routes: () => [agentRoutes(s.agents, s.agentActions), agentMeRoutes(s.agentOperations)] });
      expect(() => servedRoutes(swapped, env)).toThrow(/^area agents: its routes serve \[listAgentApprovals.*\] but its contract declares \[getAgentMe/);
    } finally {
      core.close();
    }
  });
});
