// The request log that connects (issue 29): the console's own polling hidden on request, idempotent replays
// marked, a wall-clock time range, the HAR 1.2 export (checked against the format's schema), and the events a
// call caused with their webhook deliveries; on a real seeded workspace over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountQuote, createQuote, invoke, openWorld, type World } from '../support/money-path';
import { harProblems } from '../support/har-schema';
import { startReceiver, until } from '../support/webhook-receiver';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

const list = (input: Record<string, unknown>) => invoke(w, 'requestLog/list', { limit: 200, ...input });

describe('the request log', () => {
  it("hides the console's own polling on request, but keeps its actions, scenario calls and integrators' calls", async () => {
    const poll = await w.core.callApi({ method: 'GET', path: '/customers', query: { limit: '1' } });
    const scenarioRead = await w.core.callApi({ method: 'GET', path: '/customers', query: { limit: '2' } }, { caller: 'scenario:card-refund' });
    const click = await w.core.callApi({ method: 'POST', path: '/quotes', body: accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 3_00) });
    await w.api.get('/customers?limit=3');
    const idOf = (r: { headers: Record<string, string> }) => r.headers['x-console-log-id']!;
    const all = (await list({})).data.map((c: { id: string }) => c.id);
    const shown = (await list({ hidePolling: true })).data.map((c: { id: string }) => c.id);
    expect(all).toContain(idOf(poll));
    expect(shown).not.toContain(idOf(poll));
    expect(shown).toEqual(expect.arrayContaining([idOf(scenarioRead), idOf(click)]));
    expect((await list({ hidePolling: true, source: 'HTTP', pathContains: 'customers' })).data.some((c: { query: string }) => c.query === 'limit=3')).toBe(true);
  });

  it('marks an idempotent replay as a replay, and lists the events a call caused with their webhook deliveries', async () => {
    const body = accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 12_00);
    const first = await w.api.post('/quotes', body, { headers: { 'Idempotency-Key': 'replay-me' } });
    const again = await w.api.post('/quotes', body, { headers: { 'Idempotency-Key': 'replay-me' } });
    expect(again.body.id).toBe(first.body.id);
    const calls = ((await list({ method: 'POST', pathContains: 'quotes' })).data as { id: string; replayed: boolean; idempotencyKey: string | null }[]).filter((c) => c.idempotencyKey === 'replay-me');
    expect(calls.map((c) => c.replayed)).toEqual([true, false]);
    const caused = await invoke(w, 'requestLog/caused', { id: calls[1]!.id });
    expect(caused.length).toBeGreaterThan(0);
    expect(caused.every((e: { resourceId: string }) => typeof e.resourceId === 'string')).toBe(true);
    expect(await invoke(w, 'requestLog/caused', { id: calls[0]!.id })).toEqual([]);
    // With an endpoint set, a call's event lists its webhook delivery.
    const rx = await startReceiver();
    try {
      expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
      const fund = await w.api.post(`/sandbox/internal-accounts/${encodeURIComponent(w.seed.aliceUsd)}/fund`, { amount: 1_00 });
      expect(fund.status).toBe(200);
      const fundCall = ((await list({ method: 'POST', pathContains: '/fund', source: 'HTTP' })).data as { id: string }[])[0]!;
      const withDelivery = await until(async () => {
        const events = await invoke(w, 'requestLog/caused', { id: fundCall.id });
        return events.find((e: { deliveries: unknown[] }) => e.deliveries.length > 0);
      }, 'a delivery of the fund call\'s event');
      expect(withDelivery.deliveries[0]).toMatchObject({ url: rx.url });
      await until(() => rx.received.length > 0, 'the webhook arrived');
      expect((await w.api.patch('/config', { webhookEndpoint: null })).status).toBe(200);
    } finally {
      await rx.close();
    }
    // The event links back to its call.
    const events = await invoke(w, 'events/list', { resourceId: caused[0]!.resourceId, limit: 50 });
    expect(events.data.find((e) => e.id === caused[0]!.id)!.apiCallId).toBe(calls[1]!.id);
  });

  it('filters by a wall-clock time range, whatever the workspace clock says', async () => {
    const before = new Date(Date.now() - 1).toISOString();
    await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 4_00));
    const after = new Date(Date.now() + 1).toISOString();
    const inRange = (await list({ wallSince: before, wallUntil: after, source: 'HTTP' })).data;
    expect(inRange.map((c: { method: string; path: string }) => `${c.method} ${c.path}`)).toEqual(['POST /2025-10-13/quotes']);
    expect((await list({ wallUntil: before, pathContains: 'quotes', method: 'POST', source: 'HTTP' })).data.length).toBeGreaterThan(0);
    expect((await list({ wallSince: after })).data).toEqual([]);
  });

  it('exports as HAR 1.2, redacted as the log is, over the API and from the console', async () => {
    const rule = (await w.api.post('/sandbox/fault-rules', { method: 'GET', pathPattern: '/platform', status: 503 })).body;
    const faulted = await fetch(`${w.api.base}/platform`, { headers: { authorization: w.api.auth } });
    expect(faulted.status).toBe(503);
    const res = await w.api.get('/sandbox/requests/har?limit=500');
    expect(res.status).toBe(200);
    expect(harProblems(res.body)).toBe('');
    const entries = res.body.log.entries as { startedDateTime: string; request: { url: string; headers: { name: string; value: string }[] }; comment?: string; _faultRuleId: string | null }[];
    expect(entries.length).toBeGreaterThan(5);
    expect(Date.parse(entries[0]!.startedDateTime)).toBeLessThanOrEqual(Date.parse(entries.at(-1)!.startedDateTime));
    expect(entries.every((e) => e.request.url.startsWith(w.server.origin))).toBe(true);
    const auth = entries.flatMap((e) => e.request.headers).filter((h) => h.name === 'authorization');
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.every((h) => !h.value.includes(w.api.auth.slice(6)))).toBe(true);
    const marked = entries.find((e) => e._faultRuleId === rule.id)!;
    expect(marked.comment).toContain('answered 503');
    const fromConsole = await invoke(w, 'requestLog/har', { hidePolling: true, limit: 100 });
    expect(harProblems(fromConsole)).toBe('');
    expect(fromConsole.log.entries.length).toBeGreaterThan(0);
    expect((await w.api.get('/sandbox/requests/har?wallSince=not-a-time')).status).toBe(400);
  });
});
