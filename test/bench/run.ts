// Benchmarks (not part of npm test): figures for the paths that matter to users, printed as a table.
// Run with `npm run bench`. Everything runs on loopback against a real workspace file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../core/index';
import { startLoopbackServer } from '../../core/host/server';
import { transactionsBench } from './transactions-bench';
import { clockAdvanceBench } from './clock-advance-bench';
import { requestLogBench } from './request-log-bench';

interface Figure { name: string; value: string }
const figures: Figure[] = [];
const record = (name: string, value: string) => { figures.push({ name, value }); console.log(`${name.padEnd(58)} ${value}`); };

async function timed(n: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await fn(next++);
  }));
  return performance.now() - started;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const core = createCore({ dataDir: dir, clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00Z' } });
const server = await startLoopbackServer({ core, port: 0 });
const creds = core.workspace.initialCredentials!;
const auth = `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`;
const base = `${server.origin}/2025-10-13`;

// 1. Bulk customers, so list pages and filters run over a realistic table.
const N_CUSTOMERS = 20_000;
let t0 = performance.now();
core.services.ctx.transaction(() => {
  for (let i = 0; i < N_CUSTOMERS; i++) core.services.customers.create({ customerType: 'INDIVIDUAL', fullName: `Bench Person ${i}`, email: `bench${i}@example.com`, currencies: ['USD'] });
});
record(`create ${N_CUSTOMERS} customers with accounts (one transaction)`, `${(performance.now() - t0).toFixed(0)} ms`);

// 2. API throughput over HTTP: a 20-row customer page, 10 concurrent clients.
const N_GET = 2_000;
let ms = await timed(N_GET, 10, async () => { const r = await fetch(`${base}/customers?limit=20`, { headers: { authorization: auth } }); await r.arrayBuffer(); });
record(`GET /customers?limit=20 over HTTP (${N_GET} calls, 10 clients)`, `${(N_GET / (ms / 1000)).toFixed(0)} req/s`);

// 3. Filtered page deep in the table by cursor.
const first = (await (await fetch(`${base}/customers?limit=100`, { headers: { authorization: auth } })).json()) as { nextCursor: string };
t0 = performance.now();
for (let i = 0; i < 200; i++) await (await fetch(`${base}/customers?limit=100&cursor=${first.nextCursor}&customerType=INDIVIDUAL`, { headers: { authorization: auth } })).arrayBuffer();
record('GET /customers page 2 with filter and cursor (mean latency)', `${((performance.now() - t0) / 200).toFixed(2)} ms`);

// 4. Money movement: sandbox funding writes a journal, an event and a request-log entry per call.
const account = core.services.internal.list({ owner: 'CUSTOMERS', limit: 1 }).data[0]!;
const N_FUND = 2_000;
ms = await timed(N_FUND, 10, async (i) => {
  const r = await fetch(`${base}/sandbox/internal-accounts/${account.id}/fund`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', 'Idempotency-Key': `bench-${i}` }, body: '{"amount":100}' });
  await r.arrayBuffer();
});
record(`POST fund with Idempotency-Key (${N_FUND} calls, 10 clients)`, `${(N_FUND / (ms / 1000)).toFixed(0)} req/s`);

// 5. Console reads over a large request log.
t0 = performance.now();
for (let i = 0; i < 100; i++) await core.invoke('requestLog/list', { statusClass: '2xx', method: 'POST', limit: 50 });
record('console requestLog/list filtered page (mean)', `${((performance.now() - t0) / 100).toFixed(2)} ms`);
t0 = performance.now();
for (let i = 0; i < 100; i++) await core.invoke('search/query', { q: `bench${i * 97}@example.com` });
record('console search/query by email (mean)', `${((performance.now() - t0) / 100).toFixed(2)} ms`);


await server.close();
core.close();

await clockAdvanceBench(record, Number(process.env['BENCH_CLOCK_JOBS'] ?? 5_000));
await requestLogBench(record, Number(process.env['BENCH_LOG_CALLS'] ?? 10_000));
await transactionsBench(record, Number(process.env['BENCH_TRANSACTIONS'] ?? 1_000_000));

record('resident memory after the run', `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
