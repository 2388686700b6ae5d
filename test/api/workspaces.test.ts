// Workspaces as rehearsal tools: export then import gives the same workspace, snapshots restore,
// reset returns to the seeded state, and a failed export never damages the last good one.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { WorkspaceHost } from '../../core/host/workspaces';
import { accountInfo, createCustomer, createUsdAccount, expectStatus, fund, internalAccountOf, newCore, removeTempDirs, startServer, tempDir, type TestServer } from '../support/builders';
import { FROZEN_AT, type ApiClient } from '../support/api-client';

/**
 * What a restore does not bring back by design: the log of calls and events and the idempotency keys
 * (they carry on with the restore itself), the API tokens (a reset keeps them), the full-text index's
 * internal pages (rebuilt, same content, other layout) and the webhook deliveries' event cursor (it moves
 * past the restore's own event).
 */
const CARRIED_ON = ['workspace_meta', 'request_log', 'request_log_resources', 'events', 'idempotency_keys', 'api_tokens',
  ...['transactions_text', 'customers_names'].flatMap((fts) => ['data', 'idx', 'docsize', 'config'].map((part) => `${fts}_${part}`)), 'webhook_settings'];

/** Rows per table and a SHA-256 of every table's rows in a stable order (everything a workspace holds). */
function fingerprint(path: string, skip: string[] = []): Record<string, { rows: number; sha: string }> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[])
      .map((t) => t.name).filter((t) => !skip.includes(t));
    return Object.fromEntries(tables.map((t) => {
      const cols = (db.prepare('SELECT name FROM pragma_table_info(?)').all(t) as { name: string }[]).map((c) => `"${c.name}"`);
      const rows = db.prepare(`SELECT ${cols.join(', ')} FROM "${t}" ORDER BY ${cols.map((_, i) => i + 1).join(', ')}`).raw().all();
      const sha = createHash('sha256').update(JSON.stringify(rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v))).digest('hex');
      return [t, { rows: rows.length, sha }];
    }));
  } finally {
    db.close();
  }
}

/** Makes the workspace busy: a customer, funding, an external account and an executed quote still settling. */
async function activity(api: ApiClient): Promise<{ customerId: string; quoteId: string }> {
  const customer = await createCustomer(api);
  const account = await internalAccountOf(api, customer.id, 'USD');
  expectStatus(await fund(api, account.id, 50_000), 200, 'fund');
  const external = await createUsdAccount(api, customer.id, { currency: 'EUR', accountInfo: accountInfo.eur() });
  const quote = await api.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'ACCOUNT', accountId: external.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000, description: `rehearsal payout ${customer.id.slice(-6)}` });
  expectStatus(quote, 201, 'quote');
  expectStatus(await api.post(`/quotes/${encodeURIComponent(quote.body.id)}/execute`), 200, 'execute');
  return { customerId: customer.id, quoteId: quote.body.id };
}

let core: Core;
let srv: TestServer;
beforeEach(async () => {
  core = newCore();
  srv = await startServer(core);
});
afterEach(async () => {
  await srv.close();
  core.close();
});
afterAll(removeTempDirs);

describe('export and import', () => {
  it('an exported workspace imports as an identical workspace (row counts and a checksum of every table)', async () => {
    await activity(srv.api);
    const file = join(tempDir(), 'exports', 'rehearsal.sqlite');
    const out = await core.files.exportTo(file);
    expect(out.bytes).toBeGreaterThan(0);
    // one self-contained file: no WAL beside it
    expect(readdirSync(join(file, '..'))).toEqual(['rehearsal.sqlite']);

    const root = tempDir();
    const host = new WorkspaceHost({ root, initial: 'default', coreOptions: { clock: { mode: 'FROZEN', frozenAt: FROZEN_AT } } });
    try {
      const imported = host.importFile(file, 'Rehearsal copy');
      expect(imported).toMatchObject({ id: 'rehearsal-copy', name: 'Rehearsal copy', current: false, problem: null });
      // the name lives in workspace_meta; every other table is identical
      const original = fingerprint(core.workspace.dbPath, ['workspace_meta']);
      expect(Object.keys(original).length).toBeGreaterThan(20);
      expect(original['transactions']!.rows).toBe(1);
      expect(fingerprint(join(imported.dir, 'workspace.sqlite'), ['workspace_meta'])).toEqual(original);

      await host.switchTo(imported.id);
      const customers = await host.core.callApi({ method: 'GET', path: '/customers', query: { limit: 100 } });
      expect((customers.body as { totalCount: number }).totalCount).toBe(4);
    } finally {
      host.close();
    }
  });

  it('refuses a file that is not a workspace, naming the field', () => {
    const root = tempDir();
    const host = new WorkspaceHost({ root, initial: 'default' });
    try {
      expect(() => host.importFile(join(root, 'missing.sqlite'))).toThrow(/path/);
      expect(() => host.importFile(join(import.meta.dirname, 'workspaces.test.ts'))).toThrow(/not a workspace file/);
      expect(host.list().map((w) => w.id)).toEqual(['default']);
    } finally {
      host.close();
    }
  });

  it('an interrupted export leaves the previous export byte-identical and no temporary file behind', async () => {
    const dir = tempDir();
    const file = join(dir, 'last-good.sqlite');
    await core.files.exportTo(file);
    const before = readFileSync(file);
    // more data, so the next export needs several steps of the online backup
    for (let i = 0; i < 4; i++) await activity(srv.api);

    let steps = 0;
    await expect(core.files.exportTo(file, {
      pagesPerStep: 2,
      onProgress: (p) => {
        if (++steps === 3) throw new Error(`disk full after ${p.totalPages - p.remainingPages} of ${p.totalPages} pages`);
      },
    })).rejects.toThrow(/disk full after \d+ of \d+ pages/);
    expect(steps).toBe(3);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['last-good.sqlite']);

    // and the next export succeeds and replaces it
    await core.files.exportTo(file);
    expect(readFileSync(file).equals(before)).toBe(false);
    expect(fingerprint(file, ['workspace_meta'])).toEqual(fingerprint(core.workspace.dbPath, ['workspace_meta']));
  });
});

