// The stateless mocks issue 14 compared serve with (Prism and Mockoon's CLI), run on this machine beside the
// bare server and beside serve, from serve's own OpenAPI document. They are not dependencies of the project:
// install them anywhere and name their binaries, e.g.
//   npm i --prefix /tmp/mocks @stoplight/prism-cli@5 @mockoon/cli@9
//   PRISM_BIN=/tmp/mocks/node_modules/.bin/prism MOCKOON_BIN=/tmp/mocks/node_modules/.bin/mockoon-cli npm run bench
// Without them the figures are printed as skipped, with this hint.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '../../../core/api/types';
import { endChild } from '../../support/child-process';
import { alternate, cannon, refusals, versusBare, type BareServer, type LegResult, type ServeInfo } from './http-bench';

/** How to start one mock on a document and a port, and how to know it is ready. */
interface MockKind {
  /** As the lines name it. */
  name: string;
  /** The environment variable naming its binary. */
  env: string;
  /** Its command line: serve `doc` on 127.0.0.1:`port`, in one process (so CPU by pid is all of it), no files written. */
  args(doc: string, port: number): string[];
  /** A line it prints once it answers. */
  ready: RegExp;
  /** Where it serves the document's paths: Prism drops the server URL's path, Mockoon keeps it. */
  base: string;
}

const MOCKS: MockKind[] = [
  // --multiprocess=false: Prism forks its server when NODE_ENV is production, and the fork's CPU would be missed.
  { name: 'Prism', env: 'PRISM_BIN', args: (doc, port) => ['mock', '-h', '127.0.0.1', '-p', String(port), '--multiprocess=false', doc], ready: /Prism is listening/, base: '' },
  // --disable-log-to-file: it would otherwise write a log of every call under ~/.mockoon-cli (it still logs to stdout).
  { name: 'Mockoon CLI', env: 'MOCKOON_BIN', args: (doc, port) => ['start', '--data', doc, '--port', String(port), '--disable-log-to-file'], ready: /Server started on port/, base: API_BASE },
];

/**
 * Prism checks that a Basic user-id has no colon (RFC 7617), and ours are `Token:<uuid>`; neither mock checks
 * the value, so they get a colon-free pair of the same length class.
 */
const MOCK_AUTH = `Basic ${Buffer.from('bench:bench').toString('base64')}`;

/** A free port on 127.0.0.1 (the mocks take a port number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a mock and waits (at most 60 s) for its ready line. Once ready its output is only drained (a mock
 * logging every call must not block on a full pipe, nor cost the load generator a scan per line); if it does
 * not come up, it is killed before the error is thrown.
 */
