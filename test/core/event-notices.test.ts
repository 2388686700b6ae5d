// Transient progress notices (a scenario run's steps): heard live by the console's subscription
// (core.onEvent), never stored, never heard by domain listeners such as webhooks.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core, DomainEvent } from '../../core/index';
import { newCore, removeTempDirs } from '../support/builders';
import { FROZEN_AT } from '../support/api-client';

let core: Core;
beforeEach(() => {
  core = newCore();
});
afterEach(() => core.close());
afterAll(removeTempDirs);

describe('progress notices', () => {
  it('reach the console at once with seq 0 and transient, are not stored, and skip domain listeners', () => {
    const { events, transaction } = core.services.ctx;
    const consoleHeard: DomainEvent[] = [];
    const domainHeard: DomainEvent[] = [];
    const stop = core.onEvent((e) => consoleHeard.push(e));
    events.subscribe((e) => domainHeard.push(e));
    const before = events.list({ order: 'desc', limit: 200 }).totalCount;

    events.announce('TEST.PROGRESS', 'TestRun', 'run-1', { step: 1 });
    events.announce('TEST.PROGRESS', 'TestRun', 'run-1', { step: 2 });
    expect(consoleHeard).toEqual([1, 2].map((step) => ({
      seq: 0, id: expect.stringMatching(/^Notice:run-1:\d+$/), type: 'TEST.PROGRESS', resourceType: 'TestRun', resourceId: 'run-1', payload: { step }, createdAt: FROZEN_AT, transient: true,
    })));
    expect(new Set(consoleHeard.map((e) => e.id)).size).toBe(2);
    expect(domainHeard).toEqual([]);
    expect(events.list({ order: 'desc', limit: 200 }).totalCount).toBe(before);

    // Committed events still reach both, without the flag.
    transaction(() => events.append('TEST.COMMITTED', 'Test', 't-1', {}));
    expect(consoleHeard.at(-1)).toMatchObject({ type: 'TEST.COMMITTED' });
    expect(consoleHeard.at(-1)).not.toHaveProperty('transient');
    expect(domainHeard.map((e) => e.type)).toEqual(['TEST.COMMITTED']);

    stop();
    events.announce('TEST.PROGRESS', 'TestRun', 'run-1', { step: 3 });
    expect(consoleHeard).toHaveLength(3);
  });
});
