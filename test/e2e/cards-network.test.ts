import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { luhnValid } from '../../core/cards/card-number';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The Cards screen's newer parts as a developer uses them: revealing the seeded card's number, and the
// network messages beyond the authorization (a withdrawal paid at once, a credit cleared later, a payout,
// a credit advice on a frozen card), each one public API call, its transaction opening with its status.
const OUT = 'test-results/screenshots';

const app = useConsole({ clock: 'frozen' });
let page: Page;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await app.page({ viewport: { width: 1440, height: 900 } });
  await page.goto(app.at('cards'));
  await page.getByTestId('card-row').first().waitFor({ state: 'visible', timeout: 15_000 });
});


const recon = () => page.getByTestId('card-reconciliation');
const reconStatus = () => recon().getAttribute('data-status');

/** Sends one network message from the simulation panel; returns the id of the transaction it opened. */
async function send(kindLabel: string, amount: string): Promise<string> {
  const before = (await recon().count()) ? await recon().getAttribute('data-transaction-id') : null;
  await page.getByTestId('auth-kind').click();
  await page.locator('.n-base-select-option', { hasText: kindLabel }).click();
  await page.getByTestId('auth-amount').fill(amount);
  await page.getByTestId('authorize-button').click();
  await expect.poll(() => recon().getAttribute('data-transaction-id'), { timeout: 10_000 }).not.toBe(before);
  return (await recon().getAttribute('data-transaction-id')) ?? '';
}

const row = (id: string) => page.locator(`[data-testid="card-tx-row"][data-transaction-id="${id}"]`);

describe('the Cards screen: reveal and the other network messages', () => {
  it("reveals the card's number (ending in its last 4, Luhn-valid), expiry and CVV, and hides them again", async () => {
    const card = page.getByTestId('card-row').first();
    await card.getByTestId('reveal-card').click();
    const details = card.getByTestId('revealed-card');
    await details.waitFor({ state: 'visible', timeout: 10_000 });
    const pan = (await details.getByTestId('revealed-pan').innerText()).replace(/\s/g, '');
    expect(pan).toMatch(/^4\d{15}$/);
    expect(pan.endsWith('4242')).toBe(true);
    expect(luhnValid(pan)).toBe(true);
    expect(await details.getByTestId('revealed-exp').innerText()).toMatch(/^\d{2}\/\d{2}$/);
    expect(await details.getByTestId('revealed-cvv').innerText()).toMatch(/^\d{3}$/);
    await card.getByTestId('hide-card-details').click();
    await details.waitFor({ state: 'detached' });
  });

  it('a financial authorization is paid at once (SETTLED); a credit authorization waits for its clearing, then is paid in', async () => {
    const withdrawal = await send('Financial authorization', '80.00');
    await expect.poll(reconStatus).toBe('SETTLED');
    expect(await row(withdrawal).getAttribute('data-status')).toBe('SETTLED');
    expect(await page.getByTestId('card-tx-sentence').innerText()).toContain('was paid 80.00 USD');

    const credit = await send('Credit authorization', '25.00');
    await expect.poll(reconStatus).toBe('AUTHORIZED');
    expect(await row(credit).getByTestId('credit-mark').count()).toBe(1);
    expect(await page.getByTestId('card-tx-sentence').innerText()).toContain('authorized a credit of 25.00 USD');
    await page.getByTestId('clear-rest-button').click();
    await expect.poll(reconStatus, { timeout: 10_000 }).toBe('SETTLED');
    expect(await page.getByTestId('card-tx-sentence').innerText()).toContain('credited 25.00 USD');
    const identity = page.getByTestId('reconciliation-identity');
    expect(await identity.innerText()).toContain("Came into the account's balance 25.00 USD");
    expect(await identity.getAttribute('data-adds-up')).toBe('true');
  });

  it('a payout is paid in at once; a FROZEN card still takes a credit advice, recorded AUTHORIZED', async () => {
    const payout = await send('Financial credit', '40.00');
    await expect.poll(reconStatus).toBe('SETTLED');
    expect(await row(payout).getByTestId('credit-mark').count()).toBe(1);

    await page.getByTestId('card-row').first().getByTestId('freeze-card').click();
    await expect.poll(() => page.getByTestId('card-row').first().getAttribute('data-state'), { timeout: 10_000 }).toBe('FROZEN');
    expect(await page.getByTestId('authorize-button').isDisabled()).toBe(true); // an authorization needs an ACTIVE card
    const advice = await send('Credit advice', '10.00');
    await expect.poll(reconStatus).toBe('AUTHORIZED');
    expect(await row(advice).getAttribute('data-status')).toBe('AUTHORIZED');
    await page.getByTestId('card-row').first().getByTestId('unfreeze-card').click();
    await expect.poll(() => page.getByTestId('card-row').first().getAttribute('data-state'), { timeout: 10_000 }).toBe('ACTIVE');
  });

  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows the revealed card and the credits at ${width}x${height} in the ${theme} theme, the table within its panel (screenshot)`, async () => {
        const p = await app.page({ viewport: { width, height }, colorScheme: theme });
        await p.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
        await p.goto(app.at('cards'));
        await p.getByTestId('card-reconciliation').waitFor({ state: 'visible', timeout: 15_000 });
        await expect.poll(() => styleOf(p.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
        await p.getByTestId('card-row').first().getByTestId('reveal-card').click();
        await p.getByTestId('revealed-card').waitFor({ state: 'visible', timeout: 10_000 });
        // The longest message chosen: it shortens inside its select instead of pushing its panel over the table.
        await p.getByTestId('auth-kind').click();
        await p.locator('.n-base-select-option', { hasText: 'Credit advice' }).click();
        await animationsDone(p);
        const sim = await p.locator('section[aria-label="Simulate card activity"]').boundingBox();
        expect(sim!.x + sim!.width).toBeLessThanOrEqual((await p.getByTestId('card-tx-table').boundingBox())!.x);
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        // The transaction table gives way inside its panel instead of running off its right edge.
        const table = p.getByTestId('card-tx-table');
        expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth + 1)).toBe(true);
        const box = await table.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await p.screenshot({ path: `${OUT}/cards-network-${width}x${height}-${theme}.png` });
        await p.close();
      });
    }
  }
});
