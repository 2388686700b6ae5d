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

function eventCount(): number {
  return (core.services.ctx.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
}

describe('domain events', () => {
  it('are discarded with a rolled-back transaction and never reach listeners', () => {
    const { transaction, events } = core.services.ctx;
    const heard: DomainEvent[] = [];
    core.onEvent((e) => heard.push(e));
    const before = eventCount();

    expect(() =>
      transaction(() => {
        events.append('TEST.ROLLED_BACK', 'Test', 'test-1', { n: 1 });
        throw new Error('the state change failed');
      }),
    ).toThrow('the state change failed');

    expect(eventCount()).toBe(before);
    expect(heard).toEqual([]);

    // The discarded event is not delivered later with the next committed one either.
    transaction(() => events.append('TEST.COMMITTED', 'Test', 'test-2', {}));
    expect(heard.map((e) => e.type)).toEqual(['TEST.COMMITTED']);
  });

  it('are written in the same transaction as the state change they describe', () => {
    const { transaction, events, db } = core.services.ctx;
    expect(() =>
      transaction(() => {
        db.prepare("UPDATE customers SET display_name = 'Renamed' WHERE platform_customer_id = 'cust-alice-001'").run();
        events.append('CUSTOMER.UPDATED', 'Customer', 'alice', {});
        throw new Error('abort');
      }),
    ).toThrow('abort');
    const alice = db.prepare("SELECT display_name FROM customers WHERE platform_customer_id = 'cust-alice-001'").get() as { display_name: string };
    expect(alice.display_name).toBe('Alice Johnson');
    expect(db.prepare("SELECT count(*) AS n FROM events WHERE resource_id = 'alice'").get()).toEqual({ n: 0 });
  });

  it('are delivered to listeners only after the transaction has committed', () => {
    const { transaction, events, db } = core.services.ctx;
    const seen: { type: string; inTransaction: boolean; stored: boolean }[] = [];
    core.onEvent((e) => {
      // A second connection would see only committed rows; the outbox row must already be durable here.
      seen.push({ type: e.type, inTransaction: db.inTransaction, stored: db.prepare('SELECT 1 FROM events WHERE id = ?').get(e.id) !== undefined });
    });
    transaction(() => {
      events.append('TEST.ONE', 'Test', 't', {});
      events.append('TEST.TWO', 'Test', 't', {});
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([
      { type: 'TEST.ONE', inTransaction: false, stored: true },
      { type: 'TEST.TWO', inTransaction: false, stored: true },
    ]);
  });

  it('carry the stored sequence, resource, payload and workspace time', () => {
    const heard: DomainEvent[] = [];
    core.onEvent((e) => heard.push(e));
    const customer = core.services.customers.create({ customerType: 'INDIVIDUAL', platformCustomerId: 'evt-1', fullName: 'Eve Events' });
    const created = heard.find((e) => e.type === 'CUSTOMER.CREATED');
    expect(created).toMatchObject({ resourceType: 'Customer', resourceId: customer.id, createdAt: FROZEN_AT, payload: { platformCustomerId: 'evt-1', status: 'APPROVED' } });
    const row = core.services.ctx.db.prepare('SELECT seq, id FROM events WHERE id = ?').get(created!.id) as { seq: number };
    expect(row.seq).toBe(created!.seq);
    expect(heard.map((e) => e.type)).toContain('INTERNAL_ACCOUNT.CREATED');
  });

  it('cannot be appended outside a transaction', () => {
    const before = eventCount();
    expect(() => core.services.ctx.events.append('TEST.LOOSE', 'Test', 'x', {})).toThrow(/outside a transaction/);
    expect(eventCount()).toBe(before);
  });

  it('still reach every other listener, and the change still commits, when one listener throws', () => {
    const heard: string[] = [];
    core.onEvent(() => {
      throw new Error('listener bug');
    });
    core.onEvent((e) => heard.push(e.type));
    core.services.ctx.transaction(() => core.services.ctx.events.append('TEST.SAFE', 'Test', 'x', {}));
    expect(heard).toEqual(['TEST.SAFE']);
    expect(core.services.ctx.db.prepare("SELECT count(*) AS n FROM events WHERE type = 'TEST.SAFE'").get()).toEqual({ n: 1 });
  });

  it('stop reaching a listener once it unsubscribes', () => {
    const heard: string[] = [];
    const off = core.onEvent((e) => heard.push(e.type));
    core.services.ctx.transaction(() => core.services.ctx.events.append('TEST.A', 'Test', 'x', {}));
    off();
    core.services.ctx.transaction(() => core.services.ctx.events.append('TEST.B', 'Test', 'x', {}));
    expect(heard).toEqual(['TEST.A']);
  });
});
