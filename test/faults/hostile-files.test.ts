// Issue 27, defect 2: hostile workspace files. Each file is made for real from a real export of a running
// `serve` (cut at several offsets, a page overwritten, the SQLite magic before random bytes, an empty and
// a foreign file, our table names with other columns, no workspace_meta, a newer migration, a dropped
// column) and handed to every entry point that takes a user's file: the API's snapshot restore, the
// console's import and switch over the bridge, and serve's --snapshot. Each is refused with a 4xx error
// object that says what is wrong, the hostile file is never modified, and the open workspace keeps its
// data and keeps serving; a good snapshot still restores and a good export still imports.
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../e2e/serve-process';
import { accountInfo, createCustomer, createUsdAccount, expectStatus, fund, internalAccountOf } from '../support/builders';
import { ApiClient, basicAuth } from '../support/api-client';
import type { BridgeAnswer } from '../support/http';
import type { HandlerName, HandlerOutput } from '../../core/index';

const CREDS = { SVC_CLIENT_ID: 'Token:hostile-files', SVC_CLIENT_SECRET: 'hostile-files-secret-0123456789abcdef' };
/** The workspaces root of the serve under test: the open workspace is `main`. */
const ROOT = mkdtempSync(join(tmpdir(), 'fault-hostile-root-'));
/** Where the hostile files are made (outside the root, as a user's Downloads folder would be). */
const FILES = mkdtempSync(join(tmpdir(), 'fault-hostile-files-'));
const DATA_DIR = join(ROOT, 'main');
const SNAPSHOTS = join(DATA_DIR, 'snapshots');

let proc: ServeProcess | undefined;
let api: ApiClient;
let origin: string;
let consoleToken: string;
let accountId: string;
let exportFile: string;

afterAll(async () => {
  await proc?.stop();
  rmSync(ROOT, { recursive: true, force: true });
  rmSync(FILES, { recursive: true, force: true });
});

