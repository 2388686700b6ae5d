// SQL of the scenarios' run history (table scenario_runs, migration 034): one row per scenario per run,
// with its step report and what it did (its API calls and the events they caused), read back later.
import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import { selectPage, type Page } from '../kernel/pagination';
import type { RunReport, ScenarioResult } from './types';

/** Where a run happened: a throwaway copy of the workspace, the workspace itself, or another named workspace. */
export type RunPlace = 'COPY' | 'IN_PLACE' | 'WORKSPACE';

/** One API call a scenario made, as the request log of the workspace it ran in recorded it (redacted there). */
export interface RecordedCall {
  method: string;
  path: string;
  status: number;
  caller: string | null;
  idempotencyKey: string | null;
  at: string;
  durationMs: number;
  requestBody: string | null;
  responseBody: string | null;
}

/** One domain event a scenario's calls caused. */
export interface RecordedEvent {
  type: string;
  resourceType: string;
  resourceId: string;
  at: string;
}

/** One scenario's run as the history lists it. */
export interface RunSummary {
  id: string;
  /** The run (one scenario, a group or all) it was part of. */
  runId: string;
  scenario: string;
  group: string;
  title: string;
  place: RunPlace;
  /** The named workspace it ran in (place WORKSPACE). */
  workspace: string | null;
  pass: boolean;
  /** Wall-clock time the scenario started (not the workspace clock, which a rehearsal moves). */
  startedAt: string;
  durationMs: number;
  stepsPassed: number;
  stepCount: number;
}

/** One scenario's run with its full report, calls and events. */
export interface RunRecord extends RunSummary {
  result: ScenarioResult;
  calls: RecordedCall[];
  events: RecordedEvent[];
}

interface Row {
  id: string; run_id: string; scenario: string; group_name: string; title: string; place: RunPlace; workspace: string | null;
  pass: number; started_at: number; duration_ms: number; result_json: string; calls_json: string; events_json: string;
}

/** Runs kept per scenario: enough to compare with last week's, small enough that the workspace does not grow with every rehearsal. */
export const RUNS_KEPT_PER_SCENARIO = 50;

function summaryOf(r: Row): RunSummary {
  const result = JSON.parse(r.result_json) as ScenarioResult;
  return {
    id: r.id, runId: r.run_id, scenario: r.scenario, group: r.group_name, title: r.title, place: r.place, workspace: r.workspace,
    pass: r.pass === 1, startedAt: isoOf(r.started_at), durationMs: r.duration_ms,
    stepsPassed: result.steps.filter((s) => s.pass).length, stepCount: result.steps.length,
  };
}

/** Prepared statements over scenario_runs. */
export function runHistoryRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO scenario_runs (id, run_id, scenario, group_name, title, place, workspace, pass, started_at, duration_ms, result_json, calls_json, events_json)
    VALUES (@id, @run_id, @scenario, @group_name, @title, @place, @workspace, @pass, @started_at, @duration_ms, @result_json, @calls_json, @events_json)`);
  const prune = db.prepare(`DELETE FROM scenario_runs WHERE scenario = ? AND id NOT IN
    (SELECT id FROM scenario_runs WHERE scenario = ? ORDER BY started_at DESC, id DESC LIMIT ${RUNS_KEPT_PER_SCENARIO})`);
  const byId = db.prepare<[string], Row>('SELECT * FROM scenario_runs WHERE id = ?');
  const byRun = db.prepare<[string], Row>('SELECT * FROM scenario_runs WHERE run_id = ? ORDER BY started_at, id');
  return {
    /** Stores one scenario's run and drops that scenario's runs beyond the newest RUNS_KEPT_PER_SCENARIO. */
    add(r: { id: string; runId: string; place: RunPlace; workspace: string | null; startedAtMs: number; result: ScenarioResult; calls: RecordedCall[]; events: RecordedEvent[] }): void {
      insert.run({
        id: r.id, run_id: r.runId, scenario: r.result.name, group_name: r.result.group, title: r.result.title, place: r.place, workspace: r.workspace,
        pass: r.result.pass ? 1 : 0, started_at: r.startedAtMs, duration_ms: r.result.durationMs,
        result_json: JSON.stringify(r.result), calls_json: JSON.stringify(r.calls), events_json: JSON.stringify(r.events),
      });
      prune.run(r.result.name, r.result.name);
    },
    /** A page of runs, newest first: of one scenario, or of all. */
    page(limit: number, cursor: string | undefined, scenario: string | undefined): Page<RunSummary> {
      return selectPage<Row, RunSummary>(db, {
        select: 'SELECT * FROM scenario_runs', from: 'FROM scenario_runs',
        where: scenario ? ['scenario = ?'] : [], params: scenario ? [scenario] : [], limit, cursor,
        order: 'desc', keyColumn: 'started_at', idColumn: 'id', map: summaryOf, position: (r) => ({ k: r.started_at, id: r.id }),
      });
    },
    /** One scenario's run with its report, calls and events, or 404 SCENARIO_RUN_NOT_FOUND. */
    get(id: string): RunRecord {
      const r = byId.get(id);
      if (!r) throw notFound('SCENARIO_RUN_NOT_FOUND', `No scenario run ${id} in this workspace's history (the newest ${RUNS_KEPT_PER_SCENARIO} runs of each scenario are kept)`);
      return { ...summaryOf(r), result: JSON.parse(r.result_json) as ScenarioResult, calls: JSON.parse(r.calls_json) as RecordedCall[], events: JSON.parse(r.events_json) as RecordedEvent[] };
    },
    /** A whole run (every scenario it ran) as a report, for JUnit or JSON export; 404 when none of it is kept. */
    report(runId: string): RunReport {
      const rows = byRun.all(runId);
      if (!rows.length) throw notFound('SCENARIO_RUN_NOT_FOUND', `No run ${runId} in this workspace's history`);
      const results = rows.map((r) => JSON.parse(r.result_json) as ScenarioResult);
      const passed = results.filter((r) => r.pass).length;
      const first = rows[0]!.started_at;
      const last = rows.at(-1)!;
      return { startedAt: isoOf(first), durationMs: last.started_at + last.duration_ms - first, passed, failed: results.length - passed, results };
    },
  };
}

/** The run history's statements. */
export type RunHistory = ReturnType<typeof runHistoryRepo>;
