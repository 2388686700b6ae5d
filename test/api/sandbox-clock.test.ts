import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { createToken, type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { FROZEN_AT, FROZEN_MS } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('the sandbox clock endpoints', () => {
  it('GET /sandbox/clock reports the frozen clock and the job queue', async () => {
    const r = await srv.api.get('/sandbox/clock');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ mode: 'FROZEN', now: FROZEN_AT, offsetSeconds: 0, pendingJobs: 0, nextJobDueAt: null });
  });

  it('POST /sandbox/clock/advance moves the clock by the given seconds and reports the jobs it ran', async () => {
    core.services.ctx.scheduler.register('test.tick', () => undefined);
    core.services.ctx.scheduler.schedule('test.tick', FROZEN_MS + 30_000, {});
    core.services.ctx.scheduler.schedule('test.tick', FROZEN_MS + 90_000, {});
    expect((await srv.api.get('/sandbox/clock')).body).toMatchObject({ pendingJobs: 2, nextJobDueAt: iso(FROZEN_MS + 30_000) });

    const r = await srv.api.post('/sandbox/clock/advance', { seconds: 60 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ mode: 'FROZEN', now: iso(FROZEN_MS + 60_000), jobsRun: 1, jobsFailed: 0, pendingJobs: 1, nextJobDueAt: iso(FROZEN_MS + 90_000) });
    expect((await srv.api.get('/sandbox/clock')).body.now).toBe(iso(FROZEN_MS + 60_000));
    // what the API stamps follows the clock
    expect((await srv.api.post('/tokens', { name: 'later' })).body.createdAt).toBe(iso(FROZEN_MS + 60_000));
  });

  it('accepts fractional seconds', async () => {
    const r = await srv.api.post('/sandbox/clock/advance', { seconds: 1.5 });
    expect(r.body.now).toBe(iso(FROZEN_MS + 1_500));
  });

  it.each([[0], [-10], ['60'], [366 * 86_400 + 1]])('refuses advancing by %s seconds with 400 naming seconds', async (seconds) => {
    expectInvalidField(await srv.api.post('/sandbox/clock/advance', { seconds }), 'seconds');
    expect((await srv.api.get('/sandbox/clock')).body.now).toBe(FROZEN_AT);
  });

  it('resume lets real time run from the frozen instant and freeze stops it again, never going back', async () => {
    const resumed = await srv.api.post('/sandbox/clock/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.mode).toBe('REAL');
    expect(Date.parse(resumed.body.now)).toBeGreaterThanOrEqual(FROZEN_MS);

    const frozen = await srv.api.post('/sandbox/clock/freeze');
    expect(frozen.body.mode).toBe('FROZEN');
    expect(Date.parse(frozen.body.now)).toBeGreaterThanOrEqual(Date.parse(resumed.body.now));
    // frozen again: it stays put across calls
    expect((await srv.api.get('/sandbox/clock')).body.now).toBe(frozen.body.now);
    expect((await srv.api.get('/sandbox/clock')).body.now).toBe(frozen.body.now);
  });

  it('records clock changes as events', async () => {
    await srv.api.post('/sandbox/clock/advance', { seconds: 10 });
    const r = await core.invoke('events/list', { type: 'SANDBOX.CLOCK_ADVANCED' });
    expect(r).toMatchObject({ ok: true, value: { data: [{ payload: { seconds: 10, now: iso(FROZEN_MS + 10_000), mode: 'FROZEN' } }] } });
  });

  it('requires MANAGE to change the clock and VIEW to read it', async () => {
    const viewer = srv.api.as((await createToken(srv.api, ['VIEW'])).auth);
    expect((await viewer.get('/sandbox/clock')).status).toBe(200);
    expectError(await viewer.post('/sandbox/clock/advance', { seconds: 10 }), 403, 'FORBIDDEN');
    expectError(await viewer.post('/sandbox/clock/freeze'), 403, 'FORBIDDEN');
    expectError(await viewer.post('/sandbox/clock/resume'), 403, 'FORBIDDEN');
    expect((await srv.api.get('/sandbox/clock')).body).toMatchObject({ mode: 'FROZEN', now: FROZEN_AT });
  });
});

