import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The Cards screen as a developer uses it: the seeded card, an authorization from the simulation panel,
// a partial then a full clearing, an over-authorized clearing, and the reconciliation adding up each time.
const OUT = 'test-results/screenshots';

const app = useConsole({ clock: 'frozen' });
let page: Page;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await app.page({ viewport: { width: 1440, height: 900 } });
});


const recon = () => page.getByTestId('card-reconciliation');
const reconStatus = () => recon().getAttribute('data-status');
const amountOf = (key: string) => page.getByTestId(`summary-${key}`).getAttribute('data-amount');

async function authorize(amount: string): Promise<string> {
  const before = (await recon().count()) ? await recon().getAttribute('data-transaction-id') : null;
  await page.getByTestId('auth-amount').fill(amount);
  await page.getByTestId('authorize-button').click();
  await expect.poll(() => recon().getAttribute('data-transaction-id'), { timeout: 10_000 }).not.toBe(before);
  await expect.poll(reconStatus).toBe('AUTHORIZED');
  return (await recon().getAttribute('data-transaction-id')) ?? '';
}

async function clearAmount(amount: string): Promise<void> {
  await page.getByTestId('clear-amount').fill(amount);
  await page.getByTestId('clear-button').click();
}

describe('the Cards screen', () => {
  it('shows the seeded card with its holder, state and funding account', async () => {
    await page.goto(app.serve.consoleUrl);
    await page.getByTestId('nav-cards').click();
    const row = page.getByTestId('card-row').first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await row.getAttribute('data-state')).toBe('ACTIVE');
    expect(await row.innerText()).toContain('Alice Johnson');
    expect(await row.innerText()).toContain('4242');
    expect(await row.innerText()).toContain('Funded by the USD account');
  });

  it('authorizes 12.50 USD, clears 5.00 (partially settled), then the rest (settled); the reconciliation adds up at each step', async () => {
    const id = await authorize('12.50');
    expect(id).toMatch(/^CardTransaction:/);
    expect(await amountOf('authorized')).toBe('1250');
    expect(await amountOf('pulled')).toBe('1250');
    expect(await page.getByTestId('reconciliation-identity').getAttribute('data-adds-up')).toBe('true');

    await clearAmount('5.00');
    await expect.poll(reconStatus, { timeout: 10_000 }).toBe('PARTIALLY_SETTLED');
    expect(await amountOf('settled')).toBe('500');
    expect(await page.getByTestId('card-tx-sentence').innerText()).toContain('5.00 USD of the 12.50 USD');
    expect(await page.getByTestId('reconciliation-identity').getAttribute('data-adds-up')).toBe('true');

    await page.getByTestId('clear-rest-button').click();
    await expect.poll(reconStatus, { timeout: 10_000 }).toBe('SETTLED');
    expect(await amountOf('settled')).toBe('1250');
    expect(await page.getByTestId('reconciliation-identity').getAttribute('data-adds-up')).toBe('true');
    expect(await page.locator(`[data-testid="card-tx-row"][data-transaction-id="${id}"]`).getAttribute('data-status')).toBe('SETTLED');
  });

  it('an over-authorized clearing pulls the difference afterwards: two pulls, and the reconciliation still adds up', async () => {
    await authorize('20.00');
    await clearAmount('25.00');
    await expect.poll(reconStatus, { timeout: 10_000 }).toBe('SETTLED');
    expect(await amountOf('authorized')).toBe('2000');
    expect(await amountOf('settled')).toBe('2500');
    expect(await amountOf('pulled')).toBe('2500');
    expect(await page.getByTestId('summary-pulled').innerText()).toContain('2 pulls');
    expect(await page.getByTestId('reconciliation-identity').getAttribute('data-adds-up')).toBe('true');
    expect(await page.getByTestId('reconciliation-chart').locator('circle').count()).toBe(4);
  });

  it('the transaction drawer tells the card transaction in plain words', async () => {
    const id = (await recon().getAttribute('data-transaction-id')) ?? '';
    await page.getByTestId('nav-transactions').click();
    const row = page.locator(`[data-testid="transaction-row"][data-transaction-id="${id}"]`);
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await row.innerText()).toContain('CORNER COFFEE SF 000');
    await row.click();
    const sentence = page.locator('.transaction-detail').getByTestId('card-tx-sentence');
    await sentence.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await sentence.innerText()).toContain('was paid 25.00 USD');
    expect(await sentence.innerText()).toContain('more than authorized');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/cards-drawer-1440x900-light.png` });
  });

  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`fits ${width}x${height} in the ${theme} theme (screenshot)`, async () => {
        const p = await app.page({ viewport: { width, height }, colorScheme: theme });
        await p.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
        await p.goto(app.at('cards'));
        await p.getByTestId('card-reconciliation').waitFor({ state: 'visible', timeout: 15_000 });
        await expect.poll(() => styleOf(p.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
        await animationsDone(p);
        // Nothing spills sideways: the screen scrolls vertically only, and every table fits its panel
        // (its columns gave way instead of scrolling or running past the panel's right edge).
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await p.getByTestId('card-tx-row').first().waitFor();
        const spills = await p.evaluate(() => [...document.querySelectorAll('[data-testid="card-tx-table"], [data-testid="card-ledger-table"]')].flatMap((t) => {
          const panel = (t.closest('.panel') ?? t.parentElement!).getBoundingClientRect();
          const scrollers = [...t.querySelectorAll('.n-scrollbar-container, .n-data-table-base-table-body')];
          const tooWide = scrollers.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
          const right = Math.max(...[...t.querySelectorAll('table')].map((x) => x.getBoundingClientRect().right));
          return [...tooWide, ...(right > panel.right + 1 ? [`${t.getAttribute('data-testid')} ends at ${right}, its panel at ${panel.right}`] : [])];
        }));
        expect(spills).toEqual([]);
        expect(await p.locator('[data-testid="card-tx-table"] th').count()).toBeGreaterThanOrEqual(width === 1024 ? 3 : 5);
        await p.screenshot({ path: `${OUT}/cards-${width}x${height}-${theme}.png` });
        await p.close();
      });
    }
  }

  it('issues a card from the console (problems in words first), then freezes, unfreezes and closes it after confirming', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(app.at('cards'));
    await page.getByTestId('card-row').first().waitFor();
    await page.getByTestId('card-issue').click();
    const modal = page.getByTestId('card-issue-modal');
    await modal.waitFor();
    await page.getByTestId('card-issue-submit').click();
    await expect.poll(() => modal.innerText()).toContain('Choose the customer who holds the card');
    await page.getByTestId('card-holder').click();
    await page.locator('.n-base-select-option:not(.n-base-select-option--disabled)', { hasText: 'Alice Johnson' }).click();
    await page.getByTestId('card-issue-submit').click();
    await expect.poll(() => modal.innerText()).toContain('Choose the account the card spends from');
    await page.getByTestId('card-funding').click();
    await page.locator('.n-base-select-option', { hasText: 'USD balance' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('card-reference').locator('input').fill('card-alice-777');
    await page.getByTestId('card-limit').locator('input').fill('1.234');
    await page.getByTestId('card-issue-submit').click();
    await expect.poll(() => modal.innerText()).toContain('At most 2 decimal places');
    await page.getByTestId('card-limit').locator('input').fill('150');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/cards-issue-1440x900-light.png` });
    await page.getByTestId('card-issue-submit').click();
    await modal.waitFor({ state: 'detached' });
    const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
    const cardOf = async () => (await (await fetch(`${app.serve.apiBase}/cards?platformCardId=card-alice-777`, { headers: { authorization: auth } })).json()).data[0];
    const card = await cardOf();
    expect(card).toMatchObject({ state: 'ACTIVE', form: 'VIRTUAL', maxSpendPerTransaction: 15_000 });
    const row = page.locator(`[data-testid="card-row"][data-card-id="${card.id}"]`);
    await expect.poll(() => row.getAttribute('aria-current'), { timeout: 10_000 }).toBe('true');

    await row.getByTestId('freeze-card').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('FROZEN');
    await row.getByTestId('unfreeze-card').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('ACTIVE');
    // Close asks first: Cancel keeps the card, Close card closes it for good.
    await row.getByTestId('close-card').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await cardOf()).state).toBe('ACTIVE');
    await row.getByTestId('close-card').click();
    await page.getByRole('button', { name: 'Close card' }).click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('CLOSED');
    expect((await cardOf()).state).toBe('CLOSED');
  });
});
