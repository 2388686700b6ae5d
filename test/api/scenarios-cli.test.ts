// `npm run scenarios` (core/host/scenarios-cli.ts) spawned as CI would run it: its lines, its JSON and
// JUnit reports, and its exit codes with a passing group, a deliberately failing saved scenario and a wrong flag.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/index';
import { ScenarioService } from '../../core/scenarios/service';
import { removeTempDirs, tempDir } from '../support/builders';

afterAll(removeTempDirs);

const ROOT = resolve(import.meta.dirname, '../..');

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res, rej) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['core/host/scenarios-cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
    expect(json.results.map((x: any) => x.name)).toEqual(['kyb-001-pending', 'kyb-002-rejected', 'kyb-003-approved']);
  });

  it('a differing saved scenario in --workspace: FAIL with expected and actual, a JUnit failure, exit 1', async () => {
    const dir = tempDir();
    const core = createCore({ dataDir: dir });
    new ScenarioService(core.services.ctx).save({
      name: 'wrong-on-purpose', steps: [{ title: 'The platform config is named Nobody', request: { method: 'GET', path: '/config' }, expect: { status: 200, fields: { name: 'Nobody' } } }],
    });
    core.close();
    const report = join(dir, 'junit.xml');
    const r = await cli('--workspace', dir, '--only', 'wrong-on-purpose', '--report', report);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}wrong-on-purpose {2}\(My scenarios\)/m);
    expect(r.stdout).toContain('name: expected "Nobody", got "Demo Platform"');
    const xml = readFileSync(report, 'utf8');
    expect(xml).toContain('<testsuite name="My scenarios" tests="1" failures="1"');
    expect(xml).toMatch(/<testcase classname="My scenarios" name="wrong-on-purpose" time="[\d.]+">\s*<failure message="name: expected &quot;Nobody&quot;, got &quot;Demo Platform&quot;">/);
  });

  it('a wrong flag or an unknown name is exit 2 with a clear message', async () => {
    const [bad, none] = await Promise.all([cli('--fast'), cli('--only', 'no-such-scenario')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown option --fast');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no scenario or group is named "no-such-scenario"');
  });
});