describe('a large clock advance', () => {
  /** Schedules `n` jobs of a kind whose handler does a little real work (one read), all due within a minute. */
  function scheduleMany(n: number, kind: string): void {
    const { scheduler, transaction, db } = core.services.ctx;
    const read = db.prepare('SELECT 1 FROM jobs LIMIT 1');
    scheduler.register(kind, () => void read.get());
    transaction(() => {
      for (let i = 0; i < n; i++) scheduler.schedule(kind, FROZEN_MS + 1_000 + (i % 50_000), {});
    });
  }

  it('runs its due jobs in batches: other API calls are answered meanwhile, and the progress is readable', async () => {
    scheduleMany(3_000, 'test.bulk');
    let settled = false;
    const advance = srv.api.post('/sandbox/clock/advance', { seconds: 60 }).then((r) => ((settled = true), r));
    const seen: { jobsDone: number; jobsDue: number }[] = [];
    let answeredMeanwhile = 0;
    while (!settled) {
      const r = await srv.api.get('/sandbox/clock');
      expect(r.status).toBe(200);
      if (!settled) answeredMeanwhile++;
      if (r.body.advance) seen.push(r.body.advance);
    }
    const done = await advance;
    expect(done.body).toMatchObject({ jobsRun: 3_000, jobsFailed: 0, pendingJobs: 0, now: iso(FROZEN_MS + 60_000) });
    expect(done.body).not.toHaveProperty('cancelled');
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.jobsDue === 3_000 && p.jobsDone <= p.jobsDue)).toBe(true);
    expect((await srv.api.get('/sandbox/clock')).body).not.toHaveProperty('advance');
  }, 30_000);

  it('refuses a second advance while one runs with 409 CLOCK_ADVANCE_IN_PROGRESS', async () => {
    scheduleMany(3_000, 'test.bulk2');
    const first = srv.api.post('/sandbox/clock/advance', { seconds: 60 });
    const second = await srv.api.post('/sandbox/clock/advance', { seconds: 60 });
    const r = await first;
    // The second call may land after the first finished on a fast machine; then it simply advanced again.
    if (second.status === 409) expectError(second, 409, 'CLOCK_ADVANCE_IN_PROGRESS');
    else expect(second.status).toBe(200);
    expect(r.status).toBe(200);
  }, 30_000);

  it('stops between batches when cancelled: the clock stays at the last job run and the rest stay scheduled', async () => {
    scheduleMany(8_000, 'test.bulk3');
    const advance = srv.api.post('/sandbox/clock/advance', { seconds: 120 });
    // Cancel once the advance is seen running (the two calls travel on separate connections).
    await expect.poll(async () => (await srv.api.get('/sandbox/clock')).body.advance, { timeout: 20_000, interval: 5 }).toBeDefined();
    const cancel = await srv.api.post('/sandbox/clock/advance/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.advance.jobsDue).toBe(8_000);
    const r = await advance;
    expect(r.status).toBe(200);
    expect(r.body.cancelled).toBe(true);
    expect(r.body.jobsRun).toBeLessThan(8_000);
    expect(r.body.pendingJobs).toBe(8_000 - r.body.jobsRun);
    expect(Date.parse(r.body.now)).toBeLessThan(FROZEN_MS + 120_000);
    const rest = await srv.api.post('/sandbox/clock/advance', { seconds: 120 });
    expect(rest.body).toMatchObject({ pendingJobs: 0 });
  }, 60_000);

  it('answers a cancel with no advance running with 409 NO_CLOCK_ADVANCE', async () => {
    expectError(await srv.api.post('/sandbox/clock/advance/cancel'), 409, 'NO_CLOCK_ADVANCE');
  });
});
