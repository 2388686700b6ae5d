import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API call running in the current async context, by the id its request-log entry will have. Why: events
 * are appended deep inside areas' services, which know nothing of HTTP; the outbox reads the running call
 * from here to record which call caused each event (a call lists its events, an event links to its call).
 * Work a call starts and does not await (a timer's job) is not the call's and is not linked.
 */
export class CallScope {
  private readonly store = new AsyncLocalStorage<string>();

  /** Runs `fn` as the call `logId`. */
  run<T>(logId: string, fn: () => T): T {
    return this.store.run(logId, fn);
  }

  /** The log id of the call running now, if any. */
  current(): string | undefined {
    return this.store.getStore();
  }
}
