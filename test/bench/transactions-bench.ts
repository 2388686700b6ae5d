// The transaction explorer over a million transactions: bulk-loads rows straight into SQLite, then
// measures filtered, cursor-paged reads through the API handler and the console handler.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../core/index';

/** Runs the million-transaction benchmark and prints its figures through `record`. */
export async function transactionsBench(record: (name: string, value: string) => void, count: number): Promise<void> {
  const core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'bench-tx-')), clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00Z' } });
  const db = core.services.ctx.db;
  const customers = core.services.customers.list({ limit: 3 } as never).data;
  const statuses = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED', 'PROCESSING', 'PENDING', 'EXPIRED', 'REJECTED'];
  const insert = db.prepare(`INSERT INTO transactions (id, type, status, direction, kind, customer_id, platform_customer_id, sender_identifier,
    receiver_identifier, reference, sending_currency, sent_amount, receiving_currency, received_amount, fees, scenario, funds, data, created_at, updated_at)
    VALUES (?, ?, ?, 'DEBIT', 'QUOTE', ?, ?, ?, ?, ?, 'USD', ?, 'EUR', ?, 30, 'QUOTE:SUCCESS', '{}', '{}', ?, ?)`);
  const start = Date.parse('2025-01-01T00:00:00Z');
  let t0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const c = customers[i % customers.length]!;
      const at = start + i * 30_000;
      const id = `Transaction:${String(i).padStart(12, '0')}-bench`;
      insert.run(id, i % 5 === 0 ? 'INCOMING' : 'OUTGOING', statuses[i % statuses.length], c.id, c.platformCustomerId,
        `acct-${i % 5000}`, `1000${String(i % 20000).padStart(8, '0')}`, `R${i}`, 1000 + (i % 997), 900 + (i % 991), at, at);
    }
  })();
  record(`load ${count.toLocaleString('en-US')} transactions`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const measure = async (label: string, path: string, n = 50) => {
    const first = (await (await core.callApi({ method: 'GET', path })).body) as { nextCursor?: string; totalCount: number };
    t0 = performance.now();
    for (let i = 0; i < n; i++) await core.callApi({ method: 'GET', path: `${path}&cursor=${first.nextCursor ?? ''}` });
    record(`${label} (total ${first.totalCount.toLocaleString('en-US')})`, `${((performance.now() - t0) / n).toFixed(2)} ms/page`);
  };
  await measure('GET /transactions?limit=20 page 2, no filter', '/transactions?limit=20');
  await measure('GET /transactions status=FAILED page 2', '/transactions?limit=20&status=FAILED');
  await measure(`GET /transactions customerId page 2`, `/transactions?limit=20&customerId=${encodeURIComponent(customers[0]!.id)}`);
  await measure('GET /transactions accountIdentifier page 2', '/transactions?limit=20&accountIdentifier=100000000042');
  await measure('GET /transactions date range, asc, page 2', '/transactions?limit=50&sortOrder=asc&startDate=2025-03-01T00:00:00Z&endDate=2025-03-02T00:00:00Z');
  t0 = performance.now();
  for (let i = 0; i < 50; i++) await core.invoke('transactions/search', { q: `R${i * 7919}` });
  record('console transactions/search by reference', `${((performance.now() - t0) / 50).toFixed(2)} ms`);
  core.close();
}
