import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The money path as a developer and then support staff walk it, on a frozen workspace clock so the
// sandbox outcome happens exactly when the test advances the clock.
const OUT = 'test-results/screenshots';

const app = useConsole({ clock: 'frozen' });
let page: Page;
let quoteId = '';
let transactionId = '';

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await app.page({ viewport: { width: 1280, height: 800 } });
});


/** Opens a filterable select by its test id, types to narrow the options, and picks the first match. */
async function choose(testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  const option = page.locator('.n-base-select-option').filter({ hasText: text }).first();
  await option.waitFor({ state: 'visible', timeout: 10_000 });
  await option.click();
}

const status = () => page.getByTestId('quote-status').getAttribute('data-status');
/** Where an element's box ends on the right, in CSS pixels (undefined when it has no box). */
const rightEdge = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box ? Math.round(box.x + box.width) : undefined;
};

describe('the money path in the console: quote, execute, settle, then find it as support staff', () => {
  it('quotes 100.00 USD from Alice to Sophie and shows the rate and the fees', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-quotes').click();
    await choose('quote-source', 'Alice Johnson · USD');
    await choose('quote-destination', '7890000');
    // The sandbox outcome in words, its scenario name (SUCCESS) in the tooltip.
    await expect.poll(() => page.getByTestId('quote-scenario').locator('strong').getAttribute('title')).toBe('SUCCESS');
    await page.getByTestId('quote-amount').fill('100.00');
    await page.getByTestId('quote-submit').click();

    const result = page.getByTestId('quote-result');
    await result.waitFor({ state: 'visible', timeout: 10_000 });
    quoteId = (await result.getAttribute('data-quote-id')) ?? '';
    transactionId = (await result.getAttribute('data-transaction-id')) ?? '';
    expect(quoteId).toMatch(/^Quote:/);
    expect(transactionId).toMatch(/^Transaction:/);
    expect(await page.getByTestId('quote-sending').innerText()).toBe('100.00 USD');
    expect(await page.getByTestId('quote-receiving').innerText()).toMatch(/^[\d,]+\.\d{2} EUR$/);
    expect(await page.getByTestId('quote-rate').innerText()).toMatch(/1 EUR = [\d.]+ USD[\s\S]*1 USD = [\d.]+ EUR/);
    const fees = await page.getByTestId('quote-fees').innerText();
    expect(fees).toContain('Platform fixed fee');
    expect(fees).toContain('Counterparty fixed fee');
    expect(fees).toMatch(/Total fees included\s+[\d,]+\.\d{2} USD/);
    expect(await status()).toBe('PENDING');
    expect(await page.getByTestId('quote-countdown').innerText()).toMatch(/Expires in [45]:\d\d/);
  });

  it('executes the quote, shows PROCESSING, and shows COMPLETED live once the clock is advanced by 5 s', async () => {
    await page.getByTestId('quote-execute').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('PROCESSING');
    await expect.poll(() => page.getByTestId('quote-timeline').innerText(), { timeout: 10_000 }).toContain('Outgoing payment: processing');
    await page.getByTestId('advance-5s').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('COMPLETED');
    await expect.poll(() => page.getByTestId('quote-timeline').innerText(), { timeout: 10_000 }).toContain('Outgoing payment: completed');
    expect(await page.getByTestId('quote-transaction-status').getAttribute('data-status')).toBe('COMPLETED');
    await page.screenshot({ path: `${OUT}/money-path-quote-light.png` });
  });

  it('finds the transaction by its id in Transactions and tells its story in the drawer', async () => {
    await page.getByTestId('nav-transactions').click();
    await page.getByTestId('transaction-search').fill(transactionId);
    await page.getByTestId('transaction-search').press('Enter');
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().getAttribute('data-transaction-id')).toBe(transactionId);
    // The search sits in the URL, so the list can be linked to.
    expect(decodeURIComponent(page.url())).toContain(`/transactions?q=${transactionId}`);
    // Keyboard: focus the row and open it with Enter.
    await rows.first().focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('drawer');
    await expect.poll(() => drawer.innerText(), { timeout: 10_000 }).toContain('Ledger entries');
    const history = page.getByTestId('transaction-history').getByTestId('timeline-entry');
    const statuses = await history.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(await page.getByTestId('ledger-row').count()).toBe(4);
    expect(await drawer.innerText()).toContain('100.00 USD');
    // The drawer slides in from the right: it has arrived when its right edge rests on the window's.
    await expect.poll(() => rightEdge(drawer), { timeout: 10_000 }).toBe(1280);
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/money-path-transaction-light.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => decodeURIComponent(page.url())).not.toContain(`/transactions/${transactionId}`);
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });

  it('opens the same story from the global search by the quote id', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type(quoteId);
    await expect.poll(() => page.getByTestId('search-hit').filter({ hasText: 'Quote' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('search-hit').filter({ hasText: 'Quote' }).first().click();
    await expect.poll(() => page.getByTestId('drawer').getAttribute('aria-label'), { timeout: 10_000 }).toBe('Transaction');
    await expect.poll(() => page.locator(`[data-transaction-id="${transactionId}"]`).count()).toBeGreaterThan(0);
  });

  it('looks right in the dark theme too (screenshots of the drawer and the workbench with this quote)', async () => {
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.getByTestId('drawer').innerText(), { timeout: 10_000 }).toContain('Ledger entries');
    // The dark colours fade in: wait until the page background is the dark theme's and nothing is mid-fade.
    await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { timeout: 10_000 }).toBe(bodyColorOf('dark'));
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/money-path-transaction-dark.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-quotes').click();
    await page.getByTestId('quote-result').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await status()).toBe('COMPLETED');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/money-path-quote-dark.png` });
  });
});
