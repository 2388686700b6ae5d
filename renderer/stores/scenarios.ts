import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import type { RunPlace } from '../lib/scenario-places';

/** The catalogue and the saved scenarios, as the Scenarios screen lists them. */
export type ScenarioList = HandlerOutput<'scenarios/list'>;
/** One scenario of the list. */
export type ScenarioEntry = ScenarioList['scenarios'][number];
/** A run's report (one scenario, a group or all). */
export type RunReport = HandlerOutput<'scenarios/run'>;
/** One scenario's outcome with its steps. */
export type ScenarioResult = RunReport['results'][number];
/** One step's outcome. */
export type StepResult = ScenarioResult['steps'][number];
/** Where a scenario stands in the current run. */
export type RunState = 'IDLE' | 'QUEUED' | 'RUNNING' | 'PASSED' | 'FAILED';
/** A scenario while it runs: the steps finished so far and the one under way. */
export interface LiveScenario {
  steps: StepResult[];
  running?: number | undefined;
}

/** One scenario's run as the history lists it (wall-clock start, where it ran, pass or fail). */
export type RunSummary = HandlerOutput<'scenarios/history-repo'>['data'][number];
/** One scenario's run from the history with its steps, API calls and events. */
export type RunRecord = HandlerOutput<'scenarios/historyEntry'>;

/** What the core announces about a run (transient console notices, never stored). */
interface RunNotice {
  scenario: string;
  index: number;
  step?: StepResult;
  result?: ScenarioResult;
}

let runSerial = 0;

