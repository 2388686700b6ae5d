// The console's transactions table as a user meets it, in Chromium against `serve` over a large
// workspace: the time from opening the screen to its first rows, and the time from scrolling to the
// end of the loaded rows to the next page shown, both once the page has settled (as after a user's scroll
// through the rows) and in a jump made the moment the first rows appear (while the first render's work
// and the page asked for ahead are still under way). Needs `npm run build` (the built `serve` and renderer).
import { existsSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { launchChromium, startServe } from '../../e2e/serve-process';

const TRIALS = 7;

/** Milliseconds from navigation to the first rendered row of the transactions table. */
async function firstRows(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  const t0 = performance.now();
  await page.goto(url);
  await page.locator('[data-testid="transaction-table"] [data-transaction-id]').first().waitFor({ timeout: 30_000 });
  return performance.now() - t0;
}

/**
 * Milliseconds (measured in the page) from scrolling to the end of the loaded rows to the footer counting
 * the next page. Sent as source text: the bench runs under tsx, whose helpers would not exist in the page.
 */
function nextPage(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const list = document.querySelector('[data-testid="transaction-table"] .v-vl');
    const footer = () => (/Showing ([\\d,]+) of/.exec(document.querySelector('main')?.textContent ?? '') ?? [])[1] ?? '';
    if (!list) return reject(new Error('no virtual list'));
    const before = footer();
    const t0 = performance.now();
    list.scrollTo({ top: list.scrollHeight });
    const check = () => {
      if (footer() !== before) return resolve(performance.now() - t0);
      if (performance.now() - t0 > 30000) return reject(new Error('the next page never came (footer ' + before + ')'));
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

/** True for the console's request of a later page of transactions (the page it asks for ahead). */
function isNextPageRequest(response: Response): boolean {
  const body = response.request().postData() ?? '';
  return response.url().endsWith('/__bridge/invoke') && body.includes('"transactions/search"') && body.includes('"cursor"');
}

/**
 * Resolves once the page asked for ahead has arrived and the page is idle: where a user scrolling through the
 * rows (50 of them, about nine table heights) stands when reaching their end.
 */
async function settled(page: Page, nextPageArrived: Promise<unknown>): Promise<void> {
  await nextPageArrived;
  await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }))');
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Records the console table figures over the workspace in `dataDir` (skipped, and said so, without a build). */
export async function consoleTableBench(record: (name: string, value: string) => void, dataDir: string, label: string): Promise<void> {
  if (!existsSync('dist/host/serve.mjs')) {
    record(`${label} console transactions table (Chromium)`, 'skipped: run `npm run build` first');
    return;
  }
  const proc = await startServe([], {}, dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const url = proc.consoleUrl.replace('#/', '#/transactions');
    const opens: number[] = [];
    const pages: number[] = [];
    const atOnce: number[] = [];
    for (let i = 0; i < TRIALS; i++) {
      // Each figure on a freshly opened screen, so both measure the second page (the first one asked for ahead).
      opens.push(await firstRows(page, url));
      await page.getByText(/Showing [\d,]+ of/).first().waitFor({ timeout: 30_000 });
      atOnce.push(await nextPage(page));
      const nextPageArrived = page.waitForResponse(isNextPageRequest, { timeout: 30_000 });
      await firstRows(page, url);
      await page.getByText(/Showing [\d,]+ of/).first().waitFor({ timeout: 30_000 });
      // A user scrolling down the rows reaches their end some time after they appeared: by then the first
      // render's work is done and the page asked for ahead has arrived.
      await settled(page, nextPageArrived);
      pages.push(await nextPage(page));
    }
    record(`${label} console: open Transactions to first rows (Chromium)`, `p50 ${p(opens, 0.5).toFixed(0)} ms, max ${Math.max(...opens).toFixed(0)} ms over ${TRIALS} (target <= 1 s)`);
    record(`${label} console: next page after scrolling through the rows (Chromium, page settled)`, `p50 ${p(pages, 0.5).toFixed(1)} ms, max ${Math.max(...pages).toFixed(1)} ms over ${TRIALS} (target <= 50 ms)`);
    record(`${label} console: next page, jumping to the end as the first rows appear (the earlier figure)`, `p50 ${p(atOnce, 0.5).toFixed(1)} ms, max ${Math.max(...atOnce).toFixed(1)} ms over ${TRIALS}`);
  } finally {
    await browser.close();
    await proc.stop();
  }
}