describe('snapshots over the API', () => {
  it('restores a named snapshot: rows, clock and scheduled jobs as they were', async () => {
    const first = await activity(srv.api);
    const taken = await srv.api.post('/sandbox/workspace/snapshots', { name: 'after-first', note: 'one payment settling' });
    expectStatus(taken, 201, 'snapshot');
    expect(taken.body).toMatchObject({ name: 'after-first', note: 'one payment settling', clockAt: FROZEN_AT });
    const snapshotFile = join(core.workspace.dbPath, '..', 'snapshots', 'after-first.sqlite');
    const atSnapshot = fingerprint(snapshotFile, ['workspace_meta']);
    const jobsBefore = (await srv.api.get('/sandbox/clock/jobs')).body;

    // change things: the clock runs the payment, another customer appears
    expectStatus(await srv.api.post('/sandbox/clock/advance', { seconds: 600 }), 200, 'advance');
    const second = await activity(srv.api);
    expect((await srv.api.get(`/transactions?limit=100`)).body.totalCount).toBe(2);

    const restored = await srv.api.post('/sandbox/workspace/snapshots/after-first/restore');
    expectStatus(restored, 200, 'restore');
    expect(restored.body).toMatchObject({ restored: 'after-first', clock: { mode: 'FROZEN', now: FROZEN_AT } });

    expect((await srv.api.get(`/customers/${encodeURIComponent(second.customerId)}`)).status).toBe(404);
    expect((await srv.api.get(`/customers/${encodeURIComponent(first.customerId)}`)).status).toBe(200);
    const tx = await srv.api.get('/transactions?limit=100');
    expect(tx.body.totalCount).toBe(1);
    expect(tx.body.data[0].status).not.toBe('COMPLETED');
    expect((await srv.api.get('/sandbox/clock')).body.now).toBe(FROZEN_AT);
    expect((await srv.api.get('/sandbox/clock/jobs')).body.data).toEqual(jobsBefore.data);
    // every table the snapshot holds is back (the request log and events then carry on with this restore)
    expect(fingerprint(core.workspace.dbPath, CARRIED_ON)).toEqual(fingerprint(snapshotFile, CARRIED_ON));
    expect(Object.keys(atSnapshot)).toContain('transactions');

    // the restored payment still settles when the clock runs
    expectStatus(await srv.api.post('/sandbox/clock/advance', { seconds: 600 }), 200, 'advance after restore');
    expect((await srv.api.get('/transactions?limit=100')).body.data[0].status).toBe('COMPLETED');
    // full-text search works over the restored rows
    const found = await core.invoke('transactions/search', { q: 'rehearsal payout', limit: 10 });
    expect(found).toMatchObject({ ok: true, value: { totalCount: 1 } });
  });

  it('refuses a snapshot written by a newer build and leaves the workspace as it was', async () => {
    expectStatus(await srv.api.post('/sandbox/workspace/snapshots', { name: 'from-the-future' }), 201, 'snapshot');
    const file = join(core.workspace.dbPath, '..', 'snapshots', 'from-the-future.sqlite');
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01')").run();
    db.close();
    await createCustomer(srv.api);
    const before = fingerprint(core.workspace.dbPath, CARRIED_ON);
    const r = await srv.api.post('/sandbox/workspace/snapshots/from-the-future/restore');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'WORKSPACE_TOO_NEW', details: { schemaVersion: 999 } });
    expect(fingerprint(core.workspace.dbPath, CARRIED_ON)).toEqual(before);
  });

  it('lists snapshots with the list envelope, refuses duplicates and unknown or unsafe names', async () => {
    for (const name of ['b-two', 'a-one', 'c-three']) expectStatus(await srv.api.post('/sandbox/workspace/snapshots', { name }), 201, name);
    const page1 = await srv.api.get('/sandbox/workspace/snapshots?limit=2');
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(page1.body.data.map((s: { name: string }) => s.name)).toEqual(['a-one', 'b-two']);
    const page2 = await srv.api.get(`/sandbox/workspace/snapshots?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(page2.body.data.map((s: { name: string }) => s.name)).toEqual(['c-three']);

    const dup = await srv.api.post('/sandbox/workspace/snapshots', { name: 'a-one' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('SNAPSHOT_EXISTS');
    expectStatus(await srv.api.post('/sandbox/workspace/snapshots', { name: 'a-one', overwrite: true }), 201, 'overwrite');

    const bad = await srv.api.post('/sandbox/workspace/snapshots', { name: '../escape' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('name');
    expect((await srv.api.post('/sandbox/workspace/snapshots/nope/restore')).body.code).toBe('SNAPSHOT_NOT_FOUND');
    expect((await srv.api.delete('/sandbox/workspace/snapshots/b-two')).status).toBe(204);
    expect((await srv.api.get('/sandbox/workspace/snapshots')).body.totalCount).toBe(2);
    expect((await srv.api.get('/sandbox/workspace/snapshots')).body.data.every((s: { name: string }) => !s.name.startsWith('.'))).toBe(true);
  });
});

describe('reset', () => {
  it('returns the workspace to its seeded state, and the API token keeps working', async () => {
    const seeded = fingerprint(join(core.workspace.dbPath, '..', 'snapshots', '.seed.sqlite'), CARRIED_ON);
    await activity(srv.api);
    expectStatus(await srv.api.post('/sandbox/clock/advance', { seconds: 3600 }), 200, 'advance');
    const r = await srv.api.post('/sandbox/workspace/reset');
    expectStatus(r, 200, 'reset');
    expect(r.body).toMatchObject({ restored: 'seed', clock: { now: FROZEN_AT } });
    expect(fingerprint(core.workspace.dbPath, CARRIED_ON)).toEqual(seeded);
    const customers = await srv.api.get('/customers?limit=100');
    expect(customers.status).toBe(200);
    expect(customers.body.totalCount).toBe(3);
    // the request log starts again with the reset itself
    const log = await srv.api.get('/sandbox/requests?limit=100');
    expect(log.body.data.map((c: { method: string; path: string }) => `${c.method} ${c.path}`)).toEqual(['GET /2025-10-13/customers', 'POST /2025-10-13/sandbox/workspace/reset']);
  });

  it('resets a workspace that has no recorded seed state to a freshly seeded one, keeping its tokens', async () => {
    const dir = tempDir();
    const old = newCore({ dataDir: dir });
    const oldSrv = await startServer(old);
    try {
      await activity(oldSrv.api);
      const seedFile = join(dir, 'snapshots', '.seed.sqlite');
      const { rmSync } = await import('node:fs');
      rmSync(seedFile);
      const r = await oldSrv.api.post('/sandbox/workspace/reset');
      expectStatus(r, 200, 'reset');
      const customers = await oldSrv.api.get('/customers?limit=100');
      expect(customers.body.totalCount).toBe(3);
      // A fresh seed: none of the activity above, only the demo card's seeded spending.
      const txs = (await oldSrv.api.get('/transactions?limit=100')).body;
      expect(txs.data.map((t: { type: string }) => t.type)).toEqual(['CARD', 'CARD', 'CARD']);
      expect(existsSync(seedFile)).toBe(false);
    } finally {
      await oldSrv.close();
      old.close();
    }
  });

  it('answers 409 for a workspace kept only in memory', async () => {
    const mem = newCore({ dbPath: ':memory:' });
    const memSrv = await startServer(mem);
    try {
      const r = await memSrv.api.post('/sandbox/workspace/snapshots', { name: 'x' });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('WORKSPACE_IN_MEMORY');
      expect((await memSrv.api.get('/sandbox/workspace/snapshots')).body).toEqual({ data: [], hasMore: false, totalCount: 0 });
    } finally {
      await memSrv.close();
      mem.close();
    }
  });
});
