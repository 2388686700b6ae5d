import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The API reference against the real serve host and its live OpenAPI document: filter, open, read,
// copy as curl (and run it), download the document; screenshots at two sizes in both themes.
const OUT = 'test-results/screenshots';

const app = useConsole();
let page: Page;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await app.page({ viewport: { width: 1440, height: 900 } });
});


const drawer = () => page.getByTestId('operation-detail');
const rowIds = () => page.getByTestId('operation-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset['operationId']));

describe('the API reference in Chromium against serve', () => {
  it('opens from API and credentials, filters to an operation, opens it with Enter and shows its parameters and responses', async () => {
    await page.goto(app.at('api'));
    await page.getByTestId('api-tab-reference').click();
    await expect.poll(() => page.getByTestId('operation-row').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    expect(await rowIds()).toEqual(expect.arrayContaining(['getOpenApiDocument', 'listTokens', 'createToken']));

    await page.getByTestId('reference-filter').fill('listTokens');
    await expect.poll(rowIds).toEqual(['listTokens']);
    expect(page.url()).toContain('q=listTokens');
    await page.getByTestId('reference-filter').press('Enter');

    await expect.poll(() => page.getByTestId('drawer').innerText(), { timeout: 10_000 }).toContain('Lists the API tokens');
    expect(page.url()).toMatch(/#\/api\/reference\/listTokens\?q=listTokens$/);
    expect(await drawer().getByTestId('operation-permission').innerText()).toBe('VIEW');
    const params = drawer().getByTestId('parameter-row');
    expect(await params.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset['name']))).toEqual(['limit', 'cursor', 'name', 'createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore']);
    expect(await params.first().innerText()).toMatch(/1 to 100[\s\S]*Default\s*20/);

    const responses = drawer().getByTestId('response');
    expect(await responses.evaluateAll((rs) => rs.map((r) => (r as HTMLElement).dataset['status']))).toEqual(['200', '400', '401', '403']);
    const ok = drawer().locator('[data-testid="response"][data-status="200"]');
    expect(await ok.innerText()).toMatch(/ApiTokenList[\s\S]*data\s*array of ApiToken\s*required[\s\S]*totalCount\s*integer\s*required/);
    await ok.getByRole('button', { name: 'Expand data' }).click();
    expect(await ok.locator('[data-field="permissions"]').innerText()).toMatch(/VIEW\s*TRANSACT\s*MANAGE/);
    // The document carries a real answer of the seeded workspace as the example.
    expect(await ok.innerText()).toContain('Workspace token');

    // Esc closes the drawer and puts keyboard focus back on the row that was open.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).toMatch(/#\/api\/reference\?q=listTokens$/);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['operationId'])).toBe('listTokens');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/#\/api\/reference\/listTokens/);
    await page.keyboard.press('Escape');
  });

  it('gives a curl command that works as printed once the credentials are set', async () => {
    await page.goto(app.at('api/reference/listTokens'));
    const command = await drawer().getByTestId('curl-command').innerText({ timeout: 15_000 });
    expect(command).toBe(`curl "${app.serve.apiBase}/tokens" \\\n  -u "$CLIENT_ID:$CLIENT_SECRET"`);
    const out = execFileSync('bash', ['-c', command], {
      env: { PATH: process.env['PATH'], CLIENT_ID: app.serve.clientId, CLIENT_SECRET: app.serve.clientSecret }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(JSON.parse(out)).toMatchObject({ data: expect.any(Array), hasMore: false });
  });

  it('downloads the document itself as openapi.json for SDK generators', async () => {
    await page.goto(app.at('api/reference'));
    await page.getByTestId('download-openapi').waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-openapi').click()]);
    expect(download.suggestedFilename()).toBe('openapi.json');
    const doc = JSON.parse(readFileSync(await download.path(), 'utf8')) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/tokens');
    expect(await page.getByTestId('openapi-url').innerText()).toBe(`${app.serve.apiBase}/openapi.json`);
  });

  it('opens a shared link to an operation directly, with its request body schema', async () => {
    await page.goto(app.at('api/reference/createToken'));
    const body = drawer().getByTestId('request-body');
    await expect.poll(() => body.innerText(), { timeout: 15_000 }).toMatch(/name\s*string\s*required\s*1 to 100 characters/);
    expect(await body.innerText()).toMatch(/permissions\s*array of string[\s\S]*VIEW\s*TRANSACT\s*MANAGE/);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      it(`renders the reference and an operation at ${width}x${height} in the ${theme} theme`, async () => {
        // One window per theme, resized for the second size: the console loads once per theme, not per test.
        const { shot, errors } = await app.shared(theme, async () => {
          const page = await app.page({ viewport: { width, height }, colorScheme: theme });
          await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
          const seen: string[] = [];
          page.on('pageerror', (e) => seen.push(e.message));
          return { shot: page, errors: seen };
        });
        await shot.setViewportSize({ width, height });
        // Ready to photograph: rows shown, the theme's background painted, no transition running.
        const ready = async () => {
          await expect.poll(() => styleOf(shot.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
          await animationsDone(shot);
        };
        await shot.goto(app.at('api/reference'));
        await shot.getByTestId('operation-row').first().waitFor({ timeout: 15_000 });
        await ready();
        await shot.screenshot({ path: `${OUT}/api-reference-${width}x${height}-${theme}.png` });

        await shot.getByTestId('operation-row').filter({ hasText: 'POST' }).filter({ hasText: '/tokens' }).first().click();
        await shot.getByTestId('request-body').waitFor({ timeout: 10_000 });
        await ready();
        await shot.screenshot({ path: `${OUT}/api-operation-${width}x${height}-${theme}.png` });

        // The responses of a list operation: its schema opened a level, and the seeded example.
        await shot.goto(app.at('api/reference/listTokens'));
        const ok = shot.locator('[data-testid="response"][data-status="200"]');
        await ok.getByRole('button', { name: 'Expand data' }).click({ timeout: 10_000 });
        await shot.getByTestId('operation-responses').scrollIntoViewIfNeeded();
        await ready();
        await shot.screenshot({ path: `${OUT}/api-responses-${width}x${height}-${theme}.png` });
        expect(errors).toEqual([]);
      });
    }
  }
});
