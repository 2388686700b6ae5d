// Where a scenario run happens and what it leaves behind. By default a run rehearses in a throwaway copy
// of the workspace (VACUUM INTO a temporary folder outside every workspace folder, opened as its own core
// with its own lock), so the workspace's customers, cards, clock, webhook deliveries and request log stay
// as they were; the only trace is the run history (history.ts), which keeps each scenario's report with the
// API calls and events it caused, read back from the workspace the run happened in before it is let go.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ctx } from '../context';
import { snapshotInto } from '../kernel/workspace-file';
import { CONSOLE_LOG_ID_HEADER } from '../kernel/request-log';
import type { RecordedCall, RecordedEvent, RunHistory, RunPlace } from './history-repo';
import { runScenarios, type RunProgress } from './runner';
import type { ApiCaller, RunReport, ScenarioDefinition, ScenarioRequest } from './types';

/** A workspace a run can happen in: its API called as the console under a caller name, and its kernel to read back what the run did. */
export interface RunTarget {
  callApi(req: ScenarioRequest, caller: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }>;
  ctx: Ctx;
  close(): void;
}

/** How a host reaches the workspaces a run can happen in. */
export interface RunTargets {
  /** The open workspace itself (closing it does nothing). */
  inPlace(): RunTarget;
  /** A core over another workspace file (a throwaway copy, or a named workspace, which it then holds). */
  open(dbPath: string): RunTarget;
}

/** Where to run: the default copy, in place, or the named workspace at `dbPath`. */
export type RunWhere = { place: 'COPY' } | { place: 'IN_PLACE' } | { place: 'WORKSPACE'; name: string; dbPath: string };

/** A run's report with where it ran and its id in the run history. */
export interface RecordedRunReport extends RunReport {
  runId: string;
  place: RunPlace;
  workspace: string | null;
}

/** Calls kept per scenario in the history, and the characters kept of each body: enough to see what happened. */
const MAX_CALLS = 200;
const MAX_EVENTS = 500;
const MAX_BODY_CHARS = 4_000;

const clip = (s: string | null) => (s && s.length > MAX_BODY_CHARS ? `${s.slice(0, MAX_BODY_CHARS)}… (${s.length - MAX_BODY_CHARS} more characters)` : s);

/** The prefix of a scenario's caller name in the request log: its calls are the scenario's, not "Console". */
export const SCENARIO_CALLER = 'scenario:';
/** The caller name of a run's own calls, made outside any one scenario (the clock's freeze and resume). */
export const RUN_CALLER = 'scenario-run';

/**
 * A throwaway copy of the workspace `ctx` in a new temporary folder, opened through `open`. The copy holds
 * its own lock (beside it), never the workspace's, and `dispose` closes it and deletes the folder.
 */
export function openCopy(ctx: Ctx, open: (dbPath: string) => RunTarget): { target: RunTarget; dispose(): void } {
  ctx.scheduler.assertIdle();
  ctx.settle();
  const dir = mkdtempSync(join(tmpdir(), 'svc-rehearsal-'));
  try {
    const file = join(dir, 'workspace.sqlite');
    snapshotInto(ctx.db, file);
    const target = open(file);
    return {
      target,
      dispose() {
        try {
          target.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Runs `defs` in `target`, each scenario's calls logged as `scenario:<name>`, and records every scenario's
 * report with its calls and events in `history` (the run history of the workspace `home`, which may be
 * another workspace than the target's).
 */
export async function runRecorded(defs: readonly ScenarioDefinition[], target: RunTarget, home: Ctx, history: RunHistory, where: RunWhere, progress: RunProgress = {}): Promise<RecordedRunReport> {
  const runId = `ScenarioRun:${randomUUID()}`;
  // Calls outside any scenario (freezing a clock on real time for the run, and letting it run again) are the run's.
  let current = { caller: RUN_CALLER, name: '', logIds: [] as string[], eventSeq: 0, startedAtMs: 0 };
  const call: ApiCaller = async (req) => {
    const r = await target.callApi(req, current.caller);
    const logId = r.headers[CONSOLE_LOG_ID_HEADER];
    if (logId) current.logIds.push(logId);
    return r;
  };
  const workspace = where.place === 'WORKSPACE' ? where.name : null;
  const report = await runScenarios(defs, call, {
    ...progress,
    onScenarioStart(def, index, total) {
      current = { caller: `${SCENARIO_CALLER}${def.name}`, name: def.name, logIds: [], eventSeq: target.ctx.events.lastSeq(), startedAtMs: Date.now() };
      progress.onScenarioStart?.(def, index, total);
    },
    onScenarioDone(result, index, total) {
      const calls: RecordedCall[] = current.logIds.slice(0, MAX_CALLS).map((id) => {
        const c = target.ctx.requestLog.read.get(id);
        return { method: c.method, path: c.path, status: c.status, caller: c.principal, idempotencyKey: c.idempotencyKey, at: c.createdAt, durationMs: c.durationMs, requestBody: clip(c.requestBody), responseBody: clip(c.responseBody) };
      });
      const events: RecordedEvent[] = target.ctx.events.after(current.eventSeq, MAX_EVENTS)
        .map((e) => ({ type: e.type, resourceType: e.resourceType, resourceId: e.resourceId, at: e.createdAt }));
      home.transaction(() => history.add({ id: `${runId}.${index}`, runId, place: where.place, workspace, startedAtMs: current.startedAtMs, result, calls, events }));
      current = { ...current, caller: RUN_CALLER, logIds: [] };
      progress.onScenarioDone?.(result, index, total);
    },
  });
  return { ...report, runId, place: where.place, workspace };
}
