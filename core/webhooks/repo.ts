import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { WebhookType } from './event-map';
import type { Attempt, AttemptTrigger, Delivery, DeliveryOrigin, DeliveryStatus } from './schema';
import type { SigningKey } from './signing';

interface DeliveryRow {
  id: string; event_id: string | null; event_seq: number | null; type: string; resource_id: string | null; url: string; payload: string;
  origin: DeliveryOrigin; retries: number; status: DeliveryStatus; attempt_count: number; next_attempt_at: number | null;
  give_up_at: number; approval: string | null; created_at: number; updated_at: number; wall_at: number | null;
}

interface AttemptRow {
  id: string; delivery_id: string; number: number; trigger: AttemptTrigger; url: string; signature: string; started_at: number;
  duration_ms: number | null; outcome: Attempt['outcome']; response_status: number | null; response_headers: string | null;
  response_body: string | null; error: string | null; wall_at: number | null;
}

function deliveryFromRow(r: DeliveryRow): Delivery {
  return {
    id: r.id, eventId: r.event_id, type: r.type as WebhookType, resourceId: r.resource_id, url: r.url, payload: r.payload, origin: r.origin,
    retries: r.retries === 1, status: r.status, attemptCount: r.attempt_count,
    nextAttemptAt: r.next_attempt_at === null ? null : isoOf(r.next_attempt_at), giveUpAt: isoOf(r.give_up_at), approval: r.approval,
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at), wallAt: r.wall_at === null ? null : isoOf(r.wall_at),
  };
}

function attemptFromRow(r: AttemptRow): Attempt {
  return {
    id: r.id, deliveryId: r.delivery_id, number: r.number, trigger: r.trigger, url: r.url, signature: r.signature, startedAt: isoOf(r.started_at), startedWallAt: r.wall_at === null ? null : isoOf(r.wall_at),
    durationMs: r.duration_ms, outcome: r.outcome, responseStatus: r.response_status,
    responseHeaders: r.response_headers ? (JSON.parse(r.response_headers) as Record<string, string>) : null, responseBody: r.response_body, error: r.error,
  };
}

/** A new delivery as the service builds it. */
export interface NewDelivery {
  id: string; eventId: string | null; eventSeq: number | null; type: WebhookType; resourceId: string | null; url: string; payload: string;
  origin: DeliveryOrigin; retries: boolean; giveUpAt: number; createdAt: number;
  /** Real (wall-clock) ms when it was created. */
  wallAt: number;
}

/** What an attempt's end records. */
export interface AttemptResult {
  outcome: 'SUCCEEDED' | 'FAILED';
  durationMs: number;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  error: string | null;
}

