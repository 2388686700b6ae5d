import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, type Core } from '../../core/index';
import { REDACTED } from '../../core/kernel/redact';
import type { ApiCallDetail } from '../../core/console/request-log';
import { newCore, removeTempDirs, seededAuth } from '../support/builders';

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});
afterAll(removeTempDirs);

function open(overrides: Parameters<typeof newCore>[0] = {}): Core {
  const core = newCore(overrides);
  cores.push(core);
  return core;
}

/** One call through the core's fetch handler (the one the HTTP server uses), returning the log entry it wrote. */
async function call(core: Core, method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ authorization: seededAuth(core), ...o.headers });
  if (o.body !== undefined) headers.set('content-type', 'application/json');
  const res = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) }));
  const responseText = await res.text();
  const row = core.services.ctx.db.prepare('SELECT * FROM request_log ORDER BY seq DESC LIMIT 1').get() as Record<string, unknown>;
  const detail = await core.invoke('requestLog/get', { id: row['id'] });
  if (!detail.ok) throw new Error(detail.error.message);
  return { status: res.status, responseText, entry: detail.value as ApiCallDetail, rawRow: JSON.stringify(row) };
}

function logCount(core: Core): number {
  return (core.services.ctx.db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
}

describe('request log redaction', () => {
  it('never stores the client secret from the Authorization header', async () => {
    const core = open();
    const { clientSecret } = core.workspace.initialCredentials!;
    const { entry, rawRow } = await call(core, 'GET', '/config');
    expect(entry.requestHeaders['authorization']).toMatch(/^Basic /);
    expect(entry.requestHeaders['authorization']).toContain(REDACTED);
    expect(rawRow).not.toContain(clientSecret);
    expect(rawRow).not.toContain(Buffer.from(`${core.workspace.initialCredentials!.clientId}:${clientSecret}`).toString('base64'));
  });

  it('keeps the whole client id (Token:<uuid>) in the redacted Authorization header', async () => {
    const core = open();
    const { clientId } = core.workspace.initialCredentials!;
    expect(clientId).toMatch(/^Token:/);
    const { entry } = await call(core, 'GET', '/config');
    expect(entry.principal).toBe(clientId);
    expect(entry.requestHeaders['authorization']).toBe(`Basic ${clientId}:${REDACTED}`);
  });

  it('hides clientSecret in the logged response of POST /tokens', async () => {
    const core = open();
    const { status, responseText, entry, rawRow } = await call(core, 'POST', '/tokens', { body: { name: 'ci', permissions: ['VIEW'] } });
    expect(status).toBe(201);
    const secret = (JSON.parse(responseText) as { clientSecret: string }).clientSecret;
    expect(secret.length).toBeGreaterThan(20);
    expect(JSON.parse(entry.responseBody!)).toMatchObject({ name: 'ci', clientSecret: REDACTED });
    expect(rawRow).not.toContain(secret);
  });

  it('hides secret-looking keys at any depth of a logged request body and keeps the rest', async () => {
    const core = open();
    const body = {
      customerType: 'INDIVIDUAL', fullName: 'Visible Name', password: 'hunter2-pass',
      nested: { otp: '918273', privateKey: 'pk-material-123', list: [{ cvv: 'cvv-value-987', note: 'kept-note' }] },
    };
    const { status, entry, rawRow } = await call(core, 'POST', '/customers', { body });
    expect(status).toBe(400); // unknown fields are refused, but the attempt is still logged
    const logged = JSON.parse(entry.requestBody!) as typeof body;
    expect(logged).toMatchObject({ fullName: 'Visible Name', password: REDACTED, nested: { otp: REDACTED, privateKey: REDACTED, list: [{ cvv: REDACTED, note: 'kept-note' }] } });
    for (const secret of ['hunter2-pass', '918273', 'pk-material-123', 'cvv-value-987']) expect(rawRow).not.toContain(secret);
  });

  it('hides a secret-looking key even when the JSON spells it with escapes', async () => {
    const core = open();
    // {"pass\u0077ord": ...} is the same JSON document as {"password": ...}
    const raw = '{"customerType":"INDIVIDUAL","pass\\u0077ord":"escaped-secret-42"}';
    expect((JSON.parse(raw) as Record<string, string>)['password']).toBe('escaped-secret-42');
    const headers = new Headers({ authorization: seededAuth(core), 'content-type': 'application/json' });
    const res = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}/customers`, { method: 'POST', headers, body: raw }));
    expect(res.status).toBe(400);
    const row = core.services.ctx.db.prepare('SELECT request_body FROM request_log ORDER BY seq DESC LIMIT 1').get() as { request_body: string };
    expect(row.request_body).not.toContain('escaped-secret-42');
  });

  it('hides a secret-looking key\'s value even in a body that is not valid JSON', async () => {
    const core = open();
    const raw = '{"customerType":"INDIVIDUAL","password":"broken-json-secret-77",';
    const headers = new Headers({ authorization: seededAuth(core), 'content-type': 'application/json' });
    const res = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}/customers`, { method: 'POST', headers, body: raw }));
    expect(res.status).toBe(400);
    const row = core.services.ctx.db.prepare('SELECT request_body FROM request_log ORDER BY seq DESC LIMIT 1').get() as { request_body: string | null };
    expect(row.request_body ?? '').not.toContain('broken-json-secret-77');
  });

  it('hides the console token and cookies among the logged headers', async () => {
    const core = open();
    const { entry, rawRow } = await call(core, 'GET', '/config', { headers: { 'x-console-token': 'console-token-value', cookie: 'session=cookie-value', 'x-request-note': 'plain' } });
    expect(entry.requestHeaders['x-console-token']).toBe(REDACTED);
    expect(entry.requestHeaders['cookie']).toBe(REDACTED);
    expect(entry.requestHeaders['x-request-note']).toBe('plain');
    expect(rawRow).not.toContain('console-token-value');
    expect(rawRow).not.toContain('cookie-value');
  });

  it('links each call to the resource ids in its path and bodies', async () => {
    const core = open();
    const alice = core.services.customers.list({ platformCustomerId: 'cust-alice-001', limit: 1 }).data[0]!;
    const { entry } = await call(core, 'GET', `/customers/${encodeURIComponent(alice.id)}`);
    expect(entry.path).toBe(`${API_BASE}/customers/${alice.id}`);
    expect(entry.resourceIds).toEqual([alice.id]);
  });
});

