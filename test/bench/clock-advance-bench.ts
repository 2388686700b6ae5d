// A large clock advance over HTTP: 5,000 real due jobs (delayed payouts and quote expiries) settled
// by one POST /sandbox/clock/advance, while a prober in its own process keeps calling the API and
// records how long each answer took. Target (issue 9): settled in under 5 s, other calls under 100 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type HandlerOutput } from '../../core/index';
import { startLoopbackServer } from '../../core/host/server';

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

/** Runs the benchmark and prints its figures through `record`. */
export async function clockAdvanceBench(record: (name: string, value: string) => void, jobs = 5_000): Promise<void> {
  const core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'bench-clock-')), clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00Z' } });
  const answer = await core.invoke('quotes/options', {});
  if (!answer.ok) throw new Error('quotes/options failed');
  const options = { value: answer.value as HandlerOutput<'quotes/options'> };
  const source = options.value.sources.find((s) => s.currency === 'USD')!;
  const delayed = options.value.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'DELAYED');
  const otherCurrency = options.value.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'SUCCESS')!;
  await core.callApi({ method: 'POST', path: `/sandbox/internal-accounts/${source.accountId}/fund`, body: { amount: 1_000_000_000 } });
  for (let i = 0; i < jobs; i++) {
    // Half are executed to the 6-minute delayed recipient (one payout job each), half only quoted (one expiry job each).
    const executed = i % 2 === 0 && delayed;
    const r = await core.callApi({ method: 'POST', path: '/quotes', body: {
      source: { sourceType: 'ACCOUNT', accountId: source.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: (executed ? delayed : otherCurrency).accountId },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000, immediatelyExecute: Boolean(executed),
    } });
    if (r.status !== 201) throw new Error(`quote ${i}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const due = core.services.clock.state().pendingJobs;
  const server = await startLoopbackServer({ core, port: 0 });
  const creds = core.workspace.initialCredentials!;
  const auth = `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`;
  const base = `${server.origin}/2025-10-13`;

  const prober = spawn(process.execPath, [join(import.meta.dirname, 'clock-prober.mjs'), base, auth], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  prober.stdout.on('data', (d: Buffer) => (out += d.toString()));
  // Start the advance once the prober has had its first answer, so it measures from the start.
  await new Promise<void>((resolve) => prober.stderr.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()));
  const t0 = performance.now();
  const r = await fetch(`${base}/sandbox/clock/advance`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{"seconds":400}' });
  const report = (await r.json()) as { jobsRun: number; jobsFailed: number };
  const settledMs = performance.now() - t0;
  prober.stdin.end();
  await new Promise((resolve) => prober.on('close', resolve));
  const latencies = JSON.parse(out || '[]') as number[];

  record(`clock advance settling ${due.toLocaleString('en-US')} due jobs (ran ${report.jobsRun}, failed ${report.jobsFailed})`, `${(settledMs / 1000).toFixed(2)} s (target < 5 s)`);
  record(`GET /sandbox/clock meanwhile, from another process (${latencies.length} calls)`, `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (target < 100 ms)`);
  await server.close();
  core.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await clockAdvanceBench((name, value) => console.log(`${name.padEnd(70)} ${value}`), Number(process.env['BENCH_CLOCK_JOBS'] ?? 5_000));
}