/** A console handler called as the browser console calls it: POST /__bridge/invoke with the run's token. */
async function invoke<K extends HandlerName>(name: K, input: unknown): Promise<BridgeAnswer<HandlerOutput<K>>> {
  const r = await fetch(`${origin}/__bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-console-token': consoleToken }, body: JSON.stringify({ name, input }) });
  expect(r.status, `bridge ${name}`).toBeLessThan(500);
  return (await r.json()) as BridgeAnswer<HandlerOutput<K>>;
}

/** What must not move while hostile files are refused: the books and the workspace's identity. */
async function books(): Promise<{ transactions: number; customers: number; balance: unknown; workspace: string }> {
  const tx = await api.get('/transactions?limit=1');
  expectStatus(tx, 200, 'transactions');
  const customers = await api.get('/customers?limit=1');
  const account = await api.get(`/customers/internal-accounts?limit=100`);
  const info = await invoke('workspace/info', {});
  const ours = (account.body.data as { id: string; balance: unknown }[]).find((a) => a.id === accountId);
  return { transactions: tx.body.totalCount, customers: customers.body.totalCount, balance: ours?.balance, workspace: String(info.value?.dbPath) };
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** One payment in flight and a funded account, so the books have something to lose. */
async function activity(): Promise<void> {
  const customer = await createCustomer(api);
  const account = await internalAccountOf(api, customer.id, 'USD');
  accountId = account.id;
  expectStatus(await fund(api, account.id, 50_000), 200, 'fund');
  const external = await createUsdAccount(api, customer.id, { currency: 'EUR', accountInfo: accountInfo.eur() });
  const quote = await api.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'ACCOUNT', accountId: external.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000, description: 'hostile files' });
  expectStatus(quote, 201, 'quote');
  expectStatus(await api.post(`/quotes/${encodeURIComponent(quote.body.id)}/execute`), 200, 'execute');
}

/** A copy of the real export changed by `change` through SQLite (a well-formed file with the wrong contents). */
function alteredExport(file: string, change: (db: Database.Database) => void): string {
  const path = join(FILES, file);
  copyFileSync(exportFile, path);
  const db = new Database(path);
  try {
    change(db);
  } finally {
    db.close();
  }
  return path;
}

/** Drops the first column SQLite lets go of (not a key, not indexed) and says which one it was. */
function dropSomeColumn(db: Database.Database): { table: string; column: string } {
  const tables = db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_text_%' ORDER BY name").pluck().all() as string[];
  for (const table of tables) {
    for (const column of db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk = 0').pluck().all(table) as string[]) {
      try {
        db.exec(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
        return { table, column };
      } catch {
        // indexed, referenced or constrained: try the next one
      }
    }
  }
  throw new Error('no column of the export could be dropped');
}

interface Hostile {
  name: string;
  path: string;
  status: number;
  code: string;
  /** What the message must say about the file. */
  says: RegExp;
}

/** Every hostile file, made for real from the real export. */
function makeHostileFiles(): Hostile[] {
  const bytes = readFileSync(exportFile);
  const pageSize = bytes.readUInt16BE(16);
  const write = (file: string, data: Buffer) => (writeFileSync(join(FILES, file), data), join(FILES, file));
  const refused = (name: string, path: string, says: RegExp): Hostile => ({ name, path, status: 422, code: 'INVALID_WORKSPACE_FILE', says });
  const list: Hostile[] = [
    refused('cut-in-header', write('cut-in-header.sqlite', bytes.subarray(0, 60)), /the file is truncated: it ends inside the SQLite header \(60 bytes\)/),
    refused('cut-after-first-page', write('cut-after-first-page.sqlite', bytes.subarray(0, pageSize + 100)), /the file is truncated: it holds \d+ bytes where its header declares \d+/),
    refused('cut-at-10pc', write('cut-at-10pc.sqlite', bytes.subarray(0, Math.floor(bytes.length * 0.1))), /the file is truncated/),
    refused('cut-at-half', write('cut-at-half.sqlite', bytes.subarray(0, Math.floor(bytes.length / 2))), /the file is truncated/),
    refused('cut-last-page', write('cut-last-page.sqlite', bytes.subarray(0, bytes.length - pageSize)), /the file is truncated/),
    refused('page-overwritten', write('page-overwritten.sqlite', Buffer.concat([bytes.subarray(0, pageSize * 3), randomBytes(pageSize), bytes.subarray(pageSize * 4)])), /the file is damaged/),
    refused('magic-then-random', write('magic-then-random.sqlite', Buffer.concat([Buffer.from('SQLite format 3\u0000', 'latin1'), randomBytes(64 * 1024)])), /the file is not a SQLite database|the file is truncated/),
    refused('empty', write('empty.sqlite', Buffer.alloc(0)), /the file is empty \(0 bytes\)/),
    refused('not-sqlite', write('not-sqlite.sqlite', Buffer.from('{"workspace":"a JSON file renamed .sqlite"}\n'.repeat(500))), /the file is not a SQLite database/),
  ];
  // A real SQLite file with our table names, a believable migration table, and other columns.
  const foreign = join(FILES, 'foreign-columns.sqlite');
  const source = new Database(exportFile, { readonly: true });
  const tables = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").pluck().all() as string[];
  const migrations = source.prepare('SELECT version, name, applied_at FROM schema_migrations').all() as { version: number; name: string; applied_at: string }[];
  source.close();
  const f = new Database(foreign);
  f.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of migrations) f.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, m.applied_at);
  for (const t of tables) f.exec(`CREATE TABLE "${t}" (id INTEGER PRIMARY KEY, payload TEXT)`);
  f.close();
  list.push(refused('foreign-columns', foreign, /table \w+ lacks column \w+/));
  list.push(refused('no-workspace-meta', alteredExport('no-workspace-meta.sqlite', (db) => db.exec('DROP TABLE workspace_meta')), /it has no table workspace_meta/));
  let dropped = { table: '', column: '' };
  const droppedPath = alteredExport('dropped-column.sqlite', (db) => (dropped = dropSomeColumn(db)));
  list.push(refused('dropped-column', droppedPath, new RegExp(`table ${dropped.table} lacks column ${dropped.column}`)));
  list.push({
    name: 'newer-migration', status: 409, code: 'WORKSPACE_TOO_NEW', says: /made by a newer version of the application \(schema 999; this build knows up to schema \d+\)/,
    path: alteredExport('newer-migration.sqlite', (db) => db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from-the-future', '2031-01-01')").run()),
  });
  return list;
}

let hostile: Hostile[] = [];
let before: Awaited<ReturnType<typeof books>>;
/** Milliseconds each refusal of a restore took (reported in the figures). */
const refusalMs: Record<string, number> = {};

describe('hostile workspace files are refused with a 4xx and the open workspace keeps serving', () => {
  beforeAll(async () => {
    if (!existsSync('dist/host/serve.mjs')) throw new Error('dist/host/serve.mjs is missing: run `npm run build` first (this suite runs the built serve)');
    proc = await startServe(['--clock', 'frozen'], CREDS, DATA_DIR);
    api = new ApiClient(proc.apiBase, basicAuth(CREDS.SVC_CLIENT_ID, CREDS.SVC_CLIENT_SECRET));
    origin = new URL(proc.apiBase).origin;
    consoleToken = new URL(proc.consoleUrl).searchParams.get('token') ?? '';
    await activity();
    expectStatus(await api.post('/sandbox/workspace/snapshots', { name: 'good' }), 201, 'good snapshot');
    exportFile = join(FILES, 'export.sqlite');
    const exported = await invoke('workspaces/export', { path: exportFile });
    expect(exported.ok, JSON.stringify(exported.error)).toBe(true);
    hostile = makeHostileFiles();
    before = await books();
    expect(before.transactions).toBeGreaterThan(0);
    expect(before.balance).toBeDefined();
  });

  it('refuses every hostile snapshot on POST /sandbox/workspace/snapshots/{name}/restore, leaving the workspace and the file as they were', async () => {
    mkdirSync(SNAPSHOTS, { recursive: true });
    for (const h of hostile) {
      const file = join(SNAPSHOTS, `${h.name}.sqlite`);
      copyFileSync(h.path, file);
      const digest = sha(file);
      const started = performance.now();
      const r = await api.post(`/sandbox/workspace/snapshots/${h.name}/restore`);
      refusalMs[h.name] = Math.round(performance.now() - started);
      expect(r.status, `${h.name}: ${r.text}`).toBe(h.status);
      expect(r.body, h.name).toMatchObject({ status: h.status, code: h.code });
      expect(r.body.message, h.name).toContain(`The snapshot "${h.name}"`);
      expect(r.body.message, h.name).toMatch(h.says);
      expect(sha(file), `${h.name} was modified`).toBe(digest);
      expect(readdirSync(SNAPSHOTS).filter((f) => f.startsWith(`${h.name}.sqlite-`)), `${h.name}: files left beside it`).toEqual([]);
      expect(await books(), `after ${h.name}`).toEqual(before);
    }
    console.log(`[hostile-files] restore refusals (ms): ${JSON.stringify(refusalMs)}`);
    // and the workspace still writes
    expectStatus(await fund(api, accountId, 1), 200, 'fund after the refusals');
    before = await books();
  });

  it('refuses every hostile file on the console import (workspaces/import over the bridge), creating no workspace', async () => {
    const listed = async () => (await invoke('workspaces/list', {})).value!.workspaces.map((w) => w.id).sort();
    const ids = await listed();
    for (const h of hostile) {
      const digest = sha(h.path);
      const r = await invoke('workspaces/import', { path: h.path, name: `Imported ${h.name}` });
      expect(r.ok, h.name).toBe(false);
      expect(r.error, h.name).toMatchObject({ status: h.status, code: h.code });
      expect(r.error!.message, h.name).toContain(`The file ${h.name}.sqlite`);
      expect(r.error!.message, h.name).toMatch(h.says);
      expect(sha(h.path), `${h.name} was modified`).toBe(digest);
      expect(await listed(), `${h.name} left a workspace behind`).toEqual(ids);
    }
    expect(readdirSync(ROOT).filter((d) => d.startsWith('.') || d.startsWith('imported-'))).toEqual([]);
    expect(await books()).toEqual(before);
  });

  it('refuses to open (switch to), duplicate or rename a workspace folder holding a hostile file, and the open one keeps serving', async () => {
    for (const h of hostile) {
      const id = `hostile-${h.name}`;
      const dir = join(ROOT, id);
      mkdirSync(dir);
      copyFileSync(h.path, join(dir, 'workspace.sqlite'));
      const digest = sha(join(dir, 'workspace.sqlite'));
      for (const [name, input] of [['workspaces/switch', { id }], ['workspaces/duplicate', { id, name: `Copy of ${id}` }], ['workspaces/rename', { id, name: 'Renamed' }]] as const) {
        const r = await invoke(name, input);
        expect(r.ok, `${name} ${h.name}`).toBe(false);
        expect(r.error, `${name} ${h.name}`).toMatchObject({ status: h.status, code: h.code });
        expect(r.error!.message, `${name} ${h.name}`).toContain(`The workspace "${id}"`);
        expect(r.error!.message, `${name} ${h.name}`).toMatch(h.says);
      }
      expect(readdirSync(ROOT).filter((d) => d.startsWith('copy-of-')), `${h.name}: a duplicate was left`).toEqual([]);
      expect(sha(join(dir, 'workspace.sqlite')), `${h.name} was modified`).toBe(digest);
      expect(await books(), `after ${h.name}`).toEqual(before);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still restores a good snapshot and imports a good export', async () => {
    await createCustomer(api); // made after the snapshot: the restore removes it
    const restored = await api.post('/sandbox/workspace/snapshots/good/restore');
    expectStatus(restored, 200, 'restore the good snapshot');
    const after = await books();
    expect(after.customers).toBe(before.customers);
    expect(after.transactions).toBe(before.transactions);

    const imported = await invoke('workspaces/import', { path: exportFile, name: 'Good export' });
    expect(imported.ok, JSON.stringify(imported.error)).toBe(true);
    expect(imported.value).toMatchObject({ id: 'good-export', problem: null });
  });

  it('serve refuses to start with a hostile --snapshot or a hostile workspace file, saying why, and the workspace opens afterwards as it was', async () => {
    const kept = await books();
    await proc!.stop();
    proc = undefined;
    await expect(startServe(['--clock', 'frozen', '--snapshot', 'cut-at-half'], CREDS, DATA_DIR))
      .rejects.toThrow(/serve exited with 1:[\s\S]*serve: The snapshot "cut-at-half" is not a workspace file this build can open: the file is truncated/);
    await expect(startServe(['--clock', 'frozen', '--snapshot', 'foreign-columns'], CREDS, DATA_DIR))
      .rejects.toThrow(/serve: The snapshot "foreign-columns" is not a workspace file this build can open: table \w+ lacks column \w+/);
    // A workspace folder whose own file is hostile: serve refuses to open it instead of migrating it.
    const broken = join(ROOT, 'broken');
    mkdirSync(broken);
    copyFileSync(hostile.find((h) => h.name === 'no-workspace-meta')!.path, join(broken, 'workspace.sqlite'));
    const digest = sha(join(broken, 'workspace.sqlite'));
    await expect(startServe(['--clock', 'frozen'], CREDS, broken))
      .rejects.toThrow(/serve: The workspace "broken" is not a workspace file this build can open: it has no table workspace_meta/);
    expect(sha(join(broken, 'workspace.sqlite'))).toBe(digest);

    proc = await startServe(['--clock', 'frozen'], CREDS, DATA_DIR);
    api = new ApiClient(proc.apiBase, api.auth);
    origin = new URL(proc.apiBase).origin;
    consoleToken = new URL(proc.consoleUrl).searchParams.get('token') ?? '';
    expect(await books()).toEqual(kept);
  });
});
