import { z } from 'zod';
import { defineRoute, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import type { Ctx } from '../context';
import { invalidInput } from '../kernel/errors';
import { pageQuerySchema } from '../kernel/pagination';
import { faultRuleRepo } from './repo';
import { createFaultRuleSchema, faultRulePageSchema, faultRuleSchema, updateFaultRuleSchema, type FaultRule } from './schema';

const TAG = 'Sandbox fault rules';
const ruleParam = z.object({ ruleId: z.string().min(1) });

/** Fault rules over the API: list, create, read, change (the off switch, counters) and delete. */
export const faultRuleContract = {
  listSandboxFaultRules: listRoute({
    path: '/sandbox/fault-rules', tag: TAG, permission: 'VIEW',
    summary: "The workspace's fault rules, in the order they are tried, with their hit counts",
    query: pageQuerySchema,
    page: faultRulePageSchema, items: 'rules',
  }),
  createSandboxFaultRule: defineRoute({
    method: 'post', path: '/sandbox/fault-rules', tag: TAG, permission: 'MANAGE',
    summary: 'Adds a rule that makes matching calls answer an error, wait, or fail their Nth call',
    description: 'A matching call is counted by every enabled rule it matches; the first rule that acts on it waits `latencyMs`, then answers its error object (the call never runs, so nothing is stored) or lets the call go on. Magic suffixes keep working underneath. The request log marks every call a rule acted on.',
    body: createFaultRuleSchema,
    responses: { 201: { description: 'The rule', schema: faultRuleSchema } },
  }),
  getSandboxFaultRule: defineRoute({
    method: 'get', path: '/sandbox/fault-rules/{ruleId}', tag: TAG, permission: 'VIEW',
    summary: 'One fault rule with its counts', params: ruleParam,
    responses: { 200: { description: 'The rule', schema: faultRuleSchema } },
    errors: { 404: 'NOT_FOUND' },
  }),
  updateSandboxFaultRule: defineRoute({
    method: 'patch', path: '/sandbox/fault-rules/{ruleId}', tag: TAG, permission: 'MANAGE',
    summary: 'Changes a rule: switch it off or on, change what it does, or count from zero again', params: ruleParam,
    body: updateFaultRuleSchema,
    responses: { 200: { description: 'The rule', schema: faultRuleSchema } },
    errors: { 404: 'NOT_FOUND' },
  }),
  deleteSandboxFaultRule: defineRoute({
    method: 'delete', path: '/sandbox/fault-rules/{ruleId}', tag: TAG, permission: 'MANAGE',
    summary: 'Deletes a rule', params: ruleParam,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: 'NOT_FOUND' },
  }),
};

/** Refuses a changed rule that no longer does anything or whose parts no longer go together (as creation does). */
function checkMerged(r: FaultRule): void {
  if (r.status === null && r.latencyMs === 0) throw invalidInput('status', 'is required unless latencyMs is set: a rule answers an error, adds latency, or both');
  if (r.status === null && (r.errorCode || r.errorMessage || r.retryAfterSeconds !== null)) throw invalidInput('status', 'is required with errorCode, errorMessage or retryAfterSeconds');
  if (r.headerValue !== null && !r.headerName) throw invalidInput('headerName', 'is required with headerValue');
}

/** Serves the fault rules. */
export function faultRuleRoutes(ctx: Ctx) {
  const repo = faultRuleRepo(ctx);
  return implement(faultRuleContract, {
    listSandboxFaultRules: ({ query }) => reply(200, repo.list(query.limit, query.cursor)),
    createSandboxFaultRule: ({ body }) => reply(201, repo.create(body)),
    getSandboxFaultRule: ({ params }) => reply(200, repo.get(params.ruleId)),
    updateSandboxFaultRule: ({ params, body }) => {
      const before = repo.get(params.ruleId);
      const merged = { ...before, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as FaultRule;
      checkMerged(merged);
      return reply(200, repo.update(params.ruleId, body));
    },
    deleteSandboxFaultRule: ({ params }) => {
      repo.remove(params.ruleId);
      return noContent();
    },
  });
}
