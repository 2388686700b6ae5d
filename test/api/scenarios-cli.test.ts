// `npm run scenarios` (core/host/scenarios-cli.ts) spawned as CI would run it: its lines, its JSON and
// JUnit reports, and its exit codes with a passing group, a deliberately failing saved scenario and a wrong flag.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/index';
import { ScenarioService } from '../../core/scenarios/service';
import { removeTempDirs, tempDir } from '../support/builders';
import { endChild } from '../support/child-process';

afterAll(removeTempDirs);

const ROOT = resolve(import.meta.dirname, '../..');

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res, rej) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['core/host/scenarios-cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_CLIENT_ID: '', SVC_CLIENT_SECRET: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', rej);
    child.once('exit', (code) => res({ code, stdout, stderr }));
  });
}

describe('npm run scenarios', { timeout: 60_000 }, () => {
  it('--only a group on a fresh workspace: one line per scenario with its duration, a JSON report, exit 0', async () => {
    const report = join(tempDir(), 'out', 'report.json');
    const r = await cli('--only', 'KYB', '--report', report);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^PASS {2}kyb-001-pending {2}\(KYB\) {2}\d+ ms$/m);
    expect(r.stdout).toContain('3 passed, 0 failed');
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json).toMatchObject({ passed: 3, failed: 0 });
    expect(json.results.map((x: { name: string }) => x.name)).toEqual(['kyb-001-pending', 'kyb-002-rejected', 'kyb-003-approved']);
  });

  it('a differing saved scenario in --workspace: FAIL with expected and actual, a JUnit failure, exit 1; rehearsed in a copy unless --in-place', async () => {
    const dir = tempDir();
    const core = createCore({ dataDir: dir });
    new ScenarioService(core.services.ctx).save({
      name: 'wrong-on-purpose', steps: [{ title: 'The platform config is named Nobody', request: { method: 'GET', path: '/config' }, expect: { status: 200, fields: { name: 'Nobody' } } }],
    });
    const callsBefore = core.services.ctx.requestLog.read.count();
    core.close();
    const report = join(dir, 'junit.xml');
    const r = await cli('--workspace', dir, '--only', 'wrong-on-purpose', '--report', report);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`Running 1 scenario in a throwaway copy of ${dir}`);
    const inPlace = await cli('--workspace', dir, '--only', 'wrong-on-purpose', '--in-place');
    expect(inPlace.code, inPlace.stderr).toBe(1);
    expect(inPlace.stdout).toContain(`Running 1 scenario in ${dir} itself`);
    const after = createCore({ dataDir: dir });
    try {
      // The copy's call stayed in the copy; the in-place one is in the workspace's log as the scenario's.
      // (On real time, the run froze the clock for its duration: those calls are the run's.)
      const log = after.services.ctx.requestLog.read.list({ limit: 10 });
      expect(log.data.map((c) => `${c.principal} ${c.method} ${c.path.replace(/^\/[\d-]+/, '')}`)).toEqual([
        'scenario-run POST /sandbox/clock/resume', 'scenario:wrong-on-purpose GET /config', 'scenario-run POST /sandbox/clock/freeze', 'scenario-run GET /sandbox/clock',
      ]);
      expect(after.services.ctx.requestLog.read.count()).toBe(callsBefore + 4);
      const history = new ScenarioService(after.services.ctx).history.page(10, undefined, 'wrong-on-purpose');
      expect(history.data.map((h) => [h.place, h.pass])).toEqual([['IN_PLACE', false], ['COPY', false]]);
    } finally {
      after.close();
    }
    expect(r.stdout).toMatch(/^FAIL {2}wrong-on-purpose {2}\(My scenarios\)/m);
    expect(r.stdout).toContain('name: expected "Nobody", got "Demo Platform"');
    const xml = readFileSync(report, 'utf8');
    expect(xml).toContain('<testsuite name="My scenarios" tests="1" failures="1"');
    expect(xml).toMatch(/<testcase classname="My scenarios" name="wrong-on-purpose" time="[\d.]+">\s*<failure message="name: expected &quot;Nobody&quot;, got &quot;Demo Platform&quot;">/);
  });

  it('a wrong flag or an unknown name is exit 2 with a clear message', async () => {
    const [bad, none, lonely] = await Promise.all([cli('--fast'), cli('--only', 'no-such-scenario'), cli('--in-place')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown option --fast');
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toContain('--in-place goes with --workspace DIR or --url URL');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no scenario or group is named "no-such-scenario"');
  });
});

