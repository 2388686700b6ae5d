// Where a scenario run happens (a throwaway copy by default, in place when asked, or a named workspace of the
// host), what each leaves in the open workspace, the run history's JUnit export, and the clock going back to now.
// The whole catalogue's run in a copy is checked in scenarios-catalogue.test.ts (one run of it is enough).
import { afterAll, describe, expect, it } from 'vitest';
import { newCore, removeTempDirs, tempDir } from '../support/builders';
import { createCore, type Core } from '../../core/index';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { WorkspaceHost } from '../../core/host/workspaces';
import { ScenarioService } from '../../core/scenarios/service';
import { openCopy } from '../../core/scenarios/rehearsal';
import { scenarioTargets } from '../../core/scenarios/targets';
import { lockPathOf } from '../../core/kernel/workspace-lock';

afterAll(removeTempDirs);

async function value<T = any>(core: Core, name: string, input: unknown): Promise<T> {
  const r = await core.invoke(name, input);
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  return r.value as T;
}

const customers = (core: Core) => (core.services.ctx.db.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n;

describe('running scenarios in place or in a named workspace', { timeout: 60_000 }, () => {
  it('in place changes the open workspace and logs the calls as the scenario\'s; a named workspace holds the run, and the history says where each ran', async () => {
    const host = new WorkspaceHost({ root: tempDir(), initial: 'mine', coreOptions: { clock: { mode: 'FROZEN', frozenAt: '2026-01-01T09:00:00.000Z' }, host: { kind: 'serve' } } });
    try {
      const core = host.core;
      const before = customers(core);
      const inPlace = await value(core, 'scenarios/run', { only: 'kyb-001-pending', place: 'IN_PLACE' });
      expect(inPlace).toMatchObject({ place: 'IN_PLACE', passed: 1, workspace: null });
      expect(customers(core)).toBe(before + 1);
      const log = await value(core, 'requestLog/list', { limit: 50 });
      const callers = new Set(log.data.map((c: { principal: string }) => c.principal));
      // The run's own call (reading the clock) is the run's; every other is the scenario's, none the console's.
      expect(callers).toEqual(new Set(['scenario-run', 'scenario:kyb-001-pending']));

      host.create('Rehearsals');
      const named = await value(core, 'scenarios/run', { only: 'kyb-001-pending', place: 'WORKSPACE', workspace: 'rehearsals' });
      expect(named).toMatchObject({ place: 'WORKSPACE', workspace: 'rehearsals', passed: 1 });
      expect(customers(core)).toBe(before + 1);

      const history = await value(core, 'scenarios/history-repo', { scenario: 'kyb-001-pending' });
      expect(history.data.map((h: { place: string; workspace: string | null }) => [h.place, h.workspace])).toEqual([['WORKSPACE', 'rehearsals'], ['IN_PLACE', null]]);

      // Bad choices are 4xx errors that name the problem.
      expect(await core.invoke('scenarios/run', { only: 'kyb-001-pending', place: 'WORKSPACE' })).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining('name the workspace') } });
      expect(await core.invoke('scenarios/run', { only: 'kyb-001-pending', place: 'WORKSPACE', workspace: 'mine' })).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining('is the open workspace') } });
      expect(await core.invoke('scenarios/run', { only: 'kyb-001-pending', place: 'WORKSPACE', workspace: 'nowhere' })).toMatchObject({ ok: false, error: { status: 404, code: 'WORKSPACE_NOT_FOUND' } });
      expect(await core.invoke('scenarios/run', { names: ['kyb-001-pending', 'no-such'] })).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining('"no-such"') } });
      expect(await core.invoke('scenarios/historyEntry', { id: 'ScenarioRun:missing.0' })).toMatchObject({ ok: false, error: { status: 404, code: 'SCENARIO_RUN_NOT_FOUND' } });
    } finally {
      host.close();
    }
  });
});

