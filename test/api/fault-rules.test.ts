// Fault rules (issue 29): per-workspace rules that make matching API calls answer an error, wait, or fail
// their Nth call, over real HTTP on a real seeded workspace. A faulted call must store nothing, and the
// request log marks every call a rule acted on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountQuote, createQuote, invoke, openWorld, type World } from '../support/money-path';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

/** A call that may be faulted (the shared client refuses any 5xx as a contract breach). */
async function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${w.api.base}${path}`, {
    method, headers: { authorization: w.api.auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, ms: performance.now() - started };
}

async function addRule(rule: Record<string, unknown>): Promise<{ id: string }> {
  const r = await w.api.post('/sandbox/fault-rules', rule);
  expect(r.status, r.text).toBe(201);
  return r.body;
}
const ruleOf = async (id: string) => (await w.api.get(`/sandbox/fault-rules/${encodeURIComponent(id)}`)).body;
const remove = (id: string) => w.api.delete(`/sandbox/fault-rules/${encodeURIComponent(id)}`);
const quoteCount = async (): Promise<number> => (await invoke(w, 'quotes/list', { limit: 1 })).totalCount;

describe('fault rules', () => {
  it('a rule makes the third POST /quotes answer 500: nothing is stored for it, its key is not kept, and the log marks it', async () => {
    const rule = await addRule({ name: 'Third quote fails', method: 'POST', pathPattern: '/quotes', status: 500, nthCall: 3 });
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00);
    await createQuote(w, body);
    await createQuote(w, body);
    const before = await quoteCount();
    const third = await raw('POST', '/quotes', body, { 'Idempotency-Key': 'third-quote' });
    expect(third.status).toBe(500);
    expect(third.body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', details: { faultRuleId: rule.id, faultRule: 'Third quote fails' } });
    expect(await quoteCount()).toBe(before);
    // The fourth call goes through, and the same key runs the request for real (the faulted try kept nothing).
    expect((await raw('POST', '/quotes', body, { 'Idempotency-Key': 'third-quote' })).status).toBe(201);
    expect(await quoteCount()).toBe(before + 1);
    expect(await ruleOf(rule.id)).toMatchObject({ matchCount: 4, hitCount: 1, enabled: true });
    const marked = await invoke(w, 'requestLog/list', { faulted: true, limit: 10 });
    expect(marked.data).toHaveLength(1);
    expect(marked.data[0]).toMatchObject({ method: 'POST', status: 500, faultRuleId: rule.id });
    expect(marked.data[0]!.faultNote).toBe('answered 500 INTERNAL_ERROR (rule "Third quote fails")');
    const oracle = await w.api.get('/sandbox/requests?method=POST&path=/quotes&status=500');
    expect(oracle.body.data[0]).toMatchObject({ faultRuleId: rule.id, replayed: false });
    await remove(rule.id);
  });

  it('every Nth call fails until the rule is switched off; the hit count says how often it acted', async () => {
    const rule = await addRule({ method: 'GET', pathPattern: '/customers', status: 503, everyNth: 2, errorMessage: 'Down for the rehearsal' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await raw('GET', '/customers?limit=1')).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
    const off = await w.api.patch(`/sandbox/fault-rules/${encodeURIComponent(rule.id)}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, hitCount: 2, matchCount: 4, name: 'GET /customers' });
    for (let i = 0; i < 2; i++) expect((await raw('GET', '/customers?limit=1')).status).toBe(200);
    // Other paths below /customers are not matched by the exact pattern.
    const reset = await w.api.patch(`/sandbox/fault-rules/${encodeURIComponent(rule.id)}`, { resetCounts: true });
    expect(reset.body).toMatchObject({ hitCount: 0, matchCount: 0, lastHitAt: null });
    await remove(rule.id);
  });

  it('a latency rule lets the call proceed, later; a 429 rule carries Retry-After; a header condition narrows the match', async () => {
    const slow = await addRule({ method: 'GET', pathPattern: '/customers/{customerId}', latencyMs: 400 });
    const r = await raw('GET', `/customers/${encodeURIComponent(w.seed.alice.id)}`);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(w.seed.alice.id);
    expect(r.ms).toBeGreaterThanOrEqual(390);
    await remove(slow.id);

    const limited = await addRule({ method: 'ANY', pathPattern: '/customers/**', headerName: 'X-Rehearsal', headerValue: 'busy', status: 429, retryAfterSeconds: 7 });
    expect((await raw('GET', '/customers/internal-accounts?limit=1')).status).toBe(200);
    const busy = await raw('GET', '/customers/internal-accounts?limit=1', undefined, { 'X-Rehearsal': 'busy' });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
    expect(busy.body).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 7 } });
    await remove(limited.id);
  });

  it('a body condition faults only the calls whose body holds the text, with the error code and message the rule gives', async () => {
    const rule = await addRule({ method: 'POST', pathPattern: '/quotes', bodyContains: 'rehearse-failure', status: 422, errorCode: 'QUOTE_REFUSED', errorMessage: 'Refused for the rehearsal' });
    const plain = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 5_00);
    expect((await raw('POST', '/quotes', { ...plain, description: 'rehearse-failure' })).body).toMatchObject({ status: 422, code: 'QUOTE_REFUSED', message: 'Refused for the rehearsal' });
    expect((await createQuote(w, plain)).id).toMatch(/^Quote:/);
    expect(await ruleOf(rule.id)).toMatchObject({ matchCount: 1, hitCount: 1 });
    await remove(rule.id);
  });

  it('bad rules get a 400 error object naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'FETCH', pathPattern: '/quotes', status: 500 }, 'method'],
      [{ pathPattern: '/quotes', status: 200 }, 'status'],
      [{ pathPattern: 'quotes', status: 500 }, 'pathPattern'],
      [{ pathPattern: '/quotes/**/execute', status: 500 }, 'pathPattern'],
      [{ pathPattern: '/quotes/(.*)', status: 500 }, 'pathPattern'],
      [{ pathPattern: '/quotes' }, 'status'],
      [{ pathPattern: '/quotes', status: 500, nthCall: 0 }, 'nthCall'],
      [{ pathPattern: '/sandbox/fault-rules', status: 500 }, 'pathPattern'],
    ];
    for (const [rule, field] of cases) {
      const r = await w.api.post('/sandbox/fault-rules', rule);
      expect(r.status, JSON.stringify(rule)).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
      expect(r.body.details.errors.map((e: { field: string }) => e.field), JSON.stringify(rule)).toContain(field);
    }
    const rule = await addRule({ pathPattern: '/quotes', latencyMs: 10, enabled: false });
    const patched = await w.api.patch(`/sandbox/fault-rules/${encodeURIComponent(rule.id)}`, { latencyMs: 0 });
    expect(patched.status).toBe(400);
    expect(patched.body.details.errors[0].field).toBe('status');
    expect((await w.api.get('/sandbox/fault-rules/FaultRule:nope')).status).toBe(404);
    const list = await w.api.get('/sandbox/fault-rules?limit=10');
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    await remove(rule.id);
  });
});
