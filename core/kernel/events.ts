import type { Db } from './db';
import type { IdGenerator } from './ids';
import type { WorkspaceClock } from './clock';

/** A domain event as stored in the outbox and delivered to listeners. */
export interface DomainEvent {
  seq: number;
  id: string;
  type: string;
  resourceType: string;
  resourceId: string;
  payload: unknown;
  createdAt: string;
}

/** Receives events after the transaction that wrote them has committed. */
export type EventListener = (event: DomainEvent) => void;

interface EventRow {
  seq: number;
  id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  payload: string;
  created_at: number;
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
  };
}

/**
 * The events outbox. `append` must run inside the transaction that makes the state change, so an
 * event exists exactly when its change does; listeners hear of it only after that commit.
 */
export class EventOutbox {
  private readonly listeners = new Set<EventListener>();
  private pending: DomainEvent[] = [];

  constructor(private readonly db: Db, private readonly clock: WorkspaceClock, private readonly ids: IdGenerator) {}

  /** Records an event in the current transaction. */
  append(type: string, resourceType: string, resourceId: string, payload: unknown): DomainEvent {
    // Why: an event written outside the state change's transaction could outlive a rolled-back change.
    if (!this.db.inTransaction) throw new Error(`event ${type} appended outside a transaction`);
    const id = this.ids('Event');
    const createdAt = this.clock.nowMs();
    const info = this.db
      .prepare('INSERT INTO events (id, type, resource_type, resource_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, type, resourceType, resourceId, JSON.stringify(payload), createdAt);
    const event: DomainEvent = {
      seq: Number(info.lastInsertRowid),
      id,
      type,
      resourceType,
      resourceId,
      payload,
      createdAt: new Date(createdAt).toISOString(),
    };
    this.pending.push(event);
    return event;
  }

  /** Subscribes to committed events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
}
