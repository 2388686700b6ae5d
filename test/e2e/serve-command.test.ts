import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from './serve-process';

let proc: ServeProcess | undefined;
afterEach(async () => {
  await proc?.stop();
  proc = undefined;
});

describe('the serve command', () => {
  it('prints the API and Console lines and serves the seeded workspace with the printed credentials', async () => {
    proc = await startServe();
    expect(proc.apiBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    expect(proc.consoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/console\/\?token=[\w-]{20,}#\/$/);
    const auth = `Basic ${Buffer.from(`${proc.clientId}:${proc.clientSecret}`).toString('base64')}`;
    const res = await fetch(`${proc.apiBase}/customers`, { headers: { authorization: auth } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totalCount: number };
    expect(body.totalCount).toBe(3);
    const page = await fetch(proc.consoleUrl.replace('#/', ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app"');
  });

  it('seeds the platform token from SVC_CLIENT_ID and SVC_CLIENT_SECRET when it creates a workspace', async () => {
    proc = await startServe([], { SVC_CLIENT_ID: 'ci-client', SVC_CLIENT_SECRET: 'ci-secret-value' });
    expect(proc.clientId).toBe('ci-client');
    const ok = await fetch(`${proc.apiBase}/config`, { headers: { authorization: `Basic ${Buffer.from('ci-client:ci-secret-value').toString('base64')}` } });
    expect(ok.status).toBe(200);
    const wrong = await fetch(`${proc.apiBase}/config`, { headers: { authorization: `Basic ${Buffer.from('ci-client:nope').toString('base64')}` } });
    expect(wrong.status).toBe(401);
  });

  it('reopens an existing workspace without reseeding or printing a secret', async () => {
    proc = await startServe();
    const dir = proc.dataDir;
    // Stopped the moment its lines are read: the close is still the clean one, not death by the signal.
    expect(await proc.stop()).toEqual({ code: 0, signal: null });
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['-e', `
      const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, ['dist/host/serve.mjs', '--port', '0', '--data-dir', ${JSON.stringify(dir)}]);
      let out = ''; c.stdout.on('data', d => { out += d; if (out.includes('Console ')) { c.kill(); } });
      c.on('exit', () => { process.stdout.write(out); });
    `], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stdout).toContain('(opened)');
    expect(r.stdout).not.toContain('Client secret');
  });

  it('closes cleanly once however many signals arrive during the close (npm start forwards each one)', async () => {
    proc = await startServe();
    const running = proc;
    const storm = [0, 1, 3, 6, 10].map((ms) => setTimeout(() => running.signal(ms % 2 ? 'SIGINT' : 'SIGTERM'), ms));
    try {
      expect(await running.stop()).toEqual({ code: 0, signal: null });
    } finally {
      storm.forEach(clearTimeout);
    }
  });

  it('rejects bad flags with a clear message', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['dist/host/serve.mjs', '--port', 'abc'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--port must be an integer');
  });
});
