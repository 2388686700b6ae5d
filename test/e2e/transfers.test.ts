import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useConsole } from './support/console';

// The Transfers screen on a frozen workspace clock: money moves only when the test advances the clock.
const app = useConsole({ clock: 'frozen' });
let page: Page;

beforeAll(async () => {
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

const status = () => page.getByTestId('transfer-status').getAttribute('data-status');

describe('the Transfers screen moves money between internal and external accounts', () => {
  it('explains the suffix outcome, pays 25.00 USD out, and shows it settle once the clock is advanced', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-transfers').click();
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('No transfer yet');
    await choose('transfer-internal', 'Alice Johnson · USD');
    // Alice's account ending 1000 settles; the hint says so, with the scenario's name in the tooltip.
    await choose('transfer-external', '1000');
    await expect.poll(() => page.getByTestId('transfer-scenario').locator('strong').getAttribute('title')).toBe('SUCCESS');
    expect(await page.getByTestId('transfer-scenario').innerText()).toContain('its last digits select');
    await page.getByTestId('transfer-amount').fill('25.00');
    await expect.poll(() => page.getByTestId('transfer-amount-echo').innerText()).toBe('Moves exactly 25.00 USD');
    await page.getByTestId('transfer-submit').click();

    const result = page.getByTestId('transfer-result');
    await result.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await result.getAttribute('data-transaction-id')).toMatch(/^Transaction:/);
    expect(await status()).toBe('PENDING');
    expect(await page.getByTestId('transfer-amount-moved').innerText()).toBe('25.00 USD');
    await page.getByTestId('transfer-advance-5s').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('COMPLETED');
    await expect.poll(() => page.getByTestId('transfer-timeline').innerText(), { timeout: 10_000 }).toMatch(/completed/i);
  });

  it('pulls money in from an account ending 002 and shows the immediate failure in words', async () => {
    await page.getByRole('button', { name: 'New transfer' }).click();
    await page.getByTestId('transfer-direction-in').click();
    await choose('transfer-external', '1002');
    await expect.poll(() => page.getByTestId('transfer-scenario').locator('strong').getAttribute('title')).toBe('INSUFFICIENT_FUNDS');
    await page.getByTestId('transfer-amount').fill('10');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('FAILED');
    expect((await page.getByTestId('transfer-failure').innerText()).length).toBeGreaterThan(5);
  });
});
