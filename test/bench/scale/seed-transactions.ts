// A workspace with N transactions for the scale figures, made through the core's own write path: each
// transaction goes through the transactions service (row, first history entry, event, the search
// index's triggers) in batches of one SQLite transaction, under a frozen clock moved 30 seconds per
// transaction so dates spread over months. Kept under the OS temp folder and reused by later runs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createCore, type HandlerOutput } from '../../../core/index';
import type { NewOutgoing, NewIncoming } from '../../../core/transactions/repo';

/** What a seeded workspace holds, for the measurements that follow (written next to it as seeded.json). */
export interface SeededFacts {
  count: number;
  customers: number;
  dataDir: string;
  seconds: number;
  /** An id, a reference and a customer's email that exist, for the search figures. */
  sampleId: string;
  sampleReference: string;
  sampleEmail: string;
  sampleCustomerId: string;
}

const STATUSES = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED', 'PROCESSING', 'PENDING', 'EXPIRED'] as const;
const CUSTOMERS = 2_000;
const BATCH = 2_000;
const SECONDS_APART = 30;

/**
 * Why: a workspace generated before the seeding yielded to the event loop left the webhook pump's
 * cursor at its start, and serve would spend minutes reading a million events on open (the pump
 * counts the events after its cursor on every page of 200). With no webhook endpoint configured the
 * pump turns none of them into deliveries, so moving its cursor to the newest event is what it would
 * do; with an endpoint the workspace is left alone.
 */
