// One workspace, one writer (issue 27, defects 1 and 6), done for real: two `serve` processes on one
// folder, a SIGKILLed holder, a clean stop, a host switching to a workspace another process holds, an
// export killed half-way, and two processes that share one file anyway (no lock) running due jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernel } from '../../core/kernel/kernel';
import { LEFTOVER_COPY } from '../../core/kernel/leftover-copies';
import { endChild } from '../support/child-process';
import type { BridgeAnswer } from '../support/http';
import type { HandlerName, HandlerOutput } from '../../core/index';
import { startServe, type ServeProcess } from '../e2e/serve-process';

const ROOT = mkdtempSync(join(tmpdir(), 'fault-single-writer-'));
const running: ServeProcess[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
  for (const c of children) await endChild(c, 'SIGKILL');
  rmSync(ROOT, { recursive: true, force: true });
});

/** Credentials known in advance: serve prints a new workspace's secret after the line startServe waits for. */
const CREDS = { SVC_CLIENT_ID: 'Token:single-writer', SVC_CLIENT_SECRET: 'single-writer-secret-0123456789abcdef' };
const AUTH = `Basic ${Buffer.from(`${CREDS.SVC_CLIENT_ID}:${CREDS.SVC_CLIENT_SECRET}`).toString('base64')}`;

/** Starts serve on an existing (or new) folder and keeps it for the clean-up. */
async function serveOn(dataDir: string, args: string[] = []): Promise<ServeProcess> {
  const p = await startServe(['--clock', 'frozen', ...args], CREDS, dataDir);
  running.push(p);
  return p;
}

/** Runs serve with `args` until it exits; a serve that starts serving instead is a failure (and is stopped). */
function serveUntilExit(args: string[]): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/host/serve.mjs', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/^Console /m.test(output)) {
        void endChild(child);
        reject(new Error(`the second serve started serving instead of refusing:\n${output}`));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

/** The API as the seeded token calls it. */
async function customersAnswer(p: ServeProcess, auth: string): Promise<number> {
  const res = await fetch(`${p.apiBase}/customers?limit=1`, { headers: { authorization: auth } });
  await res.arrayBuffer();
  return res.status;
}

/** A console handler called as the browser console calls it (the run's token from its Console line). */
async function invoke<K extends HandlerName>(p: ServeProcess, name: K, input: unknown): Promise<BridgeAnswer<HandlerOutput<K>>> {
  const url = new URL(p.consoleUrl);
  const res = await fetch(`${url.origin}/__bridge/invoke`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-console-token': url.searchParams.get('token') ?? '' }, body: JSON.stringify({ name, input }),
  });
  expect(res.status, `bridge ${name}`).toBeLessThan(500);
  return res.json() as Promise<BridgeAnswer<HandlerOutput<K>>>;
}

