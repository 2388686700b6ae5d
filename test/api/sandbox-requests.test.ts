// The request log as a test oracle (GET /sandbox/requests) and the clock's upcoming jobs (GET /sandbox/clock/jobs).
import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { accountInfo, createCustomer, createUsdAccount, expectStatus, fund, internalAccountOf, type TestServer, useSeededServer } from '../support/builders';
import { FROZEN_AT, FROZEN_MS } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

type Logged = { method: string; path: string; status: number; idempotencyKey: string | null; requestBody: string | null; createdAt: string };
const calls = (body: { data: Logged[] }) => body.data.map((c) => `${c.method} ${c.path} ${c.status}`);

describe('GET /sandbox/requests', () => {
  it('lists what the client sent, newest first, with its body, filtered by method, path, status and idempotency key', async () => {
    const customer = await createCustomer(srv.api, { fullName: 'Oracle Test' });
    const account = await internalAccountOf(srv.api, customer.id, 'USD');
    expectStatus(await fund(srv.api, account.id, 1234, { headers: { 'idempotency-key': 'fund-once-1' } }), 200, 'fund');
    expectStatus(await fund(srv.api, account.id, 1234, { headers: { 'idempotency-key': 'fund-once-1' } }), 200, 'replay');
    expect((await srv.api.get('/customers/Customer:nope')).status).toBe(404);

    const all = await srv.api.get('/sandbox/requests?limit=100');
    expectStatus(all, 200, 'list');
    expect(all.body.totalCount).toBe(all.body.data.length);
    expect(calls(all.body)[0]).toBe('GET /2025-10-13/customers/Customer:nope 404');

    const posts = await srv.api.get('/sandbox/requests?method=POST');
    expect(posts.body.data.every((c: Logged) => c.method === 'POST')).toBe(true);
    const created = posts.body.data.find((c: Logged) => c.path === '/2025-10-13/customers');
    expect(JSON.parse(created.requestBody)).toMatchObject({ fullName: 'Oracle Test' });

    const byKey = await srv.api.get('/sandbox/requests?idempotencyKey=fund-once-1');
    expect(byKey.body.totalCount).toBe(2);
    expect(byKey.body.data.every((c: Logged) => c.idempotencyKey === 'fund-once-1' && c.path.endsWith('/fund'))).toBe(true);
    expect(JSON.parse(byKey.body.data[0].requestBody)).toEqual({ amount: 1234 });

    const byStatus = await srv.api.get('/sandbox/requests?status=404');
    expect(calls(byStatus.body)).toEqual(['GET /2025-10-13/customers/Customer:nope 404']);

    // the path without the versioned base, exactly or as a prefix
    const exact = await srv.api.get(`/sandbox/requests?path=${encodeURIComponent('/customers')}`);
    expect(calls(exact.body)).toEqual(['POST /2025-10-13/customers 201']);
    const prefix = await srv.api.get(`/sandbox/requests?path=${encodeURIComponent('/sandbox/internal-accounts/*')}`);
    expect(prefix.body.totalCount).toBe(2);
    const withBase = await srv.api.get(`/sandbox/requests?path=${encodeURIComponent('/2025-10-13/customers')}&method=POST`);
    expect(withBase.body.totalCount).toBe(1);
  });

  it('pages with cursors and filters by since on the workspace clock', async () => {
    for (let i = 0; i < 5; i++) await srv.api.get(`/customers?limit=1&platformCustomerId=p${i}`);
    expectStatus(await srv.api.post('/sandbox/clock/advance', { seconds: 60 }), 200, 'advance');
    await srv.api.get('/tokens');
    const since = new Date(FROZEN_MS + 60_000).toISOString();
    const later = await srv.api.get(`/sandbox/requests?since=${encodeURIComponent(since)}`);
    // the advance itself is logged when it answers, at the instant it moved the clock to
    expect(calls(later.body)).toEqual(['GET /2025-10-13/tokens 200', 'POST /2025-10-13/sandbox/clock/advance 200']);
    expect(later.body.data.map((c: Logged) => c.createdAt)).toEqual([since, since]);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await srv.api.get(`/sandbox/requests?method=GET&path=${encodeURIComponent('/customers')}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.totalCount).toBe(5);
      seen.push(...page.body.data.map((c: { id: string }) => c.id));
      cursor = page.body.hasMore ? page.body.nextCursor : undefined;
      if (!page.body.hasMore) expect(page.body.nextCursor).toBeUndefined();
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    void FROZEN_AT;
  });

  it('names the bad filter in a 400', async () => {
    const bad = await srv.api.get('/sandbox/requests?status=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('status');
    const since = await srv.api.get('/sandbox/requests?since=yesterday');
    expect(since.status).toBe(400);
    expect(JSON.stringify(since.body.details)).toContain('since');
    expect((await srv.api.get('/sandbox/requests?cursor=zzz')).status).toBe(400);
  });
});

describe('GET /sandbox/clock/jobs', () => {
  it('lists the jobs due next with their due times and plain words, soonest first', async () => {
    const customer = await createCustomer(srv.api);
    const account = await internalAccountOf(srv.api, customer.id, 'USD');
    expectStatus(await fund(srv.api, account.id, 10_000), 200, 'fund');
    const delayed = await createUsdAccount(srv.api, customer.id, { currency: 'EUR', accountInfo: accountInfo.eur({ iban: 'DE89370400440532013003' }) });
    const quote = await srv.api.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'ACCOUNT', accountId: delayed.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 500 });
    expectStatus(quote, 201, 'quote');
    const unexecuted = await srv.api.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'ACCOUNT', accountId: delayed.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 700 });
    expectStatus(await srv.api.post(`/quotes/${encodeURIComponent(quote.body.id)}/execute`), 200, 'execute');

    const jobs = await srv.api.get('/sandbox/clock/jobs');
    expectStatus(jobs, 200, 'jobs');
    const rows = jobs.body.data as { kind: string; category: string; description: string; dueAt: string; inSeconds: number; resourceId: string }[];
    expect(rows.map((j) => [j.category, j.description, j.inSeconds])).toEqual([
      ['EXPIRY', 'Quote expires unless it is executed first', 300],
      ['SETTLEMENT', 'Payment settles and completes', 360],
    ]);
    expect(rows[0]!.resourceId).toBe(unexecuted.body.id);
    expect(rows[1]!.dueAt).toBe(new Date(FROZEN_MS + 360_000).toISOString());
    expect(jobs.body.totalCount).toBe((await srv.api.get('/sandbox/clock')).body.pendingJobs);

    const page = await srv.api.get('/sandbox/clock/jobs?limit=1');
    expect(page.body).toMatchObject({ hasMore: true, totalCount: 2 });
    const next = await srv.api.get(`/sandbox/clock/jobs?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.data[0].description).toBe('Payment settles and completes');

    expectStatus(await srv.api.post('/sandbox/clock/advance', { seconds: 400 }), 200, 'advance');
    expect((await srv.api.get('/sandbox/clock/jobs')).body).toEqual({ data: [], hasMore: false, totalCount: 0 });
    // the console reads the same list
    const viaConsole = await core.invoke('clock/jobs', {});
    expect(viaConsole).toMatchObject({ ok: true, value: { data: [], totalCount: 0 } });
  });
});
