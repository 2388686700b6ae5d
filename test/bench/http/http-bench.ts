// The HTTP legs, measured honestly: the server runs in its own process (serve-process.ts, a real
// workspace file behind the loopback server), the load generator (autocannon, 10 connections) runs in
// this process, and every leg alternates with the same load on a bare node:http server (bare-server.mjs,
// also its own process) answering a body of the same size, slice by slice, so every figure is printed as a
// ratio of what this machine can do at the same moments. Each leg runs for a fixed time.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { SERVE_BUNDLE } from '../../../build/serve-bundle.mjs';

/** What serve-process.ts prints once it is ready. */
export interface ServeInfo {
  origin: string;
  consoleToken: string;
  auth: string;
  openMs: number;
  quoteId: string;
  quoteBody: unknown;
  sourceAccountId: string;
  agent: { token: string } | { error: string };
  card: { id: string } | { error: string };
  pid: number;
}

/** A spawned helper process and the first line it printed. */
export interface Spawned {
  child: ChildProcess;
  line: string;
  /** Ends the process (stdin closed, then SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

const HERE = import.meta.dirname;

/** Spawns a helper and waits for its first stdout line. */
export async function spawnHelper(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Spawned> {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (l) => resolve(l));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready`)));
  });
  return {
    child,
    line,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.stdin!.end();
      setTimeout(() => child.kill('SIGTERM'), 5_000).unref();
    }),
  };
}

/** Where the bundled serve process is written (under node_modules, so that it resolves better-sqlite3 as the shipped bundle does). */
const BUNDLE = join(HERE, '../../../node_modules/.cache/bench/serve-process.mjs');
let bundled: Promise<void> | undefined;

/**
 * Bundles serve-process.ts with the options build/bundle.mjs ships `serve` with (build/serve-bundle.mjs),
 * once per bench run. Why: run from the TypeScript sources through tsx, serve
 * also carried tsx's loader and transform caches (memory) and esbuild's keep-names helpers (CPU),
 * neither of which a user's `npm run serve` has.
 */
function bundleServe(): Promise<void> {
  bundled ??= import('esbuild').then(({ build }) => build({ ...SERVE_BUNDLE, entryPoints: [join(HERE, 'serve-process.ts')], outfile: BUNDLE })).then(() => undefined);
  return bundled;
}

/**
 * Starts serve-process.ts over `dataDir`, bundled as the shipped `serve` is, or from the sources through
 * tsx with `fromSource` or `cpuProfDir` (which writes a V8 CPU profile there on exit, naming the source files).
 */
export async function startServe(dataDir: string, cpuProfDir?: string, fromSource = false): Promise<{ info: ServeInfo; proc: Spawned }> {
  const prof = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  // A profile of the bundle names one file for every function; profile-top.mjs sorts by source file.
  const sources = fromSource || cpuProfDir !== undefined;
  if (!sources) await bundleServe();
  const entry = sources ? ['--import', 'tsx', join(HERE, 'serve-process.ts')] : [BUNDLE];
  const proc = await spawnHelper([...prof, ...entry, dataDir]);
  return { info: JSON.parse(proc.line) as ServeInfo, proc };
}

/** A yardstick server (the bare node:http one, or the router alone): where it listens, and its process. */
export interface BareServer { origin: string; pid: number; proc: Spawned }

/** Starts the bare node:http yardstick. */
export async function startBare(): Promise<BareServer> {
  return startHelperServer('bare-server.mjs');
}

/** Starts the "router alone" server (router-server.mjs: Hono on @hono/node-server with Basic auth). */
export async function startRouter(): Promise<BareServer> {
  return startHelperServer('router-server.mjs');
}

async function startHelperServer(file: string): Promise<BareServer> {
  const proc = await spawnHelper([join(HERE, file)]);
  return { origin: proc.line.trim(), pid: proc.child.pid!, proc };
}

/** CPU time a process (all its threads) has used so far, in µs (Linux /proc; clock ticks of 10 ms). */
export function cpuUs(pid: number): number {
  // Why this and not throughput alone: CPU per request moves far less with the shared machine's load.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One leg: a request (or a sequence counted as one unit) against the API. */
export interface Leg {
  name: string;
  /** Requests of one unit of work, autocannon-style; paths below the API base. */
  requests: autocannon.Request[];
  /** A call of the same shape whose answer's size the bare server copies. */
  sample: { method: string; path: string; body?: string; headers?: Record<string, string> };
}

/** One measured run. */
export interface LegResult {
  rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number;
  /** CPU the server's process used per request (all its threads), in µs. */
  cpuPerRequestUs: number;
}

/** One autocannon run (10 connections, `seconds` long) against `url`; CPU is left to the caller (see cannonCpu). */
export async function cannon(url: string, requests: autocannon.Request[], headers: Record<string, string>, seconds: number): Promise<LegResult> {
  const r = await autocannon({ url, connections: 10, duration: seconds, headers, requests });
  return { rps: r.requests.total / (r.duration || seconds), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, total: r.requests.total, cpuPerRequestUs: NaN };
}

/**
 * Waits until process `pid` has used under 10 ms of CPU in 100 ms (at most 3 s). Why: after a slice of load,
 * serve keeps working for a while (the checkpoint thread copies the slice's pages, the request log writes
 * its queue and prunes), which would otherwise run during the bare server's slice, slowing it, and be
 * left out of serve's CPU.
 */
async function quiet(pid: number): Promise<void> {
  for (let i = 0, last = cpuUs(pid); i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuUs(pid);
    if (now - last < 10_000) return;
    last = now;
  }
}

/** `cannon` with the CPU the server's process `pid` used for it, its after-work included (see quiet). */
async function cannonCpu(side: Side, headers: Record<string, string>, seconds: number): Promise<Slice> {
  const before = cpuUs(side.pid);
  const r = await cannon(side.url, side.requests, headers, seconds);
  await quiet(side.pid);
  const cpu = cpuUs(side.pid) - before;
  return { ...r, seconds: r.total / (r.rps || Infinity) || seconds, cpuUs: cpu, cpuPerRequestUs: cpu / (r.total || 1) };
}

/** One server of an alternating run: where it listens, its process, and the requests of one unit of work. */
interface Side { url: string; pid: number; requests: autocannon.Request[] }

/** About how long each slice of an alternating run lasts (the leg's time is split evenly). */
const SLICE_SECONDS = 2;

/**
 * Runs the same load on `a` and `b` for `seconds` each, in alternating slices of SLICE_SECONDS (a, b, a,
 * b, ...). Why: the machine is shared, and the bare server's rate moved from 40,000 to 22,000 req/s
 * between two runs minutes apart; one leg after the other put that drift into the ratio, while
 * alternating slices give both servers the same moments. Each side's rate is its requests over its time;
 * p50 is the median of its slices' p50 and p99 the worst slice's (autocannon reports no histogram to merge,
 * so this p99 reads higher than a single run's would). Each slice starts once the other server is quiet.
 */
export async function alternate(a: Side, b: Side, headers: Record<string, string>, seconds: number): Promise<[LegResult, LegResult]> {
  const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
  const per = seconds / slices;
  const runs: [Slice[], Slice[]] = [[], []];
  for (let i = 0; i < slices; i++) {
    runs[0].push(await cannonCpu(a, headers, per));
    runs[1].push(await cannonCpu(b, headers, per));
  }
  return [combine(runs[0]), combine(runs[1])];
}

/** One slice of an alternating run: its result, how long it ran and the CPU its server used. */
type Slice = LegResult & { seconds: number; cpuUs: number };

function combine(slices: Slice[]): LegResult {
  const sum = (f: (r: Slice) => number) => slices.reduce((t, r) => t + f(r), 0);
  const time = sum((r) => r.seconds);
  const p50s = slices.map((r) => r.p50).sort((x, y) => x - y);
  const mid = (p50s.length - 1) / 2;
  return {
    rps: time > 0 ? sum((r) => r.total) / time : 0,
    p50: (p50s[Math.floor(mid)]! + p50s[Math.ceil(mid)]!) / 2,
    p99: Math.max(...slices.map((r) => r.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    total: sum((r) => r.total),
    cpuPerRequestUs: sum((r) => r.cpuUs) / (sum((r) => r.total) || 1),
  };
}

/**
 * Runs every leg for `seconds` against serve, alternating slice by slice with the same connections
 * against the bare server answering a body of the size serve answered, and prints both with the ratio.
 */
export async function runLegs(record: (name: string, value: string) => void, info: ServeInfo, bare: BareServer, legs: Leg[], seconds: number): Promise<Map<string, { serve: LegResult; bare: LegResult }>> {
  const out = new Map<string, { serve: LegResult; bare: LegResult }>();
  const headers = { authorization: info.auth, 'content-type': 'application/json', accept: 'application/json' };
  for (const leg of legs) {
    const s = leg.sample;
    const probe = await fetch(`${info.origin}${s.path}`, { method: s.method, headers: { ...headers, ...s.headers }, body: s.body });
    const size = (await probe.arrayBuffer()).byteLength;
    if (probe.status >= 300) {
      record(leg.name, `skipped: ${s.method} ${s.path} answered ${probe.status}`);
      continue;
    }
    const unit = leg.requests.length;
    // One unmeasured second first, so the figure is of a warm process (JIT, statement cache), as a server's is.
    await cannon(info.origin, leg.requests, headers, 1);
    const bareSide = { url: `${bare.origin}/${size}`, pid: bare.pid, requests: [{ method: leg.requests[0]!.method ?? 'GET', path: `/${size}`, body: leg.requests[0]!.body as string | undefined }] };
    const [serve, yardstick] = await alternate({ url: info.origin, pid: info.pid, requests: leg.requests }, bareSide, headers, seconds);
    out.set(leg.name, { serve, bare: yardstick });
    record(leg.name, `${versusBare(serve, yardstick, unit)}; body ${size} B${refusals(serve)}`);
  }
  return out;
}

/** One figure beside the bare server's: rate and latency of each, the ratio, and CPU per request (or per unit of `unit` requests). */
export function versusBare(r: LegResult, bare: LegResult, unit = 1): string {
  const units = r.rps / unit;
  return `${units.toFixed(0)}${unit > 1 ? ' units' : ''} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms)  vs bare ${bare.rps.toFixed(0)} req/s (p50 ${bare.p50} ms, p99 ${bare.p99} ms) = ${((100 * units) / bare.rps).toFixed(1)} % of bare; `
    + `CPU per ${unit > 1 ? 'unit' : 'request'} ${(r.cpuPerRequestUs * unit).toFixed(0)} µs, bare ${bare.cpuPerRequestUs.toFixed(0)} µs`;
}

/** A warning appended to a figure whose run had refused or failed requests (its rate is not a clean one). */
export function refusals(r: LegResult): string {
  return r.non2xx + r.errors > 0 ? `, ${r.non2xx} non-2xx and ${r.errors} errors (NOT a clean run)` : '';
}

/**
 * What a server that spends `busyUs` of CPU on every request reaches against the same client: the
 * ceiling of the ratio for that much work per request on this machine (the loopback round trip and
 * node:http's own cost come on top of it), printed beside the legs so their ratios can be read against it.
 */
export async function busyCeiling(record: (name: string, value: string) => void, bareServer: BareServer, busyUs: number, seconds: number): Promise<void> {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const url = `${bareServer.origin}/950`;
  const [busy, bare] = await alternate({ url, pid: bareServer.pid, requests: [{ method: 'GET', path: `/950?busy=${busyUs}` }] }, { url, pid: bareServer.pid, requests: [{ method: 'GET', path: '/950' }] }, headers, seconds);
  record(`ceiling: bare server busy ${busyUs} µs per request`, versusBare(busy, bare));
}

/**
 * What routing and Basic authentication alone keep of bare on this machine: the router server answering the
 * same 950 bytes as `GET /quotes/{id}`, alternating with the bare server. Issue 14's read target (30 %) was
 * set beside this figure (85 % on that machine); the gap between it and a leg is our own work per request.
 */
export async function routerCeiling(record: (name: string, value: string) => void, bareServer: BareServer, router: BareServer, seconds: number): Promise<void> {
  const headers = { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}`, accept: 'application/json' };
  const request = [{ method: 'GET' as const, path: '/950' }];
  // One unmeasured second first, as every leg gives serve: the router was just started (JIT, Hono's first route match).
  await cannon(`${router.origin}/950`, request, headers, 1);
  const [routed, bare] = await alternate({ url: `${router.origin}/950`, pid: router.pid, requests: request }, { url: `${bareServer.origin}/950`, pid: bareServer.pid, requests: request }, headers, seconds);
  record('ceiling: router alone (Hono on @hono/node-server, Basic auth)', `${versusBare(routed, bare)}${refusals(routed)}`);
}

