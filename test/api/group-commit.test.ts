// API calls answered together share one SQLite commit (core/kernel/group-commit.ts): every answer leaves
// only once its change is committed, a failing change rolls back alone, a failed commit answers 500 to
// every call of its group and keeps nothing of them, and other work commits a waiting group first.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DomainEvent } from '../../core/index';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../core/index';
import { API_BASE } from '../../core/api/types';
import { accountQuote, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const ctx = () => w.core.services.ctx;
/** A second connection to the workspace file: it sees only what is committed. */
function committedQuoteIds(ids: string[]): string[] {
  const other = new Database(w.core.workspace.dbPath, { readonly: true });
  try {
    return ids.filter((id) => other.prepare('SELECT 1 FROM quotes WHERE id = ?').get(id) !== undefined);
  } finally {
    other.close();
  }
}

describe('group commit', () => {
  it('quotes created together share commits, and each answer is committed when it arrives (in process and over HTTP)', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    const before = ctx().groupStats();
    // In-process calls made together are handled within one turn of the event loop: one commit for all.
    const inProcess = await Promise.all(Array.from({ length: 8 }, () => w.core.callApi({ method: 'POST', path: '/quotes', body })));
    expect(inProcess.map((a) => a.status)).toEqual(Array(8).fill(201));
    const after = ctx().groupStats();
    expect(after.changes - before.changes).toBe(8);
    expect(after.commits - before.commits).toBe(1);
    // Over HTTP, how many share a commit depends on how the requests arrive; every answer is committed.
    const overHttp = await Promise.all(Array.from({ length: 8 }, () => w.api.post('/quotes', body)));
    expect(overHttp.map((a) => a.status)).toEqual(Array(8).fill(201));
    const ids = [...inProcess.map((a) => (a.body as { id: string }).id), ...overHttp.map((a) => a.body.id as string)];
    expect(committedQuoteIds(ids)).toEqual(ids);
  });

  it('while calls arrive together, a group waits one turn for the next calls; a lone call commits in its own turn', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    const post = () => w.core.callApi({ method: 'POST', path: '/quotes', body });
    /** Turns of the event loop that pass while `call` runs. */
    const turnsDuring = async (call: Promise<unknown>) => {
      let turns = 0;
      let done = false;
      const tick = () => {
        turns++;
        if (!done) setImmediate(tick);
      };
      setImmediate(tick);
      await call;
      done = true;
      return turns;
    };
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
    await Promise.all(Array.from({ length: 4 }, post));
    // The last group held four changes: a call made a turn after another joins its group.
    let before = ctx().groupStats();
    const first = post();
    await nextTurn();
    const second = post();
    expect((await Promise.all([first, second])).map((a) => a.status)).toEqual([201, 201]);
    expect(ctx().groupStats().commits - before.commits).toBe(1);
    expect(ctx().groupStats().changes - before.changes).toBe(2);
    // After a group of one, a lone call is answered without waiting a turn for company.
    await post();
    before = ctx().groupStats();
    const lone = await turnsDuring(post());
    expect(ctx().groupStats().commits - before.commits).toBe(1);
    // And after a group of two, it waits one turn.
    await Promise.all([post(), post()]);
    const waited = await turnsDuring(post());
    expect(waited).toBe(lone + 1);
  });

  it('request-log entries waiting to be written go out with the next group commit instead of a commit of their own', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    ctx().requestLog.flush();
    // The log's own timer is held still, so only the group commit can write the entries.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const answers = await Promise.all(Array.from({ length: 4 }, () => w.core.callApi({ method: 'POST', path: '/quotes', body })));
    expect(answers.map((a) => a.status)).toEqual(Array(4).fill(201));
    const logged = () => {
      const other = new Database(w.core.workspace.dbPath, { readonly: true });
      try {
        return (other.prepare("SELECT count(*) AS n FROM request_log WHERE method = 'POST' AND path LIKE '%/quotes'").get() as { n: number }).n;
      } finally {
        other.close();
      }
    };
    // The entries are recorded once the answers are committed, so they wait for the next write.
    expect(ctx().requestLog.pending).toBe(true);
    expect(logged()).toBe(0);
    const { db, transaction } = ctx();
    db.exec('CREATE TABLE group_probe (n INTEGER NOT NULL)');
    void w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_probe (n) VALUES (1)').run()));
    await ctx().durable();
    expect(ctx().requestLog.pending).toBe(false);
    expect(logged()).toBe(4);
  });

  it('a read of the log while a group is open commits the group first, so its entries survive that group failing', async () => {
    const { db, transaction, requestLog } = ctx();
    const path = '/read-while-open';
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    void w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_child (parent) VALUES (98)').run()));
    const failed = expect(ctx().durable()).rejects.toThrow(/FOREIGN KEY/);
    for (let i = 0; i < 5; i++) requestLog.record({ method: 'GET', path, query: '', status: 200, durationMs: 1, source: 'HTTP', requestHeaders: new Headers() });
    // The console reads the log while the group that will fail is still open.
    expect(requestLog.read.list({ method: 'GET', path, limit: 10 }).totalCount).toBe(5);
    await failed;
    expect(requestLog.read.list({ method: 'GET', path, limit: 10 }).totalCount).toBe(5);
  });

  it('request-log entries that rode in a group whose commit failed go back to the queue and are written later', async () => {
    const { db, transaction, requestLog } = ctx();
    const listed = () => requestLog.read.list({ method: 'GET', path: `${API_BASE}/customers`, limit: 10 }).totalCount;
    const before = listed();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const answers = await Promise.all(Array.from({ length: 3 }, () => w.core.callApi({ method: 'GET', path: '/customers?limit=1' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(requestLog.pending).toBe(true);
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    void w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_child (parent) VALUES (97)').run()));
    await expect(ctx().durable()).rejects.toThrow(/FOREIGN KEY/);
    // The entries were written inside the group that failed: they wait again instead of being lost.
    expect(requestLog.pending).toBe(true);
    requestLog.flush();
    expect(listed()).toBe(before + 3);
  });

  it('many request-log entries recorded while a group is open wait for its commit, and are kept when that commit fails', async () => {
    const { db, transaction, requestLog } = ctx();
    const listed = () => requestLog.read.list({ method: 'GET', path: '/many', limit: 10 }).totalCount;
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    void w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_child (parent) VALUES (96)').run()));
    expect(db.inTransaction).toBe(true);
    // More than the queue's bound (256), recorded in the same turn as the open group.
    for (let i = 0; i < 300; i++) requestLog.record({ method: 'GET', path: '/many', query: '', status: 200, durationMs: 1, source: 'HTTP', requestHeaders: new Headers() });
    await expect(ctx().durable()).rejects.toThrow(/FOREIGN KEY/);
    expect(listed()).toBe(300);
  });

  it('the request log keeps its retention while group commits follow each other without a pause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-prune-'));
    const core = createCore({ dataDir: dir, requestLogRetention: { maxEntries: 100, maxAgeDays: 30 } });
    onTestFinished(() => core.close());
    // The log's own timer never fires here, as under writes that never pause: only the group commits write it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    for (let round = 0; round < 70; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => core.callApi({ method: 'PATCH', path: '/config', body: { webhookEndpoint: null } })));
      expect(answers.every((a) => a.status === 200)).toBe(true);
    }
    await new Promise((r) => setImmediate(r));
    // Counted over a second connection: a read of the log through the core would flush and prune first.
    const other = new Database(core.workspace.dbPath, { readonly: true });
    const kept = (other.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
    other.close();
    // 700 calls were made; retention (100) was applied once 500 had been written since the last prune,
    // so about 100 + 200 are kept (without pruning between groups, all 690 written would be).
    expect(kept).toBeLessThanOrEqual(400);
    expect(kept).toBeGreaterThanOrEqual(100);
  });

  it('a change that fails rolls back alone: the others of its group commit with their events', async () => {
    const { db, events, transaction } = ctx();
    const heard: DomainEvent[] = [];
    const stop = events.subscribe((e) => heard.push(e));
    db.exec('CREATE TABLE group_probe (n INTEGER NOT NULL)');
    const change = (n: number, fail: boolean) => w.core.services.ctx.apiCall(() => transaction(() => {
      db.prepare('INSERT INTO group_probe (n) VALUES (?)').run(n);
      events.append('PROBE.WRITTEN', 'Probe', `probe-${n}`, { n });
      if (fail) throw new Error(`change ${n} refused`);
    }));
    change(1, false);
    expect(() => change(2, true)).toThrow('change 2 refused');
    change(3, false);
    // Nothing is delivered before the commit; a second connection sees nothing yet.
    expect(heard).toEqual([]);
    await ctx().durable();
    expect(heard.map((e) => e.resourceId)).toEqual(['probe-1', 'probe-3']);
    const other = new Database(w.core.workspace.dbPath, { readonly: true });
    expect(other.prepare('SELECT n FROM group_probe ORDER BY n').all()).toEqual([{ n: 1 }, { n: 3 }]);
    other.close();
    stop();
  });

  it('a commit that fails answers every call of the group with an error and keeps none of them; the workspace goes on', async () => {
    const { db, events, transaction } = ctx();
    // A deferred foreign key is checked only at COMMIT: the way to make a commit itself fail here.
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    const heard: DomainEvent[] = [];
    const stop = events.subscribe((e) => heard.push(e));
    const write = (sql: string) => w.core.services.ctx.apiCall(() => transaction(() => {
      db.prepare(sql).run();
      events.append('PROBE.WRITTEN', 'Probe', sql, {});
    }));
    write('INSERT INTO group_parent (id) VALUES (1)');
    write('INSERT INTO group_child (parent) VALUES (99)');
    await expect(ctx().durable()).rejects.toThrow(/FOREIGN KEY/);
    expect(heard).toEqual([]);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM group_parent').get()).toEqual({ n: 0 });

    // The same failure under an API call: a quote created in that group (an in-process call runs within
    // the same turn of the event loop) is answered 500 and not kept.
    const quoteBody = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    write('INSERT INTO group_child (parent) VALUES (98)');
    const refused = await w.core.callApi({ method: 'POST', path: '/quotes', body: quoteBody });
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(db.prepare('SELECT count(*) AS n FROM quotes WHERE total_sending_amount = 1000').get()).toEqual({ n: 0 });
    expect(heard).toEqual([]);
    // The workspace answers the next call normally.
    const next = await w.api.post('/quotes', quoteBody);
    expect(next.status).toBe(201);
    expect(committedQuoteIds([next.body.id])).toEqual([next.body.id]);
    stop();
  });

  it('a call that outlives a group that failed under it is answered 500, and its answer is stored under its key for the retry', async () => {
    const { db, transaction } = ctx();
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    // Three hundred expiry jobs: the clock advance runs them in several slices, one turn of the event loop apart.
    await Promise.all(Array.from({ length: 300 }, () => w.core.callApi({ method: 'POST', path: '/quotes', body })));
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    const failedBefore = ctx().groupStats().failures;
    // A change whose group cannot commit, opened just before the advance: the advance's first slice joins it.
    w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_child (parent) VALUES (97)').run()));
    const advanced = await w.core.callApi({ method: 'POST', path: '/sandbox/clock/advance', body: { seconds: 600 }, headers: { 'Idempotency-Key': 'advance-under-a-failed-group' } });
    expect(ctx().groupStats().failures).toBe(failedBefore + 1);
    expect(advanced.status).toBe(500);
    expect(advanced.body).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringContaining('read the state before retrying') });
    // The first slice's jobs were rolled back with the group and run again in later slices: none is left due.
    expect(w.core.services.ctx.scheduler.dueCount(w.core.services.ctx.clock.nowMs())).toBe(0);
    // The key's first row went with the failed group; the answer was stored under the key all the same, so
    // the retry the 500 invites learns what happened instead of moving the clock another 600 s.
    const clockAfter = w.core.services.ctx.clock.nowMs();
    const retried = await w.core.callApi({ method: 'POST', path: '/sandbox/clock/advance', body: { seconds: 600 }, headers: { 'Idempotency-Key': 'advance-under-a-failed-group' } });
    expect(retried.status).toBe(200);
    expect(w.core.services.ctx.clock.nowMs()).toBe(clockAfter);
  }, 60_000);

  it('a key whose request\'s own commit failed is free again at once: the retry runs the request (no wait, no 409) and takes effect once', async () => {
    const { db } = ctx();
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    // A row that breaks a deferred foreign key, written into the next group just before its COMMIT: that commit fails.
    let poison = false;
    ctx().beforeGroupCommit(() => {
      if (!poison) return;
      poison = false;
      db.prepare('INSERT INTO group_child (parent) VALUES (95)').run();
    });
    await ctx().durable();
    const amount = 4_242_4201;
    const fund = () => w.core.callApi({
      method: 'POST', path: `/sandbox/internal-accounts/${encodeURIComponent(w.seed.aliceUsd)}/fund`, body: { amount }, headers: { 'Idempotency-Key': 'fund-under-a-failed-commit' },
    });
    poison = true;
    const refused = await fund();
    expect(refused.status).toBe(500);
    // With no group open, the key's first row committed on its own; the answer went with the failed group.
    expect(db.prepare("SELECT status FROM idempotency_keys WHERE key = 'fund-under-a-failed-commit'").get()).toEqual({ status: null });
    const started = performance.now();
    const retried = await fund();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // A key stranded "in progress" made the retry wait 30 s, then answered 409.
    expect(performance.now() - started).toBeLessThan(2_000);
    const replayed = await fund();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(retried.body);
    expect(db.prepare("SELECT count(*) AS n FROM ledger_entries WHERE account_id NOT LIKE 'edge:%' AND amount = ?").get(amount)).toEqual({ n: 1 });
  });

  it('a read that ran while a group failed under it reads again and answers 200 (reads keep answering while a full disk refuses writes)', async () => {
    const { db, transaction } = ctx();
    db.exec('CREATE TABLE group_parent (id INTEGER PRIMARY KEY); CREATE TABLE group_child (parent INTEGER REFERENCES group_parent (id) DEFERRABLE INITIALLY DEFERRED)');
    const failedBefore = ctx().groupStats().failures;
    w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_child (parent) VALUES (94)').run()));
    const read = await w.core.callApi({ method: 'GET', path: '/customers?limit=1' });
    expect(ctx().groupStats().failures).toBe(failedBefore + 1);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect((read.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('work outside an API call commits a waiting group first, so events keep their order', async () => {
    const { db, events, transaction } = ctx();
    db.exec('CREATE TABLE group_order (n INTEGER NOT NULL)');
    const heard: string[] = [];
    const stop = events.subscribe((e) => heard.push(e.resourceId));
    w.core.services.ctx.apiCall(() => transaction(() => {
      db.prepare('INSERT INTO group_order (n) VALUES (1)').run();
      events.append('PROBE.WRITTEN', 'Probe', 'from-api', {});
    }));
    expect(db.inTransaction).toBe(true);
    transaction(() => {
      db.prepare('INSERT INTO group_order (n) VALUES (2)').run();
      events.append('PROBE.WRITTEN', 'Probe', 'from-console', {});
    });
    expect(db.inTransaction).toBe(false);
    expect(heard).toEqual(['from-api', 'from-console']);
    // A snapshot needs no transaction open: it commits the group itself.
    w.core.services.ctx.apiCall(() => transaction(() => db.prepare('INSERT INTO group_order (n) VALUES (3)').run()));
    w.core.files.take('after-three');
    expect(db.inTransaction).toBe(false);
    const snap = new Database(`${w.core.workspace.dbPath.replace(/workspace\.sqlite$/, '')}snapshots/after-three.sqlite`, { readonly: true });
    expect(snap.prepare('SELECT n FROM group_order ORDER BY n').all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    snap.close();
    stop();
  });
});
