// The request log's list at size: 10,000 calls recorded by the kernel's log writer (redaction, resource
// links and all), read back through the `requestLog/list` console handler as the screen reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type Core } from '../../core/index';
import type { ApiCallSummary } from '../../core/console/request-log';
import { newCore, removeTempDirs } from '../support/builders';

const CALLS = 10_000;
let core: Core;

beforeAll(() => {
  core = newCore();
  const log = core.services.ctx.requestLog;
  // A large body on every call, as list responses have: the list must not pay for reading it.
  const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `Customer:${i}`, note: 'x'.repeat(40) })) });
  core.services.ctx.transaction(() => {
    for (let i = 0; i < CALLS; i++) {
      const post = i % 4 === 0;
      log.record({
        method: post ? 'POST' : 'GET', path: `${API_BASE}/customers/n-${i}`, query: '', status: i % 10 === 9 ? 404 : post ? 201 : 200,
        errorCode: i % 10 === 9 ? 'NOT_FOUND' : undefined, durationMs: 1, source: i % 3 === 0 ? 'CONSOLE' : 'HTTP',
        principal: i % 3 === 0 ? 'console' : 'Token:bench', requestHeaders: new Headers({ 'content-type': 'application/json' }),
        requestBody: post ? '{"fullName":"A"}' : undefined, responseBody: big,
      });
    }
  });
}, 60_000);
afterAll(() => {
  core.close();
  removeTempDirs();
});

async function list(input: Record<string, unknown>): Promise<{ data: ApiCallSummary[]; hasMore: boolean; nextCursor?: string; totalCount: number }> {
  const r = await core.invoke('requestLog/list', input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as never;
}
const index = (c: ApiCallSummary) => Number(c.path.split('n-')[1]);

describe('requestLog/list over 10,000 calls', () => {
  it('returns the newest 50 first, with the total of every call kept and a cursor to the next 50', async () => {
    const first = await list({ limit: 50 });
    expect(first.totalCount).toBe(CALLS);
    expect(first.hasMore).toBe(true);
    expect(first.data.map(index)).toEqual(Array.from({ length: 50 }, (_, i) => CALLS - 1 - i));
    const second = await list({ limit: 50, cursor: first.nextCursor });
    expect(second.data.map(index)).toEqual(Array.from({ length: 50 }, (_, i) => CALLS - 51 - i));
    expect(second.totalCount).toBe(CALLS);
  });

  it('lists summaries only: no headers or bodies travel with a page', async () => {
    const first = await list({ limit: 5 });
    for (const c of first.data) expect(Object.keys(c).sort()).toEqual(['createdAt', 'durationMs', 'errorCode', 'id', 'idempotencyKey', 'method', 'path', 'principal', 'query', 'resourceIds', 'seq', 'source', 'status', 'wallAt', 'faultRuleId', 'faultNote', 'replayed'].sort());
  });

  it('counts and pages every filter over the whole log, newest first', async () => {
    const posts = await list({ method: 'POST', source: 'HTTP', limit: 50 });
    // POST: i % 4 === 0; HTTP: i % 3 !== 0.
    const expected = Array.from({ length: CALLS }, (_, i) => i).filter((i) => i % 4 === 0 && i % 3 !== 0).reverse();
    expect(posts.totalCount).toBe(expected.length);
    expect(posts.data.map(index)).toEqual(expected.slice(0, 50));
    const missing = await list({ statusClass: '4xx', limit: 10 });
    expect(missing.totalCount).toBe(CALLS / 10);
    expect(missing.data.map(index)).toEqual([9999, 9989, 9979, 9969, 9959, 9949, 9939, 9929, 9919, 9909]);
    expect((await list({ pathContains: 'n-999', limit: 50 })).totalCount).toBe(11); // n-999 and n-9990..n-9999
    expect((await list({ errorCode: 'NOT_FOUND', source: 'CONSOLE', limit: 1 })).totalCount).toBe(Array.from({ length: CALLS }, (_, i) => i).filter((i) => i % 10 === 9 && i % 3 === 0).length);
  });

  it('answers filtered counts from the narrow list index, never by reading each call with its bodies', () => {
    const plan = (where: string) => (core.services.ctx.db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM request_log l WHERE ${where}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    for (const where of ["l.method = 'POST' AND l.source = 'HTTP'", "l.path LIKE '%quotes%'", "l.error_code = 'NOT_FOUND'"]) {
      expect(plan(where)).toMatch(/USING COVERING INDEX/);
    }
  });
});
