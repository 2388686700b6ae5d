import type { Db } from './db';
import { tableGeneration } from './write-generation';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';
import { selectPage, type Page } from './pagination';

/** A domain event as stored in the outbox and delivered to listeners. */
export interface DomainEvent {
  seq: number;
  id: string;
  type: string;
  resourceType: string;
  resourceId: string;
  payload: unknown;
  createdAt: string;
  /** The request-log id of the API call that caused the event (absent for the clock's jobs and older events). */
  apiCallId?: string;
  /** A progress notice (a scenario run's steps, say): delivered live to the console, never stored; its seq is 0. */
  transient?: true;
}

/** Receives events after the transaction that wrote them has committed. */
export type EventListener = (event: DomainEvent) => void;

/** Filters of the event log as the console reads it. */
export interface EventFilter {
  type?: string | undefined;
  typePrefix?: string | undefined;
  resourceId?: string | undefined;
  afterSeq?: number | undefined;
  order: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

interface EventRow {
  seq: number;
  id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  payload: string;
  created_at: number;
  api_call_id?: string | null;
}

/** Maps a stored row to a DomainEvent. */
export function eventFromRow(row: EventRow): DomainEvent {
  return {
    seq: row.seq,
    id: row.id,
    type: row.type,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    payload: JSON.parse(row.payload) as unknown,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.api_call_id ? { apiCallId: row.api_call_id } : {}),
  };
}

/**
 * The events outbox. `append` must run inside the transaction that makes the state change, so an
 * event exists exactly when its change does; listeners hear of it only after that commit.
 */
export class EventOutbox {
  private readonly listeners = new Set<EventListener>();
  private readonly noticeListeners = new Set<EventListener>();
  private pending: DomainEvent[] = [];
  private noticeSerial = 0;
  private readonly insert;
  private readonly countAll;
  private readonly countByType;
  /** Moved by every append (and by a restore); the kept count holds while it is unchanged. */
  private readonly generation;
  private keptCount: { at: number; n: number } | undefined;

  constructor(private readonly db: Db, private readonly clock: WorkspaceClock, private readonly ids: IdGenerator, private readonly callOf: () => string | undefined = () => undefined) {
    this.insert = db.prepare('INSERT INTO events (id, type, resource_type, resource_id, payload, created_at, api_call_id) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events');
    this.countByType = db.prepare<[], { type: string; n: number }>('SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY type');
    this.generation = tableGeneration(db, 'events');
  }

  /** Records an event in the current transaction. */
  append(type: string, resourceType: string, resourceId: string, payload: unknown): DomainEvent {
    // Why: an event written outside the state change's transaction could outlive a rolled-back change.
    if (!this.db.inTransaction) throw new Error(`event ${type} appended outside a transaction`);
    const id = this.ids('Event');
    const createdAt = this.clock.nowMs();
    const apiCallId = this.callOf();
    const info = this.insert.run(id, type, resourceType, resourceId, JSON.stringify(payload), createdAt, apiCallId ?? null);
    this.generation.n++;
    const event: DomainEvent = {
      seq: Number(info.lastInsertRowid),
      id,
      type,
      resourceType,
      resourceId,
      payload,
      createdAt: new Date(createdAt).toISOString(),
      ...(apiCallId ? { apiCallId } : {}),
    };
    this.pending.push(event);
    return event;
  }

  /**
   * Subscribes to committed events; returns the unsubscribe function. With `notices` the listener also
   * hears transient progress notices (the console does; webhooks and other domain listeners must not).
   */
  subscribe(listener: EventListener, opts: { notices?: boolean } = {}): () => void {
    this.listeners.add(listener);
    if (opts.notices) this.noticeListeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.noticeListeners.delete(listener);
    };
  }

  /** Delivers a progress notice to the console's listeners at once, outside any transaction, storing nothing. */
  announce(type: string, resourceType: string, resourceId: string, payload: unknown): void {
    const notice: DomainEvent = { seq: 0, id: `Notice:${resourceId}:${++this.noticeSerial}`, type, resourceType, resourceId, payload, createdAt: new Date(this.clock.nowMs()).toISOString(), transient: true };
    for (const listener of this.noticeListeners) {
      try {
        listener(notice);
      } catch {
        // A closed console stream must not stop the run that announces.
      }
    }
  }

  /** Where the pending events stand, for a savepoint that may roll back (see `rollbackTo`). */
  mark(): number {
    return this.pending.length;
  }

  /** Forgets the events appended since `mark`: their savepoint was rolled back, so they never happened. */
  rollbackTo(mark: number): void {
    this.pending.length = Math.min(mark, this.pending.length);
  }

  /** Delivers the events of a committed transaction. */
  flush(): void {
    const batch = this.pending;
    this.pending = [];
    for (const event of batch) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A failing listener (a closed SSE stream, say) must not affect the committed change or other listeners.
        }
      }
    }
  }

  /** Forgets the events of a rolled-back transaction. */
  discard(): void {
    this.pending = [];
  }

  /** A keyset page of the stored events (the event log). */
  list(f: EventFilter): Page<DomainEvent> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.type) (where.push('type = ?'), params.push(f.type));
    if (f.typePrefix) (where.push("type LIKE ? ESCAPE '\\'"), params.push(`${f.typePrefix.replace(/[%_\\]/g, '\\$&')}%`));
    if (f.resourceId) (where.push('resource_id = ?'), params.push(f.resourceId));
    if (f.afterSeq !== undefined) (where.push('seq > ?'), params.push(f.afterSeq));
    return selectPage<EventRow, DomainEvent>(this.db, {
      select: 'SELECT * FROM events', from: 'FROM events', where, params, limit: f.limit, cursor: f.cursor,
      order: f.order, keyColumn: 'seq', idColumn: 'id', map: eventFromRow, position: (r) => ({ k: r.seq, id: r.id }),
    });
  }

  /**
   * Committed events after `afterSeq`, oldest first, at most `limit`, with no total count: for consumers
   * that tail the log (the webhook sender), where counting a long backlog on every page would cost more
   * than the page.
   */
  after(afterSeq: number, limit: number): DomainEvent[] {
    return (this.db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit) as EventRow[]).map(eventFromRow);
  }

  /** The sequence number of the newest committed event (0 when there is none). */
  lastSeq(): number {
    return (this.db.prepare('SELECT coalesce(max(seq), 0) AS s FROM events').get() as { s: number }).s;
  }

  /** How many events of each type are stored, by type name. */
  typeCounts(): { type: string; count: number }[] {
    return this.countByType.all().map((r) => ({ type: r.type, count: r.n }));
  }

  /** How many events are stored. */
  count(): number {
    // Why kept: counting a million events takes 50-150 ms, and the Overview asks on every visit; inside a
    // transaction the count may include writes that roll back, so it is never kept from there.
    if (this.db.inTransaction) return this.countAll.get()!.n;
    if (this.keptCount?.at !== this.generation.n) this.keptCount = { at: this.generation.n, n: this.countAll.get()!.n };
    return this.keptCount.n;
  }

  /** The type and time of every event about these resources, in order (a resource's timeline). */
  about(resourceIds: string[]): { type: string; createdAt: string }[] {
    if (!resourceIds.length) return [];
    const rows = this.db
      .prepare(`SELECT type, created_at FROM events WHERE resource_id IN (${resourceIds.map(() => '?').join(', ')}) ORDER BY seq`)
      .all(...resourceIds) as { type: string; created_at: number }[];
    return rows.map((e) => ({ type: e.type, createdAt: new Date(e.created_at).toISOString() }));
  }
}
