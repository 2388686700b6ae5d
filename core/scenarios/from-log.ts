// Turns a sequence of request-log entries into scenario steps: each call is replayed with the same
// method, path and body, expects the status it got, and ids that an earlier answer returned become
// placeholders filled from that answer, so the scenario creates its own objects on every run.
import type { ApiCallDetail } from '../kernel/request-log-query';
import type { ScenarioStep } from './types';

const ID = /^[A-Z][A-Za-z]+:[0-9a-f][0-9a-f-]{7,}$/;

function parse(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resource ids in a JSON answer with their dotted paths (objects and the first item of arrays, 3 levels deep). */
function idsIn(value: unknown, prefix = '', depth = 0, out = new Map<string, string>()): Map<string, string> {
  if (depth > 3 || value === null || typeof value !== 'object') return out;
  const entries = Array.isArray(value) ? (value.length ? [['0', value[0]] as const] : []) : Object.entries(value);
  for (const [k, v] of entries) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' && ID.test(v) && !out.has(v)) out.set(v, path);
    else idsIn(v, path, depth + 1, out);
  }
  return out;
}

function replaceIds<T>(value: T, known: Map<string, string>): T {
  if (typeof value === 'string') {
    let s: string = value;
    for (const [id, name] of known) if (s.includes(id)) s = s === id ? `{{${name}}}` : s.split(id).join(`{{${name}}}`);
    return s as T;
  }
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, known)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v, known)])) as T;
  return value;
}

/** Steps replaying these calls in order; `base` is the versioned prefix the log keeps on paths. */
export function stepsFromLog(calls: ApiCallDetail[], base: string): ScenarioStep[] {
  const known = new Map<string, string>(); // id -> placeholder name
  const steps: ScenarioStep[] = [];
  for (const [i, call] of calls.entries()) {
    const path = (call.path.startsWith(base) ? call.path.slice(base.length) : call.path) + (call.query ? `?${call.query.replace(/^\?/, '')}` : '');
    const body = parse(call.requestBody);
    const answer = parse(call.responseBody);
    const step: ScenarioStep = {
      title: `${call.method} ${path}`,
      request: { method: call.method as NonNullable<ScenarioStep['request']>['method'], path: replaceIds(path, known), ...(body !== undefined ? { body: replaceIds(body, known) } : {}) },
      expect: { status: call.status },
    };
    const status = (answer as { status?: unknown } | undefined)?.status;
    if (typeof status === 'string') step.expect!.fields = { status };
    const save: Record<string, string> = {};
    for (const [id, at] of idsIn(answer)) {
      if (known.has(id)) continue;
      const name = `step${i + 1}_${at.replace(/\./g, '_')}`;
      known.set(id, name);
      save[name] = at;
    }
    if (Object.keys(save).length) step.save = save;
    steps.push(step);
  }
  return steps;
}