async function startMock(kind: MockKind, bin: string, doc: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(bin, kind.args(doc, port), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind.name} did not start within 60 s:\n${out.slice(-500)}`)), 60_000);
      const settle = (err?: Error) => {
        clearTimeout(timer);
        child.stdout!.off('data', onData).resume();
        child.stderr!.off('data', onData).resume();
        if (err) reject(err);
        else resolve();
      };
      const onData = (d: Buffer) => {
        // The tail only: a chatty mock that never gets ready must not make each chunk's test slower.
        out = (out + d.toString()).slice(-64 * 1024);
        if (kind.ready.test(out)) settle();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', (err) => settle(new Error(`${kind.name} could not be started from ${bin}: ${err.message}`)));
      child.once('exit', (code) => settle(new Error(`${kind.name} exited with ${code}:\n${out.slice(-500)}`)));
    });
  } catch (err) {
    await endChild(child, 'SIGKILL');
    throw err;
  }
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** How a figure of serve compares with the mock's, measured in alternating slices. */
function versusMock(kind: MockKind, serve: LegResult, mock: LegResult): string {
  return `serve ${serve.rps.toFixed(0)} req/s (p50 ${serve.p50} ms, p99 ${serve.p99} ms) vs ${kind.name} ${mock.rps.toFixed(0)} req/s (p50 ${mock.p50} ms, p99 ${mock.p99} ms) `
    + `= ${(serve.rps / mock.rps).toFixed(1)} times the mock; CPU per request serve ${serve.cpuPerRequestUs.toFixed(0)} µs, ${kind.name} ${mock.cpuPerRequestUs.toFixed(0)} µs${refusals(serve)}${refusals(mock)}`;
}

/**
 * For each mock whose binary is named: `GET /quotes/{id}` and `POST /quotes` against it, alternating with
 * the bare server (a body of the mock's size), then alternating with serve (the "several times the
 * stateless mocks", measured rather than assumed). A mock not named is recorded as skipped.
 */
export async function mockFigures(record: (name: string, value: string) => void, info: ServeInfo, bare: BareServer, seconds: number): Promise<void> {
  const headers = { authorization: info.auth, 'content-type': 'application/json', accept: 'application/json' };
  const named = MOCKS.filter((kind) => {
    if (!process.env[kind.env]) record(`mock: ${kind.name}`, `skipped: set ${kind.env} to its binary (see test/bench/http/mocks.ts)`);
    return Boolean(process.env[kind.env]);
  });
  if (named.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), 'bench-mocks-'));
  try {
    const doc = join(dir, 'openapi.json');
    writeFileSync(doc, await (await fetch(`${info.origin}${API_BASE}/openapi.json`, { headers })).text());
    for (const kind of named) {
      try {
        await measureMock(record, kind, process.env[kind.env]!, doc, info, bare, headers, seconds);
      } catch (err) {
        // One mock that fails (a wrong binary, a refusal) must not cost the other its figures, nor the bench its end.
        record(`mock: ${kind.name}`, `failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One mock's figures: each call beside bare, then beside serve. */
async function measureMock(record: (name: string, value: string) => void, kind: MockKind, bin: string, doc: string, info: ServeInfo, bare: BareServer, headers: Record<string, string>, seconds: number): Promise<void> {
  const mockHeaders = { ...headers, authorization: MOCK_AUTH };
  const qid = encodeURIComponent(info.quoteId);
  const body = JSON.stringify(info.quoteBody);
  const calls = [
    { name: 'GET /quotes/{id}', method: 'GET' as const, path: `/quotes/${qid}`, body: undefined },
    { name: 'POST /quotes', method: 'POST' as const, path: '/quotes', body },
  ];
  const mock = await startMock(kind, bin, doc);
  try {
    const pid = mock.child.pid!;
    for (const call of calls) {
      const onMock = [{ method: call.method, path: `${kind.base}${call.path}`, body: call.body, headers: mockHeaders }];
      const probe = await fetch(`${mock.origin}${kind.base}${call.path}`, { method: call.method, headers: mockHeaders, body: call.body });
      const size = (await probe.arrayBuffer()).byteLength;
      await cannon(mock.origin, onMock, mockHeaders, 1);
      const [m, b] = await alternate({ url: mock.origin, pid, requests: onMock }, { url: bare.origin, pid: bare.pid, requests: [{ method: call.method, path: `/${size}`, body: call.body }] }, headers, seconds);
      record(`mock: ${kind.name} ${call.name}`, `${versusBare(m, b)}; body ${size} B (status ${probe.status})${refusals(m)}`);
      const [s, m2] = await alternate({ url: info.origin, pid: info.pid, requests: [{ method: call.method, path: `${API_BASE}${call.path}`, body: call.body }] }, { url: mock.origin, pid, requests: onMock }, headers, seconds);
      record(`serve vs ${kind.name}: ${call.name}`, versusMock(kind, s, m2));
    }
  } finally {
    await stopMock(mock.child);
  }
}

/** Asks a mock to stop, and kills it after 5 s: a mock that ignores SIGTERM must not hang the bench. */
async function stopMock(child: ChildProcess): Promise<void> {
  const killLater = setTimeout(() => void endChild(child, 'SIGKILL'), 5_000);
  try {
    await endChild(child);
  } finally {
    clearTimeout(killLater);
  }
}