/** A real `serve` process (from source) on a free port, with the address and credentials it printed. */
async function startServeFromSource(dataDir: string): Promise<{ origin: string; api: string; clientId: string; clientSecret: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['core/host/serve.ts', '--port', '0', '--data-dir', dataDir, '--clock', 'real'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_CLIENT_ID: '', SVC_CLIENT_SECRET: '' },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((res, rej) => {
    const check = () => /^Client secret /m.test(out) && res();
    child.stdout!.on('data', check);
    child.once('exit', (code) => rej(new Error(`serve exited with ${code}:\n${out}`)));
  });
  const line = (prefix: string) => new RegExp(`^${prefix} (\\S+)`, 'm').exec(out)![1]!;
  const api = line('API');
  return {
    origin: new URL(api).origin, api, clientId: line('Client id'), clientSecret: line('Client secret'),
    stop: async () => void (await endChild(child)),
  };
}

describe('npm run scenarios -- --url (against a running serve)', () => {
  it('runs a group over HTTP with the printed credentials, moves the server clock for real and lets it run again; wrong credentials or no server are exit 2', { timeout: 120_000 }, async () => {
    const serve = await startServeFromSource(tempDir());
    try {
      const auth = `Basic ${Buffer.from(`${serve.clientId}:${serve.clientSecret}`).toString('base64')}`;
      const clock = async () => (await (await fetch(`${serve.api}/sandbox/clock`, { headers: { authorization: auth } })).json()) as { mode: string; now: string };
      const before = await clock();
      expect(before.mode).toBe('REAL');

      const report = join(tempDir(), 'url.xml');
      const r = await cli('--url', serve.origin, '--in-place', '--client-id', serve.clientId, '--client-secret', serve.clientSecret, '--only', 'KYB', '--report', report);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(`Running 3 scenarios in the open workspace of ${serve.api}`);
      expect(r.stdout).toMatch(/^Note: this moves the server's workspace clock forward by 93 s in total/m);
      expect(r.stdout).toMatch(/^PASS {2}kyb-002-rejected {2}\(KYB\) {2}\d+ ms$/m);
      expect(r.stdout).toContain('3 passed, 0 failed');
      expect(readFileSync(report, 'utf8')).toContain('<testsuite name="KYB" tests="3" failures="0"');

      // The advances happened on the server's own clock, which runs on real time again afterwards.
      const after = await clock();
      expect(after.mode).toBe('REAL');
      expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(93_000);
      // The scenarios' customers stay in the server's workspace.
      const customers = await (await fetch(`${serve.api}/customers?limit=100`, { headers: { authorization: auth } })).json() as { data: { businessInfo?: { legalName?: string } }[] };
      expect(customers.data.filter((c) => c.businessInfo?.legalName?.startsWith('Rehearsal ')).length).toBeGreaterThanOrEqual(3);

      // The versioned address works too, with the credentials from the environment.
      const env = await cliWith({ SVC_CLIENT_ID: serve.clientId, SVC_CLIENT_SECRET: serve.clientSecret }, '--url', serve.api, '--in-place', '--only', 'wallet-email-otp-sign-in');
      expect(env.code, `${env.stdout}\n${env.stderr}`).toBe(0);
      expect(env.stdout).toMatch(/^PASS {2}wallet-email-otp-sign-in {2}\(Embedded wallets\)/m);

      const [wrong, missing, unasked] = await Promise.all([
        cli('--url', serve.origin, '--in-place', '--client-id', serve.clientId, '--client-secret', 'not-the-secret'),
        cli('--url', serve.origin, '--in-place'),
        cli('--url', serve.origin, '--client-id', serve.clientId, '--client-secret', serve.clientSecret, '--only', 'KYB'),
      ]);
      // Over HTTP a run changes the server's open workspace, so it must be asked for.
      expect(unasked.code).toBe(2);
      expect(unasked.stderr).toContain('add --in-place');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('refused the credentials (401)');
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('--url needs the API credentials');
    } finally {
      await serve.stop();
    }
    const [gone, both] = await Promise.all([
      cli('--url', serve.origin, '--in-place', '--client-id', 'a', '--client-secret', 'b'),
      cli('--url', serve.origin, '--workspace', tempDir()),
    ]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(`cannot reach ${serve.api}`);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give one of them');
  });
});