describe('the throwaway copy', () => {
  it('lives in its own temporary folder outside the workspaces, holds its own lock (never the workspace\'s), and is deleted afterwards', async () => {
    const core = newCore();
    try {
      const targets = scenarioTargets(core, (path) => createCore({ dbPath: path, seed: false, backgroundCheckpointsAfterMs: -1 }));
      const copy = openCopy(core.services.ctx, (path) => targets.open(path));
      const folder = dirname(copy.target.ctx.db.name);
      expect(folder.startsWith(tmpdir())).toBe(true);
      expect(folder).toMatch(/svc-rehearsal-/);
      expect(lockPathOf(copy.target.ctx.db.name)).not.toBe(lockPathOf(core.workspace.dbPath));
      // The copy starts as the workspace stands.
      expect((await copy.target.callApi({ method: 'GET', path: '/customers?limit=1' }, 'scenario:t')).body).toMatchObject({ totalCount: customers(core) });
      copy.dispose();
      expect(existsSync(folder)).toBe(false);
      // The workspace itself stays open and writable by its own core.
      expect((await core.callApi({ method: 'PATCH', path: '/config', body: { name: 'Still mine' } })).status).toBe(200);
    } finally {
      core.close();
    }
  });
});

describe('a run from the history as JUnit', () => {
  it('one testsuite per group and a failure naming what differed, as the command line writes it', async () => {
    const core = newCore();
    try {
      new ScenarioService(core.services.ctx).save({ name: 'wrong-on-purpose', steps: [{ title: 'The platform is named Nobody', request: { method: 'GET', path: '/config' }, expect: { status: 200, fields: { name: 'Nobody' } } }] });
      const run = await value(core, 'scenarios/run', { names: ['kyb-001-pending', 'wrong-on-purpose'] });
      expect(run).toMatchObject({ passed: 1, failed: 1, place: 'COPY' });
      const file = await value<{ fileName: string; contentType: string; text: string }>(core, 'scenarios/report', { runId: run.runId, format: 'junit' });
      expect(file.fileName).toMatch(/^scenarios-.+\.xml$/);
      // The same JUnit as the command line writes (parsed as XML by Chromium in test/e2e/scenarios-rehearsal.test.ts).
      expect(file.text).toMatch(/<testsuites name="scenarios" tests="2" failures="1"/);
      expect(file.text).toContain('<testsuite name="KYB" tests="1" failures="0"');
      expect(file.text).toContain('<testsuite name="My scenarios" tests="1" failures="1"');
      expect(file.text).toContain('<failure message="name: expected &quot;Nobody&quot;, got &quot;Demo Platform&quot;">');
      const json = await value<{ text: string }>(core, 'scenarios/report', { runId: run.runId, format: 'json' });
      expect(JSON.parse(json.text)).toMatchObject({ passed: 1, failed: 1, results: [{ name: 'kyb-001-pending' }, { name: 'wrong-on-purpose' }] });
      expect(await core.invoke('scenarios/report', { runId: 'ScenarioRun:none' })).toMatchObject({ ok: false, error: { status: 404 } });
    } finally {
      core.close();
    }
  });
});

