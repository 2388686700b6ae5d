import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';

// The quotes history and the request log's replay, in Chromium against `serve`: past quotes made over
// HTTP are listed, filtered and reopened in the workbench; a logged call is copied as curl (and that
// command, run in a shell with the credentials, works) and opened in the composer; with 10,000 calls logged the
// request log's first rows show in under 500 ms. Screenshots at 1440x900 and 1024x700, light and dark.
const OUT = 'test-results/screenshots';
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;
const THEMES = ['light', 'dark'] as const;
const run = promisify(execFile);

const app = useConsole();
const quoteIds: string[] = [];

/** Calls the local API as the seeded token. */
/** Quotes from Alice (USD) to Lucía's MXN and Sophie's EUR accounts, with descriptions, some executed. */
async function seedQuotes(): Promise<void> {
  const byPlatformId = async (id: string) => (await seededCustomer(app.api, id)).id;
  const [alice, lucia, sophie] = [await byPlatformId('cust-alice-001'), await byPlatformId('cust-lucia-002'), await byPlatformId('cust-sophie-003')];
  const aliceUsd = (await internalAccountOf(app.api, alice, 'USD')).id;
  const external = async (customerId: string, field: string, suffix: string) =>
    (await externalAccountOf(app.api, customerId, (info) => String(info[field] ?? '').endsWith(suffix))).id;
  const clabe = await external(lucia, 'clabeNumber', '12000');
  const iban = await external(sophie, 'iban', '0000');
  const descriptions = ['School fees for Mateo', 'Rent for March', undefined, 'Invoice 2231 — consulting', 'Birthday gift', undefined];
  for (let i = 0; i < descriptions.length; i++) {
    const quote = await okBody(app.api.send('POST /quotes', { body: {
      source: { sourceType: 'ACCOUNT', accountId: aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: i % 2 ? iban : clabe },
      lockedCurrencySide: i % 3 === 2 ? 'RECEIVING' : 'SENDING', lockedCurrencyAmount: 1_234_56 * (i + 1) + 37,
      ...(descriptions[i] ? { description: descriptions[i] } : {}),
    } }));
    quoteIds.push(quote.id);
    if (i % 2 === 0) await okBody(app.api.send('POST /quotes/{quoteId}/execute', { params: { quoteId: quote.id } }));
  }
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await seedQuotes();
});


async function open(size: { width: number; height: number }, theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await app.context({ viewport: size, colorScheme: theme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.serve.consoleUrl).origin });
  const page = await context.newPage();
  await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** The page at a size and theme that the history's and the log entry's tests share: the console loads once for both. */
const sharedOpen = (size: { width: number; height: number }, theme: 'light' | 'dark') =>
  app.shared(`${size.width}x${size.height}-${theme}`, () => open(size, theme));

/** Waits until the screen has settled (no skeletons, the theme painted, no transition running). */
async function settled(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => styleOf(page.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
  await animationsDone(page);
}

/** True when nothing on the page scrolls sideways (the layout fits the window). */
const fitsWidth = (page: Page) => page.evaluate(() => {
  const el = (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number; clientWidth: number } } }).document.scrollingElement;
  return el.scrollWidth <= el.clientWidth;
});

describe('the quotes history', () => {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`lists past quotes and reopens one in the workbench (${size.width}x${size.height}, ${theme})`, async () => {
        const { page, errors } = await sharedOpen(size, theme);
        await page.goto(app.at('quotes?view=history'));
        const rows = page.locator('[data-testid="quote-history-row"]');
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(6);
        await settled(page, theme);
        expect(await rows.first().getAttribute('data-quote-id')).toBe(quoteIds.at(-1));
        expect(await page.locator('main').innerText()).toMatch(/6 quotes/);
        expect(await fitsWidth(page)).toBe(true);
        await page.screenshot({ path: `${OUT}/quotes-history-${size.width}x${size.height}-${theme}.png` });

        // Words of a description find their quote; the filter is in the URL.
        await page.getByTestId('quote-history-search').fill('rent');
        await page.getByTestId('quote-history-search').press('Enter');
        await expect.poll(() => rows.count()).toBe(1);
        expect(page.url()).toContain('q=rent');
        expect(await rows.first().innerText()).toContain('Rent for March');

        await rows.first().getByTestId('quote-reopen').click();
        const result = page.getByTestId('quote-result');
        await result.waitFor({ state: 'visible' });
        expect(await result.getAttribute('data-quote-id')).toBe(quoteIds[1]);
        expect(await page.getByTestId('quote-amount').inputValue()).toBe('2,469.49');
        await settled(page, theme);
        if (theme === 'light') await page.screenshot({ path: `${OUT}/quotes-reopened-${size.width}x${size.height}-${theme}.png` });
        expect(errors).toEqual([]);
      });
    }
  }
});

