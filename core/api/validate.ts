import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidInput, type FieldConstraint, type FieldError } from '../kernel/errors';
import type { ApiBindings, ApiVariables } from './types';

type Ctx = Context<{ Bindings: ApiBindings; Variables: ApiVariables }>;

/** Turns zod issues into the spec's 400 INVALID_INPUT, naming the first field in the message and all in details. */
export function zodToInvalidInput(error: z.ZodError, prefix = ''): Error {
  const errors: FieldError[] = error.issues.map((i) => {
    const constraint = constraintOf(i);
    return { field: prefix + (i.path.length ? i.path.map(String).join('.') : '(body)'), message: i.message, ...(constraint ? { constraint } : {}) };
  });
  const [first, ...rest] = errors;
  const refusal = invalidInput(first?.field ?? '(body)', first?.message ?? 'is invalid', rest);
  if (first?.constraint) (refusal.details!['errors'] as FieldError[])[0]!.constraint = first.constraint;
  return refusal;
}

/**
 * The broken rule in upstream's `FieldConstraint` shape (an object: format, pattern, enum, minLength,
 * maxLength), or undefined for issues it has no key for (a wrong type, a missing field: the message says).
 */
function constraintOf(issue: z.core.$ZodIssue): FieldConstraint | undefined {
  switch (issue.code) {
    case 'invalid_value':
      return { enum: issue.values.map(String) };
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string' ? { pattern: issue.pattern } : { format: issue.format };
    case 'too_small':
      return issue.origin === 'string' ? { minLength: Number(issue.minimum) } : undefined;
    case 'too_big':
      return issue.origin === 'string' ? { maxLength: Number(issue.maximum) } : undefined;
    default:
      return undefined;
  }
}

/** Parses a value with a schema or throws the 400 naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw zodToInvalidInput(r.error, prefix);
  return r.data;
}

/** The request's raw body text, read once and cached for idempotency hashing and logging. */
export async function rawBody(c: Ctx): Promise<string> {
  let raw = c.get('rawBody');
  if (raw === undefined) {
    raw = await c.req.text();
    c.set('rawBody', raw);
    // The request log takes the text from here instead of cloning the request to read it twice.
    const seen = (c.env as { seen?: { requestBody?: string } } | undefined)?.seen;
    if (seen) seen.requestBody = raw;
  }
  return raw;
}

/** Parses the JSON body with a schema: malformed JSON and schema violations are 400 INVALID_INPUT. */
export async function jsonBody<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.output<S>> {
  const raw = await rawBody(c);
  let value: unknown = undefined;
  if (raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw invalidInput('(body)', `is not valid JSON (${err instanceof Error ? err.message : 'parse error'})`);
    }
  }
  return parseWith(schema, value);
}

/** Parses the query string (repeated keys become arrays) with a schema. */
export function queryOf<S extends z.ZodType>(c: Ctx, schema: S, repeatable: string[] = []): z.output<S> {
  const all = c.req.queries();
  const value: Record<string, string | string[]> = {};
  for (const [k, vs] of Object.entries(all)) value[k] = repeatable.includes(k) ? vs : (vs[vs.length - 1] ?? '');
  return parseWith(schema, value);
}
