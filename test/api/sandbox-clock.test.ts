import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { FROZEN_AT, FROZEN_MS, createToken, type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';

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
