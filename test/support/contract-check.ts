// Holds every API answer the suites receive to the declared contract, so the served document cannot
// drift from what the server sends. One helper, called by the shared ApiClient of every API suite.
import { expect } from 'vitest';
import { apiContract } from '../../core/api-contract';
import { errorSchema, type RouteSpec } from '../../core/api/contract';
import { errorStatuses } from '../../core/api/openapi';
import { API_BASE } from '../../core/api/types';

interface Matcher { name: string; route: RouteSpec; regex: RegExp; params: number }

const matchers: Matcher[] = Object.entries(apiContract as Record<string, RouteSpec>).map(([name, route]) => ({
  name, route,
  regex: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  params: (route.path.match(/\{/g) ?? []).length,
}));

/** The declared route a request lands on (static segments win over parameters, as in the router). */
export function routeFor(method: string, path: string): Matcher | undefined {
  return matchers
    .filter((m) => m.route.method === method.toLowerCase() && m.regex.test(path))
    .sort((a, b) => a.params - b.params)[0];
}

/**
 * Checks one answer against the contract: a declared status with a body its schema accepts (success
 * bodies parsed strictly, error bodies as the spec's error object). Answers to paths no route
 * declares must be the 404 (or 401) error object.
 */
export function checkAgainstContract(method: string, url: string, status: number, body: unknown, text: string): void {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(`${API_BASE}/`)) return;
  const path = pathname.slice(API_BASE.length);
  const where = `${method} ${path} answered ${status}`;
  expect(status, `${where}: a 5xx is never an acceptable answer: ${text}`).toBeLessThan(500);
  const match = routeFor(method, path);
  if (!match) {
    expect([401, 404, 405], `${where}: no declared route`).toContain(status);
    expectSchema(errorSchema, body, where);
    return;
  }
  const declared = match.route.responses[status];
  if (declared) {
    if (declared.schema) expectSchema(declared.schema, body, `${where} (${match.name})`);
    else expect(text, `${where} (${match.name}) declares an empty body`).toBe('');
    return;
  }
  const errors = errorStatuses(match.route);
  expect(Object.keys(errors).map(Number), `${where}: status not declared for ${match.name}: ${text}`).toContain(status);
  expectSchema(errorSchema, body, `${where} (${match.name})`);
}

function expectSchema(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, body: unknown, where: string): void {
  const r = schema.safeParse(body);
  if (!r.success) throw new Error(`${where}: the body does not match its declared schema: ${JSON.stringify(r.error?.issues.slice(0, 5))}\n${JSON.stringify(body).slice(0, 800)}`);
}
