import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { useRequestLogStore, type ApiCallSummary } from '../../renderer/stores/request-log';
import { fakeBridge } from './fake-bridge';

function call(seq: number, over: Partial<ApiCallSummary> = {}): ApiCallSummary {
  return {
    id: `ApiCall:${String(seq).padStart(4, '0')}`, seq, method: seq % 3 === 0 ? 'POST' : 'GET', path: '/2025-10-13/customers', query: '',
    status: seq % 10 === 0 ? 404 : 200, errorCode: null, durationMs: 3, source: 'HTTP', principal: 'Token:1', idempotencyKey: null,
    resourceIds: [], createdAt: new Date(Date.UTC(2025, 9, 13, 10, 0, seq)).toISOString(), wallAt: null, faultRuleId: null, faultNote: null, replayed: false, ...over,
  };
}

/** A request log of `n` calls served newest first in keyset pages, like the core's handler. */
function logOf(rows: ApiCallSummary[]) {
  return (q: HandlerInput<'requestLog/list'>): HandlerOutput<'requestLog/list'> => {
    const filtered = rows.filter((r) => (!q.method || r.method === q.method) && (!q.statusClass || `${Math.floor(r.status / 100)}xx` === q.statusClass)).sort((a, b) => b.seq - a.seq);
    const after = q.cursor ? Number(q.cursor) : Infinity;
    const rest = filtered.filter((r) => r.seq < after);
    const limit = q.limit ?? 50;
    const data = rest.slice(0, limit);
    const hasMore = rest.length > limit;
    return { data, hasMore, totalCount: filtered.length, ...(hasMore ? { nextCursor: String(data.at(-1)!.seq) } : {}) };
  };
}

let rows: ApiCallSummary[];
let fake: ReturnType<typeof fakeBridge>;
beforeEach(() => {
  setActivePinia(createPinia());
  rows = Array.from({ length: 120 }, (_, i) => call(i + 1));
  fake = fakeBridge({ 'requestLog/list': (q) => logOf(rows)(q) });
  setBridge(fake.bridge);
});

describe('the request-log store', () => {
  it('pages by cursor: the next page starts after the last row of the previous one', async () => {
    const store = useRequestLogStore();
    await store.load({});
    expect(store.items.map((c) => c.seq).slice(0, 3)).toEqual([120, 119, 118]);
    expect(store.items).toHaveLength(50);
    expect(store.total).toBe(120);
    expect(store.hasMore).toBe(true);

    await store.loadMore();
    expect(store.items).toHaveLength(100);
    expect(fake.calls.at(-1)?.input).toMatchObject({ cursor: '71', limit: 50 });
    await store.loadMore();
    expect(store.items).toHaveLength(120);
    expect(store.items.at(-1)?.seq).toBe(1);
    expect(store.hasMore).toBe(false);
    expect(new Set(store.items.map((c) => c.id)).size).toBe(120);

    const before = fake.calls.length;
    await store.loadMore();
    expect(fake.calls.length).toBe(before);
  });

  it('sends the filters with every page and starts again from the top when they change', async () => {
    const store = useRequestLogStore();
    await store.load({ method: 'POST' });
    expect(fake.calls.at(-1)?.input).toEqual({ method: 'POST', limit: 50, cursor: undefined });
    expect(store.total).toBe(40);
    expect(store.items.every((c) => c.method === 'POST')).toBe(true);
    await store.load({ statusClass: '4xx' });
    expect(store.items.map((c) => c.status)).toEqual(Array(12).fill(404));
    expect(store.hasMore).toBe(false);
  });

  it('prepends calls made since, once each, and marks them fresh for highlighting', async () => {
    const store = useRequestLogStore();
    await store.load({});
    rows.push(call(121, { method: 'POST', path: '/2025-10-13/sandbox/internal-accounts/InternalAccount:1/fund' }), call(122));
    expect(await store.refresh()).toBe(2);
    expect(store.items.slice(0, 3).map((c) => c.seq)).toEqual([122, 121, 120]);
    expect(store.total).toBe(122);
    expect(store.fresh.has('ApiCall:0121')).toBe(true);
    expect(await store.refresh()).toBe(0);
    expect(store.items.filter((c) => c.seq === 121)).toHaveLength(1);
  });

  it('keeps the error as data with its code when the log cannot be read', async () => {
    setBridge(fakeBridge({}).bridge);
    const store = useRequestLogStore();
    await store.load({});
    expect(store.error?.code).toBe('UNKNOWN_HANDLER');
    expect(store.loaded).toBe(false);
  });
});
