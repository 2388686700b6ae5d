import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { basicAuth, okBody } from '../support/api-client';
import type { ApiBody } from '../../core/api-client-types';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';
import { harProblems } from '../support/har-schema';

// Fault rules and the request log in Chromium against `serve` (issue 29): a rule made in the console makes the
// third POST /quotes answer 500, the log marks that call (row and entry), the rule's hits show, its switch
// works from the keyboard, and the log exports as a HAR file that a HAR 1.2 schema accepts. Screenshots at
// 1440x900 and 1024x700, light and dark, go to SHOTS_DIR when it is set (looked at by hand).
const SHOTS = process.env['SHOTS_DIR'];
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;
const THEMES = ['light', 'dark'] as const;

const app = useConsole();

/** The status POST /quotes answers, read past the kit's contract check: it refuses every 5xx, and this test awaits an injected 500. */
async function quoteStatus(body: ApiBody<'POST /quotes'>): Promise<number> {
  const headers = { authorization: basicAuth(app.serve.clientId, app.serve.clientSecret), 'content-type': 'application/json' };
  const res = await fetch(`${app.serve.apiBase}/quotes`, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.text();
  return res.status;
}

/** A quote from Alice's USD balance to Sophie's IBAN. */
async function quoteBody(): Promise<ApiBody<'POST /quotes'>> {
  const byPlatformId = async (id: string) => (await seededCustomer(app.api, id)).id;
  const [alice, sophie] = [await byPlatformId('cust-alice-001'), await byPlatformId('cust-sophie-003')];
  const aliceUsd = (await internalAccountOf(app.api, alice, 'USD')).id;
  const iban = (await externalAccountOf(app.api, sophie, (i) => String(i.iban ?? '').endsWith('0000'))).id;
  return { source: { sourceType: 'ACCOUNT', accountId: aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: iban }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 25_00 };
}

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});


describe('fault rules and the request log in the console', () => {
  it('a rule made in the console makes the third POST /quotes answer 500, the log marks it, and the log exports as HAR', async () => {
    const context = await app.context({ viewport: SIZES[0], colorScheme: 'light', acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('request-log'));
    await page.getByTestId('toggle-fault-rules').click();
    const panel = page.getByTestId('fault-rules');
    await panel.getByText('No fault rules').waitFor();
    await page.locator('[data-testid="fault-path"] input').fill('/quotes');
    await page.locator('[data-testid="fault-status"] input').fill('500');
    await page.locator('[data-testid="fault-n"] input').fill('3');
    await page.getByTestId('fault-add').click();
    await panel.getByText('answers 500').waitFor();
    await expect.poll(async () => (await okBody(app.api.send('GET /sandbox/fault-rules'))).data.length).toBe(1);

    const body = await quoteBody();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await quoteStatus(body));
    expect(statuses).toEqual([201, 201, 500]);

    // The log polls: the faulted call arrives marked; the rule's hits show once the panel reloads.
    const marked = page.locator('[data-testid="request-log-row"]').filter({ has: page.getByTestId('fault-mark') });
    await expect.poll(() => marked.count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('toggle-fault-rules').click();
    await page.getByTestId('toggle-fault-rules').click();
    await expect.poll(() => page.getByTestId('fault-rule-hits').first().textContent()).toBe('1 of 3 calls');

    if (SHOTS) {
      for (const size of SIZES) {
        for (const theme of THEMES) {
          await page.setViewportSize(size);
          await page.evaluate((t) => localStorage.setItem('consoleTheme', t), theme);
          await page.reload();
          await page.getByTestId('toggle-fault-rules').click();
          await page.getByTestId('fault-rule-hits').first().waitFor();
          await expect.poll(() => styleOf(page.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
          await animationsDone(page);
          await page.screenshot({ path: `${SHOTS}/request-log-faults-${size.width}x${size.height}-${theme}.png` });
        }
      }
      await page.setViewportSize(SIZES[0]);
    }

    // Text typed in a filter box and not applied yet survives a change of another filter.
    const pathBox = page.getByPlaceholder('Path contains…');
    await pathBox.fill('quotes');
    await page.getByTestId('only-faulted').click();
    await expect.poll(() => page.locator('[data-testid="request-log-row"]').count()).toBe(1);
    expect(await pathBox.inputValue()).toBe('quotes');
    await page.getByTestId('only-faulted').click();

    // The entry says what the rule did.
    await marked.first().click();
    await expect.poll(() => page.getByTestId('entry-fault-mark').textContent()).toContain('answered 500 INTERNAL_ERROR');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/request-log-fault-entry-1440x900.png` });
    await page.keyboard.press('Escape');

    // The off switch works from the keyboard.
    const toggle = page.getByTestId('fault-rule-switch').first();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await okBody(app.api.send('GET /sandbox/fault-rules'))).data[0]?.enabled).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-har').click()]);
    expect(download.suggestedFilename()).toMatch(/\.har$/);
    const har = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(harProblems(har)).toBe('');
    const faulted = har.log.entries.filter((e: { _faultRuleId: string | null }) => e._faultRuleId);
    expect(faulted).toHaveLength(1);
    expect(faulted[0].response.status).toBe(500);
    expect(faulted[0].comment).toContain('Fault rule');
    // A HAR parser opens it: Playwright replays the file, answering a recorded GET from it with the network cut off.
    const replayed = har.log.entries.find((e: { request: { method: string }; response: { status: number; content: { text?: string } } }) =>
      e.request.method === 'GET' && e.response.status === 200 && (e.response.content.text ?? '').includes('"data"'));
    expect(replayed, 'a GET answered 200 in the HAR').toBeDefined();
    const replay = await app.context();
    await replay.routeFromHAR((await download.path())!, { notFound: 'abort' });
    const page2 = await replay.newPage();
    const answer = await page2.goto(replayed.request.url);
    expect(answer?.status()).toBe(200);
    expect(await answer?.text()).toBe(replayed.response.content.text);
    await replay.close();
    // An event links back to the call that caused it.
    await page.goto(app.at('events'));
    const link = page.getByTestId('event-call-link').first();
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.getByTestId('caused-events').waitFor();
    expect(page.url()).toContain('/request-log/ApiCall');
    expect(errors).toEqual([]);
    await context.close();
  });
});
