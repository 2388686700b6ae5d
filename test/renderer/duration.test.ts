import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleBridge, DomainEvent } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { MAX_ADVANCE_SECONDS, parseDuration } from '../../renderer/lib/duration';
import { followWorkspaceChanges, RELOADING_EVENTS } from '../../renderer/stores/workspaces';

describe('parseDuration (the clock control\'s typed advance)', () => {
  it('reads durations as people type them', () => {
    expect(parseDuration('90')).toEqual({ ok: true, seconds: 90 });
    expect(parseDuration('90s')).toEqual({ ok: true, seconds: 90 });
    expect(parseDuration('5m')).toEqual({ ok: true, seconds: 300 });
    expect(parseDuration('1h 30m')).toEqual({ ok: true, seconds: 5400 });
    expect(parseDuration('1d12h')).toEqual({ ok: true, seconds: 129_600 });
    expect(parseDuration('2 days, 3 hours')).toEqual({ ok: true, seconds: 183_600 });
    expect(parseDuration('1.5h')).toEqual({ ok: true, seconds: 5400 });
    expect(parseDuration(' 1W ')).toEqual({ ok: true, seconds: 604_800 });
  });

  it('says what is wrong with anything else', () => {
    expect(parseDuration('')).toMatchObject({ ok: false, error: expect.stringContaining('Type a duration') });
    expect(parseDuration('5 parsecs')).toEqual({ ok: false, error: '"parsecs" is not a unit: use s, m, h, d or w' });
    expect(parseDuration('5m and then')).toMatchObject({ ok: false });
    expect(parseDuration('-5m')).toMatchObject({ ok: false });
    expect(parseDuration('0s')).toEqual({ ok: false, error: 'The duration must be more than zero' });
    expect(parseDuration(`${MAX_ADVANCE_SECONDS + 1}`)).toEqual({ ok: false, error: 'The clock advances at most one year at a time' });
    expect(parseDuration('367d')).toMatchObject({ ok: false });
  });
});

describe('followWorkspaceChanges', () => {
  afterEach(() => setBridge(null));

  it('reloads the console on a switch or a restore, and on nothing else', () => {
    let listener: ((e: DomainEvent) => void) | undefined;
    const bridge = {
      invoke: async () => ({ ok: true as const, value: null }),
      api: async () => ({ status: 200, headers: {}, body: null }),
      onEvent: (l: (e: DomainEvent) => void) => ((listener = l), () => undefined),
    };
    setBridge(bridge as unknown as ConsoleBridge);
    let reloads = 0;
    followWorkspaceChanges(() => reloads++);
    const event = (type: string): DomainEvent => ({ seq: 1, id: 'Event:1', type, resourceType: 'Workspace', resourceId: 'w', payload: {}, createdAt: '2026-01-01T00:00:00.000Z' });
    listener!(event('CUSTOMER.CREATED'));
    listener!(event('WORKSPACE.SNAPSHOT_TAKEN'));
    expect(reloads).toBe(0);
    listener!(event('WORKSPACE.RESTORED'));
    listener!(event('WORKSPACE.SWITCHED'));
    expect(reloads).toBe(2);
    expect([...RELOADING_EVENTS].sort()).toEqual(['WORKSPACE.RESTORED', 'WORKSPACE.SWITCHED']);
  });
});
