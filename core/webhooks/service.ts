import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { DomainEvent } from '../kernel/events';
import type { Page } from '../kernel/pagination';
import { RETRY_WINDOW_SECONDS } from './backoff';
import { AttemptRunner } from './attempts';
import { mappingOf, retriesFor, type DataSource, type WebhookType } from './event-map';
import { webhookRepo, type AttemptResult, type DeliveryFilter, type WebhookRepo } from './repo';
import type { Attempt, Delivery, DeliveryOrigin, Envelope } from './schema';
import { DEFAULT_TIMEOUT_MS, hostAllowed } from './sender';
import { newSigningKey, signBody, type SigningKey } from './signing';

const CURSOR = 'eventCursor';
const ALLOWED_HOSTS = 'allowedHosts';
const TIMEOUT = 'timeoutMs';

/** What webhooks need from the areas below: the endpoint, the resources events are about, and the approval outcome. */
export interface WebhookPorts {
  /** The platform's webhook endpoint, if set. */
  endpoint(): string | undefined;
  /** The resource a webhook's `data` carries, as it stands (throws 404 when unknown). */
  load(source: Exclude<DataSource, 'payload' | 'none'>, id: string): unknown;
  /** Hears every finished attempt (incoming-payment approvals listen here). */
  onFinished?: (delivery: Delivery, attempt: Attempt, result: AttemptResult) => void;
}

/** A webhook as the listen mode sees it: the exact signed body and its signature header value. */
export interface TappedWebhook {
  id: string;
  type: WebhookType;
  body: string;
  signature: string;
}

/** Options of the delivery queue. */
export interface WebhookOptions {
  /** How long a receiver may take to answer (default 10 s). */
  timeoutMs?: number;
}

/** Events turned into deliveries per turn of the event loop. */
const PUMP_PAGE = 200;

/**
 * Webhook deliveries. Committed domain events become stored deliveries (read from the events table
 * after a cursor, so none is lost if the app stops in between); each is signed with the workspace's
 * P-256 key and POSTed after commit, never inside the request that caused it. Failures are retried
 * by jobs on the workspace clock (see backoff.ts); every attempt is stored with the receiver's answer.
 */
export class WebhookService {
  readonly repo: WebhookRepo;
  private readonly defaultTimeoutMs: number;
  private pumpQueued = false;
  /** Where the cursor jumped while nobody listened (see pump), and the cursor last written by this service. */
  private skippedTo = 0;
  private written = 0;
  private pem: string | undefined;
  private closed = false;
  private readonly attempts: AttemptRunner;
  private readonly taps = new Set<(w: TappedWebhook) => void>();

  constructor(private readonly ctx: Ctx, private readonly ports: WebhookPorts, options: WebhookOptions = {}) {
    this.repo = webhookRepo(ctx.db);
    this.defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.attempts = new AttemptRunner(ctx, this.repo, {
      privateKey: () => this.key().privateKey, endpoint: () => ports.endpoint(), allowedHosts: () => this.allowedHosts(),
      timeoutMs: () => this.timeoutMs(), finished: (d, a, r) => ports.onFinished?.(d, a, r),
    });
    ctx.transaction(() => {
      if (!this.repo.key()) this.repo.insertKey(newSigningKey(), ctx.clock.nowMs());
      // A workspace starts delivering from now: the history written before webhooks existed is not replayed.
      if (this.repo.setting<number>(CURSOR) === undefined) this.repo.putSetting(CURSOR, this.lastSeq());
      this.attempts.failStale();
    });
    ctx.events.subscribe((e) => this.onEvent(e));
    // The jump past changes nobody heard is written with the next group commit (no commit of its own), so
    // a crash right after an endpoint is set cannot make the restart send what happened before it.
    this.written = this.repo.setting<number>(CURSOR) ?? 0;
    ctx.beforeGroupCommit(() => {
      if (!this.closed) this.writeSkipped();
    });
    this.queuePump();
  }

  /** The public key receivers verify signatures with, as SPKI PEM. */
  publicKeyPem(): string {
    // The key never changes once made, and GET /config reads it on every call.
    return (this.pem ??= this.key().publicKeyPem);
  }

  /** Hosts other than loopback that deliveries may go to (the user allows them in the console). */
  allowedHosts(): string[] {
    return this.repo.setting<string[]>(ALLOWED_HOSTS) ?? [];
  }

