import type { Ctx } from '../context';
import type { Job } from '../kernel/scheduler';
import { nextAttemptAt } from './backoff';
import type { AttemptResult, WebhookRepo } from './repo';
import type { Attempt, AttemptTrigger, Delivery } from './schema';
import { hostAllowed, postWebhook } from './sender';
import { signBody } from './signing';

const RETRY_JOB = 'webhook.retry';

/** What the attempts need from the delivery service: the key, the endpoint and settings, and who hears the outcome. */
export interface AttemptSettings {
  privateKey(): string;
  endpoint(): string | undefined;
  allowedHosts(): string[];
  timeoutMs(): number;
  finished(delivery: Delivery, attempt: Attempt, result: AttemptResult): void;
}

/**
 * The attempts of deliveries: each is recorded (IN_FLIGHT) in a transaction that also schedules the
 * next retry on the workspace clock, POSTed once that commits (the WEBHOOK.ATTEMPT_STARTED event
 * starts it), and its answer recorded with the delivery's new status. A retry scheduled ahead is
 * cancelled when an attempt succeeds or the receiver answers 409.
 */
export class AttemptRunner {
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiters = new Map<string, (a: Attempt) => void>();

  constructor(private readonly ctx: Ctx, private readonly repo: WebhookRepo, private readonly settings: AttemptSettings) {
    ctx.scheduler.register(RETRY_JOB, (job) => this.retry(job));
  }

  /** Records an attempt and, for scheduled ones, the next retry (call inside a transaction); the POST goes out after commit. */
  start(deliveryId: string, trigger: AttemptTrigger, url: string): Attempt {
    const d = this.repo.delivery(deliveryId)!;
    const now = this.ctx.clock.nowMs();
    const attemptId = this.ctx.ids('WebhookAttempt');
    const number = d.attemptCount + 1;
    this.repo.insertAttempt({ id: attemptId, deliveryId, number, trigger, url, signature: signBody(d.payload, this.settings.privateKey()), startedAt: now, wallAt: this.ctx.clock.realNowMs() });
    let next = d.nextAttemptAt === null ? null : Date.parse(d.nextAttemptAt);
    if (trigger === 'SCHEDULED') {
      next = d.retries ? (nextAttemptAt(number, now, Date.parse(d.giveUpAt)) ?? null) : null;
      if (next !== null) this.ctx.scheduler.schedule(RETRY_JOB, next, { deliveryId }, deliveryId);
    }
    this.repo.setState(deliveryId, 'SENDING', next, now);
    this.ctx.events.append('WEBHOOK.ATTEMPT_STARTED', 'WebhookDelivery', deliveryId, { attemptId, number, type: d.type, trigger });
    return this.repo.attempt(attemptId)!;
  }

  /** Sends a recorded attempt (its WEBHOOK.ATTEMPT_STARTED event was committed). */
  launch(attemptId: string): void {
    if (this.closed) return;
    const attempt = this.repo.attempt(attemptId);
    const delivery = attempt && this.repo.delivery(attempt.deliveryId);
    if (!attempt || !delivery || attempt.outcome !== 'IN_FLIGHT') return;
    const send = hostAllowed(attempt.url, this.settings.allowedHosts())
      ? postWebhook(attempt.url, delivery.payload, attempt.signature, this.settings.timeoutMs())
      : Promise.resolve<AttemptResult>({ outcome: 'FAILED', durationMs: 0, responseStatus: null, responseHeaders: null, responseBody: null,
        error: `${attempt.url} is not on a loopback address and its host is not allowed in the workspace settings` });
    const done = send.then((result) => this.finish(attemptId, result)).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Resolves when an attempt has been answered (or failed). */
  answerOf(attemptId: string): Promise<Attempt> {
    const now = this.repo.attempt(attemptId);
    if (now && now.outcome !== 'IN_FLIGHT') return Promise.resolve(now);
    return new Promise((resolve) => this.waiters.set(attemptId, resolve));
  }

  /** Resolves once every request in flight has been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Stops sending; answers that arrive later are not recorded (the database is closing). */
  close(): void {
    this.closed = true;
  }

  /** Attempts a previous run left unanswered are failed: the app stopped before the receiver answered. */
  failStale(): void {
    for (const a of this.repo.staleInFlight()) {
      this.repo.finishAttempt(a.id, { outcome: 'FAILED', durationMs: 0, responseStatus: null, responseHeaders: null, responseBody: null, error: 'The app stopped before the receiver answered' });
      const d = this.repo.delivery(a.deliveryId)!;
      if (d.status === 'SENDING') this.repo.setState(d.id, d.nextAttemptAt ? 'RETRYING' : 'FAILED', d.nextAttemptAt ? Date.parse(d.nextAttemptAt) : null, this.ctx.clock.nowMs());
    }
  }

  private retry(job: Job): void {
    const d = this.repo.delivery(String(job.payload['deliveryId']));
    if (!d || d.status === 'SUCCEEDED' || d.status === 'FAILED') return;
    this.start(d.id, 'SCHEDULED', this.settings.endpoint() ?? d.url);
  }

  private finish(attemptId: string, result: AttemptResult): void {
    if (this.closed) return;
    const now = this.ctx.clock.nowMs();
    const delivery = this.ctx.transaction(() => {
      this.repo.finishAttempt(attemptId, result);
      const d = this.repo.delivery(this.repo.attempt(attemptId)!.deliveryId)!;
      if (d.status === 'SUCCEEDED') return d; // an earlier attempt already got through
      // Why 409 stops retries: the receiver says it already has this webhook id (a duplicate).
      if (result.outcome === 'SUCCEEDED' || result.responseStatus === 409) {
        this.ctx.scheduler.cancel(RETRY_JOB, d.id);
        this.repo.setState(d.id, result.outcome === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED', null, now);
      } else if (d.nextAttemptAt !== null) {
        this.repo.setState(d.id, 'RETRYING', Date.parse(d.nextAttemptAt), now);
      } else if (this.repo.inFlightCount(d.id) === 0) {
        this.repo.setState(d.id, 'FAILED', null, now);
      }
      const updated = this.repo.delivery(d.id)!;
      this.ctx.events.append('WEBHOOK.ATTEMPT_FINISHED', 'WebhookDelivery', d.id, { attemptId, status: updated.status, responseStatus: result.responseStatus });
      return updated;
    });
    const attempt = this.repo.attempt(attemptId)!;
    this.settings.finished(delivery, attempt, result);
    this.waiters.get(attemptId)?.(attempt);
    this.waiters.delete(attemptId);
  }
}
