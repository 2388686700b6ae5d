import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startServe, type ServeProcess } from './serve-process';

// The Stablecoins screen on a frozen clock: a mint settles only when the test advances the clock.
let proc: ServeProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  proc = await startServe(['--clock', 'frozen']);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await proc?.stop();
});

describe('the Stablecoins screen', () => {
  it('links the sandbox provider, registers a coin, mints 100.00 and sees it COMPLETED with the supply raised after advancing the clock', async () => {
    await page.goto(proc.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-stablecoins').click();
    await page.getByTestId('stablecoin-link').click();
    await expect.poll(() => page.getByTestId('stablecoin-register').isDisabled(), { timeout: 10_000 }).toBe(false);
    await page.getByTestId('stablecoin-register').click();
    await expect.poll(() => page.getByTestId('stablecoin-table').innerText(), { timeout: 10_000 }).toContain('ACMEUSD');
    await page.getByTestId('stablecoin-mint').click();
    const ops = page.getByTestId('stablecoin-operations');
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Mint[\s\S]*100\.000000 ACMEUSD[\s\S]*Pending/i);
    await page.getByTestId('stablecoin-advance').click();
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Completed/i);
    await expect.poll(() => page.getByTestId('stablecoin-table').innerText(), { timeout: 10_000 }).toContain('100.000000 ACMEUSD');
  });
});