/** The legs of issue 14 over a prepared serve process; `deepCursor` is a cursor far down the filtered list. */
export function standardLegs(info: ServeInfo, base: string, deepCursor: string | undefined): Leg[] {
  const enc = encodeURIComponent;
  const quoteBody = JSON.stringify(info.quoteBody);
  let key = 0;
  const legs: Leg[] = [
    { name: 'GET /quotes/{id}', requests: [{ method: 'GET', path: `${base}/quotes/${enc(info.quoteId)}` }], sample: { method: 'GET', path: `${base}/quotes/${enc(info.quoteId)}` } },
    { name: 'GET /transactions?limit=20 (first page)', requests: [{ method: 'GET', path: `${base}/transactions?limit=20` }], sample: { method: 'GET', path: `${base}/transactions?limit=20` } },
  ];
  const deep = `${base}/transactions?limit=20&status=COMPLETED&type=OUTGOING${deepCursor ? `&cursor=${deepCursor}` : ''}`;
  legs.push({ name: `GET /transactions status+type filter, ${deepCursor ? 'deep cursor page' : 'first page (no deep page: too few rows)'}`, requests: [{ method: 'GET', path: deep }], sample: { method: 'GET', path: deep } });
  legs.push({ name: 'POST /quotes', requests: [{ method: 'POST', path: `${base}/quotes`, body: quoteBody }], sample: { method: 'POST', path: `${base}/quotes`, body: quoteBody } });
  legs.push({
    name: 'POST /quotes + POST /quotes/{id}/execute (per pair)',
    requests: [
      { method: 'POST', path: `${base}/quotes`, body: quoteBody, onResponse: (_status, body, context) => { context['quoteId'] = (JSON.parse(body) as { id: string }).id; } },
      { method: 'POST', setupRequest: (req, context) => ({ ...req, path: `${base}/quotes/${enc(String(context['quoteId']))}/execute`, body: '{}' }) },
    ],
    sample: { method: 'POST', path: `${base}/quotes`, body: quoteBody },
  });
  const fund = `${base}/sandbox/internal-accounts/${enc(info.sourceAccountId)}/fund`;
  legs.push({
    name: 'POST /sandbox/.../fund with Idempotency-Key',
    requests: [{ method: 'POST', path: fund, body: '{"amount":100}', setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${Date.now()}-${key++}` } }) }],
    sample: { method: 'POST', path: fund, body: '{"amount":100}', headers: { 'idempotency-key': `bench-sample-${Date.now()}` } },
  });
  if ('token' in info.agent) {
    const bearer = { authorization: `Bearer ${info.agent.token}` };
    legs.push({ name: 'GET /agents/me (agent bearer token)', requests: [{ method: 'GET', path: `${base}/agents/me`, headers: bearer }], sample: { method: 'GET', path: `${base}/agents/me`, headers: bearer } });
  }
  if ('id' in info.card) {
    legs.push({ name: 'GET /cards/{id}', requests: [{ method: 'GET', path: `${base}/cards/${enc(info.card.id)}` }], sample: { method: 'GET', path: `${base}/cards/${enc(info.card.id)}` } });
  }
  return legs;
}
