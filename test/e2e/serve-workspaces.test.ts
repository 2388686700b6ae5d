import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endChild } from '../support/child-process';

// `serve`'s workspace flags, as a user runs them: --workspaces-dir and --workspace pick the workspace,
// --snapshot NAME restores a snapshot before serving and --reset returns to the seeded state.
const ROOT = mkdtempSync(join(tmpdir(), 'e2e-serve-workspaces-'));
const CREDS = { SVC_CLIENT_ID: 'Token:serve-flags', SVC_CLIENT_SECRET: 'serve-flags-secret-0123456789abcdef' };
const running: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of running) await stop();
  rmSync(ROOT, { recursive: true, force: true });
});

/** Runs serve until it prints its Console line (then returns how to call and stop it), or until it exits (then rejects with its output). */
function serve(args: string[]): Promise<{ api: string; output: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['dist/host/serve.mjs', '--port', '0', '--clock', 'frozen', ...args], { env: { ...process.env, ...CREDS }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = async () => void (await endChild(child));
  running.push(stop);
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const api = /^API (\S+)/m.exec(out)?.[1];
      if (api && /^Console /m.test(out)) resolve({ api, output: out, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exit ${code}: ${out}`)));
  });
}

async function call(api: string, method: string, path: string, body?: unknown): Promise<any> {
  const auth = `Basic ${Buffer.from(`${CREDS.SVC_CLIENT_ID}:${CREDS.SVC_CLIENT_SECRET}`).toString('base64')}`;
  const res = await fetch(`${api}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const person = (id: string) => ({ customerType: 'INDIVIDUAL', platformCustomerId: id, fullName: `Person ${id}`, currencies: ['USD'] });

describe('serve --workspace, --snapshot and --reset', () => {
  it('opens a named workspace, restores a snapshot before serving, and resets to the seeded state', async () => {
    const first = await serve(['--workspaces-dir', ROOT, '--workspace', 'alpha']);
    expect(first.output).toContain(join(ROOT, 'alpha', 'workspace.sqlite'));
    await call(first.api, 'POST', '/customers', person('kept'));
    await call(first.api, 'POST', '/sandbox/workspace/snapshots', { name: 'one' });
    await call(first.api, 'POST', '/customers', person('dropped'));
    expect((await call(first.api, 'GET', '/customers')).totalCount).toBe(5);
    await first.stop();

    const restored = await serve(['--workspaces-dir', ROOT, '--workspace', 'alpha', '--snapshot', 'one']);
    expect(restored.output).toMatch(/opened, snapshot one restored/);
    expect((await call(restored.api, 'GET', '/customers')).totalCount).toBe(4);
    await restored.stop();

    const reset = await serve(['--workspaces-dir', ROOT, '--workspace', 'alpha', '--reset']);
    expect(reset.output).toMatch(/opened, reset to its seeded state/);
    expect((await call(reset.api, 'GET', '/customers')).totalCount).toBe(3);
    await reset.stop();
  }, 60_000);

  it('refuses contradictory flags and an unknown snapshot with a sentence', async () => {
    await expect(serve(['--workspaces-dir', ROOT, '--workspace', 'alpha', '--snapshot', 'missing'])).rejects.toThrow(/exit 1: [\s\S]*No snapshot named "missing"/);
    await expect(serve(['--data-dir', join(ROOT, 'alpha'), '--workspace', 'beta'])).rejects.toThrow(/--data-dir names one workspace folder/);
    await expect(serve(['--workspaces-dir', ROOT, '--reset', '--snapshot', 'one'])).rejects.toThrow(/give one of them/);
  }, 60_000);
});
