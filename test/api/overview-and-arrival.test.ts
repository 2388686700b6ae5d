// The Overview counts every kind of transaction the Transactions screen lists (card payments too), and
// the transaction drawer's detail says when a payment in flight is expected to arrive, on the workspace clock.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newCore, removeTempDirs } from '../support/builders';
import { startReceiver, until } from '../support/webhook-receiver';
import { accountQuote, advance, createQuote, execute, externalAccount, invoke, openWorld, type World } from '../support/money-path';

afterAll(removeTempDirs);

describe('overview/activity', () => {
  it('a workspace with only card payments shows them in the counts, the days and the settled volume', async () => {
    const core = newCore({ seed: { cardActivity: true } });
    try {
      const r = await core.invoke('overview/activity', { days: 14 });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const a = r.value as { byStatus: { kind: string; status: string; count: number }[]; byDay: { completed: number; failed: number; other: number }[]; volumeByCurrency: { currency: { code: string }; amount: number; count: number }[]; total: number; inProgress: number };
      // The seed's three card payments: coffee settled, hotel partly settled, shoes refunded.
      expect(a.byStatus).toEqual(expect.arrayContaining([
        { kind: 'CARD', status: 'SETTLED', count: 1 }, { kind: 'CARD', status: 'PARTIALLY_SETTLED', count: 1 }, { kind: 'CARD', status: 'REFUNDED', count: 1 },
      ]));
      expect(a.byStatus.every((s) => s.kind === 'CARD')).toBe(true);
      expect(a.total).toBe(3);
      expect(a.inProgress).toBe(1);
      const today = a.byDay.at(-1)!;
      expect(today).toEqual({ day: expect.any(String), completed: 1, failed: 1, other: 1 });
      expect(a.volumeByCurrency).toEqual([{ currency: { code: 'USD', decimals: 2 }, amount: 1_250, count: 1 }]);
    } finally {
      core.close();
    }
  });
});

describe('transactions/detail: when a payment in flight is expected', () => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld();
  });
  afterEach(async () => {
    await w.close();
  });

  it('a delayed payout (…003) is expected 6 minutes after execution on the workspace clock, and no longer once it has arrived', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12003'], 'SENDING', 100_00));
    expect((await execute(w, q.id)).status).toBe(200);
    const inFlight = await invoke(w, 'transactions/detail', { id: q.transactionId });
    expect(inFlight.transaction.status).toBe('PROCESSING');
    expect(inFlight.expectedArrivalAt).toBe('2026-01-01T00:06:00.000Z');
    expect(inFlight.scheduled).toEqual([expect.objectContaining({ kind: 'payment.step', category: 'SETTLEMENT', dueAt: '2026-01-01T00:06:00.000Z', inSeconds: 360 })]);
    await advance(w, 360);
    const arrived = await invoke(w, 'transactions/detail', { id: q.transactionId });
    expect(arrived.transaction.status).toBe('COMPLETED');
    expect(arrived.expectedArrivalAt).toBeNull();
    expect(arrived.scheduled).toEqual([]);
  });

  it('a payment whose next step is a failure has no expected arrival, only the scheduled failure', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, await externalAccount(w, w.seed.sophie.id, 'EUR', '002'), 'SENDING', 10_00));
    await execute(w, q.id);
    const d = await invoke(w, 'transactions/detail', { id: q.transactionId });
    expect(d.expectedArrivalAt).toBeNull();
    expect(d.scheduled.map((j: { category: string }) => j.category)).toEqual(['FAILURE']);
  });
});

describe('real times of what happens in the real world', () => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld();
  });
  afterEach(async () => {
    await w.close();
  });

  it('an API call keeps its wall-clock time beside its workspace time, so a clock advance of days does not age it', async () => {
    const before = Date.now();
    await advance(w, 3 * 86_400);
    const r = await w.api.get('/customers?limit=1');
    expect(r.status).toBe(200);
    const after = Date.now();
    const page = await invoke(w, 'requestLog/list', { limit: 5 });
    const call = page.data.find((c) => c.path.endsWith('/customers'))!;
    // Workspace time: three days after the frozen start; wall time: now.
    expect(Date.parse(call.createdAt)).toBe(Date.parse('2026-01-04T00:00:00.000Z'));
    expect(Date.parse(call.wallAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(call.wallAt!)).toBeLessThanOrEqual(after);
  });

  it('a webhook sent after a clock advance keeps the wall-clock time of its delivery and of each attempt', async () => {
    const rx = await startReceiver();
    try {
      await advance(w, 3 * 86_400);
      const before = Date.now();
      expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
      const test = (await until(() => rx.received.find((r) => r.envelope.type === 'TEST'), 'the TEST webhook'))!;
      const { delivery, attempts } = await until(async () => { const d = await invoke(w, 'webhooks/get', { id: test.envelope.id }); return d.delivery.status === 'SUCCEEDED' && d; }, 'TEST delivered');
      expect(Date.parse(delivery.createdAt)).toBe(Date.parse('2026-01-04T00:00:00.000Z'));
      for (const at of [delivery.wallAt, attempts[0]!.startedWallAt]) {
        expect(Date.parse(at!)).toBeGreaterThanOrEqual(before);
        expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now());
      }
    } finally {
      await rx.close();
    }
  });
});
