import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The request composer in Chromium against `serve` (issue 29): a POST /quotes an integrator made over HTTP
// with their own API token opens in the composer sending as that token, and its original key replays it
// (keys are kept per caller) and creates nothing; sent as the console, a fresh key creates a new quote, and
// the console's keyed call, opened again with its original key, is answered as a replay that creates
// nothing; Try it from the API reference lands on an id that exists. Screenshots at 1440x900 and 1024x700,
// light and dark.
const OUT = '/tmp/shots/composer';
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;
const THEMES = ['light', 'dark'] as const;

const app = useConsole();
let quoteBody: unknown;
let ciBot: { clientId: string; clientSecret: string };
let ciBotQuoteId = '';

/** An API call over real HTTP as the seeded token, or as `as` (another token's client id and secret). */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as?: { clientId: string; clientSecret: string }): Promise<any> {
  const auth = `Basic ${Buffer.from(`${as?.clientId ?? app.serve.clientId}:${as?.clientSecret ?? app.serve.clientSecret}`).toString('base64')}`;
  const res = await fetch(`${app.serve.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** How many quotes the workspace holds, by the console's own quote history (the API lists none). */
async function quoteCount(): Promise<number> {
  const url = new URL(app.serve.consoleUrl);
  const res = await fetch(`${url.origin}/__bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Console-Token': url.searchParams.get('token') ?? '' }, body: JSON.stringify({ name: 'quotes/list', input: { limit: 1 } }) });
  const out = (await res.json()) as { ok: boolean; value: { totalCount: number } };
  if (!out.ok) throw new Error(`quotes/list: ${JSON.stringify(out)}`);
  return out.value.totalCount;
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const alice = (await call('GET', '/customers?platformCustomerId=cust-alice-001')).data[0].id as string;
  const lucia = (await call('GET', '/customers?platformCustomerId=cust-lucia-002')).data[0].id as string;
  const usd = (await call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(alice)}`)).data.find((a: any) => a.balance.currency.code === 'USD').id;
  const clabe = (await call('GET', `/customers/external-accounts?customerId=${encodeURIComponent(lucia)}&limit=100`)).data.find((a: any) => a.accountInfo.clabeNumber).id;
  quoteBody = { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: clabe }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 12_345, description: 'Rehearsal' };
  const q = await call('POST', '/quotes', quoteBody, { 'Idempotency-Key': 'integrator-key-1' });
  await call('POST', `/quotes/${encodeURIComponent(q.id)}/execute`);
  // Last, so it is the newest POST /quotes in the log: an integrator's CI with its own token.
  ciBot = await call('POST', '/tokens', { name: 'ci-bot', permissions: ['VIEW', 'TRANSACT'] });
  ciBotQuoteId = (await call('POST', '/quotes', quoteBody, { 'Idempotency-Key': 'ci-bot-key-1' }, ciBot)).id;
});


async function open(size: { width: number; height: number }, theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await app.context({ viewport: size, colorScheme: theme });
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

  it('opens an integrator’s POST /quotes sent as their API token: the original key replays it, marked as a replay, and creates nothing; as the console a fresh key creates a new quote, and the console’s own key replays', async () => {
    const { context, page, errors } = await open(SIZES[0], 'light');
    await page.goto(app.at('request-log?method=POST&pathContains=%2Fquotes&source=HTTP'));
    const row = page.locator('[data-testid="request-log-row"]').filter({ hasText: /\/quotes(?!\/)/ }).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    await page.getByTestId('open-in-composer').click();
    await expect.poll(() => keyShown(page), { timeout: 15_000 }).toBe('ci-bot-key-1');
    // Sent as whoever made the call, named in words; no secret on the screen.
    await expect.poll(() => page.getByTestId('composer-identity').innerText(), { timeout: 15_000 }).toMatch(/^Sends as API token “ci-bot”/);
    const screenText = await page.locator('main').innerText();
    for (const secret of [ciBot.clientSecret, app.serve.clientSecret]) expect(screenText).not.toContain(secret);
    expect(await page.getByTestId('composer-key-other-caller').count()).toBe(0);
    expect(JSON.parse(await page.getByTestId('composer-body').inputValue())).toEqual(quoteBody);

    const atStart = await quoteCount();
    const replayed = await sendByKeyboard(page);
    expect(replayed).toMatchObject({ status: '201', replay: 'true' });
    expect(await page.getByTestId('composer-replayed').innerText()).toMatch(/did nothing again/);
    expect(await page.getByTestId('composer-answer').innerText()).toContain(ciBotQuoteId);
    expect(await quoteCount()).toBe(atStart);
    await page.screenshot({ path: `${OUT}/composer-as-token-1440x900-light.png` });

    // Chosen from the keyboard: the console instead; the screen says the kept key would then run again.
    await page.getByTestId('composer-send-as').locator('[role="combobox"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.n-base-select-option', { hasText: 'The console' }).click();
    await expect.poll(() => page.getByTestId('composer-identity').innerText()).toMatch(/^Sends as the console/);
    expect(await page.getByTestId('composer-key-other-caller').innerText()).toMatch(/made by API token “ci-bot”.*To replay it, send as API token “ci-bot”/s);

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
    await page.goto(app.at('api/reference/getTransactionById'));
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
        await page.goto(app.at(`composer?from=${encodeURIComponent(consoleLogId)}`));
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