function catchUpWebhookCursor(dbPath: string, log: (line: string) => void): void {
  const db = new Database(dbPath);
  try {
    const endpoint = db.prepare("SELECT json_extract(data, '$.webhookEndpoint') AS url FROM platform_config LIMIT 1").get() as { url: string | null } | undefined;
    const cursor = Number((db.prepare("SELECT value FROM webhook_settings WHERE key = 'eventCursor'").get() as { value: string } | undefined)?.value ?? 0);
    const last = (db.prepare('SELECT max(seq) AS m FROM events').get() as { m: number | null }).m ?? 0;
    if (endpoint?.url || cursor >= last) return;
    db.prepare("INSERT INTO webhook_settings (key, value) VALUES ('eventCursor', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(last));
    log(`moved the webhook pump's cursor from event ${cursor} to ${last} (no endpoint configured: none of them is delivered)`);
  } finally {
    db.close();
  }
}

/** The folder of the reusable workspace with `count` transactions. */
export function seededDir(count: number): string {
  return join(tmpdir(), 'payments-console-bench', `transactions-${count}`);
}

function bar(done: number, total: number, startedMs: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const rate = done / Math.max(0.001, (performance.now() - startedMs) / 1000);
  const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${((100 * done) / total).toFixed(1).padStart(5)} %  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}  ${Math.round(rate).toLocaleString('en-US')} tx/s  ETA ${Math.floor(eta / 60)}m${String(eta % 60).padStart(2, '0')}s `;
}

/** Returns the seeded workspace with `count` transactions, generating it first when it is missing (with a progress bar on stderr). */
export async function seedTransactions(count: number, log: (line: string) => void = console.log): Promise<SeededFacts> {
  const dataDir = seededDir(count);
  const factsFile = join(dataDir, 'seeded.json');
  if (existsSync(factsFile)) {
    const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as SeededFacts;
    catchUpWebhookCursor(join(dataDir, 'workspace.sqlite'), log);
    log(`reusing the workspace with ${count.toLocaleString('en-US')} transactions in ${dataDir} (generated in ${facts.seconds.toFixed(0)} s)`);
    return facts;
  }
  rmSync(dataDir, { recursive: true, force: true }); // a run stopped half way left an incomplete one
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const core = createCore({ dataDir, clock: { mode: 'FROZEN', frozenAt: '2025-01-01T00:00:00Z' } });
  try {
    const s = core.services;
    const answer = await core.invoke('quotes/options', {});
    if (!answer.ok) throw new Error('quotes/options failed');
    const opts = answer.value as HandlerOutput<'quotes/options'>;
    const source = opts.sources.find((x) => x.currency === 'USD' && x.customerId)!;
    const destination = opts.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'SUCCESS')!;
    // One real quote's transaction is the template: every generated one has the shape the API serves.
    const quote = (await core.callApi({ method: 'POST', path: '/quotes', body: {
      source: { sourceType: 'ACCOUNT', accountId: source.accountId }, destination: { destinationType: 'ACCOUNT', accountId: destination.accountId },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000,
    } })).body as { transactionId: string };
    const template = s.transactions.record(quote.transactionId);
    const out = template.transaction as unknown as Record<string, unknown>;
    const outData = Object.fromEntries(Object.entries(out).filter(([k]) => !['id', 'type', 'status', 'direction', 'customerId', 'platformCustomerId', 'quoteId', 'agentId', 'failureReason', 'refund', 'settledAt', 'createdAt', 'updatedAt'].includes(k)));

    log(`creating ${CUSTOMERS.toLocaleString('en-US')} customers`);
    const customers: { id: string; platformCustomerId: string; email: string; uma: string }[] = [];
    s.ctx.transaction(() => {
      for (let i = 0; i < CUSTOMERS; i++) {
        const c = s.customers.create({ customerType: 'INDIVIDUAL', fullName: `Scale Person ${i}`, email: `scale-${i}@example.com`, currencies: ['USD'] } as never) as unknown as { id: string; platformCustomerId: string; umaAddress?: string };
        customers.push({ id: c.id, platformCustomerId: c.platformCustomerId, email: `scale-${i}@example.com`, uma: c.umaAddress ?? `$scale-${i}@bench.test` });
      }
    });

    let sampleId = '';
    let sampleReference = '';
    let done = 0;
    process.stderr.write(bar(0, count, started));
    while (done < count) {
      const n = Math.min(BATCH, count - done);
      s.ctx.transaction(() => {
        for (let k = 0; k < n; k++) {
          const i = done + k;
          const c = customers[i % CUSTOMERS]!;
          const status = STATUSES[i % STATUSES.length]!;
          const id = s.ctx.ids('Transaction');
          const reference = `REF${String(i).padStart(9, '0')}`;
          const amount = 1_000 + ((i * 7919) % 500_000);
          const base = {
            id, status, customerId: c.id, platformCustomerId: c.platformCustomerId, quoteId: null, reference,
            fees: 30, funds: template.funds, failureReason: status === 'FAILED' ? 'PAYOUT_RETURNED' : null,
          };
          if (i % 5 === 0) {
            s.transactions.create({
              ...base, type: 'INCOMING', direction: 'CREDIT', kind: 'UMA_RECEIVE', senderIdentifier: `$sender-${i % 977}@elsewhere.test`, receiverIdentifier: c.uma,
              sendingCurrency: null, sentAmount: null, receivingCurrency: 'USD', receivedAmount: amount, scenario: 'UMA_RECEIVE:SUCCESS',
              failureReason: null,
              data: {
                source: { sourceType: 'UMA_ADDRESS', umaAddress: `$sender-${i % 977}@elsewhere.test`, currency: 'USD' },
                destination: { destinationType: 'ACCOUNT', accountId: source.accountId, currency: 'USD' },
                receivedAmount: { amount, currency: (outData['sentAmount'] as { currency: unknown }).currency }, fees: 0, reconciliationInstructions: { reference },
              },
            } as unknown as NewIncoming, 'BENCH_SEEDED');
          } else {
            s.transactions.create({
              ...base, type: 'OUTGOING', direction: 'DEBIT', kind: 'QUOTE', senderIdentifier: source.accountId, receiverIdentifier: `1000${String(i % 20_000).padStart(8, '0')}`,
              sendingCurrency: 'USD', sentAmount: amount, receivingCurrency: template.transaction.receivedAmount?.currency.code ?? 'EUR', receivedAmount: Math.round(amount * 0.9),
              scenario: template.scenario, data: { ...outData, description: `Invoice ${i % 100_000} for ${c.email}` },
            } as unknown as NewOutgoing, 'BENCH_SEEDED');
          }
          if (i === Math.floor(count / 2)) (sampleId = id, sampleReference = reference);
        }
      });
      done += n;
      s.clock.advance(n * SECONDS_APART);
      // Lets the webhook pump (deferred to the event loop) read the batch's events as it would live.
      await new Promise((resolve) => setImmediate(resolve));
      process.stderr.write(bar(done, count, started));
    }
    process.stderr.write('\n');
    const mid = customers[Math.floor(CUSTOMERS / 2)]!;
    const facts: SeededFacts = {
      count, customers: CUSTOMERS, dataDir, seconds: (performance.now() - started) / 1000,
      sampleId, sampleReference, sampleEmail: mid.email, sampleCustomerId: mid.id,
    };
    core.close();
    catchUpWebhookCursor(join(dataDir, 'workspace.sqlite'), log);
    writeFileSync(factsFile, JSON.stringify(facts, null, 2));
    log(`generated ${count.toLocaleString('en-US')} transactions in ${facts.seconds.toFixed(0)} s`);
    return facts;
  } catch (err) {
    core.close();
    throw err;
  }
}
