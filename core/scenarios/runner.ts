// Runs scenarios step by step through any API caller (in-process `core.callApi` or HTTP), moving the
// workspace clock where a step asks, and compares each answer with the step's expectation.
import { isSecretKey, REDACTED, redactPath } from '../kernel/redact';
import { stamp } from '../wallet/crypto';
import { clientSide, savedString } from './client-side';
import { fill, matches, MissingValueError, readPath } from './template';
import type { ApiCaller, FieldCheck, RunReport, ScenarioDefinition, ScenarioRequest, ScenarioResult, ScenarioSign, StepResult } from './types';

/** Called as a run moves on, so a screen or a terminal can show it live. */
export interface RunProgress {
  onScenarioStart?(def: ScenarioDefinition, index: number, total: number): void;
  /** A step begins (its clock advance and request are under way). */
  onStepStart?(def: ScenarioDefinition, index: number): void;
  onStep?(def: ScenarioDefinition, step: StepResult): void;
  onScenarioDone?(result: ScenarioResult, index: number, total: number): void;
}

let serial = 0;
/** A 6-digit number unique within this process (identifiers of one run must not collide with another's). */
function runNumber(): string {
  serial = (serial + 1) % 1000;
  return String((Date.now() % 1000) * 1000 + serial).padStart(6, '0');
}

/** True when a checked field (a dotted path into the answer) ends in a secret-looking key. */
const secretField = (field: string) => isSecretKey(field.split('.').pop() ?? field, 'response');

/** Sends a request through the signed-retry exchange, as a wallet client does; saves `$requestId` and `$signature`. */
async function sendSigned(call: ApiCaller, req: ScenarioRequest, sign: ScenarioSign, vars: Record<string, unknown>, result: StepResult): Promise<{ status: number; body: unknown }> {
  const first = await call(req);
  result.firstLegStatus = first.status;
  if (first.status !== 202) return first;
  const challenge = first.body as { payloadToSign?: unknown; requestId?: unknown };
  if (typeof challenge.payloadToSign !== 'string' || typeof challenge.requestId !== 'string') throw new Error(`the 202 answer carries no payloadToSign and requestId (${JSON.stringify(first.body)})`);
  let signature: string;
  if ('key' in sign) {
    signature = stamp(challenge.payloadToSign, savedString(vars, sign.key));
  } else {
    signature = fill(sign.signature, vars);
  }
  vars.$requestId = challenge.requestId;
  vars.$signature = signature;
  return call({ ...req, headers: { ...req.headers, 'Svc-Wallet-Signature': signature, 'Request-Id': challenge.requestId } });
}

/** Runs one scenario; never throws (a failure to run is reported on the step). */
export async function runScenario(def: ScenarioDefinition, call: ApiCaller, progress: RunProgress = {}): Promise<ScenarioResult> {
  const started = performance.now();
  const vars: Record<string, unknown> = { $n: runNumber() };
  const steps: StepResult[] = [];
  let failed = false;
  for (const [index, step] of def.steps.entries()) {
    // Later steps build on earlier answers: after a failure only the clean-up steps run.
    if (failed && !step.always) continue;
    progress.onStepStart?.(def, index);
    const t0 = performance.now();
    const result: StepResult = { index, title: step.title, checks: [], pass: true, durationMs: 0 };
    try {
      if (step.advanceSeconds) {
        const r = await call({ method: 'POST', path: '/sandbox/clock/advance', body: { seconds: step.advanceSeconds } });
        result.advancedSeconds = step.advanceSeconds;
        if (r.status !== 200) throw new Error(`the clock could not be advanced (${r.status}: ${JSON.stringify(r.body)})`);
      }
      await clientSide(step, call, vars);
      if (step.request) {
        const req = fill(step.request, vars);
        // The step result is kept in the run history and exported: one-time codes in the path stay out of it.
        result.request = { method: req.method, path: redactPath(req.path) };
        const r = step.sign ? await sendSigned(call, req, step.sign, vars, result) : await call(req);
        result.status = r.status;
        if (step.expect?.status !== undefined) {
          result.checks.push({ field: 'HTTP status', expected: step.expect.status, actual: r.status, pass: r.status === step.expect.status });
        }
        for (const [field, raw] of Object.entries(step.expect?.fields ?? {})) {
          const expected = fill(raw, vars);
          const actual = readPath(r.body, field);
          const pass = matches(expected, actual);
          // A check on a token or code compares the real values but keeps neither in the history.
          result.checks.push(secretField(field) ? { field, expected: REDACTED, actual: REDACTED, pass } : { field, expected, actual: actual ?? null, pass } satisfies FieldCheck);
        }
        for (const [name, path] of Object.entries(step.save ?? {})) {
          const optional = path.endsWith('?');
          const v = readPath(r.body, optional ? path.slice(0, -1) : path);
          if (v !== undefined) vars[name] = v;
          else if (optional) vars[name] = null;
        }
      }
      result.pass = result.checks.every((c) => c.pass);
    } catch (err) {
      result.pass = false;
      result.error = err instanceof MissingValueError ? `Could not build the request: ${err.message}` : `The step could not run: ${(err as Error).message}`;
    }
    result.durationMs = Math.round(performance.now() - t0);
    steps.push(result);
    progress.onStep?.(def, result);
    if (!result.pass) failed = true;
  }
  const pass = !failed && steps.length === def.steps.length;
  return { name: def.name, group: def.group, title: def.title, source: def.source, pass, steps, durationMs: Math.round(performance.now() - started) };
}

/**
 * Runs scenarios one after another. A workspace on real time is frozen for the run (so "5 s later"
 * means exactly that) and let run again afterwards.
 */
export async function runScenarios(defs: readonly ScenarioDefinition[], call: ApiCaller, progress: RunProgress = {}): Promise<RunReport> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const clock = await call({ method: 'GET', path: '/sandbox/clock' });
  const wasReal = (clock.body as { mode?: string } | null)?.mode === 'REAL';
  if (wasReal) await call({ method: 'POST', path: '/sandbox/clock/freeze' });
  const results: ScenarioResult[] = [];
  try {
    for (const [i, def] of defs.entries()) {
      progress.onScenarioStart?.(def, i, defs.length);
      const r = await runScenario(def, call, progress);
      results.push(r);
      progress.onScenarioDone?.(r, i, defs.length);
    }
  } finally {
    if (wasReal) await call({ method: 'POST', path: '/sandbox/clock/resume' });
  }
  const passed = results.filter((r) => r.pass).length;
  return { startedAt, durationMs: Math.round(performance.now() - t0), passed, failed: results.length - passed, results };
}

/** The scenarios a `--only` / group filter names: an exact scenario name, else every scenario of a group (case-insensitive). */
export function selectScenarios(all: readonly ScenarioDefinition[], only: string | undefined): ScenarioDefinition[] {
  if (!only) return [...all];
  const key = only.trim().toLowerCase();
  const byName = all.filter((d) => d.name.toLowerCase() === key);
  return byName.length ? byName : all.filter((d) => d.group.toLowerCase() === key);
}
