import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult, Core, DomainEvent } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { ApiCallSummary } from '../../core/console/request-log';
import type { SearchHit } from '../../core/console/search';
import type { Page } from '../../core/kernel/pagination';
import { newCore, removeTempDirs } from '../support/builders';

let core: Core;
let alice: Customer;
beforeEach(() => {
  core = newCore();
  alice = core.services.customers.list({ platformCustomerId: 'cust-alice-001', limit: 1 }).data[0]!;
});
afterEach(() => core.close());
afterAll(removeTempDirs);

function value<T>(r: BridgeResult<unknown>): T {
  if (!r.ok) throw new Error(`handler failed: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

async function search(q: string): Promise<SearchHit[]> {
  return value<SearchHit[]>(await core.invoke('search/query', { q }));
}

describe("console handler 'search/query'", () => {
  it('finds a customer by id, platformCustomerId, email (any case) and a name fragment', async () => {
    for (const q of [alice.id, 'cust-alice-001', 'ALICE.JOHNSON@example.com', 'Johns']) {
      const hits = await search(q);
      expect(hits[0], q).toMatchObject({ kind: 'CUSTOMER', id: alice.id, customerId: alice.id, title: 'Alice Johnson' });
    }
  });

  it('finds only the matching customer for a name fragment', async () => {
    const hits = (await search('Hern')).filter((h) => h.kind === 'CUSTOMER');
    expect(hits.map((h) => h.title)).toEqual(['Lucía Hernández']);
  });

  it('finds an external account by its account number', async () => {
    const hits = await search('100000001002');
    const ext = hits.filter((h) => h.kind === 'EXTERNAL_ACCOUNT');
    expect(ext).toHaveLength(1);
    expect(ext[0]).toMatchObject({ title: 'USD_ACCOUNT 100000001002', customerId: alice.id });
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('finds the API calls that touched a resource', async () => {
    await core.callApi({ method: 'GET', path: `/customers/${alice.id}` });
    const calls = (await search(alice.id)).filter((h) => h.kind === 'API_CALL');
    expect(calls).toEqual([expect.objectContaining({ title: `GET /2025-10-13/customers/${alice.id}`, subtitle: 'HTTP 200' })]);
  });
});

describe("console handler 'requestLog/list'", () => {
  beforeEach(async () => {
    await core.callApi({ method: 'GET', path: '/config' });
    await core.callApi({ method: 'GET', path: `/customers/${alice.id}` });
    await core.callApi({ method: 'GET', path: '/customers/Customer:0190aaaa-0000-7000-8000-000000000000' });
    await core.callApi({ method: 'POST', path: '/customers', body: { customerType: 'ALIEN' } });
    await core.callApi({ method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', platformCustomerId: 'log-1' } });
    await core.callApi({ method: 'PATCH', path: `/customers/${alice.id}`, body: { region: 'CA' } });
  });

  async function list(input: Record<string, unknown>): Promise<Page<ApiCallSummary>> {
    return value<Page<ApiCallSummary>>(await core.invoke('requestLog/list', input));
  }

  it('lists every call newest first with its source and status', async () => {
    const page = await list({});
    expect(page.totalCount).toBe(6);
    expect(page.data.map((c) => `${c.method} ${c.status}`)).toEqual(['PATCH 200', 'POST 201', 'POST 400', 'GET 404', 'GET 200', 'GET 200']);
    for (const c of page.data) expect(c).toMatchObject({ source: 'CONSOLE', principal: 'console' });
  });

  it('filters by status class', async () => {
    const page = await list({ statusClass: '4xx' });
    expect(page.data.map((c) => [c.status, c.errorCode])).toEqual([[400, 'INVALID_INPUT'], [404, 'USER_NOT_FOUND']]);
    expect(page.totalCount).toBe(2);
  });

  it('filters by method', async () => {
    const page = await list({ method: 'POST' });
    expect(page.data.map((c) => c.status)).toEqual([201, 400]);
  });

  it('filters by the resource a call touched', async () => {
    const page = await list({ resourceId: alice.id });
    expect(page.data.map((c) => c.method)).toEqual(['PATCH', 'GET']);
    for (const c of page.data) expect(c.resourceIds).toContain(alice.id);
  });

  it('filters by a path fragment', async () => {
    expect((await list({ pathContains: '/config' })).data.map((c) => c.path)).toEqual(['/2025-10-13/config']);
    expect((await list({ pathContains: '%' })).totalCount).toBe(0);
  });

  it('pages by cursor: a cursor from the first page returns the next page without overlap', async () => {
    const all = (await list({ limit: 50 })).data.map((c) => c.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ limit: 4, ...(cursor ? { cursor } : {}) });
      expect(page.totalCount).toBe(6);
      seen.push(...page.data.map((c) => c.id));
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== undefined);
    } while (cursor);
    expect(seen).toEqual(all);
  });
});

describe("console handler 'events/list'", () => {
  it('filters by type', async () => {
    const page = value<Page<DomainEvent>>(await core.invoke('events/list', { type: 'CUSTOMER.CREATED' }));
    expect(page.totalCount).toBe(3);
    expect(page.data.map((e) => (e.payload as { platformCustomerId: string }).platformCustomerId)).toEqual(['cust-sophie-003', 'cust-lucia-002', 'cust-alice-001']);
  });

  it('filters by resource id, oldest first when asked', async () => {
    core.services.customers.update(alice.id, { region: 'CA' });
    const page = value<Page<DomainEvent>>(await core.invoke('events/list', { resourceId: alice.id, order: 'asc' }));
    expect(page.data.map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'CUSTOMER.UPDATED']);
    for (const e of page.data) expect(e.resourceId).toBe(alice.id);
  });

  it('pages by cursor without overlap', async () => {
    const all = value<Page<DomainEvent>>(await core.invoke('events/list', { limit: 200 }));
    const first = value<Page<DomainEvent>>(await core.invoke('events/list', { limit: 5 }));
    const second = value<Page<DomainEvent>>(await core.invoke('events/list', { limit: 5, cursor: first.nextCursor }));
    expect([...first.data, ...second.data].map((e) => e.seq)).toEqual(all.data.slice(0, 10).map((e) => e.seq));
  });
});