/** The Scenarios screen's state: the list, the run in progress (scenario by scenario), the last results and the run history. */
export const useScenariosStore = defineStore('scenarios', () => {
  const list = shallowRef<ScenarioList | null>(null);
  const error = shallowRef<ConsoleError | null>(null);
  const results = ref<Record<string, ScenarioResult>>({});
  const states = ref<Record<string, RunState>>({});
  const live = ref<Record<string, LiveScenario>>({});
  const running = ref(false);
  /** Scenarios done out of those in the run. */
  const progress = ref({ done: 0, total: 0 });
  /** Steps done (finished or left out after a failure) out of every step of the run's scenarios. */
  const stepsTotal = ref(0);
  const stepsOfFinished = ref(0);
  const current = ref<string | null>(null);
  const stepsDone = computed(() => stepsOfFinished.value + (current.value ? (live.value[current.value]?.steps.length ?? 0) : 0));
  /** The newest run (this session's, or the history's after a reload): what the export buttons export. */
  const lastRun = shallowRef<{ runId: string | null; startedAt: string; durationMs: number; results: ScenarioResult[]; place: RunPlace } | null>(null);
  /** Each scenario's newest run from the history, so results survive a reload. */
  const latest = ref<Record<string, RunSummary>>({});
  /** Where the next run happens; a named workspace goes in `workspace`. */
  const place = ref<RunPlace>('COPY');
  const workspace = ref<string | null>(null);

  async function load(): Promise<void> {
    error.value = null;
    try {
      const [scenarios, history] = await Promise.all([invoke('scenarios/list', {}), invoke('scenarios/history-repo', { limit: 100 })]);
      list.value = scenarios;
      takeHistory(history.data);
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** The newest run of each scenario becomes its state (unless this session ran it since). */
  function takeHistory(rows: RunSummary[]): void {
    for (const r of [...rows].reverse()) {
      latest.value[r.scenario] = r;
      if (!running.value && !results.value[r.scenario]) states.value[r.scenario] = r.pass ? 'PASSED' : 'FAILED';
    }
    const newest = rows[0];
    if (newest && !lastRun.value) {
      lastRun.value = { runId: newest.runId, startedAt: newest.startedAt, durationMs: newest.durationMs, results: [], place: newest.place };
    }
  }

  /** A scenario's steps from its newest run in the history (after a reload, when this session has not run it). */
  async function loadLatestResult(name: string): Promise<void> {
    const summary = latest.value[name];
    if (results.value[name] || !summary) return;
    const record = await invoke('scenarios/historyEntry', { id: summary.id });
    if (!results.value[name]) results.value[name] = record.result;
  }

  /** Marks a scenario of the run as over (from its notice or the run's answer, whichever comes first). */
  function finish(r: ScenarioResult, counts: Map<string, number>, finished: Set<string>): void {
    if (finished.has(r.name)) return;
    finished.add(r.name);
    results.value[r.name] = r;
    states.value[r.name] = r.pass ? 'PASSED' : 'FAILED';
    delete live.value[r.name];
    if (current.value === r.name) current.value = null;
    stepsOfFinished.value += counts.get(r.name) ?? 1;
    progress.value = { done: progress.value.done + 1, total: progress.value.total };
  }

  /** Takes a notice of the run `runId`: a scenario starting or ending, a step under way or its result. */
  function receive(runId: string, event: { transient?: true; resourceId: string; type: string; payload: unknown }, counts: Map<string, number>, finished: Set<string>): void {
    if (!event.transient || event.resourceId !== runId) return;
    const n = event.payload as RunNotice;
    if (event.type === 'SCENARIO.STARTED' && !finished.has(n.scenario)) {
      delete results.value[n.scenario];
      live.value[n.scenario] = { steps: [] };
      current.value = n.scenario;
      states.value[n.scenario] = 'RUNNING';
      return;
    }
    if (event.type === 'SCENARIO.FINISHED' && n.result) return finish(n.result, counts, finished);
    const entry = live.value[n.scenario];
    // A notice that arrives after its scenario is over (the stream and the answer travel apart) changes nothing.
    if (!entry || states.value[n.scenario] !== 'RUNNING') return;
    if (event.type === 'SCENARIO.STEP_STARTED') entry.running = n.index;
    if (event.type === 'SCENARIO.STEP_FINISHED' && n.step && !entry.steps.some((x) => x.index === n.index)) {
      entry.steps.push(n.step);
      if (entry.running === n.index) entry.running = undefined;
    }
  }

  /**
   * Runs these scenarios, in one run where `place` says (a throwaway copy unless told otherwise); each
   * scenario and step is shown live as the core announces it, and the run goes to the history.
   */
  async function run(names: string[]): Promise<void> {
    if (running.value || !names.length) return;
    running.value = true;
    error.value = null;
    progress.value = { done: 0, total: names.length };
    const counts = new Map((list.value?.scenarios ?? []).map((x) => [x.name, x.stepCount]));
    stepsTotal.value = names.reduce((t, n) => t + (counts.get(n) ?? 1), 0);
    stepsOfFinished.value = 0;
    for (const n of names) states.value[n] = 'QUEUED';
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const runId = `run-${Date.now()}-${++runSerial}`;
    const finished = new Set<string>();
    const stop = onEvent((e) => receive(runId, e, counts, finished));
    const where = place.value;
    try {
      const report = await invoke('scenarios/run', { names, runId, place: where, ...(where === 'WORKSPACE' && workspace.value ? { workspace: workspace.value } : {}) });
      for (const r of report.results) finish(r, counts, finished);
      lastRun.value = { runId: report.runId, startedAt, durationMs: Math.round(performance.now() - t0), results: report.results, place: where };
      void invoke('scenarios/history-repo', { limit: 100 }).then((h) => takeHistory(h.data), () => undefined);
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      stop();
      running.value = false;
      current.value = null;
      for (const n of names) {
        if (states.value[n] === 'QUEUED' || states.value[n] === 'RUNNING') states.value[n] = 'IDLE';
        delete live.value[n];
      }
    }
  }

  /** The last run as JUnit XML or JSON, read from the history (so it can be exported after a reload too). */
  async function exportLast(format: 'junit' | 'json'): Promise<{ fileName: string; contentType: string; text: string }> {
    const runId = lastRun.value?.runId;
    if (!runId) throw new Error('Run a scenario first');
    return invoke('scenarios/report', { runId, format });
  }

  /** A page of one scenario's runs, newest first. */
  function history(scenario: string, cursor?: string): Promise<HandlerOutput<'scenarios/history-repo'>> {
    return invoke('scenarios/history-repo', { scenario, limit: 10, ...(cursor ? { cursor } : {}) });
  }

  /** The host's other workspaces, which a run can happen in (none when the host has no workspace folders). */
  async function otherWorkspaces(): Promise<{ id: string; name: string }[]> {
    const all = await invoke('workspaces/list', {});
    return all.workspaces.filter((w) => !w.current && !w.problem).map((w) => ({ id: w.id, name: w.name }));
  }

  /** One run from the history with its steps, API calls and events. */
  function historyEntry(id: string): Promise<RunRecord> {
    return invoke('scenarios/historyEntry', { id });
  }

  /** Saves calls picked on the request log as a scenario that replays them (oldest first). */
  function saveFromLog(name: string, entryIds: string[]): Promise<HandlerOutput<'scenarios/saveFromLog'>> {
    return invoke('scenarios/saveFromLog', { name, entryIds });
  }

  async function remove(name: string): Promise<void> {
    const page = await invoke('scenarios/saved', { q: name, limit: 100 });
    const saved = page.data.find((s) => s.name === name);
    if (saved) await invoke('scenarios/delete', { id: saved.id });
    delete results.value[name];
    delete states.value[name];
    await load();
  }

  const groups = computed(() => (list.value?.groups ?? []).map((g) => ({ name: g, scenarios: (list.value?.scenarios ?? []).filter((s) => s.group === g) })));

  return { list, error, results, states, live, running, progress, stepsDone, stepsTotal, current, lastRun, latest, place, workspace, groups, load, loadLatestResult, run, exportLast, history, historyEntry, otherWorkspaces, saveFromLog, remove };
});