/** The holders recorded in a workspace's lock file (none once it is released). */
function recordedHolders(dataDir: string): unknown[] {
  const db = new Database(join(dataDir, 'workspace.sqlite.lock'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT pid FROM holder').all();
  } finally {
    db.close();
  }
}

const figures: string[] = [];
afterAll(() => console.log(`single-writer figures:\n  ${figures.join('\n  ')}`));

describe('one workspace has one writer: a second serve on the same folder', () => {
  const shared = join(ROOT, 'shared');
  let first: ServeProcess;
  const auth = AUTH;

  it('refuses at start with a sentence naming the holder and the way out, and the first keeps serving', async () => {
    first = await serveOn(shared);
    expect(await customersAnswer(first, auth)).toBe(200);

    const second = await serveUntilExit(['--data-dir', shared]);
    expect(second.code, second.output).not.toBe(0);
    expect(second.output).toMatch(new RegExp(`^serve: The workspace ${shared} is already open in process ${first.pid} \\(serve\\) since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z; `, 'm'));
    expect(second.output).toMatch(/open another workspace \(serve --workspace NAME or --data-dir DIR/);

    // Another spelling of the same folder (a symlinked parent, --workspaces-dir and --workspace) is the same workspace.
    const link = join(tmpdir(), `${basename(ROOT)}-link`);
    symlinkSync(ROOT, link);
    try {
      const third = await serveUntilExit(['--workspaces-dir', link, '--workspace', 'shared']);
      expect(third.code, third.output).not.toBe(0);
      expect(third.output).toContain(`already open in process ${first.pid} (serve)`);
    } finally {
      rmSync(link, { force: true });
    }
    expect(await customersAnswer(first, auth)).toBe(200);
    figures.push(`second serve on a held folder: exit ${second.code} after ${second.ms.toFixed(0)} ms (start-up to refusal); the first answered 200 before and after`);
  });

  it('is free to open at once after the holder is SIGKILLed (the operating system drops the lock)', async () => {
    const end = await first.kill();
    expect(end.signal).toBe('SIGKILL');
    const started = performance.now();
    const next = await serveOn(shared);
    figures.push(`serve after its holder was SIGKILLed: started in ${(performance.now() - started).toFixed(0)} ms`);
    expect(await customersAnswer(next, auth)).toBe(200);
    expect(recordedHolders(shared)).toEqual([{ pid: next.pid }]);

    // A clean stop leaves no holder behind, and the folder opens again.
    const stopped = await next.stop();
    expect(stopped.code).toBe(0);
    expect(recordedHolders(shared)).toEqual([]);
    const again = await serveOn(shared);
    expect(await customersAnswer(again, auth)).toBe(200);
    await again.stop();
  });
});

describe('switching the serve host to a workspace another process holds', () => {
  it('answers WORKSPACE_IN_USE as the error object and keeps the open workspace (nor renames or deletes the held one); once released, the switch works', async () => {
    const alpha = await serveOn(join(ROOT, 'hosts', 'alpha'));
    const beta = await serveOn(join(ROOT, 'hosts', 'beta'));
    const refused = await invoke(alpha, 'workspaces/switch', { id: 'beta' });
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatchObject({ status: 409, code: 'WORKSPACE_IN_USE' });
    expect(refused.error!.message).toContain(`already open in process ${beta.pid} (serve)`);
    const list = await invoke(alpha, 'workspaces/list', {});
    expect(list.value!.workspaces.find((w) => w.current)?.id).toBe('alpha');
    // Nor does it write into the held workspace (rename) or delete it under its holder.
    for (const [name, input] of [['workspaces/rename', { id: 'beta', name: 'Renamed under its holder' }], ['workspaces/delete', { id: 'beta' }]] as const) {
      const answer = await invoke(alpha, name, input);
      expect(answer, name).toMatchObject({ ok: false, error: { status: 409, code: 'WORKSPACE_IN_USE' } });
    }
    expect(existsSync(join(ROOT, 'hosts', 'beta', 'workspace.sqlite'))).toBe(true);

    await beta.stop();
    const switched = await invoke(alpha, 'workspaces/switch', { id: 'beta' });
    expect(switched).toMatchObject({ ok: true, value: { id: 'beta', current: true } });
    await alpha.stop();
  });
});

describe('copies left by an export killed half-way', () => {
  it('are removed at the next open of the workspace, and nothing else in its folders is', async () => {
    const dataDir = join(ROOT, 'exported');
    const creator = await serveOn(dataDir);
    await creator.stop();
    const target = join(dataDir, 't1.sqlite');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/single-writer-child.ts', 'export-and-die', dataDir, target], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const end = await new Promise<{ signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (_code, signal) => resolve({ signal })));
    expect(end.signal, out).toBe('SIGKILL');
    const leftovers = readdirSync(dataDir).filter((f) => LEFTOVER_COPY.test(f));
    expect(leftovers.some((f) => /^\.t1\.sqlite\.[0-9a-f]{12}\.tmp$/.test(f)), `left by the kill: ${readdirSync(dataDir).join(', ')}`).toBe(true);
    const leftBytes = leftovers.reduce((n, f) => n + statSync(join(dataDir, f)).size, 0);
    expect(leftBytes).toBeGreaterThan(0);
    expect(existsSync(target)).toBe(false);

    // One of the exact pattern in the snapshots folder too, and names that only look alike, which stay.
    writeFileSync(join(dataDir, 'snapshots', '.nightly.sqlite.0123456789ab.tmp'), 'half a snapshot');
    const unrelated = ['notes.tmp', '.t1.sqlite.tmp', 't1.sqlite.0123456789ab.tmp', '.t1.sqlite.0123456789ab.tmp.bak', '.t1.db.0123456789ab.tmp'];
    for (const name of unrelated) writeFileSync(join(dataDir, name), 'keep me');
    mkdirSync(join(dataDir, 'exports'), { recursive: true });

    const next = await serveOn(dataDir);
    expect(readdirSync(dataDir).filter((f) => LEFTOVER_COPY.test(f))).toEqual([]);
    expect(readdirSync(join(dataDir, 'snapshots')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    for (const name of unrelated) expect(existsSync(join(dataDir, name)), name).toBe(true);
    expect(next.output()).toMatch(/\[workspace\] removed \d+ unfinished cop(y|ies) left by a killed export or snapshot/);
    figures.push(`export SIGKILLed half-way: left ${leftovers.length} file(s), ${leftBytes} bytes; all removed at the next serve, ${unrelated.length} look-alike files kept`);
    await next.stop();
  });
});

describe('two processes sharing one file anyway (no lock): the second line of defence', () => {
  it('runs each due job exactly once: a job is claimed inside the writing transaction', async () => {
    const JOBS = 200;
    const dbPath = join(ROOT, 'jobs', 'workspace.sqlite');
    const kernel = createKernel({ dbPath, clock: { mode: 'FROZEN', frozenAt: '2026-01-01T09:00:00.000Z' }, backgroundCheckpointsAfterMs: -1 });
    kernel.transaction(() => {
      for (let i = 0; i < JOBS; i++) kernel.scheduler.schedule('test.once', kernel.clock.nowMs() + 1_000 + i, { i });
    });
    kernel.close();

    const procs = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/single-writer-child.ts', 'run-jobs', dbPath], { stdio: ['pipe', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', () => /^ready$/m.test(out) && resolve());
        child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready:\n${out}`)));
      });
      const done = new Promise<string>((resolve) => child.once('exit', () => resolve(out)));
      return { child, ready, done };
    });
    await Promise.all(procs.map((p) => p.ready));
    const started = performance.now();
    for (const p of procs) p.child.stdin!.end('go\n');
    const outputs = await Promise.all(procs.map((p) => p.done));
    const ms = performance.now() - started;
    const totals = outputs.map((o) => JSON.parse(o.trim().split('\n').at(-1)!) as { ran: number; failed: number; errors: string[] });

    const db = new Database(dbPath, { readonly: true });
    try {
      const jobs = db.prepare("SELECT status, attempts, count(*) AS n FROM jobs WHERE kind = 'test.once' GROUP BY status, attempts").all();
      expect(jobs).toEqual([{ status: 'DONE', attempts: 1, n: JOBS }]);
      const runs = db.prepare("SELECT resource_id, count(*) AS n FROM events WHERE type = 'TEST.RAN' GROUP BY resource_id").all() as { n: number }[];
      expect(runs).toHaveLength(JOBS);
      expect(runs.every((r) => r.n === 1)).toBe(true);
    } finally {
      db.close();
    }
    expect(totals.map((t) => t.failed)).toEqual([0, 0]);
    expect(totals[0]!.ran + totals[1]!.ran).toBe(JOBS);
    // Both took part: the file really was shared while jobs ran.
    expect(Math.min(totals[0]!.ran, totals[1]!.ran)).toBeGreaterThan(0);
    figures.push(`two processes over one file, ${JOBS} due jobs: ran ${totals[0]!.ran} + ${totals[1]!.ran}, failed 0, each job once, ${ms.toFixed(0)} ms; slices that waited past the busy timeout: ${totals[0]!.errors.length + totals[1]!.errors.length}`);
  });
});
