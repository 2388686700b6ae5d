import type { MiddlewareHandler } from 'hono';
import type { Ctx } from '../context';
import { ServiceError } from '../kernel/errors';
import { rawBody } from '../api/validate';
import { API_BASE, type ApiBindings, type ApiVariables } from '../api/types';
import { compilePattern } from './pattern';
import { faultRuleRepo } from './repo';
import type { FaultRule } from './schema';

export type { FaultMark } from '../api/types';

/** The default code of an injected error by status, so an unconfigured rule still answers as the API would. */
function defaultCode(status: number): string {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL_ERROR';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  return 'INVALID_INPUT';
}

/** Whether this matching call (the rule's `count`th) is one the rule acts on. */
function actsOn(rule: FaultRule, count: number): boolean {
  if (rule.nthCall == null && rule.everyNth == null) return true;
  return count === rule.nthCall || (rule.everyNth != null && count % rule.everyNth === 0);
}

/** The error a rule answers with (its details name the rule, so an integrator's logs tell it from a real failure). */
export function faultError(rule: FaultRule): ServiceError {
  const status = rule.status!;
  const details: Record<string, unknown> = { faultRuleId: rule.id, faultRule: rule.name };
  if (rule.retryAfterSeconds != null) details['retryAfterSeconds'] = rule.retryAfterSeconds;
  return new ServiceError(status, rule.errorCode ?? defaultCode(status), rule.errorMessage ?? `Injected by the sandbox fault rule "${rule.name}"`, details);
}

/**
 * Applies the workspace's fault rules before any handler runs: every enabled rule that matches the call counts
 * it, and the first that acts on it waits its latency, then either answers its error (the handler never runs, so
 * nothing is stored and no idempotency key is kept) or lets the call proceed. Unauthenticated calls and the fault
 * rules' own routes are left alone: a rule must never hide a 401, nor lock its owner out of switching it off.
 * Why one query per call: rules are few, and reading them each time lets a change apply to the very next call.
 */
export function faultRules(ctx: Ctx, respond: (err: ServiceError) => Response): MiddlewareHandler<{ Bindings: ApiBindings; Variables: ApiVariables }> {
  const repo = faultRuleRepo(ctx);
  const compiled = new Map<string, (path: string) => boolean>();
  const matcher = (pattern: string) => {
    let m = compiled.get(pattern);
    if (!m) compiled.set(pattern, (m = compilePattern(pattern)));
    return m;
  };
  return async (c, next) => {
    if (!c.get('principal')) return next();
    const path = c.req.path.slice(API_BASE.length) || '/';
    if (path.startsWith('/sandbox/fault-rules')) return next();
    const rules = repo.enabled();
    if (!rules.length) return next();
    let acting: FaultRule | undefined;
    for (const rule of rules) {
      if (rule.method !== 'ANY' && rule.method !== c.req.method) continue;
      if (!matcher(rule.pathPattern)(path)) continue;
      if (rule.headerName) {
        const value = c.req.header(rule.headerName);
        if (value === undefined || (rule.headerValue != null && value !== rule.headerValue)) continue;
      }
      if (rule.bodyContains != null && !(await rawBody(c)).includes(rule.bodyContains)) continue;
      const count = repo.countMatch(rule.id);
      if (!acting && actsOn(rule, count)) acting = rule;
    }
    if (!acting) return next();
    repo.countHit(acting.id);
    const parts: string[] = [];
    if (acting.latencyMs > 0) parts.push(`waited ${acting.latencyMs} ms`);
    if (acting.status != null) parts.push(`answered ${acting.status} ${acting.errorCode ?? defaultCode(acting.status)}${acting.retryAfterSeconds != null ? ` with Retry-After ${acting.retryAfterSeconds} s` : ''}`);
    const seen = c.env?.seen;
    if (seen) seen.fault = { ruleId: acting.id, note: `${parts.join(', then ')} (rule "${acting.name}")` };
    if (acting.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, acting.latencyMs));
    // Answered here rather than thrown: the error handler would report an injected 500 as a crash.
    if (acting.status != null) return respond(faultError(acting));
    return next();
  };
}
