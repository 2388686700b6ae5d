import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { invoke, toConsoleError, type ConsoleError } from '../api/client';

/** The catalogue and the saved scenarios, as the Scenarios screen lists them. */
export type ScenarioList = HandlerOutput<'scenarios/list'>;
/** One scenario of the list. */
export type ScenarioEntry = ScenarioList['scenarios'][number];
/** A run's report (one scenario, a group or all). */
export type RunReport = HandlerOutput<'scenarios/run'>;
/** One scenario's outcome with its steps. */
export type ScenarioResult = RunReport['results'][number];
/** Where a scenario stands in the current run. */
export type RunState = 'IDLE' | 'QUEUED' | 'RUNNING' | 'PASSED' | 'FAILED';

/** The Scenarios screen's state: the list, the run in progress (scenario by scenario) and the last results. */
export const useScenariosStore = defineStore('scenarios', () => {
  const list = shallowRef<ScenarioList | null>(null);
  const error = shallowRef<ConsoleError | null>(null);
  const results = ref<Record<string, ScenarioResult>>({});
  const states = ref<Record<string, RunState>>({});
  const running = ref(false);
  const progress = ref({ done: 0, total: 0 });
  const lastRun = shallowRef<{ startedAt: string; durationMs: number; results: ScenarioResult[] } | null>(null);

  async function load(): Promise<void> {
    error.value = null;
    try {
      list.value = await invoke('scenarios/list', {});
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Runs these scenarios one after another, so the screen shows each finish as it happens. */
  async function run(names: string[]): Promise<void> {
    if (running.value || !names.length) return;
    running.value = true;
    progress.value = { done: 0, total: names.length };
    for (const n of names) states.value[n] = 'QUEUED';
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const done: ScenarioResult[] = [];
    try {
      for (const name of names) {
        states.value[name] = 'RUNNING';
        try {
          const report = await invoke('scenarios/run', { only: name });
          const r = report.results[0]!;
          results.value[name] = r;
          done.push(r);
          states.value[name] = r.pass ? 'PASSED' : 'FAILED';
        } catch (err) {
          states.value[name] = 'FAILED';
          error.value = toConsoleError(err);
        }
        progress.value = { done: progress.value.done + 1, total: names.length };
      }
    } finally {
      running.value = false;
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

  return { list, error, results, states, running, progress, lastRun, groups, load, run, reportJson, remove };
});
