// Crash safety, as a power cut would test it: `serve` is killed with SIGKILL while concurrent keyed
// writes (fundings, quotes created and executed) are in flight, then started again on the same file.
// After every restart: each acknowledged write is there (its key replays the same answer), each
// in-flight key retried answers without a 409 and takes effect exactly once, the database passes
// integrity_check, every currency's ledger sums to zero, running balances equal their entries, no
// customer balance is negative, and no quote is half-executed.
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/index';
import { startServe, type ServeProcess } from './serve-process';

/** Kill-and-restart trials (also written in test/RELIABILITY.md). */
const TRIALS = 20;
const CONCURRENCY = 8;

interface Write { key: string; method: 'POST'; path: string; body: unknown; kind: 'fund' | 'quote' | 'execute'; amount?: number }
interface Outcome { write: Write; status?: number; text?: string }

let proc: ServeProcess | undefined;
let dataDir: string | undefined;
let auth = '';
afterAll(async () => {
  await proc?.stop();
});

async function call(base: string, w: Pick<Write, 'method' | 'path' | 'body' | 'key'>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${w.path}`, {
    method: w.method, headers: { authorization: auth, 'content-type': 'application/json', 'Idempotency-Key': w.key }, body: JSON.stringify(w.body),
  });
  return { status: res.status, text: await res.text() };
}

async function get(base: string, path: string): Promise<any> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: auth } });
  expect(res.status, path).toBe(200);
  return res.json();
}

describe(`crash safety: ${TRIALS} SIGKILLs during concurrent keyed writes`, () => {
  it('keeps every acknowledged write, answers every in-flight key once, and leaves the books balanced', async () => {
    proc = await startServe(['--clock', 'frozen']);
    dataDir = proc.dataDir;
    auth = `Basic ${Buffer.from(`${proc.clientId}:${proc.clientSecret}`).toString('base64')}`;
    const base = proc.apiBase;
    const alice = (await get(base, '/customers?platformCustomerId=cust-alice-001')).data[0];
    const usd = (await get(base, `/customers/internal-accounts?customerId=${encodeURIComponent(alice.id)}&currency=USD`)).data[0];
    const eur = (await get(base, '/customers/external-accounts?currency=EUR')).data[0];
    expect(usd?.id && eur?.id, 'seeded accounts').toBeTruthy();
    const quoteBody = (i: number) => ({
      source: { sourceType: 'ACCOUNT', accountId: usd.id }, destination: { destinationType: 'ACCOUNT', accountId: eur.id },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 + i, description: `crash trial quote ${i}`,
    });
    let checkedWrites = 0;
    let inFlightRetried = 0;
    let serial = 0;

    for (let trial = 0; trial < TRIALS; trial++) {
      const running = proc!;
      const outcomes: Outcome[] = [];
      // Quotes made earlier in this trial, for executes racing the kill.
      const quotes: string[] = [];
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const n = ++serial;
          const pick = n % 3;
          const write: Write = pick === 0
            ? { key: `fund-${n}`, method: 'POST', path: `/sandbox/internal-accounts/${encodeURIComponent(usd.id)}/fund`, body: { amount: 1_000_000 + n }, kind: 'fund', amount: 1_000_000 + n }
            : pick === 1 || quotes.length === 0
              ? { key: `quote-${n}`, method: 'POST', path: '/quotes', body: { ...quoteBody(n), immediatelyExecute: n % 2 === 0 }, kind: 'quote' }
              : { key: `exec-${n}`, method: 'POST', path: `/quotes/${encodeURIComponent(quotes.shift()!)}/execute`, body: {}, kind: 'execute' };
          const outcome: Outcome = { write };
          outcomes.push(outcome);
          try {
            const r = await call(running.apiBase, write);
            outcome.status = r.status;
            outcome.text = r.text;
            if (write.kind === 'quote' && r.status === 201 && n % 2 === 1) quotes.push((JSON.parse(r.text) as { id: string }).id);
          } catch {
            return; // the server died under this request: it stays in flight
          }
        }
      };
      const workers = Array.from({ length: CONCURRENCY }, worker);
      // Kill once a trial-dependent number of writes has been answered: the kill lands at a different
      // point of the stream each trial, while writes are in flight, whatever the machine's speed.
      const answeredBeforeKill = 10 + ((trial * 7) % 40);
      await expect.poll(() => outcomes.filter((o) => o.status !== undefined).length, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(answeredBeforeKill);
      await running.kill();
      stop = true;
      await Promise.all(workers);

      proc = await startServe(['--clock', 'frozen'], {}, dataDir);
      const again = proc.apiBase;
      for (const o of outcomes) {
        const retry = await call(again, o.write);
        const what = `trial ${trial}: ${o.write.kind} ${o.write.key} (first answer ${o.status ?? 'none'})`;
        expect(retry.status, `${what}: ${retry.text.slice(0, 200)}`).toBeLessThan(500);
        if (o.status !== undefined && o.status < 500) {
          // Acknowledged: the stored answer comes back word for word.
          expect(retry.text, what).toBe(o.text);
          checkedWrites++;
        } else {
          // In flight when the process died: the retry replays what committed or runs it now, never "in progress".
          expect(retry.status, `${what}: ${retry.text.slice(0, 200)}`).not.toBe(409);
          inFlightRetried++;
        }
      }
      await proc.stop();
      checkBooks(dataDir!, outcomes);
      proc = await startServe(['--clock', 'frozen'], {}, dataDir);
    }
    expect(checkedWrites).toBeGreaterThan(TRIALS * 5);
    console.info(`crash safety: ${TRIALS} trials, ${checkedWrites} acknowledged writes replayed, ${inFlightRetried} in-flight keys retried`);
  }, 600_000);
});

/** Opens the stopped workspace and checks the invariants the books must keep whatever the crash. */
function checkBooks(dir: string, outcomes: Outcome[]): void {
  const core = createCore({ dataDir: dir, seed: false });
  try {
    const db = core.services.ctx.db;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    for (const [currency, sum] of Object.entries(core.services.ledger.trialBalance())) expect(sum, `${currency} ledger sum`).toBe(0);
    expect(core.services.ledger.driftedBalances()).toEqual([]);
    const negative = db.prepare(`SELECT b.account_id, b.bucket, b.amount FROM account_balances b JOIN internal_accounts a ON a.id = b.account_id
      WHERE a.customer_id IS NOT NULL AND b.amount < 0`).all();
    expect(negative).toEqual([]);
    // A quote is executed with its money moved, or not executed with nothing moved: never in between.
    const half = db.prepare(`SELECT q.id, q.executed_at, (SELECT count(*) FROM ledger_journals j WHERE j.ref_id IN (q.id, q.transaction_id)) AS journals
      FROM quotes q WHERE (q.executed_at IS NULL) = ((SELECT count(*) FROM ledger_journals j WHERE j.ref_id IN (q.id, q.transaction_id)) > 0)`).all();
    expect(half).toEqual([]);
    // Each funding, acknowledged or retried after the crash, took effect exactly once.
    const count = db.prepare("SELECT count(*) AS n FROM ledger_entries WHERE account_id NOT LIKE 'edge:%' AND amount = ?");
    for (const o of outcomes) {
      if (o.write.kind !== 'fund') continue;
      expect((count.get(o.write.amount) as { n: number }).n, `funding ${o.write.key}`).toBe(1);
    }
  } finally {
    core.close();
  }
}
