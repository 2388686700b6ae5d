// One file's console: its own `serve` process and one Chromium, started before the file's tests and
// closed after them even when a test failed, plus pages opened in fresh contexts (viewport, colour scheme,
// the console as base URL). Files that test serve's own start, stop and crash call startServe directly.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, startServe, type ServeProcess } from '../serve-process';
import { ApiClient, basicAuth } from '../../support/api-client';

/** How a file's `serve` is started. */
export interface ConsoleOptions {
  /** The test clock: frozen keeps every stamp still until a test advances it. */
  clock?: 'frozen' | 'real';
  /** More serve flags, e.g. `['--data-dir', dir]` for a workspace folder chosen by the file. */
  args?: string[];
  /** Environment for the process (e.g. SVC_CLIENT_ID and SVC_CLIENT_SECRET). */
  env?: Record<string, string>;
}

/** What a file's tests drive: its serve, its Chromium, and pages on the console. */
export interface E2eConsole {
  /** The running serve (from the file's first beforeAll on). */
  readonly serve: ServeProcess;
  /** The API of the file's serve, called with serve's own credentials. */
  readonly api: ApiClient;
  /** The file's one Chromium. */
  readonly browser: Browser;
  /** The console's URL at a route, e.g. `at('cards')` for `#/cards`. */
  at(route?: string): string;
  /** A fresh context (its own storage) whose base URL is the console, so `page.goto('#/cards')` works. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context of its own (closing the page closes it); afterAll closes whatever is left open. */
  page(options?: BrowserContextOptions): Promise<Page>;
  /**
   * What `make` gave the first time it was asked for `key`: a page shared by the tests that only look at
   * the console, so it loads once for them instead of once each (a fresh load costs seconds, a route change not).
   */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/**
 * Registers the hooks that start one serve and one Chromium for the calling file and close both (and every
 * context left open) after its last test. Call it at the top level, before the file's own beforeAll, so a
 * file's seeding runs against a started serve.
 */
export function useConsole(options: ConsoleOptions = {}): E2eConsole {
  let serve: ServeProcess | undefined;
  let browser: Browser | undefined;
  const made = new Map<string, Promise<unknown>>();
  const args = [...(options.clock ? ['--clock', options.clock] : []), ...(options.args ?? [])];

  beforeAll(async () => {
    serve = await startServe(args, options.env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    // Both, whatever the other did: a browser that fails to close must not leave serve running.
    await Promise.allSettled([browser?.close(), serve?.stop()]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test or a hook after useConsole()`);
    return value;
  };
  const fixture: E2eConsole = {
    get serve() {
      return started(serve, 'serve');
    },
    get api() {
      return new ApiClient(fixture.serve.apiBase, basicAuth(fixture.serve.clientId, fixture.serve.clientSecret));
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    at: (route = '') => fixture.serve.consoleUrl.replace('#/', `#/${route}`),
    context: (contextOptions = {}) => fixture.browser.newContext({ baseURL: fixture.serve.consoleUrl.replace(/#.*$/, ''), ...contextOptions }),
    page: async (contextOptions) => {
      const context = await fixture.context(contextOptions);
      const page = await context.newPage();
      // As browser.newPage() does: the page owns its context, so closing the page frees both.
      page.once('close', () => void context.close().catch(() => undefined));
      return page;
    },
    shared: <T>(key: string, make: () => Promise<T>) => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as Promise<T>;
    },
  };
  return fixture;
}