/** Filters of the deliveries list. */
export interface DeliveryFilter {
  type?: string | undefined;
  status?: DeliveryStatus | undefined;
  resourceId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The SQL of webhook deliveries, attempts, the signing key and the delivery settings. */
export function webhookRepo(db: Db) {
  const getKey = db.prepare<[], { private_key: string; public_key_pem: string }>('SELECT private_key, public_key_pem FROM webhook_keys WHERE singleton = 1');
  const insertKey = db.prepare('INSERT INTO webhook_keys (singleton, private_key, public_key_pem, created_at) VALUES (1, ?, ?, ?)');
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM webhook_settings WHERE key = ?');
  const putSetting = db.prepare('INSERT INTO webhook_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, event_id, event_seq, type, resource_id, url, payload, origin, retries, status, attempt_count, next_attempt_at, give_up_at, approval, created_at, updated_at, wall_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, NULL, ?, ?, ?)`,
  );
  const findDelivery = db.prepare<[string], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?');
  const setState = db.prepare('UPDATE webhook_deliveries SET status = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?');
  const setApproval = db.prepare('UPDATE webhook_deliveries SET approval = ?, updated_at = ? WHERE id = ?');
  const bumpCount = db.prepare('UPDATE webhook_deliveries SET attempt_count = attempt_count + 1, updated_at = ? WHERE id = ?');
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (id, delivery_id, number, trigger, url, signature, started_at, wall_at, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'IN_FLIGHT')`,
  );
  const finishAttempt = db.prepare(
    `UPDATE webhook_attempts SET outcome = ?, duration_ms = ?, response_status = ?, response_headers = ?, response_body = ?, error = ? WHERE id = ?`,
  );
  const findAttempt = db.prepare<[string], AttemptRow>('SELECT * FROM webhook_attempts WHERE id = ?');
  const attemptsOf = db.prepare<[string], AttemptRow>('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY number');
  const inFlight = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM webhook_attempts WHERE delivery_id = ? AND outcome = 'IN_FLIGHT'");
  const failedIds = db.prepare<[], { id: string }>("SELECT id FROM webhook_deliveries WHERE status = 'FAILED' ORDER BY created_at, id");
  const byEvent = db.prepare<[string], { id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = ?');
  const allOfEvent = db.prepare<[string], { id: string; status: string; url: string; attempt_count: number; created_at: number }>(
    'SELECT id, status, url, attempt_count, created_at FROM webhook_deliveries WHERE event_id = ? ORDER BY created_at, id',
  );
  const statusCounts = db.prepare<[], { status: DeliveryStatus; n: number }>('SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY status');
  const staleInFlight = db.prepare<[], AttemptRow>("SELECT * FROM webhook_attempts WHERE outcome = 'IN_FLIGHT'");
  const approvalGet = db.prepare<[string], { status: string; delivery_id: string | null; detail: string }>('SELECT status, delivery_id, detail FROM incoming_approvals WHERE transaction_id = ?');
  const approvalInsert = db.prepare("INSERT INTO incoming_approvals (transaction_id, status, delivery_id, detail, created_at, updated_at) VALUES (?, 'AWAITING', NULL, '{}', ?, ?)");
  const approvalSet = db.prepare('UPDATE incoming_approvals SET status = ?, delivery_id = coalesce(?, delivery_id), detail = ?, updated_at = ? WHERE transaction_id = ?');

  return {
    /** The signing key, if one was made. */
    key(): SigningKey | undefined {
      const r = getKey.get();
      return r && { privateKey: r.private_key, publicKeyPem: r.public_key_pem };
    },
    /** Stores the workspace's signing key. */
    insertKey(k: SigningKey, atMs: number): void {
      insertKey.run(k.privateKey, k.publicKeyPem, atMs);
    },
    /** A delivery setting (JSON), or undefined. */
    setting<T>(key: string): T | undefined {
      const r = getSetting.get(key);
      return r ? (JSON.parse(r.value) as T) : undefined;
    },
    /** Stores a delivery setting as JSON. */
    putSetting(key: string, value: unknown): void {
      putSetting.run(key, JSON.stringify(value));
    },
    /** Stores a new PENDING delivery. */
    insertDelivery(d: NewDelivery): void {
      insertDelivery.run(d.id, d.eventId, d.eventSeq, d.type, d.resourceId, d.url, d.payload, d.origin, d.retries ? 1 : 0, d.createdAt, d.giveUpAt, d.createdAt, d.createdAt, d.wallAt);
    },
    /** One delivery. */
    delivery(id: string): Delivery | undefined {
      const r = findDelivery.get(id);
      return r && deliveryFromRow(r);
    },
    /** The delivery made for a domain event, if any. */
    deliveryOfEvent(eventId: string): string | undefined {
      return byEvent.get(eventId)?.id;
    },
    /** Every delivery made for a domain event, oldest first, in brief (what the request log shows under a call's events). */
    deliveriesOfEvent(eventId: string): { id: string; status: string; url: string; attemptCount: number; createdAtMs: number }[] {
      return allOfEvent.all(eventId).map((d) => ({ id: d.id, status: d.status, url: d.url, attemptCount: d.attempt_count, createdAtMs: d.created_at }));
    },
    /** Sets a delivery's status and next due time. */
    setState(id: string, status: DeliveryStatus, nextAttemptAt: number | null, atMs: number): void {
      setState.run(status, nextAttemptAt, atMs, id);
    },
    /** Records what an incoming-payment approval answer decided. */
    setApproval(id: string, approval: string, atMs: number): void {
      setApproval.run(approval, atMs, id);
    },
    /** Starts an attempt (IN_FLIGHT) and counts it on its delivery. */
    insertAttempt(a: { id: string; deliveryId: string; number: number; trigger: AttemptTrigger; url: string; signature: string; startedAt: number; wallAt: number }): void {
      insertAttempt.run(a.id, a.deliveryId, a.number, a.trigger, a.url, a.signature, a.startedAt, a.wallAt);
      bumpCount.run(a.startedAt, a.deliveryId);
    },
    /** Records how an attempt ended. */
    finishAttempt(id: string, r: AttemptResult): void {
      finishAttempt.run(r.outcome, r.durationMs, r.responseStatus, r.responseHeaders ? JSON.stringify(r.responseHeaders) : null, r.responseBody, r.error, id);
    },
    /** One attempt. */
    attempt(id: string): Attempt | undefined {
      const r = findAttempt.get(id);
      return r && attemptFromRow(r);
    },
    /** A delivery's attempts in order. */
    attempts(deliveryId: string): Attempt[] {
      return attemptsOf.all(deliveryId).map(attemptFromRow);
    },
    /** How many of a delivery's attempts still wait for an answer. */
    inFlightCount(deliveryId: string): number {
      return inFlight.get(deliveryId)!.n;
    },
    /** Attempts left IN_FLIGHT by a previous run of the app (it stopped before they were answered). */
    staleInFlight(): Attempt[] {
      return staleInFlight.all().map(attemptFromRow);
    },
    /** Ids of every delivery that gave up. */
    failedIds(): string[] {
      return failedIds.all().map((r) => r.id);
    },
    /** Deliveries by status. */
    statusCounts(): Partial<Record<DeliveryStatus, number>> {
      return Object.fromEntries(statusCounts.all().map((r) => [r.status, r.n]));
    },
    /** A filtered page of deliveries, newest first. */
    list(f: DeliveryFilter): Page<Delivery> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.type) (where.push('type = ?'), params.push(f.type));
      if (f.status) (where.push('status = ?'), params.push(f.status));
      if (f.resourceId) (where.push('resource_id = ?'), params.push(f.resourceId));
      return selectPage<DeliveryRow, Delivery>(db, {
        select: 'SELECT * FROM webhook_deliveries', from: 'FROM webhook_deliveries', where, params, limit: f.limit, cursor: f.cursor,
        order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: deliveryFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** An incoming payment's approval state. */
    approval(transactionId: string): { status: string; deliveryId: string | null; detail: Record<string, unknown> } | undefined {
      const r = approvalGet.get(transactionId);
      return r && { status: r.status, deliveryId: r.delivery_id, detail: JSON.parse(r.detail) as Record<string, unknown> };
    },
    /** Holds an incoming payment until the platform answers its approval webhook. */
    holdApproval(transactionId: string, atMs: number): void {
      approvalInsert.run(transactionId, atMs, atMs);
    },
    /** Records an approval decision. */
    setApprovalState(transactionId: string, status: string, deliveryId: string | null, detail: Record<string, unknown>, atMs: number): void {
      approvalSet.run(status, deliveryId, JSON.stringify(detail), atMs, transactionId);
    },
  };
}

/** The repo's type. */
export type WebhookRepo = ReturnType<typeof webhookRepo>;
