import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { createIdGenerator, isIdOf, parseId } from '../../core/kernel/ids';
import { newCore, removeTempDirs, reopenCore } from '../support/builders';
import { FROZEN_MS } from '../support/api-client';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0).reverse()) c.close();
});
afterAll(removeTempDirs);

describe('resource ids', () => {
  it('have the form <Type>:<uuid v7> whose timestamp is the workspace clock', () => {
    const ids = createIdGenerator(() => FROZEN_MS);
    const id = ids('Customer');
    const parsed = parseId(id);
    expect(parsed?.type).toBe('Customer');
    expect(parsed?.uuid).toMatch(UUID_V7);
    // The first 48 bits of a v7 uuid are the milliseconds since the epoch.
    expect(parseInt(parsed!.uuid.replace(/-/g, '').slice(0, 12), 16)).toBe(FROZEN_MS);
    expect(isIdOf('Customer', id)).toBe(true);
    expect(isIdOf('Token', id)).toBe(false);
    expect(parseId('not-an-id')).toBeUndefined();
  });

  it('sort in creation order when many are made in the same frozen millisecond', () => {
    const ids = createIdGenerator(() => FROZEN_MS);
    const made = Array.from({ length: 2000 }, () => ids('Event'));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('sort in creation order across clock moves under a frozen clock', () => {
    let now = FROZEN_MS;
    const ids = createIdGenerator(() => now);
    const made: string[] = [];
    for (let i = 0; i < 50; i++) {
      made.push(ids('Job'), ids('Job'));
      if (i % 10 === 0) now += 1;
    }
    expect([...made].sort()).toEqual(made);
  });

  it('of seeded rows made by a frozen core sort in the order the rows were inserted', () => {
    const core = newCore();
    cores.push(core);
    const rows = core.services.ctx.db.prepare('SELECT id FROM events ORDER BY seq').all() as { id: string }[];
    expect(rows.length).toBeGreaterThan(10);
    const ids = rows.map((r) => r.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('made after reopening a frozen workspace sort after the ids made before it', () => {
    // The frozen instant survives a reopen, so new ids share its millisecond with the old ones and
    // only the in-millisecond sequence can keep them in creation order.
    let core = newCore({ seed: false });
    cores.push(core);
    const made: string[] = [core.services.ctx.ids('Customer')];
    for (let i = 0; i < 12; i++) {
      core.close();
      cores.pop();
      core = reopenCore(core, { seed: false });
      cores.push(core);
      expect(core.services.ctx.clock.nowMs()).toBe(FROZEN_MS);
      made.push(core.services.ctx.ids('Customer'));
    }
    expect([...made].sort()).toEqual(made);
  });

  it('made after a frozen workspace was not closed cleanly still sort after the ids made before it', () => {
    let core = newCore({ seed: false });
    cores.push(core);
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(core.services.ctx.ids('Customer'));
      // Persist something with the id, then lose the process without close() (a crash or a kill).
      core.services.ctx.transaction(() => core.services.ctx.events.append('TEST.MADE', 'Test', made.at(-1)!, {}));
      core.services.ctx.scheduler.close();
      core.services.ctx.db.close();
      cores.pop();
      core = reopenCore(core, { seed: false });
      cores.push(core);
    }
    made.push(core.services.ctx.ids('Customer'));
    expect([...made].sort()).toEqual(made);
  });
});