/** Starts a business verification: a job is then due KYB_START_SECONDS later on the workspace clock. */
async function startKyb(core: Core): Promise<string> {
  const c = await core.callApi({ method: 'POST', path: '/customers', body: { customerType: 'BUSINESS', businessInfo: { legalName: 'Clock Ltd', country: 'US', taxId: '12-3456789', incorporatedOn: '2019-05-01', registrationNumber: `REG-${Date.now()}` } } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const customerId = (c.body as { id: string }).id;
  const o = await core.callApi({ method: 'POST', path: '/beneficial-owners', body: { customerId, personalInfo: { firstName: 'Dana', lastName: 'Smith', birthDate: '1980-02-03', nationality: 'US' }, roles: ['UBO'], ownershipPercentage: 60 } });
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  const v = await core.callApi({ method: 'POST', path: '/verifications', body: { customerId } });
  expect(v.body).toMatchObject({ status: 'READY_FOR_VERIFICATION' });
  return (v.body as { id: string }).id;
}

describe('the clock back to now', () => {
  it('reset to wall time from a clock frozen in the past runs the jobs it passes; from 3 days ahead it keeps later jobs at their workspace time', async () => {
    const core = newCore(); // frozen on 2026-01-01
    try {
      const behind = await startKyb(core);
      const forward = await value(core, 'clock/resetToWallTime', {});
      expect(forward).toMatchObject({ mode: 'REAL', offsetSeconds: 0 });
      expect(Math.abs(Date.parse(forward.now) - Date.now())).toBeLessThan(5_000);
      expect(forward.jobsRun).toBeGreaterThanOrEqual(1);
      expect((await core.callApi({ method: 'GET', path: `/verifications/${behind}` })).body).toMatchObject({ status: 'IN_PROGRESS' });

      await value(core, 'clock/advance', { seconds: 3 * 86_400 });
      await startKyb(core);
      const pending = core.services.ctx.scheduler.pendingCount();
      const back = await value(core, 'clock/resetToWallTime', {});
      expect(back).toMatchObject({ mode: 'REAL', offsetSeconds: 0, jobsRun: 0 });
      expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(5_000);
      // The new verification's start stays due at its workspace time, now 3 days away.
      expect(core.services.ctx.scheduler.pendingCount()).toBe(pending);
      const next = await value(core, 'clock/jobs', { limit: 10 });
      expect(Math.max(...next.data.map((j: { inSeconds: number }) => j.inSeconds))).toBeGreaterThan(3 * 86_400 - 60);
      const types = (await value(core, 'events/list', { typePrefix: 'SANDBOX.CLOCK_', limit: 5 })).data.map((e: { type: string }) => e.type);
      expect(types[0]).toBe('SANDBOX.CLOCK_RESET_TO_WALL_TIME');
    } finally {
      core.close();
    }
  });
});

describe('one-time secrets in the run history', () => {
  it('a device code never reaches the history entry or the JUnit and JSON exports, in the request path or in a secret-named check', async () => {
    const core = newCore();
    try {
      const service = new ScenarioService(core.services.ctx);
      const agentPaused = service.all().find((d) => d.name === 'agent-paused')!;
      expect(agentPaused).toBeTruthy();
      // A copy that fails on the redemption step, so the JUnit failure names the step's request and a token check.
      const steps = agentPaused.steps.map((s) => (s.request?.path === '/agents/device-codes/{{code}}/redeem' ? { ...s, expect: { status: 200, fields: { accessToken: 'not-this-token' } } } : s));
      service.save({ name: 'agent-paused-failing-redeem', steps });
      const run = await value(core, 'scenarios/run', { names: ['agent-paused', 'agent-paused-failing-redeem'] });
      expect(run).toMatchObject({ passed: 1, failed: 1 });
      const code = /SVC-AGENT-[A-Z0-9]{4}-[A-Z0-9]{4}/;
      const history = await value(core, 'scenarios/history-repo', { limit: 10 });
      for (const h of history.data as Array<{ id: string }>) {
        const entry = await value(core, 'scenarios/historyEntry', { id: h.id });
        const redeem = entry.result.steps.find((s: { request?: { path: string } }) => s.request?.path.includes('/device-codes/'));
        expect(redeem.request.path).toBe('/agents/device-codes/[redacted]/redeem');
        expect(JSON.stringify(entry)).not.toMatch(code);
      }
      const junit = await value<{ text: string }>(core, 'scenarios/report', { runId: run.runId, format: 'junit' });
      expect(junit.text).toContain('POST /agents/device-codes/[redacted]/redeem');
      expect(junit.text).toContain('accessToken: expected &quot;[redacted]&quot;, got &quot;[redacted]&quot;');
      expect(junit.text).not.toMatch(code);
      const json = await value<{ text: string }>(core, 'scenarios/report', { runId: run.runId, format: 'json' });
      expect(json.text).not.toMatch(code);
      expect(json.text).not.toMatch(/gat_[0-9a-f]{40}/);
    } finally {
      core.close();
    }
  });
});
