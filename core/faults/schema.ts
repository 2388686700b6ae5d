import { z } from 'zod';
import { pageSchema } from '../kernel/pagination';
import { patternProblem } from './pattern';

/** Methods a rule can match (`ANY` matches every method). */
export const FAULT_METHODS = ['ANY', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

const pathPattern = z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters')
  .superRefine((p, ctx) => {
    const problem = patternProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .refine((p) => !p.startsWith('/sandbox/fault-rules'), 'must not match the fault rules themselves (a rule could lock you out of switching it off)')
  .meta({ description: 'A path below the API version: literal segments, `*` for one segment, `{name}` for a path parameter, `**` at the end for anything below', example: '/quotes' });

/** The fields of a rule as written (creation; an update takes any of them). */
const ruleFields = {
  name: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').optional().meta({ description: 'A label for people; defaults to the method and pattern' }),
  method: z.enum(FAULT_METHODS).default('ANY'),
  pathPattern,
  headerName: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be a header name').nullable().optional().meta({ description: 'Match only calls carrying this header' }),
  headerValue: z.string().max(500).nullable().optional().meta({ description: 'With headerName: match only this exact value (any value when absent)' }),
  bodyContains: z.string().min(1).max(500).nullable().optional().meta({ description: 'Match only calls whose request body contains this text' }),
  status: z.number().int().min(400, 'must be an error status from 400 to 599').max(599, 'must be an error status from 400 to 599').nullable().optional().meta({ description: 'Answer with this status instead of running the call; without it the rule only adds latency' }),
  errorCode: z.string().trim().min(1).max(80).regex(/^[A-Z][A-Z0-9_]*$/, 'must be an upper-case code such as INTERNAL_ERROR').nullable().optional(),
  errorMessage: z.string().trim().min(1).max(500).nullable().optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).nullable().optional().meta({ description: 'Sent as the Retry-After header (and details.retryAfterSeconds) of the answer' }),
  latencyMs: z.number().int().min(0).max(60_000, 'must be at most 60000 (one minute)').default(0).meta({ description: 'Waited before the call runs (or before the error answers)' }),
  nthCall: z.number().int().min(1).nullable().optional().meta({ description: 'Act only on the Nth matching call (counted from creation or the last counter reset)' }),
  everyNth: z.number().int().min(1).nullable().optional().meta({ description: 'Act on every Nth matching call' }),
  enabled: z.boolean().default(true),
};

/** Checks that a rule does something and that its parts go together. */
function ruleMakesSense(r: { status?: number | null; latencyMs?: number; errorCode?: string | null; errorMessage?: string | null; retryAfterSeconds?: number | null; headerValue?: string | null; headerName?: string | null }, ctx: z.RefinementCtx): void {
  if (r.status == null && !r.latencyMs) ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required unless latencyMs is set: a rule answers an error, adds latency, or both' });
  if (r.status == null && (r.errorCode || r.errorMessage || r.retryAfterSeconds != null)) ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required with errorCode, errorMessage or retryAfterSeconds' });
  if (r.headerValue != null && !r.headerName) ctx.addIssue({ code: 'custom', path: ['headerName'], message: 'is required with headerValue' });
}

/** Body of `POST /sandbox/fault-rules`. */
export const createFaultRuleSchema = z.object(ruleFields).strict().superRefine(ruleMakesSense).meta({ id: 'SandboxFaultRuleCreate' });
/** What a rule creation takes. */
export type CreateFaultRule = z.output<typeof createFaultRuleSchema>;

/** Body of `PATCH /sandbox/fault-rules/{ruleId}`: any field, and `resetCounts` to count calls from zero again. */
export const updateFaultRuleSchema = z.object({
  name: ruleFields.name, method: z.enum(FAULT_METHODS).optional(), pathPattern: pathPattern.optional(), headerName: ruleFields.headerName,
  headerValue: ruleFields.headerValue, bodyContains: ruleFields.bodyContains, status: ruleFields.status, errorCode: ruleFields.errorCode,
  errorMessage: ruleFields.errorMessage, retryAfterSeconds: ruleFields.retryAfterSeconds, latencyMs: z.number().int().min(0).max(60_000, 'must be at most 60000 (one minute)').optional(),
  nthCall: ruleFields.nthCall, everyNth: ruleFields.everyNth, enabled: z.boolean().optional(),
  resetCounts: z.boolean().optional().meta({ description: 'Sets the match and hit counts back to zero' }),
}).strict().meta({ id: 'SandboxFaultRuleUpdate' });
/** What a rule update takes. */
export type UpdateFaultRule = z.output<typeof updateFaultRuleSchema>;

/** One fault rule as the API answers it. */
export const faultRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  method: z.enum(FAULT_METHODS),
  pathPattern: z.string(),
  headerName: z.string().nullable(),
  headerValue: z.string().nullable(),
  bodyContains: z.string().nullable(),
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  retryAfterSeconds: z.number().int().nullable(),
  latencyMs: z.number().int(),
  nthCall: z.number().int().nullable(),
  everyNth: z.number().int().nullable(),
  enabled: z.boolean(),
  matchCount: z.number().int().meta({ description: 'Calls the rule matched (what nthCall and everyNth count)' }),
  hitCount: z.number().int().meta({ description: 'Calls the rule acted on' }),
  lastHitAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
}).strict().meta({ id: 'SandboxFaultRule' });
/** One fault rule. */
export type FaultRule = z.infer<typeof faultRuleSchema>;

/** A page of fault rules, oldest first (the order they are tried in). */
export const faultRulePageSchema = pageSchema(faultRuleSchema, 'SandboxFaultRuleList');