  /** Replaces the allowed hosts. */
  setAllowedHosts(hosts: string[]): string[] {
    const clean = [...new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean))];
    clean.forEach((h, i) => {
      if (!/^[a-z0-9.-]+$/.test(h)) throw invalidInput(`hosts.${i}`, 'must be a host name such as hooks.example.com');
    });
    this.ctx.transaction(() => this.repo.putSetting(ALLOWED_HOSTS, clean));
    return clean;
  }

  /** How long a receiver may take to answer before the attempt fails. */
  timeoutMs(): number {
    return this.repo.setting<number>(TIMEOUT) ?? this.defaultTimeoutMs;
  }

  /** Sets the receiver timeout (1 to 60 seconds). */
  setTimeoutMs(ms: number): number {
    if (!Number.isInteger(ms) || ms < 100 || ms > 60_000) throw invalidInput('timeoutMs', 'must be a whole number of milliseconds from 100 to 60000');
    this.ctx.transaction(() => this.repo.putSetting(TIMEOUT, ms));
    return ms;
  }

  /** Whether deliveries may go to this URL now (loopback, or a host the user allowed). */
  endpointAllowed(url: string): boolean {
    return hostAllowed(url, this.allowedHosts());
  }

  /** A page of deliveries, newest first. */
  list(f: DeliveryFilter): Page<Delivery> {
    return this.repo.list(f);
  }

  /** The deliveries made for a domain event, in brief, oldest first (the request log lists them under the call that caused it). */
  briefOfEvent(eventId: string): { id: string; status: string; url: string; attemptCount: number; createdAt: string }[] {
    return this.repo.deliveriesOfEvent(eventId).map(({ createdAtMs, ...d }) => ({ ...d, createdAt: new Date(createdAtMs).toISOString() }));
  }

  /** One delivery with its attempts (404 WEBHOOK_NOT_FOUND). */
  get(id: string): { delivery: Delivery; attempts: Attempt[] } {
    const delivery = this.repo.delivery(id);
    if (!delivery) throw notFound('WEBHOOK_NOT_FOUND', `Webhook delivery ${id} not found`);
    return { delivery, attempts: this.repo.attempts(id) };
  }

  /** Deliveries by status (the screen's filter counts). */
  counts() {
    return this.repo.statusCounts();
  }

  /**
   * The listen mode: hears every webhook as it is made (signed, with the delivery's own envelope id),
   * whether or not an endpoint is set, without touching the platform's configuration. Returns the
   * function that stops listening.
   */
  listen(tap: (w: TappedWebhook) => void): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /**
   * Sends a delivery again with the same envelope (same id, so receivers can recognise a duplicate),
   * to the endpoint as it is now. Retries already scheduled stay scheduled.
   */
  replay(id: string): Attempt {
    const { delivery } = this.get(id);
    const url = this.ports.endpoint() ?? delivery.url;
    return this.ctx.transaction(() => this.attempts.start(delivery.id, 'REPLAY', url));
  }

  /** Replays every delivery that gave up; returns how many were sent again. */
  replayFailed(): number {
    const ids = this.repo.failedIds();
    for (const id of ids) this.replay(id);
    return ids.length;
  }

  /** Sends a webhook of any type carrying an existing object's data (a developer's manual send). */
  sendEvent(type: WebhookType, resourceId: string | undefined, source: DataSource): Delivery {
    const url = this.requireEndpoint();
    if (type !== 'TEST' && !resourceId) throw invalidInput('resourceId', `is required for a ${type} webhook (the object whose data it carries)`);
    const data = type === 'TEST' || source === 'none' || source === 'payload' ? undefined : this.ports.load(source, resourceId!);
    return this.ctx.transaction(() => this.create({ type, data, resourceId: resourceId ?? null, origin: type === 'TEST' ? 'TEST' : 'MANUAL', url, event: null }));
  }

  /** Sends a TEST webhook and waits for the answer (`POST /sandbox/webhooks/test`). */
  async test(): Promise<{ url: string; attempt: Attempt }> {
    const url = this.requireEndpoint();
    const delivery = this.ctx.transaction(() => this.create({ type: 'TEST', data: undefined, resourceId: null, origin: 'TEST', url, event: null }));
    const first = this.repo.attempts(delivery.id)[0]!;
    return { url, attempt: await this.attempts.answerOf(first.id) };
  }

  /** Waits for every request in flight (tests and a clean shutdown). */
  async idle(): Promise<void> {
    while (this.pumpQueued) await new Promise((r) => setImmediate(r));
    await this.attempts.idle();
  }

  /** Stops sending; answers that arrive later are not recorded (the database is closing). */
  close(): void {
    this.closed = true;
    this.attempts.close();
    if (this.ctx.db.open && this.skippedTo > this.written) this.ctx.transaction(() => this.writeSkipped());
  }

  /** Inside a transaction (a group commit's, or close's): writes the cursor's jump if it moved since it was last written. */
  private writeSkipped(): void {
    if (this.skippedTo <= this.written) return;
    if (this.skippedTo > (this.repo.setting<number>(CURSOR) ?? 0)) this.repo.putSetting(CURSOR, this.skippedTo);
    this.written = this.skippedTo;
  }

  private requireEndpoint(): string {
    const url = this.ports.endpoint();
    if (!url) throw new ServiceError(400, 'WEBHOOK_ENDPOINT_NOT_SET', 'No webhook endpoint is set: PATCH /config with webhookEndpoint first');
    return url;
  }

  private key(): SigningKey {
    const k = this.repo.key();
    if (!k) throw new Error('workspace has no webhook signing key');
    return k;
  }

  private lastSeq(): number {
    return this.ctx.events.lastSeq();
  }

  private onEvent(e: DomainEvent): void {
    if (this.closed) return;
    if (e.type === 'WEBHOOK.ATTEMPT_STARTED') this.attempts.launch(String((e.payload as { attemptId: string }).attemptId));
    else if (!e.type.startsWith('WEBHOOK.')) this.queuePump();
  }

  // Why deferred: the request that committed the event answers first; delivering is never its cost.
  private queuePump(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      // A database closed without close() (a host tearing down in a hurry) ends sending quietly.
      if (!this.closed && this.ctx.db.open) this.pump();
    });
  }

  /**
   * Turns the committed events after the cursor into deliveries, in order, one page per turn of the
   * event loop: a long backlog (a million seeded events) never holds up the API.
   */
  private pump(): void {
    if (!this.ports.endpoint() && !this.taps.size) {
      // Nobody to deliver to or to tell: nothing of the backlog would be sent, so the cursor jumps to the end.
      // Why in memory: writing the jump after every change was a second commit per group commit (17 % of a
      // quote creation); it is written inside the next group commit, with the next delivery's cursor, or
      // at close.
      this.skippedTo = this.lastSeq();
      return;
    }
    const after = Math.max(this.repo.setting<number>(CURSOR) ?? 0, this.skippedTo);
    const taps: Parameters<WebhookService['tapOnly']>[0][] = [];
    // Read inside the transaction: other work commits a waiting group commit first, so these are committed
    // events (or, during API calls, events of the same group, which commits or rolls back with the cursor).
    const page = this.ctx.transaction(() => {
      const events = this.ctx.events.after(after, PUMP_PAGE);
      const url = this.ports.endpoint();
      for (const e of events) {
        const m = mappingOf(e);
        if (!m || (!url && !this.taps.size) || this.repo.deliveryOfEvent(e.id)) continue;
        let data: unknown;
        try {
          data = m.data === 'payload' ? e.payload : m.data === 'none' ? undefined : this.ports.load(m.data, e.resourceId);
        } catch {
          continue; // the object is gone (deleted since): nothing to describe
        }
        const d = { type: m.type, data, resourceId: m.data === 'none' ? null : e.resourceId, event: e };
        if (url) this.create({ ...d, origin: m.type === 'TEST' ? 'TEST' : 'EVENT', url });
        else taps.push(d);
      }
      if (events.length) this.repo.putSetting(CURSOR, events.at(-1)!.seq);
      return events;
    });
    for (const d of taps) this.tapOnly(d);
    if (page.length === PUMP_PAGE) this.queuePump();
  }

  /** With no endpoint set, a listener still hears the webhook (nothing is stored: no delivery exists). */
  private tapOnly(d: { type: WebhookType; data: unknown; event: DomainEvent }): void {
    if (d.type === 'TEST') return;
    const id = this.ctx.ids('Webhook');
    const body = JSON.stringify({ id, type: d.type, timestamp: d.event.createdAt, data: d.data } satisfies Envelope);
    this.tap({ id, type: d.type, body, signature: signBody(body, this.key().privateKey) });
  }

  private tap(w: TappedWebhook): void {
    // Why after the current tick: listeners write to sockets; the pump's transaction must not wait for them.
    for (const t of this.taps) setImmediate(() => t(w));
  }

  private create(d: { type: WebhookType; data: unknown; resourceId: string | null; origin: DeliveryOrigin; url: string; event: DomainEvent | null }): Delivery {
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('Webhook');
    const envelope: Envelope = { id, type: d.type, timestamp: d.event?.createdAt ?? this.ctx.clock.iso(), ...(d.type === 'TEST' ? {} : { data: d.data }) };
    this.repo.insertDelivery({
      id, eventId: d.event?.id ?? null, eventSeq: d.event?.seq ?? null, type: d.type, resourceId: d.resourceId, url: d.url,
      payload: JSON.stringify(envelope), origin: d.origin, retries: retriesFor(d.type), giveUpAt: now + RETRY_WINDOW_SECONDS * 1000, createdAt: now, wallAt: this.ctx.clock.realNowMs(),
    });
    const first = this.attempts.start(id, 'SCHEDULED', d.url);
    if (this.taps.size) this.tap({ id, type: d.type, body: this.repo.delivery(id)!.payload, signature: first.signature });
    return this.repo.delivery(id)!;
  }
}