describe('the request log entry: copy as curl and open in the composer', () => {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`shows the actions on a logged POST /quotes (${size.width}x${size.height}, ${theme})`, async () => {
        const { page, errors } = await sharedOpen(size, theme);
        await page.goto(app.at('request-log?method=POST&pathContains=%2Fquotes&source=HTTP'));
        const row = page.locator('[data-testid="request-log-row"]').filter({ hasText: /\/quotes(?!\/)/ }).first();
        await row.waitFor({ state: 'visible', timeout: 15_000 });
        await row.click();
        await page.getByTestId('open-in-composer').waitFor({ state: 'visible' });
        await settled(page, theme);
        const curl = await page.getByTestId('curl-command').innerText();
        expect(curl).toContain(`-X POST '${new URL(app.serve.apiBase).origin}/2025-10-13/quotes'`);
        expect(curl).not.toContain(app.serve.clientSecret);
        await page.screenshot({ path: `${OUT}/request-log-entry-${size.width}x${size.height}-${theme}.png` });
        expect(errors).toEqual([]);
      });
    }
  }

  it('copies a curl command that works in a shell with the credentials, and opens the call in the composer', async () => {
    const { page, errors } = await sharedOpen(SIZES[0], 'light');
    await page.goto(app.at('request-log?method=GET&pathContains=%2Fcustomers&source=HTTP'));
    const row = page.locator('[data-testid="request-log-row"]').first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    await page.getByTestId('copy-as-curl').click();
    const copied = await expect.poll(() => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).not.toBe('')
      .then(() => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()));
    expect(copied).toContain('-u "$CLIENT_ID:$CLIENT_SECRET"');
    expect(copied).not.toContain(app.serve.clientSecret);
    // The command as copied, run by a shell with the token's credentials in its environment.
    const { stdout } = await run('/bin/sh', ['-c', `${copied} -sS -w '\\n%{http_code}'`], { env: { ...process.env, CLIENT_ID: app.serve.clientId, CLIENT_SECRET: app.serve.clientSecret } });
    expect(stdout.trim().split('\n').at(-1)).toBe('200');
    expect(JSON.parse(stdout.trim().split('\n').slice(0, -1).join('\n'))).toHaveProperty('totalCount');

    // Sending again is the composer's (test/e2e/composer.test.ts): the entry only opens it, prefilled.
    await page.getByTestId('open-in-composer').click();
    await expect.poll(() => page.getByTestId('composer-path').locator('input').inputValue(), { timeout: 15_000 }).toMatch(/^\/customers/);
    expect(errors).toEqual([]);
  });
});

describe('a long request log', () => {
  it('shows its first rows in under 500 ms with 10,000 calls logged', async () => {
    const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
    let next = 0;
    const paths = ['/customers?limit=20', '/config', '/transactions?limit=20', '/quotes/Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'];
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < 10_000) {
        const i = next++;
        await (await fetch(`${app.serve.apiBase}${paths[i % paths.length]}`, { headers: { authorization: auth } })).arrayBuffer();
      }
    }));
    const { context, page, errors } = await open(SIZES[0], 'light');
    await page.goto(app.at('overview'));
    await page.locator('main > section[aria-label="Overview"]').waitFor({ state: 'visible', timeout: 15_000 });
    await settled(page, 'light');
    // Load the screen's code once (a first visit also fetches its chunk), then time visits as users make them.
    await page.getByTestId('nav-request-log').click();
    await page.locator('[data-testid="request-log-row"]').first().waitFor({ state: 'visible', timeout: 15_000 });
    const visits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('nav-overview').click();
      await page.locator('main > section[aria-label="Overview"]').waitFor({ state: 'visible' });
      await settled(page, 'light');
      // Timed in the page: from the click on the navigation to the frame that paints the first row.
      visits.push(await page.evaluate(() => new Promise<number>((resolve) => {
        const w = globalThis as unknown as { document: Document; MutationObserver: typeof MutationObserver; requestAnimationFrame(cb: () => void): void };
        const started = performance.now();
        const observer = new w.MutationObserver(() => {
          if (!w.document.querySelector('[data-testid="request-log-row"]')) return;
          observer.disconnect();
          w.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(w.document.body, { childList: true, subtree: true });
        w.document.querySelector<HTMLElement>('[data-testid="nav-request-log"]')!.click();
      })));
    }
    const median = [...visits].sort((a, b) => a - b)[1]!;
    console.log(`request log first rows at 10,000+ calls: ${visits.map((v) => v.toFixed(0)).join(', ')} ms (median ${median.toFixed(0)} ms)`);
    expect(median).toBeLessThan(500);
    expect(await page.locator('main').innerText()).toMatch(/10,\d{3} calls/);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
