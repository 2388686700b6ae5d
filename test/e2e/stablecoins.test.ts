import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';

// The Stablecoins screen on a frozen clock: a mint paid from a dollar account settles only when the test
// advances the clock; a burn beyond the supply is refused in words; a burn paid out to a bank account
// says when the dollars arrive. Driven from the keyboard where people type.
const app = useConsole({ clock: 'frozen' });
let page: Page;
const SHOTS = process.env['STABLECOIN_SHOTS'];

beforeAll(async () => {
  page = await app.page({ viewport: { width: 1280, height: 800 } });
});


/** Picks an option of a labelled select by its words. */
async function choose(label: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.n-base-select-menu .n-base-select-option:visible', { hasText: option }).first().click({ timeout: 5_000 }).catch(async (e) => {
    await page.screenshot({ path: '/tmp/shots/stablecoins/choose-failed.png' });
    throw e;
  });
}

describe('the Stablecoins screen', () => {
  it('registers a coin, mints 100.00 from a dollar account, refuses a burn beyond the supply in words, and burns 10.00 to a bank account', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-stablecoins').click();
    await page.getByTestId('stablecoin-link').click();
    await expect.poll(() => page.getByTestId('stablecoin-register').isDisabled(), { timeout: 10_000 }).toBe(false);
    await page.getByTestId('stablecoin-register').click();
    const coins = page.getByTestId('stablecoin-table');
    await expect.poll(() => coins.innerText(), { timeout: 10_000 }).toMatch(/ACMEUSD[\s\S]*Spark[\s\S]*US dollars, 1 to 1[\s\S]*Issued[\s\S]*Can mint and burn/);

    await choose('Paid with', /^The platform’s US dollar account$/);
    await choose('Coins go to', /^Held for the platform’s US dollar account$/);
    // Typing the amount and pressing Enter submits the mint.
    const mintAmount = page.getByTestId('stablecoin-mint-amount');
    await mintAmount.fill('100');
    await mintAmount.press('Enter');
    const ops = page.getByTestId('stablecoin-operations');
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Mint[\s\S]*100\.000000 ACMEUSD[\s\S]*With the provider[\s\S]*The platform’s US dollar account[\s\S]*Held for the platform’s US dollar account/);
    await page.getByTestId('stablecoin-advance').click();
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Completed/);
    await expect.poll(() => coins.innerText(), { timeout: 10_000 }).toContain('100.000000 ACMEUSD');

    await choose('Coins come from', /^Coins held for the platform’s US dollar account$/);
    await choose('Pay out to', /^Alice Johnson’s bank account ending 1000$/);
    const burnAmount = page.getByTestId('stablecoin-burn-amount');
    await burnAmount.fill('250');
    await burnAmount.press('Enter');
    await expect.poll(() => page.locator('.n-notification').innerText(), { timeout: 10_000 }).toMatch(/Burn refused[\s\S]*only 100000000 ACMEUSD/);
    await burnAmount.fill('10');
    await page.getByTestId('stablecoin-burn').click();
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Burn[\s\S]*10\.000000 ACMEUSD[\s\S]*With the provider[\s\S]*by ACH[\s\S]*10\.00 USD paid out, expected 1-3 business days/);
    await page.getByTestId('stablecoin-advance').click();
    await expect.poll(() => coins.innerText(), { timeout: 10_000 }).toContain('90.000000 ACMEUSD');
    // A wire mint waits for the dollars and says where to send them.
    await choose('Paid with', /^A wire transfer to the provider$/);
    await page.getByTestId('stablecoin-mint').click();
    await expect.poll(() => ops.innerText(), { timeout: 10_000 }).toMatch(/Waiting for funds[\s\S]*Wire transfer[\s\S]*Wire 100\.00 USD to account \d+ \(routing 021000021\), reference MINT-/);
    // The coin list filters by issuance status.
    await choose('Show coins', /^Rejected$/);
    await expect.poll(() => page.locator('main section[aria-label="Stablecoins"]').innerText(), { timeout: 10_000 }).toContain('No coins with that issuance status');
    await choose('Show coins', /^All coins$/);
    await expect.poll(() => coins.innerText(), { timeout: 10_000 }).toContain('90.000000 ACMEUSD');
    expect(await page.locator('main section[aria-label="Stablecoins"]').innerText()).not.toMatch(/\b(Stablecoin|StablecoinOperation|InternalAccount|ExternalAccount):[0-9a-f-]{8}/);

    // Screenshots to look at (not asserted): both sizes, both themes.
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of ['light', 'dark'] as const) {
        for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
          await page.evaluate((t) => localStorage.setItem('consoleTheme', t), theme);
          await page.setViewportSize(size);
          await page.reload();
          await page.getByTestId('stablecoin-operations').waitFor({ timeout: 15_000 });
          await animationsDone(page);
          await page.screenshot({ path: `${SHOTS}/stablecoins-${theme}-${size.width}.png` });
          await page.getByTestId('stablecoin-operations').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/stablecoins-${theme}-${size.width}-operations.png` });
        }
      }
    }
  });
});
