// `{{name}}` placeholders of scenario steps, filled from values saved by earlier steps, and the
// dotted paths (`data.0.id`) that read values out of an answer.

const WHOLE = /^\{\{\s*([\w.$-]+)\s*\}\}$/;
const ANY = /\{\{\s*([\w.$-]+)\s*\}\}/g;

/** Raised when a step names a value no earlier step saved. */
export class MissingValueError extends Error {}

/** Reads a dotted path (`a.b.0.c`) out of a JSON value; undefined when any part is missing. */
export function readPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function lookup(vars: Record<string, unknown>, name: string): unknown {
  if (!(name in vars)) throw new MissingValueError(`no earlier step saved a value named "${name}"`);
  return vars[name];
}

/** Fills every placeholder in a JSON value; a string that is only a placeholder keeps the saved value's type. */
export function fill<T>(value: T, vars: Record<string, unknown>): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(vars, whole[1]!) as T;
    return value.replace(ANY, (_, name: string) => String(lookup(vars, name))) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)])) as T;
  return value;
}

/** Whether an actual value equals the expected one (`null` expected means the field is absent or null). */
export function matches(expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === undefined || actual === null;
  return JSON.stringify(expected) === JSON.stringify(actual);
}
