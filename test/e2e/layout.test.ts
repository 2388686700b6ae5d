import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';

// The console from 1024×700 up: on every built screen, measured with the browser's element boxes, the
// top bar's items do not overlap and stay in view, no table cell runs into the next column, nothing
// scrolls sideways; a drawer leaves part of its list in view and links to itself; Esc closes the clock's
// controls. Runs against `serve` with a long-named customer and a few payments, and records any request
// that leaves the machine (the console must work offline).
const SCREENS = {
  overview: 'Overview', customers: 'Customers and accounts', 'request-log': 'Request log', events: 'Events',
  api: 'API and credentials', transactions: 'Transactions', quotes: 'Quotes', 'wallet-auth': 'Wallet auth', agents: 'Agents',
};
const SIZES = [{ width: 1024, height: 700 }, { width: 1440, height: 900 }] as const;
const OUT = 'test-results/screenshots';
const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh-worthington@a-very-long-subsidiary-name.example.com';

const app = useConsole();
let transactionId = '';
let longCustomerId = '';

/** Calls the local API as the seeded token. */
/** A customer whose name, platform id and email are longer than any column, and a few payments (some executed). */
async function seedLongData(): Promise<void> {
  const long = await okBody(app.api.send('POST /customers', { body: {
    customerType: 'INDIVIDUAL', platformCustomerId: 'cust-maximilian-featherstonehaugh-worthington-0042',
    fullName: 'Maximilian Alexander Featherstonehaugh-Worthington', email: LONG_EMAIL, currencies: ['USD'],
  } }));
  longCustomerId = long.id;
  const byPlatformId = async (id: string) => (await seededCustomer(app.api, id)).id;
  const [alice, lucia] = [await byPlatformId('cust-alice-001'), await byPlatformId('cust-lucia-002')];
  const aliceUsd = (await internalAccountOf(app.api, alice, 'USD')).id;
  const clabe = (await externalAccountOf(app.api, lucia, (i) => String(i.clabeNumber ?? '').endsWith('12000'))).id;
  for (let i = 0; i < 6; i++) {
    const quote = await okBody(app.api.send('POST /quotes', { body: {
      source: { sourceType: 'ACCOUNT', accountId: aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: clabe },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_234_56 * (i + 1) + 37,
    } }));
    transactionId = quote.transactionId;
    if (i < 3) await okBody(app.api.send('POST /quotes/{quoteId}/execute', { params: { quoteId: quote.id } }));
  }
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await seedLongData();
});


/** A page at a size and theme that records errors and every request leaving 127.0.0.1. */
async function open(size: { width: number; height: number }, theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[]; remote: string[] }> {
  const context = await app.context({ viewport: size, colorScheme: theme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.serve.consoleUrl).origin });
  const page = await context.newPage();
  await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
  const errors: string[] = [];
  const remote: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') remote.push(r.url());
  });
  return { context, page, errors, remote };
}

/** The page at a size and theme shared by the tests that only look (they load the console once between them). */
const sharedOpen = (size: { width: number; height: number }, theme: 'light' | 'dark' = 'light') =>
  app.shared(`${size.width}x${size.height}-${theme}`, () => open(size, theme));

/** Opens a screen and waits until its data replaced the skeletons and nothing is moving. */
async function show(page: Page, screen: string, title: string): Promise<void> {
  await page.goto(app.at(screen));
  await page.locator(`main > section[aria-label="${title}"]`).waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await page.getByTestId('workspace-name').waitFor({ state: 'visible', timeout: 15_000 });
  await animationsDone(page);
}

