import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { createCustomer, createToken, newCore, removeTempDirs, startServer, type TestServer } from '../support/builders';
import { expectInvalidField } from '../support/assertions';
import { type ApiClient } from '../support/api-client';

let core: Core;
let srv: TestServer;
beforeEach(async () => {
  core = newCore();
  srv = await startServer(core);
  await createToken(srv.api, ['VIEW']); // two tokens, so the token list has more than one page at limit=1
});
afterEach(async () => {
  await srv.close();
  core.close();
});
afterAll(removeTempDirs);

interface Row { id: string; createdAt: string }
interface Envelope { data: Row[]; hasMore: boolean; nextCursor?: string; totalCount: number }

/** Every paginated list with its seeded row count. */
const LISTS: [path: string, total: number][] = [
  ['/customers', 3],
  ['/customers/internal-accounts', 4],
  ['/platform/internal-accounts', 4],
  ['/customers/external-accounts', 7],
  ['/platform/external-accounts', 1],
  ['/tokens', 2],
];

function withQuery(path: string, query: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

async function walk(api: ApiClient, path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const r = await api.get(withQuery(path, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(r.status, r.text).toBe(200);
    const page = r.body as Envelope;
    pages++;
    ids.push(...page.data.map((x) => x.id));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, pages };
}

describe('the pagination envelope', () => {
  it.each(LISTS)('of %s holds data, hasMore, totalCount, and nextCursor only when hasMore', async (path, total) => {
    const first = await srv.api.get(withQuery(path, 'limit=1'));
    expect(first.status).toBe(200);
    const page = first.body as Envelope;
    expect(page.totalCount).toBe(total);
    expect(page.data).toHaveLength(1);
    expect(page.hasMore).toBe(total > 1);
    expect(Object.keys(page).sort()).toEqual(total > 1 ? ['data', 'hasMore', 'nextCursor', 'totalCount'] : ['data', 'hasMore', 'totalCount']);

    const all = (await srv.api.get(withQuery(path, 'limit=100'))).body as Envelope;
    expect(Object.keys(all).sort()).toEqual(['data', 'hasMore', 'totalCount']);
    expect(all).toMatchObject({ hasMore: false, totalCount: total });
    expect(all.data).toHaveLength(total);
  });

  it.each(LISTS)('of %s: walking every page with limit=1 visits each row exactly once, in order', async (path, total) => {
    const all = ((await srv.api.get(withQuery(path, 'limit=100'))).body as Envelope).data.map((x) => x.id);
    const { ids, pages } = await walk(srv.api, path, 1);
    expect(ids).toEqual(all);
    expect(new Set(ids).size).toBe(total);
    expect(pages).toBe(total);
  });

  it.each(LISTS)('of %s refuses limit 0 and limit 101 with 400 naming limit', async (path) => {
    expectInvalidField(await srv.api.get(withQuery(path, 'limit=0')), 'limit');
    expectInvalidField(await srv.api.get(withQuery(path, 'limit=101')), 'limit');
  });

  it.each(LISTS)('of %s refuses a garbage cursor with 400 naming cursor', async (path) => {
    for (const cursor of ['garbage', Buffer.from('{"k":{},"id":1}').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      expectInvalidField(await srv.api.get(withQuery(path, `cursor=${cursor}`)), 'cursor');
    }
  });
});

describe('customer pages', () => {
  it('list newest first, ties on the same instant broken by id', async () => {
    await srv.api.post('/sandbox/clock/advance', { seconds: 10 });
    const newer = [await createCustomer(srv.api), await createCustomer(srv.api)];
    const data = ((await srv.api.get('/customers?limit=100')).body as Envelope).data;
    expect(data.slice(0, 2).map((c) => c.id)).toEqual([newer[1]!.id, newer[0]!.id]);
    const keys = data.map((c) => `${c.createdAt}|${c.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('a cursor from the first page returns the next page without overlap, even after a new row is created', async () => {
    for (let i = 0; i < 4; i++) await createCustomer(srv.api);
    const all = ((await srv.api.get('/customers?limit=100')).body as Envelope).data.map((c) => c.id);
    const first = (await srv.api.get('/customers?limit=3')).body as Envelope;
    await createCustomer(srv.api); // newer than everything already listed
    const second = (await srv.api.get(`/customers?limit=3&cursor=${first.nextCursor!}`)).body as Envelope;
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual(all.slice(0, 6));
    expect(second.totalCount).toBe(all.length + 1);
  });

  it('keep their filter across pages', async () => {
    for (let i = 0; i < 3; i++) await createCustomer(srv.api, { customerType: 'BUSINESS' });
    const { ids } = await walk(srv.api, '/customers?customerType=BUSINESS', 2);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect((await srv.api.get(`/customers/${id}`)).body.customerType).toBe('BUSINESS');
  });
});
