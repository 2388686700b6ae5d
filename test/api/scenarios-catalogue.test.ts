// The scenario catalogue run by the same runner as `npm run scenarios` and the Scenarios screen: every
// built-in scenario passes on a fresh workspace (in process and over real HTTP), a wrong expectation
// is reported with expected and actual side by side, and request-log entries become a replayable
// scenario stored in the workspace.
import { afterAll, describe, expect, it } from 'vitest';
import { newCore, reopenCore, removeTempDirs, startServer } from '../support/builders';
import { CATALOGUE } from '../../core/scenarios/catalogue';
import { runScenario, runScenarios, selectScenarios } from '../../core/scenarios/runner';
import { httpCaller } from '../../core/scenarios/http-caller';
import { scenarioLines } from '../../core/scenarios/report';
import { QUOTE_OUTCOMES, TRANSFER_OUTCOMES, UMA_RECIPIENTS } from '../../core/payments/outcomes';
import type { Core, DomainEvent } from '../../core/index';
import type { RecordedRunReport } from '../../core/scenarios/rehearsal';

afterAll(removeTempDirs);

/** What a rehearsal must leave as it was: the rows users see, webhook deliveries, the request log and the clock. */
function workspaceTrace(core: Core) {
  const count = (table: string) => (core.services.ctx.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const tables = ['customers', 'cards', 'card_transactions', 'agents', 'transactions', 'quotes', 'external_accounts', 'webhook_deliveries', 'request_log', 'events', 'jobs'];
  core.services.ctx.requestLog.flush();
  return { counts: Object.fromEntries(tables.map((t) => [t, count(t)])), clock: core.services.ctx.clock.state() };
}

const inProcess = (core: Core) => (req: Parameters<Core['callApi']>[0]) => core.callApi(req);

async function value<T = any>(core: Core, name: string, input: unknown): Promise<T> {
  const r = await core.invoke(name, input);
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  return r.value as T;
}

describe('the built-in catalogue', { timeout: 60_000 }, () => {
  it('covers every row of the sandbox outcome tables', () => {
    const names = CATALOGUE.map((d) => d.name);
    expect(new Set(names).size, 'names are unique').toBe(names.length);
    expect(CATALOGUE.filter((d) => d.group === 'Quotes')).toHaveLength(Object.keys(QUOTE_OUTCOMES).length);
    expect(CATALOGUE.filter((d) => d.group === 'Transfers')).toHaveLength(2 * Object.keys(TRANSFER_OUTCOMES).length);
    expect(CATALOGUE.filter((d) => d.group === 'UMA recipients')).toHaveLength(Object.keys(UMA_RECIPIENTS).length);
    expect(new Set(CATALOGUE.map((d) => d.group))).toEqual(new Set(['Quotes', 'Transfers', 'Beneficiary verification', 'KYB', 'KYC', 'UMA recipients', 'Suffix rules', 'Sandbox payments', 'One-time codes', 'Embedded wallets', 'Cards', 'Agents', 'Webhooks', 'Strong Customer Authentication']));
    for (const d of CATALOGUE) expect(d.rule, d.name).not.toBe('');
  });

  it('every scenario passes, run from the console in a throwaway copy that leaves the workspace as it was; its history survives a restart', async () => {
    // A workspace on real time, as a user's is: the rehearsal must not leave its clock ahead.
    const core = newCore({ clock: { mode: 'REAL' } });
    let reopened: Core | undefined;
    try {
      await core.callApi({ method: 'GET', path: '/config' }); // the user's own call, which stays the only one
      const before = workspaceTrace(core);
      const report = await value<RecordedRunReport>(core, 'scenarios/run', { names: CATALOGUE.map((d) => d.name) });
      const failures = report.results.filter((r) => !r.pass).flatMap(scenarioLines);
      expect(failures, failures.join('\n')).toEqual([]);
      expect(report).toMatchObject({ passed: CATALOGUE.length, failed: 0, place: 'COPY' });
      // The clock advances are real: the delayed quote waited its 6 minutes on the copy's clock.
      const delayed = report.results.find((r) => r.name === 'quote-delayed')!;
      expect(delayed.steps.reduce((t, s) => t + (s.advancedSeconds ?? 0), 0)).toBe(360);

      const after = workspaceTrace(core);
      expect(after.counts).toEqual(before.counts);
      expect(after.clock.mode).toBe('REAL');
      expect(after.clock.offsetSeconds).toBe(before.clock.offsetSeconds);
      expect(Math.abs(Date.parse(after.clock.now) - Date.now())).toBeLessThan(5_000);

      core.close();
      reopened = reopenCore(core);
      const history = await value(reopened, 'scenarios/history-repo', { scenario: 'quote-delayed', limit: 5 });
      expect(history).toMatchObject({ totalCount: 1, data: [{ runId: report.runId, scenario: 'quote-delayed', place: 'COPY', pass: true }] });
      const entry = await value(reopened, 'scenarios/historyEntry', { id: history.data[0].id });
      expect(entry.result).toEqual(delayed);
      // Its calls are the scenario's own in the copy's log (not "console"), with the events they caused.
      expect(entry.calls.length).toBeGreaterThan(2);
      expect(new Set(entry.calls.map((c: { caller: string }) => c.caller))).toEqual(new Set(['scenario:quote-delayed']));
      expect(entry.calls.some((c: { method: string; path: string }) => c.method === 'POST' && c.path.endsWith('/sandbox/clock/advance'))).toBe(true);
      expect(entry.events.some((e: { type: string }) => e.type.startsWith('TRANSACTION.') || e.type.startsWith('QUOTE.'))).toBe(true);
      const all = await value(reopened, 'scenarios/history-repo', { limit: 50 });
      expect(all.totalCount).toBe(CATALOGUE.length);
      expect(all.hasMore).toBe(true);
      const next = await value(reopened, 'scenarios/history-repo', { limit: 50, cursor: all.nextCursor });
      expect(all.data.length + next.data.length).toBe(CATALOGUE.length);
    } finally {
      (reopened ?? core).close();
    }
  });

  it('a group passes over real HTTP, and a workspace on real time is frozen for the run and let run again', async () => {
    const core = newCore({ clock: { mode: 'REAL' } });
    const srv = await startServer(core);
    try {
      const call = httpCaller(srv.base, srv.auth);
      const report = await runScenarios(selectScenarios(CATALOGUE, 'transfers'), call);
      expect(report.results.filter((r) => !r.pass).flatMap(scenarioLines)).toEqual([]);
      expect(report.results).toHaveLength(2 * Object.keys(TRANSFER_OUTCOMES).length);
      expect((await call({ method: 'GET', path: '/sandbox/clock' })).body).toMatchObject({ mode: 'REAL' });
    } finally {
      await srv.close();
      core.close();
    }
  });

  it('a state that differs is reported with the expected and the actual value, and later steps do not run', async () => {
    const core = newCore();
    try {
      const good = CATALOGUE.find((d) => d.name === 'quote-execution-failed')!;
      const steps = structuredClone(good.steps);
      const target = steps.findIndex((s) => s.expect?.fields?.['failureReason'] === 'QUOTE_EXECUTION_FAILED');
      steps[target]!.expect!.fields!['failureReason'] = 'SOMETHING_ELSE';
      const r = await runScenario({ ...good, steps }, inProcess(core));
      expect(r.pass).toBe(false);
      expect(r.steps).toHaveLength(target + 1);
      expect(r.steps.at(-1)!.checks.find((c) => !c.pass)).toEqual({ field: 'failureReason', expected: 'SOMETHING_ELSE', actual: 'QUOTE_EXECUTION_FAILED', pass: false });
      const missing = await runScenario({ ...good, steps: [{ title: 'uses a value nobody saved', request: { method: 'GET', path: '/quotes/{{nothing}}' } }] }, inProcess(core));
      expect(missing.steps[0]!.error).toContain('"nothing"');
    } finally {
      core.close();
    }
  });
});

describe('wallet steps play the client with real cryptography', () => {
  it('the sign-in goes through the signed retry (202 then 200), and a code other than 000000 sealed by the client is refused', async () => {
    const core = newCore();
    try {
      const good = CATALOGUE.find((d) => d.name === 'wallet-email-otp-sign-in')!;
      const ok = await runScenario(good, inProcess(core));
      expect(ok.pass, ok.steps.flatMap((s) => s.checks.filter((c) => !c.pass).map((c) => c.field)).join()).toBe(true);
      const signIn = good.steps.findIndex((s) => s.sealOtp?.code === '000000');
      expect(ok.steps[signIn]).toMatchObject({ firstLegStatus: 202, status: 200, pass: true });

      const steps = structuredClone(good.steps);
      steps[signIn]!.sealOtp!.code = '000001';
      const bad = await runScenario({ ...good, steps }, inProcess(core));
      expect(bad.pass).toBe(false);
      expect(bad.steps.at(-1)).toMatchObject({ index: signIn, firstLegStatus: 401, status: 401 });
      expect(bad.steps.at(-1)!.checks.find((c) => c.field === 'HTTP status')).toEqual({ field: 'HTTP status', expected: 200, actual: 401, pass: false });
    } finally {
      core.close();
    }
  });
});

describe('progress', () => {
  it('reports each step as it starts and as it ends, in order', async () => {
    const core = newCore();
    try {
      const def = CATALOGUE.find((d) => d.name === 'kyb-002-rejected')!;
      const seen: string[] = [];
      const r = await runScenario(def, inProcess(core), { onStepStart: (_, i) => seen.push(`start ${i}`), onStep: (_, s) => seen.push(`done ${s.index} ${s.pass}`) });
      expect(r.pass).toBe(true);
      expect(seen).toEqual(def.steps.flatMap((_, i) => [`start ${i}`, `done ${i} true`]));
    } finally {
      core.close();
    }
  });

  it('a console run with a runId announces each step live to the console, and stores none of it; webhooks never hear it', async () => {
    const core = newCore();
    try {
      const heard: DomainEvent[] = [];
      const stop = core.onEvent((e) => heard.push(e));
      const webhooksHeard: DomainEvent[] = [];
      core.services.ctx.events.subscribe((e) => webhooksHeard.push(e));
      const def = CATALOGUE.find((d) => d.name === 'kyb-001-pending')!;
      const report = await value(core, 'scenarios/run', { only: def.name, runId: 'run-test-1' });
      stop();
      const notices = heard.filter((e) => e.transient && e.type.startsWith('SCENARIO.STEP_'));
      expect(heard.filter((e) => e.transient).map((e) => e.type).filter((t) => !t.startsWith('SCENARIO.STEP_'))).toEqual(['SCENARIO.STARTED', 'SCENARIO.FINISHED']);
      expect(notices.every((e) => e.seq === 0 && e.resourceType === 'ScenarioRun' && e.resourceId === 'run-test-1')).toBe(true);
      expect(notices.map((e) => `${e.type} ${(e.payload as { index: number }).index}`)).toEqual(def.steps.flatMap((_, i) => [`SCENARIO.STEP_STARTED ${i}`, `SCENARIO.STEP_FINISHED ${i}`]));
      // Each finished notice carries the step's result, the same as in the run's answer.
      expect(notices.filter((e) => e.type === 'SCENARIO.STEP_FINISHED').map((e) => (e.payload as { step: unknown }).step)).toEqual(report.results[0].steps);
      // The run happened in a throwaway copy: none of its domain events belong to this workspace.
      expect(heard.filter((e) => !e.transient)).toEqual([]);
      expect(webhooksHeard.some((e) => e.transient)).toBe(false);
      const stored = await value(core, 'events/list', { typePrefix: 'SCENARIO.', limit: 10 });
      expect(stored.data).toEqual([]);

      heard.length = 0;
      const quiet = core.onEvent((e) => heard.push(e));
      await value(core, 'scenarios/run', { only: def.name });
      quiet();
      expect(heard.filter((e) => e.transient)).toEqual([]);
      expect(await core.invoke('scenarios/run', { only: def.name, runId: 'no spaces allowed' })).toMatchObject({ ok: false, error: { status: 400 } });
    } finally {
      core.close();
    }
  });
});

describe('clean-up steps', () => {
  it('run after a failure, so a failed webhook scenario still puts the endpoint back', async () => {
    const core = newCore();
    try {
      const call = inProcess(core);
      expect((await call({ method: 'PATCH', path: '/config', body: { webhookEndpoint: 'https://hooks.example.com/mine' } })).status).toBe(200);
      const def = structuredClone(CATALOGUE.find((d) => d.name === 'webhook-test-errors')!);
      def.steps[2]!.expect!.fields!['code'] = 'NOT_THIS';
      const r = await runScenario(def, call);
      expect(r.pass).toBe(false);
      expect(r.steps.map((s) => [s.index, s.pass])).toEqual([[0, true], [1, true], [2, false], [5, true]]);
      expect((await call({ method: 'GET', path: '/config' })).body).toMatchObject({ webhookEndpoint: 'https://hooks.example.com/mine' });
    } finally {
      core.close();
    }
  });
});

describe('scenarios saved from the request log', () => {
  it('replays the recorded calls with ids taken from earlier answers, is stored in the workspace and runs from the console', async () => {
    const core = newCore();
    const srv = await startServer(core);
    let reopened: Core | undefined;
    try {
      const c = await srv.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Log Person', currencies: ['USD'] });
      const e = await srv.api.post('/customers/external-accounts', { customerId: c.body.id, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '5000777000104', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'B' } } });
      expect(e.status, e.text).toBe(201);
      await srv.api.get(`/customers/${c.body.id}`);
      const log = await value(core, 'requestLog/list', { limit: 3 });
      const ids = (log.data as { id: string }[]).map((x) => x.id).reverse(); // oldest first

      const saved = await value(core, 'scenarios/saveFromLog', { name: 'my-onboarding', title: 'Onboard a customer', entryIds: ids });
      expect(saved).toMatchObject({ name: 'my-onboarding', group: 'My scenarios', title: 'Onboard a customer' });
      expect(saved.steps).toHaveLength(3);
      expect(saved.steps[0]).toMatchObject({ request: { method: 'POST', path: '/customers' }, expect: { status: 201 }, save: { step1_id: 'id' } });
      expect(saved.steps[1].request.body.customerId).toBe('{{step1_id}}');
      expect(saved.steps[2].request.path).toBe('/customers/{{step1_id}}');

      // The replay creates a new customer, so the fixed account number does not collide with the first run.
      const run = await value(core, 'scenarios/run', { only: 'my-onboarding' });
      expect(run.results.flatMap(scenarioLines).filter((l: string) => l.startsWith('  '))).toEqual([]);
      expect(run).toMatchObject({ passed: 1, failed: 0 });

      expect((await core.invoke('scenarios/saveFromLog', { name: 'my-onboarding', entryIds: ids })).ok).toBe(false);
      const dup = await core.invoke('scenarios/saveFromLog', { name: 'quote-success', entryIds: ids });
      expect(dup).toMatchObject({ ok: false, error: { status: 409, code: 'SCENARIO_NAME_TAKEN' } });
      expect(await core.invoke('scenarios/saveFromLog', { name: 'x', entryIds: [] })).toMatchObject({ ok: false, error: { status: 400 } });
      expect(await core.invoke('scenarios/saveFromLog', { name: 'y', entryIds: ['ApiCall:missing'] })).toMatchObject({ ok: false, error: { status: 404 } });
      expect(await core.invoke('scenarios/run', { only: 'no-such-thing' })).toMatchObject({ ok: false, error: { status: 400 } });

      await srv.close();
      core.close();
      reopened = reopenCore(core);
      const list = await value(reopened, 'scenarios/list', {});
      expect(list.groups).toContain('My scenarios');
      expect(list.scenarios.find((s: { name: string }) => s.name === 'my-onboarding')).toMatchObject({ source: 'USER', stepCount: 3 });
      const page = await value(reopened, 'scenarios/saved', { limit: 10 });
      expect(page).toMatchObject({ totalCount: 1, hasMore: false });
      await value(reopened, 'scenarios/delete', { id: page.data[0].id });
      expect((await value(reopened, 'scenarios/saved', {})).totalCount).toBe(0);
    } finally {
      reopened?.close();
    }
  });
});
