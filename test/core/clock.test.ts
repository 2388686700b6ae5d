import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { newCore, removeTempDirs, reopenCore } from '../support/builders';
import { FROZEN_AT, FROZEN_MS } from '../support/api-client';

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0).reverse()) c.close();
});
afterAll(removeTempDirs);

/** A core whose "real" time is a variable the test moves, so real-time mode is deterministic. */
function coreWithRealTime(realStart: number, clock: { mode?: 'REAL' | 'FROZEN'; frozenAt?: string } = { mode: 'FROZEN', frozenAt: FROZEN_AT }) {
  const real = { now: realStart };
  const core = newCore({ seed: false, clock: { ...clock, realNow: () => real.now } });
  cores.push(core);
  return { core, clock: core.services.ctx.clock, real };
}

describe('the workspace clock', () => {
  it('stays at its frozen instant while real time passes', () => {
    const { clock, real } = coreWithRealTime(FROZEN_MS + 999_999);
    expect(clock.isFrozen()).toBe(true);
    expect(clock.iso()).toBe(FROZEN_AT);
    real.now += 3_600_000;
    expect(clock.nowMs()).toBe(FROZEN_MS);
  });

  it('moves a frozen clock by exactly the advanced seconds', () => {
    const { core } = coreWithRealTime(0);
    const report = core.services.clock.advance(90);
    expect(report.now).toBe(new Date(FROZEN_MS + 90_000).toISOString());
    expect(report.mode).toBe('FROZEN');
    expect(core.services.ctx.clock.nowMs()).toBe(FROZEN_MS + 90_000);
  });

  it('resumes real time from the frozen instant, never jumping back or forward', () => {
    const { clock, real } = coreWithRealTime(FROZEN_MS - 86_400_000);
    clock.resume();
    expect(clock.isFrozen()).toBe(false);
    expect(clock.nowMs()).toBe(FROZEN_MS);
    real.now += 5_000;
    expect(clock.nowMs()).toBe(FROZEN_MS + 5_000);
    expect(clock.state()).toMatchObject({ mode: 'REAL', offsetSeconds: 86_400 });
  });

  it('freezes a running clock at the current workspace instant', () => {
    const { clock, real } = coreWithRealTime(FROZEN_MS - 10_000);
    clock.resume();
    real.now += 2_500;
    clock.freeze();
    real.now += 60_000;
    expect(clock.state()).toMatchObject({ mode: 'FROZEN', now: new Date(FROZEN_MS + 2_500).toISOString() });
  });

  it('adds an advance to the offset of a running clock', () => {
    const { core, clock, real } = coreWithRealTime(FROZEN_MS, { mode: 'REAL' });
    expect(clock.nowMs()).toBe(FROZEN_MS);
    core.services.clock.advance(3_600);
    expect(clock.nowMs()).toBe(FROZEN_MS + 3_600_000);
    real.now += 1_000;
    expect(clock.nowMs()).toBe(FROZEN_MS + 3_601_000);
  });

  it('keeps its frozen instant, advances included, when the workspace is reopened', () => {
    const core = newCore({ seed: false });
    cores.push(core);
    core.services.clock.advance(7_200);
    core.close();
    cores.pop();
    const again = reopenCore(core, { seed: false });
    cores.push(again);
    expect(again.services.clock.state()).toMatchObject({ mode: 'FROZEN', now: new Date(FROZEN_MS + 7_200_000).toISOString() });
  });

  it('keeps a running clock\'s offset when the workspace is reopened', () => {
    const real = { now: FROZEN_MS };
    const core = newCore({ seed: false, clock: { mode: 'REAL', realNow: () => real.now } });
    cores.push(core);
    core.services.clock.advance(600);
    core.close();
    cores.pop();
    real.now += 1_000;
    const again = reopenCore(core, { seed: false, clock: { realNow: () => real.now } });
    cores.push(again);
    expect(again.services.ctx.clock.isFrozen()).toBe(false);
    expect(again.services.ctx.clock.nowMs()).toBe(FROZEN_MS + 601_000);
  });

  it('opened in REAL mode, a workspace persisted frozen resumes from its frozen instant instead of jumping back', () => {
    const real = { now: FROZEN_MS - 86_400_000 };
    const core = newCore({ seed: false, clock: { mode: 'FROZEN', frozenAt: FROZEN_AT, realNow: () => real.now } });
    cores.push(core);
    core.services.clock.advance(3_600);
    core.close();
    cores.pop();
    const again = reopenCore(core, { seed: false, clock: { mode: 'REAL', realNow: () => real.now } });
    cores.push(again);
    expect(again.services.ctx.clock.isFrozen()).toBe(false);
    expect(again.services.ctx.clock.nowMs()).toBe(FROZEN_MS + 3_600_000);
  });

  it('opened in FROZEN mode without an instant, a running workspace freezes at its own time, offset included', () => {
    const real = { now: FROZEN_MS };
    const core = newCore({ seed: false, clock: { mode: 'REAL', realNow: () => real.now } });
    cores.push(core);
    core.services.clock.advance(3_600);
    core.close();
    cores.pop();
    const again = reopenCore(core, { seed: false, clock: { mode: 'FROZEN', realNow: () => real.now } });
    cores.push(again);
    expect(again.services.ctx.clock.isFrozen()).toBe(true);
    expect(again.services.ctx.clock.nowMs()).toBe(FROZEN_MS + 3_600_000);
  });

  it('records each freeze, resume and advance as a SANDBOX.CLOCK_* event', () => {
    const { core } = coreWithRealTime(FROZEN_MS);
    core.services.clock.resume();
    core.services.clock.freeze();
    core.services.clock.advance(1);
    const types = (core.services.ctx.db.prepare("SELECT type FROM events WHERE resource_type = 'Clock' ORDER BY seq").all() as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(['SANDBOX.CLOCK_RESUMED', 'SANDBOX.CLOCK_FROZEN', 'SANDBOX.CLOCK_ADVANCED']);
  });
});