/**
 * What does not fit at the current size, in words (an empty list when everything fits): top-bar items
 * that overlap each other or leave the viewport, table cells whose content is wider than their column
 * (ellipsed text is not: it is clipped inside the cell), header cells beyond the table's or the
 * window's right edge, and anything that scrolls sideways.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.locator('body').evaluate((body) => {
    const doc = body.ownerDocument;
    const win = doc.defaultView!;
    const problems: string[] = [];
    const label = (el: Element): string => el.getAttribute('data-testid') ?? (String(el.className).split(' ')[0] || el.tagName.toLowerCase());
    const bar = doc.querySelector('[data-testid="top-bar"]');
    if (!bar) return ['no top bar'];
    const barBox = bar.getBoundingClientRect();
    const items = [...bar.children]
      .filter((el) => !el.classList.contains('spacer'))
      .map((el) => ({ el, name: label(el), box: el.getBoundingClientRect() }))
      .filter((i) => i.box.width > 0);
    for (const [n, a] of items.entries()) {
      if (a.box.left < barBox.left - 0.5 || a.box.right > Math.min(barBox.right, win.innerWidth) + 0.5) problems.push(`top bar: ${a.name} is cut off (${Math.round(a.box.left)}–${Math.round(a.box.right)} of ${Math.round(barBox.right)})`);
      const style = win.getComputedStyle(a.el);
      if (style.overflowX === 'visible' && a.el.scrollWidth > a.el.clientWidth + 1) problems.push(`top bar: ${a.name}'s content spills out of it`);
      for (const b of items.slice(n + 1)) {
        if (a.box.right > b.box.left + 0.5 && b.box.right > a.box.left + 0.5) problems.push(`top bar: ${a.name} overlaps ${b.name}`);
      }
    }
    const toggle = doc.querySelector('[data-testid="theme-toggle"]')?.getBoundingClientRect();
    if (!toggle || toggle.width === 0 || toggle.left < 0 || toggle.top < 0 || toggle.right > win.innerWidth || toggle.bottom > win.innerHeight || toggle.right > barBox.right) {
      problems.push('the theme toggle is not wholly in view');
    }
    for (const table of doc.querySelectorAll('main .n-data-table, [data-testid="drawer"] .n-data-table')) {
      const tableBox = table.getBoundingClientRect();
      for (const th of table.querySelectorAll('th')) {
        const box = th.getBoundingClientRect();
        if (box.width > 0 && (box.right > tableBox.right + 1 || box.right > win.innerWidth)) problems.push(`column "${th.textContent?.trim()}" is beyond the table's right edge`);
      }
      for (const cell of table.querySelectorAll('td, th')) {
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cell "${cell.textContent?.trim().slice(0, 40)}" overflows its column (${cell.scrollWidth} > ${cell.clientWidth})`);
      }
    }
    if (doc.documentElement.scrollWidth > win.innerWidth) problems.push(`the page scrolls sideways (${doc.documentElement.scrollWidth} > ${win.innerWidth})`);
    for (const el of doc.querySelectorAll('body *')) {
      const overflow = win.getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.getBoundingClientRect().width > 0) {
        problems.push(`${label(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return problems;
  });
}

/** An element's box (it must have one). */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

