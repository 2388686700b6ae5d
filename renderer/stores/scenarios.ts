import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

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

/** What the core announces about a step of a run (transient console notices, never stored). */
interface StepNotice {
  scenario: string;
  index: number;
  step?: StepResult;
}

let runSerial = 0;

/** The Scenarios screen's state: the list, the run in progress (scenario by scenario) and the last results. */
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
  const lastRun = shallowRef<{ startedAt: string; durationMs: number; results: ScenarioResult[] } | null>(null);

  async function load(): Promise<void> {
    error.value = null;
    try {
      list.value = await invoke('scenarios/list', {});
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Takes a step notice of the run `runId`: the step under way, or its result as soon as it is known. */
  function receive(runId: string, event: { transient?: true; resourceId: string; type: string; payload: unknown }): void {
    if (!event.transient || event.resourceId !== runId) return;
    const n = event.payload as StepNotice;
    const entry = live.value[n.scenario];
    // A notice that arrives after its scenario's answer (the stream and the answer travel apart) changes nothing.
    if (!entry || states.value[n.scenario] !== 'RUNNING') return;
    if (event.type === 'SCENARIO.STEP_STARTED') entry.running = n.index;
    if (event.type === 'SCENARIO.STEP_FINISHED' && n.step && !entry.steps.some((x) => x.index === n.index)) {
      entry.steps.push(n.step);
      if (entry.running === n.index) entry.running = undefined;
    }
  }

  /** Runs these scenarios one after another; each step is shown live as the core announces it. */
  async function run(names: string[]): Promise<void> {
    if (running.value || !names.length) return;
    running.value = true;
    progress.value = { done: 0, total: names.length };
    const counts = new Map((list.value?.scenarios ?? []).map((x) => [x.name, x.stepCount]));
    stepsTotal.value = names.reduce((t, n) => t + (counts.get(n) ?? 1), 0);
    stepsOfFinished.value = 0;
    for (const n of names) states.value[n] = 'QUEUED';
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const done: ScenarioResult[] = [];
    const runId = `run-${Date.now()}-${++runSerial}`;
    const stop = onEvent((e) => receive(runId, e));
    try {
      for (const name of names) {
        delete results.value[name];
        live.value[name] = { steps: [] };
        current.value = name;
        states.value[name] = 'RUNNING';
        try {
          const report = await invoke('scenarios/run', { only: name, runId });
          const r = report.results[0]!;
          results.value[name] = r;
          done.push(r);
          states.value[name] = r.pass ? 'PASSED' : 'FAILED';
        } catch (err) {
          states.value[name] = 'FAILED';
          error.value = toConsoleError(err);
        }
        current.value = null;
        delete live.value[name];
        stepsOfFinished.value += counts.get(name) ?? 1;
        progress.value = { done: progress.value.done + 1, total: names.length };
      }
    } finally {
      stop();
      running.value = false;
      current.value = null;
      for (const n of names) if (states.value[n] === 'QUEUED') states.value[n] = 'IDLE';
      lastRun.value = { startedAt, durationMs: Math.round(performance.now() - t0), results: done };
    }
  }

  /** The last run as a JSON report (the same shape `npm run scenarios -- --report FILE.json` writes). */
  function reportJson(): string {
    const r = lastRun.value;
    const passed = r?.results.filter((x) => x.pass).length ?? 0;
    return `${JSON.stringify({ startedAt: r?.startedAt, durationMs: r?.durationMs, passed, failed: (r?.results.length ?? 0) - passed, results: r?.results ?? [] }, null, 2)}\n`;
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

  return { list, error, results, states, live, running, progress, stepsDone, stepsTotal, current, lastRun, groups, load, run, reportJson, remove };
});