describe('request log retention', () => {
  it('prunes the oldest entries beyond maxEntries', async () => {
    const core = open({ requestLogRetention: { maxEntries: 10, maxAgeDays: 30 } });
    for (let i = 0; i < 15; i++) await call(core, 'GET', `/config?i=${i}`);
    expect(logCount(core)).toBe(15);

    expect(core.services.ctx.requestLog.prune()).toBe(5);

    const kept = core.services.ctx.db.prepare('SELECT query FROM request_log ORDER BY seq').all() as { query: string }[];
    expect(kept.map((r) => r.query)).toEqual(Array.from({ length: 10 }, (_, i) => `i=${i + 5}`));
  });

  it('prunes entries older than maxAgeDays on the workspace clock', async () => {
    const core = open({ requestLogRetention: { maxEntries: 1000, maxAgeDays: 30 } });
    for (let i = 0; i < 3; i++) await call(core, 'GET', `/config?old=${i}`);
    core.services.clock.advance(20 * 86_400);
    await call(core, 'GET', '/config?recent=1');
    core.services.clock.advance(11 * 86_400);

    expect(core.services.ctx.requestLog.prune()).toBe(3);
    const kept = core.services.ctx.db.prepare('SELECT query FROM request_log').all() as { query: string }[];
    expect(kept).toEqual([{ query: 'recent=1' }]);
  });

  it('removes the resource links of pruned entries with them', async () => {
    const core = open({ requestLogRetention: { maxEntries: 1, maxAgeDays: 30 } });
    const alice = core.services.customers.list({ platformCustomerId: 'cust-alice-001', limit: 1 }).data[0]!;
    await call(core, 'GET', `/customers/${alice.id}`);
    await call(core, 'GET', '/config');
    core.services.ctx.requestLog.prune();
    const links = core.services.ctx.db.prepare('SELECT count(*) AS n FROM request_log_resources WHERE resource_id = ?').get(alice.id);
    expect(links).toEqual({ n: 0 });
    const found = await core.invoke('requestLog/list', { resourceId: alice.id });
    expect(found).toMatchObject({ ok: true, value: { data: [], totalCount: 0 } });
  });
});

