// The Scenarios screen's store follows one run step by step from the core's live notices (SCENARIO.STARTED,
// SCENARIO.STEP_STARTED / STEP_FINISHED and SCENARIO.FINISHED about its own run id), moving the bar per step,
// runs where the user chose (a throwaway copy by default), and takes each scenario's last result from the
// run history when the screen loads, so results survive a reload.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { DomainEvent, HandlerInput, HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { useScenariosStore, type RunSummary, type ScenarioResult, type StepResult } from '../../renderer/stores/scenarios';
import { fakeBridge } from './fake-bridge';

const entry = (name: string, steps: string[]) => ({ name, group: 'G', title: `Title ${name}`, rule: 'r', source: 'CATALOGUE' as const, stepCount: steps.length, steps });
const step = (index: number, pass = true): StepResult => ({ index, title: `step ${index}`, checks: [{ field: 'status', expected: 'A', actual: pass ? 'A' : 'B', pass }], pass, durationMs: 1 });
const result = (name: string, pass: boolean, steps: StepResult[]): ScenarioResult => ({ name, group: 'G', title: `Title ${name}`, source: 'CATALOGUE', pass, steps, durationMs: 2 });
const notice = (runId: string, type: string, payload: unknown, transient = true): DomainEvent =>
  ({ seq: 0, id: `Notice:${Math.random()}`, type, resourceType: 'ScenarioRun', resourceId: runId, payload, createdAt: '2026-01-01T00:00:00.000Z', ...(transient ? { transient: true as const } : {}) });
const summary = (scenario: string, pass: boolean, runId = 'ScenarioRun:old'): RunSummary => ({
  id: `${runId}.0`, runId, scenario, group: 'G', title: `Title ${scenario}`, place: 'COPY', workspace: null, pass, startedAt: '2026-11-01T10:00:00.000Z', durationMs: 5, stepsPassed: 1, stepCount: 2,
});

let fake: ReturnType<typeof fakeBridge>;
/** The run call waits here until the test answers it. */
let pending: { input: HandlerInput<'scenarios/run'>; answer: (results: ScenarioResult[]) => void }[];
let history: RunSummary[];

beforeEach(() => {
  setActivePinia(createPinia());
  pending = [];
  history = [];
  fake = fakeBridge({
    'scenarios/list': () => ({ groups: ['G'], scenarios: [entry('a', ['a0', 'a1', 'a2']), entry('b', ['b0', 'b1'])] }),
    'scenarios/history-repo': () => ({ data: history, hasMore: false, totalCount: history.length }),
    'scenarios/run': (input) => new Promise<HandlerOutput<'scenarios/run'>>((res) => {
      pending.push({ input, answer: (results) => res({ startedAt: '', durationMs: 1, passed: results.filter((r) => r.pass).length, failed: results.filter((r) => !r.pass).length, results, runId: 'ScenarioRun:new', place: input.place ?? 'COPY', workspace: null }) });
    }),
  });
  setBridge(fake.bridge);
});

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(cond()).toBe(true);
};

describe('the scenarios store during a run', () => {
  it('runs every scenario in one run in a copy, shows each step running then done, ignores other runs and late notices, and counts left-out steps', async () => {
    const store = useScenariosStore();
    await store.load();
    const run = store.run(['a', 'b']);
    await until(() => pending.length === 1);
    const runId = pending[0]!.input.runId!;
    expect(pending[0]!.input).toEqual({ names: ['a', 'b'], runId, place: 'COPY' });
    expect(store.states).toEqual({ a: 'QUEUED', b: 'QUEUED' });
    expect([store.stepsDone, store.stepsTotal]).toEqual([0, 5]);

    fake.emit(notice(runId, 'SCENARIO.STARTED', { scenario: 'a', index: 0, total: 2 }));
    expect(store.states).toEqual({ a: 'RUNNING', b: 'QUEUED' });
    fake.emit(notice(runId, 'SCENARIO.STEP_STARTED', { scenario: 'a', index: 0 }));
    expect(store.live['a']).toEqual({ steps: [], running: 0 });
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 0, step: step(0) }));
    expect(store.live['a']).toEqual({ steps: [step(0)], running: undefined });
    expect(store.stepsDone).toBe(1);

    // Another run's notices, and stored events, change nothing.
    fake.emit(notice('run-other', 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1) }));
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1) }, false));
    expect(store.live['a']!.steps).toHaveLength(1);

    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1, false) }));
    const a = result('a', false, [step(0), step(1, false)]);
    fake.emit(notice(runId, 'SCENARIO.FINISHED', { scenario: 'a', index: 0, total: 2, result: a }));
    // Scenario a is over: its third step was left out, and still counts as done for the bar.
    expect(store.states['a']).toBe('FAILED');
    expect(store.live['a']).toBeUndefined();
    expect(store.stepsDone).toBe(3);
    expect(store.progress).toEqual({ done: 1, total: 2 });
    // A notice about a that arrives after it ended is ignored.
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 2, step: step(2) }));
    expect(store.live['a']).toBeUndefined();

    fake.emit(notice(runId, 'SCENARIO.STARTED', { scenario: 'b', index: 1, total: 2 }));
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'b', index: 0, step: step(0) }));
    expect(store.stepsDone).toBe(4);
    // The answer finishes b even if its FINISHED notice never came, and a is not counted twice.
    pending[0]!.answer([a, result('b', true, [step(0), step(1)])]);
    await run;
    expect(store.states).toEqual({ a: 'FAILED', b: 'PASSED' });
    expect([store.stepsDone, store.stepsTotal]).toEqual([5, 5]);
    expect(store.progress).toEqual({ done: 2, total: 2 });
    expect(store.running).toBe(false);
    expect(fake.listenerCount()).toBe(0);
    expect(store.lastRun).toMatchObject({ runId: 'ScenarioRun:new', place: 'COPY' });
    expect(store.lastRun!.results.map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('runs in this workspace only when chosen, and after a reload takes each scenario\'s state and the last run from the history', async () => {
    history = [summary('b', true, 'ScenarioRun:newest'), summary('a', false)];
    const store = useScenariosStore();
    await store.load();
    expect(store.states).toEqual({ a: 'FAILED', b: 'PASSED' });
    expect(store.latest['a']).toMatchObject({ place: 'COPY', pass: false });
    expect(store.lastRun).toMatchObject({ runId: 'ScenarioRun:newest' });

    store.place = 'IN_PLACE';
    const run = store.run(['a']);
    await until(() => pending.length === 1);
    expect(pending[0]!.input).toMatchObject({ names: ['a'], place: 'IN_PLACE' });
    pending[0]!.answer([result('a', true, [step(0), step(1), step(2)])]);
    await run;
    expect(store.states['a']).toBe('PASSED');
    expect(store.lastRun).toMatchObject({ runId: 'ScenarioRun:new', place: 'IN_PLACE' });
  });
});
