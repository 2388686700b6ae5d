// The Scenarios screen's store follows a run step by step from the core's live notices
// (SCENARIO.STEP_STARTED / SCENARIO.STEP_FINISHED about its own run id), moving the bar per step.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { DomainEvent, HandlerInput, HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { useScenariosStore, type ScenarioResult, type StepResult } from '../../renderer/stores/scenarios';
import { fakeBridge } from './fake-bridge';

const entry = (name: string, steps: string[]) => ({ name, group: 'G', title: `Title ${name}`, rule: 'r', source: 'CATALOGUE' as const, stepCount: steps.length, steps });
const step = (index: number, pass = true): StepResult => ({ index, title: `step ${index}`, checks: [{ field: 'status', expected: 'A', actual: pass ? 'A' : 'B', pass }], pass, durationMs: 1 });
const notice = (runId: string, type: string, payload: unknown, transient = true): DomainEvent =>
  ({ seq: 0, id: `Notice:${Math.random()}`, type, resourceType: 'ScenarioRun', resourceId: runId, payload, createdAt: '2026-01-01T00:00:00.000Z', ...(transient ? { transient: true as const } : {}) });

let fake: ReturnType<typeof fakeBridge>;
/** Each run call waits here until the test answers it. */
let pending: { input: HandlerInput<'scenarios/run'>; answer: (r: ScenarioResult) => void }[];

beforeEach(() => {
  setActivePinia(createPinia());
  pending = [];
  fake = fakeBridge({
    'scenarios/list': () => ({ groups: ['G'], scenarios: [entry('a', ['a0', 'a1', 'a2']), entry('b', ['b0', 'b1'])] }),
    'scenarios/run': (input) => new Promise<HandlerOutput<'scenarios/run'>>((res) => {
      pending.push({ input, answer: (r) => res({ startedAt: '', durationMs: 1, passed: r.pass ? 1 : 0, failed: r.pass ? 0 : 1, results: [r] }) });
    }),
  });
  setBridge(fake.bridge);
});

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(cond()).toBe(true);
};

describe('the scenarios store during a run', () => {
  it('shows each step running then done, ignores other runs and late notices, and counts left-out steps when a scenario ends', async () => {
    const store = useScenariosStore();
    await store.load();
    const run = store.run(['a', 'b']);
    await until(() => pending.length === 1);
    const runId = pending[0]!.input.runId!;
    expect(pending[0]!.input).toEqual({ only: 'a', runId });
    expect(store.states).toEqual({ a: 'RUNNING', b: 'QUEUED' });
    expect([store.stepsDone, store.stepsTotal]).toEqual([0, 5]);

    fake.emit(notice(runId, 'SCENARIO.STEP_STARTED', { scenario: 'a', index: 0 }));
    expect(store.live['a']).toEqual({ steps: [], running: 0 });
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 0, step: step(0) }));
    expect(store.live['a']).toEqual({ steps: [step(0)], running: undefined });
    expect(store.stepsDone).toBe(1);
    fake.emit(notice(runId, 'SCENARIO.STEP_STARTED', { scenario: 'a', index: 1 }));
    expect(store.live['a']!.running).toBe(1);

    // Another run's notices, and stored events, change nothing.
    fake.emit(notice('run-other', 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1) }));
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1) }, false));
    expect(store.live['a']!.steps).toHaveLength(1);

    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 1, step: step(1, false) }));
    expect(store.live['a']!.steps.map((s) => s.pass)).toEqual([true, false]);
    pending[0]!.answer({ name: 'a', group: 'G', title: 'Title a', source: 'CATALOGUE', pass: false, steps: [step(0), step(1, false)], durationMs: 2 });
    await until(() => pending.length === 2);
    // Scenario a is over: its third step was left out, and still counts as done for the bar.
    expect(store.states['a']).toBe('FAILED');
    expect(store.live['a']).toBeUndefined();
    expect(store.results['a']!.steps).toHaveLength(2);
    expect(store.stepsDone).toBe(3);
    expect(store.progress).toEqual({ done: 1, total: 2 });

    // A notice about a that arrives after its answer is ignored; b's run uses the same run id.
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'a', index: 2, step: step(2) }));
    expect(store.live['a']).toBeUndefined();
    expect(pending[1]!.input).toEqual({ only: 'b', runId });
    fake.emit(notice(runId, 'SCENARIO.STEP_FINISHED', { scenario: 'b', index: 0, step: step(0) }));
    expect(store.stepsDone).toBe(4);
    pending[1]!.answer({ name: 'b', group: 'G', title: 'Title b', source: 'CATALOGUE', pass: true, steps: [step(0), step(1)], durationMs: 2 });
    await run;
    expect(store.states).toEqual({ a: 'FAILED', b: 'PASSED' });
    expect([store.stepsDone, store.stepsTotal]).toEqual([5, 5]);
    expect(store.running).toBe(false);
    expect(fake.listenerCount()).toBe(0);
    expect(store.lastRun!.results.map((r) => r.name)).toEqual(['a', 'b']);
  });
});