describe('the console finds the log entry of its own call', () => {
  it('a console call answers with the id of the entry it wrote; an HTTP client never sees that header', async () => {
    const core = open();
    const mine = await core.callApi({ method: 'GET', path: '/config' });
    const id = mine.headers['x-console-log-id'];
    expect(id).toMatch(/^ApiCall:/);
    const entry = await core.invoke('requestLog/get', { id });
    expect(entry).toMatchObject({ ok: true, value: { id, method: 'GET', path: `${API_BASE}/config`, source: 'CONSOLE', status: 200 } });
    const { entry: httpEntry } = await call(core, 'GET', '/config');
    const res = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}/config`, { headers: { authorization: seededAuth(core) } }));
    expect(res.headers.has('x-console-log-id')).toBe(false);
    expect(httpEntry.source).toBe('HTTP');
  });
});

describe('the timer\'s write of waiting entries', () => {
  const page = JSON.stringify({ data: 'x'.repeat(40_000) });
  const entry = (path: string, responseBody: string) => ({ method: 'GET', path, query: '', status: 200, durationMs: 1, source: 'HTTP' as const, requestHeaders: new Headers(), responseBody });

  /** A core whose log is watched from a connection of its own, which sees only what is committed and never flushes the queue. */
  function watched() {
    const core = open();
    const reader = new Database(core.workspace.dbPath, { readonly: true });
    const written = (prefix: string) => reader.prepare('SELECT path FROM request_log WHERE path LIKE ? ORDER BY seq').pluck().all(`${prefix}%`) as string[];
    return { log: core.services.ctx.requestLog, reader, written };
  }

  it('waits 20 ms for small entries, so that several calls share one transaction', async () => {
    const { log, reader, written } = watched();
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      for (let i = 0; i < 3; i++) log.record(entry(`/small/${i}`, '{"ok":true}'));
      vi.advanceTimersByTime(19);
      expect(written('/small/')).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(written('/small/')).toEqual(['/small/0', '/small/1', '/small/2']);
    } finally {
      vi.useRealTimers();
      reader.close();
    }
  });

  it('writes large entries from the next turn on, a few per transaction and one transaction per turn, all of them in order', async () => {
    const { log, reader, written } = watched();
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      // The queue's own clock stands still: on a slow machine the entries would otherwise be overdue (10 ms) and go at once.
      vi.spyOn(performance, 'now').mockReturnValue(1_000);
      for (let i = 0; i < 6; i++) log.record(entry(`/big/${i}`, page));
      expect(written('/big/')).toEqual([]);
      // Why not the 20 ms timer: large answers that wait are what V8 copies into its old generation under load.
      expect(vi.getTimerCount()).toBe(1);
      // The next turn, with no time passing (the fake clock runs an immediate scheduled now, and puts the
      // immediates scheduled meanwhile 1 ms later): the first transaction, of about 64 kB of bodies (two entries).
      vi.advanceTimersByTime(0);
      expect(written('/big/')).toEqual(['/big/0', '/big/1']);
      expect(log.pending).toBe(true);
      // A call answered while the queue drains joins it, behind the others, with no second write of its own.
      log.record(entry('/big/6', page));
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(1); // the next turn: the next transaction
      expect(written('/big/')).toEqual(['/big/0', '/big/1', '/big/2', '/big/3']);
      vi.runAllTimers();
      expect(written('/big/')).toEqual(['/big/0', '/big/1', '/big/2', '/big/3', '/big/4', '/big/5', '/big/6']);
      expect(log.pending).toBe(false);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      reader.close();
    }
  });

  it('after a failed write, tries again on a 1 s timer only, however many large entries arrive meanwhile, and says so once', async () => {
    const core = open();
    const { log } = { log: core.services.ctx.requestLog };
    const db = core.services.ctx.db;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Counted over a connection of its own: a read through the core's would write the queue first.
    const reader = new Database(core.workspace.dbPath, { readonly: true });
    const count = () => (reader.prepare("SELECT count(*) AS n FROM request_log WHERE path LIKE '/big/%'").get() as { n: number }).n;
    try {
      vi.spyOn(performance, 'now').mockReturnValue(1_000);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      // A write that cannot succeed (as with a full disk): the log's inserts are refused until the trigger goes.
      db.exec("CREATE TEMP TRIGGER refuse_log BEFORE INSERT ON request_log BEGIN SELECT RAISE(ABORT, 'disk is full'); END");
      for (let i = 0; i < 2; i++) log.record(entry(`/big/${i}`, page));
      vi.advanceTimersByTime(0);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(/cannot be written \(.*disk is full\)/);
      // Large entries keep arriving: none of them brings the retry forward to the next turn.
      for (let i = 2; i < 5; i++) log.record(entry(`/big/${i}`, page));
      // Two more tries fail: a lasting failure is said once, not once per try.
      vi.advanceTimersByTime(2_000);
      expect(errors).toHaveBeenCalledTimes(1);
      db.exec('DROP TRIGGER refuse_log');
      vi.advanceTimersByTime(999);
      expect(count()).toBe(0);
      vi.advanceTimersByTime(1);
      expect(count()).toBeGreaterThan(0);
      vi.runAllTimers();
      expect(count()).toBe(5);
      expect(log.pending).toBe(false);
      expect(errors).toHaveBeenCalledTimes(2);
      expect(String(errors.mock.calls[1]![0])).toMatch(/written again/);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      reader.close();
    }
  });

  it('never throws into a call\'s answer while it cannot be written, and keeps a bounded number of entries for later', async () => {
    const core = open();
    const log = core.services.ctx.requestLog;
    const db = core.services.ctx.db;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const count = () => (db.prepare("SELECT count(*) AS n FROM request_log WHERE path LIKE '/refused/%'").get() as { n: number }).n;
    try {
      db.exec("CREATE TEMP TRIGGER refuse_log BEFORE INSERT ON request_log BEGIN SELECT RAISE(ABORT, 'disk is full'); END");
      // Beyond the queue's write-at-once bound (256) and the bound kept while failing (10,000): no throw, no write.
      for (let i = 0; i < 10_300; i++) log.record(entry(`/refused/${i}`, '{}'));
      log.flush();
      // Reads of the log answer meanwhile (they write the queue first, and that write fails quietly).
      expect(log.read.count()).toBeGreaterThanOrEqual(0);
      expect(count()).toBe(0);
      db.exec('DROP TRIGGER refuse_log');
      log.flush();
      // The oldest 300 were dropped; the newest 10,000 were kept and written.
      expect(count()).toBe(10_000);
      expect(db.prepare("SELECT path FROM request_log WHERE path LIKE '/refused/%' ORDER BY seq LIMIT 1").get()).toEqual({ path: '/refused/300' });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('takes every entry that has waited 10 ms into the next write, so a steady stream of large answers never backs up', async () => {
    const { log, reader, written } = watched();
    let now = 1_000;
    try {
      vi.spyOn(performance, 'now').mockImplementation(() => now);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      for (let i = 0; i < 6; i++) log.record(entry(`/big/${i}`, page));
      // The turn before the first write was long (calls kept arriving): the six have waited 9 ms, not yet overdue.
      now += 9;
      vi.advanceTimersByTime(0);
      expect(written('/big/')).toEqual(['/big/0', '/big/1']);
      // The next turn, 1 ms later: the four left have waited 10 ms and all go; the one recorded just now does not.
      now += 1;
      log.record(entry('/big/6', page));
      vi.advanceTimersByTime(1);
      expect(written('/big/')).toEqual(['/big/0', '/big/1', '/big/2', '/big/3', '/big/4', '/big/5']);
      // The one recorded just now is not overdue: it waits for the next turn's write.
      expect(log.pending).toBe(true);
      vi.runAllTimers();
      expect(written('/big/')).toEqual(['/big/0', '/big/1', '/big/2', '/big/3', '/big/4', '/big/5', '/big/6']);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      reader.close();
    }
  });
});
