// The event count the Overview shows is kept between visits (counting a million events takes 50-150 ms)
// and must still be exact after every append, a rolled-back append and a snapshot restore.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { newCore, removeTempDirs } from '../support/builders';

let core: Core;
beforeEach(() => {
  core = newCore();
});
afterEach(() => core.close());
afterAll(removeTempDirs);

/** The count as SQLite has it now, for comparison. */
const counted = () => (core.services.ctx.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;

describe('the kept event count', () => {
  it('follows appends, ignores a rolled-back append, and follows a snapshot restore', () => {
    const { events, transaction } = core.services.ctx;
    core.files.take('before');
    const start = events.count();
    expect(start).toBe(counted());

    transaction(() => events.append('TEST.ONE', 'Test', 'test-1', {}));
    expect(events.count()).toBe(start + 1);

    expect(() => transaction(() => {
      events.append('TEST.TWO', 'Test', 'test-2', {});
      // Inside the transaction the count includes the write that is about to roll back, and is not kept.
      expect(events.count()).toBe(start + 2);
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(events.count()).toBe(start + 1);
    expect(events.count()).toBe(counted());

    core.files.restore('before');
    expect(events.count()).toBe(counted());
    expect(events.count()).toBe(start);
  });
});
