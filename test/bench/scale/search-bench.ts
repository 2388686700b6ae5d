// The global search over the million-transaction workspace, as support staff type into it (issue 28):
// a name with an amount, an amount alone with tolerance, a range, a currency, a day, an id's tail, words
// of a description. Each query runs in process (the handler, its SQL and the hits' names), timed over
// several calls, with the query plan of its payments part. Runs on a copy of the seeded workspace, so
// the migrations of the code under test never touch the shared one the other figures reuse.
//   npx tsx test/bench/scale/search-bench.ts [--count 1000000]
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../../../core/index';
import { minorRanges, parseSearch } from '../../../core/console/search-query';
import { seedTransactions } from './seed-transactions';

const CALLS = 15;

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000000' } } });
const facts = await seedTransactions(Number(values.count));
const dir = mkdtempSync(join(tmpdir(), 'search-bench-'));
for (const suffix of ['', '-wal', '-shm']) {
  const from = join(facts.dataDir, `workspace.sqlite${suffix}`);
  if (existsSync(from)) copyFileSync(from, join(dir, `workspace.sqlite${suffix}`));
}
const opened = performance.now();
const core = createCore({ dataDir: dir });
console.log(`opened a copy of ${facts.count.toLocaleString('en-US')} transactions (migrating it) in ${(performance.now() - opened).toFixed(0)} ms`);
try {
  const now = core.services.ctx.clock.nowMs();
  const day = new Date(now - 3 * 86_400_000).toISOString().slice(0, 10);
  const queries = [
    'Person 250', 'Scale Person about 250', 'about 250', '249', '240-260', '250 USD', 'exactly 2500.10',
    day, 'yesterday', `Person ${day}`, facts.sampleId.slice(-12), facts.sampleId, 'Invoice 4242', facts.sampleEmail,
  ];
  for (const q of queries) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const r = await core.invoke('search/query', { q, limit: 20 });
      times.push(performance.now() - t0);
      if (!r.ok) throw new Error(`${q}: ${r.error.code} ${r.error.message}`);
      hits = (r.value as unknown[]).length;
    }
    times.sort((a, b) => a - b);
    const p = parseSearch(q, now);
    // The handler's reading of the words: those that begin a customer's name name customers, the rest are text.
    const words = p.text ? p.text.split(' ') : [];
    const names = words.filter((w) => core.services.customers.idsNamed(w, 1).length > 0);
    const rest = words.filter((w) => !names.includes(w)).join(' ');
    const plan = core.services.transactions.searchPlan({
      text: rest || undefined, customerIds: names.length ? core.services.customers.idsNamed(names.join(' '), 50) : undefined, amounts: p.amount ? minorRanges(p.amount, p.currency) : undefined, from: p.dates?.from, to: p.dates?.to, idTail: p.idTail, limit: 20,
    });
    console.log(`${JSON.stringify(q).padEnd(44)} p50 ${times[Math.floor(CALLS / 2)]!.toFixed(1).padStart(6)} ms  p95 ${times[Math.floor(CALLS * 0.95)]!.toFixed(1).padStart(6)} ms  min ${times[0]!.toFixed(1)} ms  ${hits} hit(s)`);
    console.log(`    plan: ${plan.join(' | ')}`);
  }
} finally {
  core.close();
  rmSync(dir, { recursive: true, force: true });
}
