// Issue 28 in Chromium against `serve`: the Overview of a fresh workspace, whose only transactions are the
// seeded card payments, counts and charts them; after a clock advance of three days, an API call made a
// moment ago still reads as just made (wall clock), while a payment in flight says when it is expected to
// arrive on the workspace clock. Screenshots of the changed screens go to /tmp/shots/F for a person to look at.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';

const OUT = process.env['SHOTS_DIR'] ?? '/tmp/shots/F';
const app = useConsole({ clock: 'frozen' });

/** The window of a theme and size (one each, shared by the tests: the console loads once per window), at a route. */
async function open(route: string, theme: 'light' | 'dark' = 'light', size = { width: 1440, height: 900 }): Promise<Page> {
  const page = await app.shared(`${theme}-${size.width}`, async () => {
    const fresh = await app.page({ viewport: size, colorScheme: theme });
    await fresh.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
    return fresh;
  });
  await page.goto(app.at(route));
  return page;
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
}, 60_000);


describe('the Overview of a workspace with only card payments', () => {
  it('counts and charts the card payments the Transactions screen lists, in words, and never says "No transactions yet"', async () => {
    const page = await open('overview');
    const bars = page.getByTestId('status-bar');
    await expect.poll(() => bars.count(), { timeout: 15_000 }).toBe(3);
    expect(await bars.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['CARD', 'CARD', 'CARD']);
    const charts = await page.getByTestId('activity-charts').innerText();
    expect(charts).not.toContain('No transactions yet');
    expect(charts).toContain('Card: settled');
    expect(charts).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    await expect.poll(() => page.locator('.count-link', { hasText: 'Transactions' }).innerText()).toContain('3');
  }, 60_000);
});

describe('times after a clock advance of three days', () => {
  it('an API call made a moment ago reads by the wall clock; a payment in flight is expected on the workspace clock', async () => {
    const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
    const lucia = (await seededCustomer(app.api, 'cust-lucia-002')).id;
    await okBody(app.api.send('POST /sandbox/clock/advance', { body: { seconds: 3 * 86_400 } }));
    const source = (await internalAccountOf(app.api, alice, 'USD')).id;
    const delayed = (await externalAccountOf(app.api, lucia, (i) => String(i.clabeNumber).endsWith('12003'))).id;
    const quote = await okBody(app.api.send('POST /quotes', { body: { source: { sourceType: 'ACCOUNT', accountId: source }, destination: { destinationType: 'ACCOUNT', accountId: delayed }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 250_00 } }));
    await okBody(app.api.send('POST /quotes/{quoteId}/execute', { params: { quoteId: quote.id } }));

    const log = await open('request-log');
    const row = log.getByTestId('request-log-row').filter({ hasText: '/execute' }).first();
    await row.waitFor({ timeout: 15_000 });
    const time = row.locator('time');
    expect(await time.getAttribute('data-clock')).toBe('wall');
    expect(await time.innerText()).toMatch(/^(just now|\d+ s ago)$/);
    expect(await time.getAttribute('title')).toMatch(/^Real time: /);
    await log.screenshot({ path: `${OUT}/request-log-light-1440.png` });

    for (const theme of ['light', 'dark'] as const) {
      for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
        const page = await open(`transactions/${encodeURIComponent(quote.transactionId)}`, theme, size);
        const inFlight = page.getByTestId('in-flight');
        await inFlight.waitFor({ timeout: 15_000 });
        const text = await inFlight.innerText();
        expect(text).toContain('Expected to arrive in 6 min');
        expect(text).toContain('workspace time');
        expect(text).toContain('The workspace clock is stopped');
        // The API calls of the drawer read by the wall clock, the history by the workspace clock.
        expect(await page.getByTestId('transaction-api-call').first().locator('time').getAttribute('data-clock')).toBe('wall');
        expect(await page.getByTestId('transaction-history').locator('.when').first().innerText()).toContain('workspace time');
        await page.screenshot({ path: `${OUT}/drawer-in-flight-${theme}-${size.width}.png` });
      }
    }
  }, 120_000);
});

describe('screens whose words changed, in light and dark at two sizes', () => {
  it('Overview and Transfers (the outcome table) are painted and looked at', { timeout: 240_000 }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
        const overview = await open('overview', theme, size);
        await overview.getByTestId('status-bar').first().waitFor({ timeout: 30_000 });
        await overview.screenshot({ path: `${OUT}/overview-${theme}-${size.width}.png`, fullPage: true });
        const transfers = await open('transfers', theme, size);
        const table = transfers.getByTestId('transfer-outcomes');
        await table.waitFor({ timeout: 30_000 });
        expect(await table.locator('[data-suffix="005"]').innerText()).toContain('about 30 s');
        await transfers.screenshot({ path: `${OUT}/transfers-${theme}-${size.width}.png`, fullPage: true });
      }
    }
  });
});
