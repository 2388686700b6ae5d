import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { styleOf } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';

// The live transactions list against `serve`, on a frozen clock: 60 payments, of which the list loads 50.
// Changes to payments that are not loaded leave the count and the order as the server has them, a new
// payment appears once, Load more repeats nothing, and a changed row is highlighted (without motion
// when the user asks for less).
const app = useConsole({ clock: 'frozen' });
let aliceUsd = '';
let clabe = '';
const quotes: string[] = [];

/** A payment of `cents` from Alice's USD balance to Lucía's CLABE (its quote, not executed yet). */
async function quote(cents: number): Promise<{ id: string; transactionId: string }> {
  return okBody(app.api.send('POST /quotes', { body: { source: { sourceType: 'ACCOUNT', accountId: aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: clabe }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: cents } }));
}

beforeAll(async () => {
  const byPlatformId = async (id: string) => (await seededCustomer(app.api, id)).id;
  const [alice, lucia] = [await byPlatformId('cust-alice-001'), await byPlatformId('cust-lucia-002')];
  aliceUsd = (await internalAccountOf(app.api, alice, 'USD')).id;
  clabe = (await externalAccountOf(app.api, lucia, (i) => String(i.clabeNumber ?? '').endsWith('12000'))).id;
  for (let i = 0; i < 60; i++) {
    quotes.push((await quote(100 + i)).id);
    // A frozen clock stamps every payment with the same time; one second apart, the order is by time.
    await okBody(app.api.send('POST /sandbox/clock/advance', { body: { seconds: 1 } }));
  }
});


const shownIds = (page: Page) => page.getByTestId('transaction-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-transaction-id')));
const subtitle = (page: Page) => page.locator('main .page-header .subtitle').innerText();
const serverTotal = async () => (await okBody(app.api.send('GET /transactions', { query: { limit: 1 } }))).totalCount;

describe('the live transactions list', () => {
  it('keeps the server\'s count and order while unloaded payments change, shows a new one once, and Load more repeats nothing', async () => {
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    // The 60 payments made here plus the demo card transactions the workspace was seeded with.
    const total = await serverTotal();
    expect(total).toBeGreaterThanOrEqual(60);
    await page.goto(app.at('transactions'));
    await expect.poll(() => subtitle(page), { timeout: 15_000 }).toBe(`${total} transactions · live`);
    const first = await shownIds(page);

    // Execute the ten oldest payments (not on the loaded page) and let the clock settle them: many events.
    for (const id of quotes.slice(0, 10)) await okBody(app.api.send('POST /quotes/{quoteId}/execute', { params: { quoteId: id } }));
    await okBody(app.api.send('POST /sandbox/clock/advance', { body: { seconds: 30 } }));

    // A new payment made after them: its event comes after all of theirs, so once it shows, they were all
    // handled. It is on top, once, and counted by the server; the changed unloaded rows moved nothing.
    const created = await quote(4242);
    await expect.poll(async () => (await shownIds(page))[0], { timeout: 10_000 }).toBe(created.transactionId);
    await expect.poll(() => subtitle(page), { timeout: 10_000 }).toBe(`${total + 1} transactions · live`);
    expect(await subtitle(page)).toBe(`${await serverTotal()} transactions · live`);
    // The table is virtual: it renders as many rows as fit, so the new one pushes the last rendered one out.
    const after = await shownIds(page);
    expect(after.slice(1)).toEqual(first.slice(0, after.length - 1));
    const row = page.locator(`[data-transaction-id="${created.transactionId}"]`);
    expect(await row.getAttribute('class')).toContain('row-fresh');
    expect(await row.locator('td').first().evaluate((td) => td.getAnimations().map((a) => (a as unknown as { animationName: string }).animationName))).toContain('row-fresh-fade');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toContain(`Showing ${total + 1} of ${total + 1} transactions`);
    const all = await okBody(app.api.send('GET /transactions', { query: { limit: 100 } }));
    // Every row once, in the server's order (the table is virtual: read the store's order through the DOM as it scrolls).
    const seen = new Set<string>();
    const table = page.getByTestId('transaction-table').locator('.v-vl');
    for (let y = 0; y < (total + 1) * 40; y += 400) {
      await table.evaluate((el, top) => el.scrollTo({ top }), y);
      // The virtual list re-renders on the next frames after a scroll: wait for two of them, not for a time.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      for (const id of await shownIds(page)) if (id) seen.add(id);
    }
    expect(seen.size).toBe(total + 1);
    expect([...seen].sort()).toEqual(all.data.map((t) => t.id).sort());
    await page.close();
  });

  it('highlights a changed row without motion when the user asks for less', async () => {
    const page = await app.page({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await page.goto(app.at('transactions'));
    await expect.poll(() => subtitle(page), { timeout: 15_000 }).toContain('transactions · live');
    const target = (await shownIds(page))[3]!;
    const tx = await okBody(app.api.send('GET /transactions/{transactionId}', { params: { transactionId: target } }));
    if (!('quoteId' in tx) || !tx.quoteId) throw new Error(`transaction ${target} has no quote`);
    await okBody(app.api.send('POST /quotes/{quoteId}/execute', { params: { quoteId: tx.quoteId } }));
    const row = page.locator(`[data-transaction-id="${target}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('PROCESSING');
    expect(await row.getAttribute('class')).toContain('row-fresh');
    const cell = row.locator('td').first();
    expect(await styleOf(cell, 'animation-name')).toBe('none');
    expect(await styleOf(cell, 'background-color')).not.toBe('rgba(0, 0, 0, 0)');
    await expect.poll(() => row.getAttribute('class'), { timeout: 10_000 }).not.toContain('row-fresh');
    await page.close();
  });
});