describe('the console from 1024×700 up', () => {
  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;

    it(`fits every screen at ${at}: top bar, tables, no sideways scrolling, nothing fetched from outside`, async () => {
      const { page, errors, remote } = await sharedOpen(size);
      for (const [screen, title] of Object.entries(SCREENS)) {
        await show(page, screen, title);
        expect(await layoutProblems(page), `${screen} at ${at}`).toEqual([]);
      }
      expect(remote).toEqual([]);
      expect(errors).toEqual([]);
    });

    it(`shows a long email ellipsed in its column at ${at}`, async () => {
      const { page } = await sharedOpen(size);
      await show(page, 'customers', SCREENS.customers);
      const cell = page.getByTestId('customer-row').filter({ hasText: 'Maximilian' }).locator('td').filter({ hasText: 'maximilian.alexander' });
      const text = cell.locator('.n-ellipsis');
      expect(await text.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await styleOf(text, 'text-overflow')).toBe('ellipsis');
    });

    it(`closes the clock's controls with Esc at ${at}, before a drawer`, async () => {
      const { page } = await sharedOpen(size);
      await show(page, `transactions/${transactionId}`, SCREENS.transactions);
      await page.getByTestId('drawer').waitFor({ state: 'visible' });
      await page.getByTestId('clock-badge').click();
      const panel = page.getByTestId('clock-panel');
      await panel.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('drawer').isVisible()).toBe(true);
      expect(await page.getByTestId('clock-badge').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByTestId('drawer').waitFor({ state: 'hidden' });
    });

    it(`opens a drawer beside its list at ${at}, with a link to itself`, async () => {
      const { context, page } = await sharedOpen(size);
      for (const [path, title] of [[`transactions/${transactionId}`, SCREENS.transactions], [`customers/${longCustomerId}`, SCREENS.customers]] as const) {
        await show(page, path, title);
        const drawer = page.getByTestId('drawer');
        await drawer.waitFor({ state: 'visible' });
        await animationsDone(page);
        const nav = await box(page.locator('nav[aria-label="Main"]'));
        const d = await box(drawer);
        expect(d.x - (nav.x + nav.width), `list in view beside the ${title} drawer`).toBeGreaterThanOrEqual(280);
        expect(d.x + d.width).toBeLessThanOrEqual(size.width + 1);
        expect(await layoutProblems(page), `${path} at ${at}`).toEqual([]);
        await drawer.getByTestId('drawer-copy-link').click();
        const link = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
        expect(link).toBe(`${new URL(app.serve.consoleUrl).origin}/console/#/${path}`);
      }
      // The copied link opens the same drawer in a new tab, as a colleague's pasted link would.
      const tab = await context.newPage();
      await tab.goto(`${new URL(app.serve.consoleUrl).origin}/console/#/transactions/${transactionId}`);
      await expect.poll(() => tab.getByTestId('drawer').innerText(), { timeout: 10_000 }).toContain(transactionId);
      await tab.close();
    });
  }

  it('collapses the navigation below 1200 px to named glyphs, and the toggle is remembered on a wide window', async () => {
    const { context, page } = await open({ width: 1024, height: 700 });
    await show(page, 'transactions', SCREENS.transactions);
    expect((await box(page.locator('nav[aria-label="Main"]'))).width).toBeLessThanOrEqual(72);
    await page.getByTestId('nav-customers').click();
    await page.locator(`main > section[aria-label="${SCREENS.customers}"]`).waitFor({ state: 'visible' });
    expect(await page.getByTestId('nav-customers').getAttribute('aria-label')).toBe('Customers and accounts');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(async () => (await box(page.locator('nav[aria-label="Main"]'))).width).toBeGreaterThan(200);
    await page.getByTestId('nav-toggle').click();
    await expect.poll(async () => (await box(page.locator('nav[aria-label="Main"]'))).width).toBeLessThanOrEqual(72);
    await page.reload();
    await page.locator(`main > section[aria-label="${SCREENS.customers}"]`).waitFor({ state: 'visible' });
    expect((await box(page.locator('nav[aria-label="Main"]'))).width).toBeLessThanOrEqual(72);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });

  it('loads each screen as its own script chunk, from the console\'s own origin only', async () => {
    const { context, page, errors, remote } = await open({ width: 1440, height: 900 });
    const scripts = new Set<string>();
    page.on('response', (r) => r.url().endsWith('.js') && scripts.add(new URL(r.url()).pathname));
    await show(page, 'overview', SCREENS.overview);
    const atStart = scripts.size;
    await show(page, 'wallet-auth', SCREENS['wallet-auth']);
    expect(scripts.size).toBeGreaterThan(atStart);
    expect([...scripts].every((p) => p.startsWith('/console/assets/'))).toBe(true);
    expect(remote).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      it(`photographs the transactions and customers lists at ${size.width}×${size.height} in the ${theme} theme`, async () => {
        const { page } = await sharedOpen(size, theme);
        for (const screen of ['transactions', 'customers'] as const) {
          await show(page, screen, SCREENS[screen]);
          await expect.poll(() => styleOf(page.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
          await animationsDone(page);
          await page.screenshot({ path: `${OUT}/layout-${screen}-${size.width}x${size.height}-${theme}.png` });
        }
      });
    }
  }
});
