import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsDone, bodyColorOf, launchChromium, startServe, styleOf, type ServeProcess } from './serve-process';

// The request composer in Chromium against `serve` (issue 29): a POST /quotes an integrator logged opens in
// the composer; a fresh key creates a new quote, and the console's keyed call, opened again with its
// original key, is answered as a replay that creates nothing; Try it from the API reference lands on an id
// that exists. Screenshots at 1440x900 and 1024x700, light and dark.
const OUT = '/tmp/shots/composer';
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;
const THEMES = ['light', 'dark'] as const;

let proc: ServeProcess;
let browser: Browser;
let quoteBody: unknown;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const auth = `Basic ${Buffer.from(`${proc.clientId}:${proc.clientSecret}`).toString('base64')}`;
  const res = await fetch(`${proc.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** How many quotes the workspace holds, by the console's own quote history (the API lists none). */
async function quoteCount(): Promise<number> {
  const url = new URL(proc.consoleUrl);
  const res = await fetch(`${url.origin}/__bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Console-Token': url.searchParams.get('token') ?? '' }, body: JSON.stringify({ name: 'quotes/list', input: { limit: 1 } }) });
  const out = (await res.json()) as { ok: boolean; value: { totalCount: number } };
  if (!out.ok) throw new Error(`quotes/list: ${JSON.stringify(out)}`);
  return out.value.totalCount;
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  proc = await startServe();
  const alice = (await call('GET', '/customers?platformCustomerId=cust-alice-001')).data[0].id as string;
  const lucia = (await call('GET', '/customers?platformCustomerId=cust-lucia-002')).data[0].id as string;
  const usd = (await call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(alice)}`)).data.find((a: any) => a.balance.currency.code === 'USD').id;
  const clabe = (await call('GET', `/customers/external-accounts?customerId=${encodeURIComponent(lucia)}&limit=100`)).data.find((a: any) => a.accountInfo.clabeNumber).id;
  quoteBody = { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: clabe }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 12_345, description: 'Rehearsal' };
  const q = await call('POST', '/quotes', quoteBody, { 'Idempotency-Key': 'integrator-key-1' });
  await call('POST', `/quotes/${encodeURIComponent(q.id)}/execute`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await proc?.stop();
});

async function open(size: { width: number; height: number }, theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size, colorScheme: theme });
  const page = await context.newPage();
  await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function settled(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => styleOf(page.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
  await animationsDone(page);
}

const answer = (page: Page) => page.getByTestId('composer-answer');
const keyShown = (page: Page) => page.getByTestId('composer-key-value').innerText();

/** Sends with Ctrl+Enter and waits for an answer newer than the one shown. */
async function sendByKeyboard(page: Page): Promise<{ status: string; replay: string; logId: string }> {
  const link = page.getByTestId('composer-answer-log');
  const before = (await link.count()) > 0 ? await link.getAttribute('href') : null;
  await page.keyboard.press('Control+Enter');
  await expect.poll(async () => (await link.count()) > 0 && (await link.getAttribute('href')) !== before, { timeout: 15_000 }).toBe(true);
  const href = (await page.getByTestId('composer-answer-log').getAttribute('href'))!;
  return { status: (await answer(page).getAttribute('data-status'))!, replay: (await answer(page).getAttribute('data-replay'))!, logId: decodeURIComponent(/request-log\/([^?]+)/.exec(href)![1]!) };
}

describe('the request composer', () => {
  let consoleLogId = '';

  it('opens a logged POST /quotes; a fresh key creates a new quote, the original key of the console’s call replays it and creates nothing', async () => {
    const { context, page, errors } = await open(SIZES[0], 'light');
    await page.goto(proc.consoleUrl.replace('#/', '#/request-log?method=POST&pathContains=%2Fquotes&source=HTTP'));
    const row = page.locator('[data-testid="request-log-row"]').filter({ hasText: /\/quotes(?!\/)/ }).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    await page.getByTestId('open-in-composer').click();
    await expect.poll(() => keyShown(page), { timeout: 15_000 }).toBe('integrator-key-1');
    expect(await page.getByTestId('composer-identity').innerText()).toMatch(/Sends as the console/);
    expect(await page.getByTestId('composer-identity').innerText()).not.toContain(proc.clientSecret);
    // The integrator's key is scoped to their token: the screen says the console's send would run again.
    expect(await page.getByTestId('composer-key-other-caller').innerText()).toMatch(/made by Token:/);
    expect(JSON.parse(await page.getByTestId('composer-body').inputValue())).toEqual(quoteBody);

    const atStart = await quoteCount();
    await page.getByTestId('key-fresh').click();
    const fresh = await keyShown(page);
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    const first = await sendByKeyboard(page);
    expect(first).toMatchObject({ status: '201', replay: 'false' });
    expect(await page.getByTestId('composer-replayed').count()).toBe(0);
    consoleLogId = first.logId;
    expect(await quoteCount()).toBe(atStart + 1);

    // That call as the log keeps it, opened in the composer with its original key: a replay, the same quote.
    await page.getByTestId('composer-answer-log').click();
    await page.getByTestId('open-in-composer').click();
    await expect.poll(() => keyShown(page), { timeout: 15_000 }).toBe(fresh);
    expect(await page.getByTestId('composer-key-other-caller').count()).toBe(0);
    await settled(page, 'light');
    const again = await sendByKeyboard(page);
    expect(again).toMatchObject({ status: '201', replay: 'true' });
    expect(await page.getByTestId('composer-replayed').innerText()).toMatch(/did nothing again/);
    expect(await quoteCount()).toBe(atStart + 1);
    await page.screenshot({ path: `${OUT}/composer-replay-1440x900-light.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Try it in the API reference lands on the composer with the newest transaction’s id, and sends', async () => {
    const newest = (await call('GET', '/transactions?limit=1')).data[0].id as string;
    const { context, page, errors } = await open(SIZES[0], 'light');
    await page.goto(proc.consoleUrl.replace('#/', '#/api/reference/getTransactionById'));
    await page.getByTestId('try-it').click();
    const path = page.getByTestId('composer-path').locator('input');
    await expect.poll(() => path.inputValue(), { timeout: 15_000 }).toBe(`/transactions/${newest}`);
    const sent = await sendByKeyboard(page);
    expect(sent).toMatchObject({ status: '200', replay: 'false' });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`shows a replayed answer beside the request and fits the window (${size.width}x${size.height}, ${theme})`, async () => {
        const { context, page, errors } = await open(size, theme);
        await page.goto(proc.consoleUrl.replace('#/', `#/composer?from=${encodeURIComponent(consoleLogId)}`));
        await expect.poll(() => page.getByTestId('composer-key-value').count(), { timeout: 15_000 }).toBe(1);
        expect(await sendByKeyboard(page)).toMatchObject({ replay: 'true' });
        await settled(page, theme);
        const fits = await page.evaluate(() => {
          const el = (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number; clientWidth: number } } }).document.scrollingElement;
          return el.scrollWidth <= el.clientWidth;
        });
        expect(fits).toBe(true);
        await page.screenshot({ path: `${OUT}/composer-${size.width}x${size.height}-${theme}.png` });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
