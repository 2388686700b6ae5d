// Benchmarks (not part of npm test): figures for the paths that matter to users, printed as a table.
// Run with `npm run bench` (flags after `--`):
//   --seconds N               how long each HTTP leg runs (default 8), against serve, in 2-second slices alternating with the bare server
//   --seed-transactions N     size of the scale workspace (default 1000000; generated once, then reused)
//   --only http,scale,console,clock,log   run only these parts
//   --cpu-prof DIR            write V8 CPU profiles of the serve processes into DIR (serve then runs from the sources)
//   --from-source             run serve from the TypeScript sources through tsx (profiles then name the
//                             source files) instead of bundled as the shipped `serve` is
// Every HTTP figure comes from autocannon (10 connections) in this process against a serve process on
// loopback, next to a bare node:http server answering a body of the same size at the same moments (slices alternate between the two).
import { cpus, totalmem } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../../core/index';
import { clockAdvanceBench } from './clock-advance-bench';
import { requestLogBench } from './request-log-bench';
import { httpFigures } from './http/run-http';
import { seedTransactions } from './scale/seed-transactions';
import { scaleBench } from './scale/scale-bench';
import { consoleTableBench } from './scale/console-table-bench';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    'seed-transactions': { type: 'string', default: '1000000' },
    only: { type: 'string', default: 'http,scale,console,clock,log' },
    'cpu-prof': { type: 'string' },
    'from-source': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const size = Number(values['seed-transactions']);
if (!(seconds > 0) || !Number.isInteger(size) || size < 1) throw new Error('--seconds must be positive and --seed-transactions a positive integer');
const parts = new Set(values.only.split(','));

const record = (name: string, value: string) => console.log(`${name.padEnd(72)} ${value}`);
console.log(`# ${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version} · ${seconds} s per leg · serve ${values['from-source'] || values['cpu-prof'] ? 'from the sources (tsx)' : 'bundled as shipped'}`);

if (parts.has('http')) await httpFigures(record, { seconds, cpuProfDir: values['cpu-prof'], fromSource: values['from-source'] });

if (parts.has('scale')) {
  const facts = await seedTransactions(size, (line) => console.log(`  ${line}`));
  await scaleBench(record, facts, seconds, values['cpu-prof'], values['from-source']);
  await consoleTableBench(record, facts.dataDir, `[${size.toLocaleString('en-US')}]`);
}

if (parts.has('console')) {
  // In-process service and console-handler figures (no HTTP): bulk writes and console reads.
  const core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'bench-')), clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00Z' } });
  const N_CUSTOMERS = 20_000;
  let t0 = performance.now();
  core.services.ctx.transaction(() => {
    for (let i = 0; i < N_CUSTOMERS; i++) core.services.customers.create({ customerType: 'INDIVIDUAL', fullName: `Bench Person ${i}`, email: `bench${i}@example.com`, currencies: ['USD'] });
  });
  record(`create ${N_CUSTOMERS} customers with accounts (one transaction, in process)`, `${(performance.now() - t0).toFixed(0)} ms`);
  for (let i = 0; i < 200; i++) await core.callApi({ method: 'GET', path: `/customers?limit=20&i=${i}` });
  t0 = performance.now();
  for (let i = 0; i < 100; i++) await core.invoke('requestLog/list', { statusClass: '2xx', method: 'GET', limit: 50 });
  record('console requestLog/list filtered page (mean, in process)', `${((performance.now() - t0) / 100).toFixed(2)} ms`);
  t0 = performance.now();
  for (let i = 0; i < 100; i++) await core.invoke('search/query', { q: `bench${i * 97}@example.com` });
  record('console search/query by email over 20,000 customers (mean, in process)', `${((performance.now() - t0) / 100).toFixed(2)} ms`);
  core.close();
}

if (parts.has('clock')) await clockAdvanceBench(record, Number(process.env['BENCH_CLOCK_JOBS'] ?? 5_000));
if (parts.has('log')) await requestLogBench(record, Number(process.env['BENCH_LOG_CALLS'] ?? 10_000));
