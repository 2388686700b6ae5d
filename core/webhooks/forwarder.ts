import { invalidInput } from '../kernel/errors';
import { hostAllowed, postWebhook } from './sender';
import type { WebhookService } from './service';

/** One webhook the listen mode forwarded, with the local receiver's answer. */
export interface Forwarded {
  id: string;
  type: string;
  at: string;
  status: number | null;
  durationMs: number;
  body: string | null;
  error: string | null;
}

const KEPT = 50;

/**
 * The console's listen mode: every webhook, as it is made, is also POSTed (signed, same envelope) to
 * a local URL, without changing the platform's endpoint. Nothing is stored or retried: it is a
 * developer's tap, like `npm run listen`. The last 50 answers are kept in memory for the screen.
 */
export class ListenForwarder {
  private stop: (() => void) | undefined;
  private url: string | null = null;
  private results: Forwarded[] = [];

  constructor(private readonly webhooks: WebhookService) {}

  /** Starts forwarding to `url` (a loopback or allowed host), or stops with null. */
  set(url: string | null): { url: string | null; results: Forwarded[] } {
    if (url !== null && !hostAllowed(url, this.webhooks.allowedHosts())) {
      throw invalidInput('url', 'must be on this computer (localhost or 127.0.0.1) or on a host allowed in the webhook settings');
    }
    this.stop?.();
    this.stop = undefined;
    this.url = url;
    if (url) {
      this.results = [];
      this.stop = this.webhooks.listen((w) => {
        void postWebhook(url, w.body, w.signature, this.webhooks.timeoutMs()).then((r) => {
          this.results = [{ id: w.id, type: w.type, at: new Date().toISOString(), status: r.responseStatus, durationMs: r.durationMs, body: r.responseBody, error: r.error }, ...this.results].slice(0, KEPT);
        });
      });
    }
    return this.state();
  }

  /** Where events are forwarded and the latest answers, newest first. */
  state(): { url: string | null; results: Forwarded[] } {
    return { url: this.url, results: this.results };
  }
}
