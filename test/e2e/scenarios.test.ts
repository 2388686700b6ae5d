import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import type { BridgeAnswer } from '../support/http';

// The Scenarios screen against the built `serve`: run one group and see every row pass with its steps,
// export the run, run the wallet group (client crypto in the runner), watch a run step by step (a
// webhook receiver holds one step under way), save two request-log calls as a scenario and run it;
// a rehearsal leaves the workspace as it was and its history survives a reload, with a JUnit export a
// parser reads; the clock badge goes ahead and back to now; screenshots at both sizes in both themes.
const OUT = 'test-results/screenshots';
const app = useConsole({ clock: 'frozen' });

/** Calls a console handler over the bridge of `serve`, with the token of the printed console address. */
async function bridge<T = unknown>(name: string, input: unknown): Promise<T> {
  const url = new URL(app.serve.consoleUrl);
  const res = await fetch(`${url.origin}/__bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Console-Token': url.searchParams.get('token') ?? '' }, body: JSON.stringify({ name, input }) });
  const r = (await res.json()) as BridgeAnswer<T>;
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  return r.value as T;
}
/** The part of a request-log page these tests read. */
type LogPage = { data: { id: string; method: string; path: string; principal: string | null }[] };
/** The part of the clock these tests read. */
type ClockState = { now: string; pendingJobs: number };
const rowsOf = (page: Page, group: string) => page.locator(`[data-testid=scenario-group][data-group="${group}"] [data-testid=scenario-row]`);

async function runGroup(page: Page, group: string): Promise<void> {
  await page.locator(`[data-testid=scenario-group][data-group="${group}"]`).getByTestId('run-group').click();
  const rows = rowsOf(page, group);
  await expect.poll(async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))), { timeout: 30_000 })
    .toEqual(Array(await rows.count()).fill('PASSED'));
}



describe('the Scenarios screen', () => {
  it('runs one group and every row passes, shows the steps with expected and actual, and exports the run', async () => {
    const page = await app.page({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('scenarios'));
    await rowsOf(page, 'Quotes').first().waitFor({ timeout: 15_000 });
    expect(await rowsOf(page, 'Quotes').count()).toBe(7);

    await runGroup(page, 'Quotes');
    await expect.poll(() => page.getByTestId('run-progress').innerText()).toContain('All 7 passed');
    const returned = page.locator('[data-testid=scenario-row][data-name="quote-returned"]');
    await returned.getByRole('button', { name: /^Steps of/ }).click();
    const steps = returned.getByTestId('scenario-step');
    expect(await steps.count()).toBeGreaterThan(8);
    expect(await steps.evaluateAll((els) => els.every((e) => e.getAttribute('data-pass') === 'true'))).toBe(true);
    // Compared values in words (issue 28): the API name only in the cell's tooltip.
    expect(await returned.innerText()).toMatch(/Failure reason\s+Returned by the receiving bank\s+Returned by the receiving bank/);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-report').click();
    const report = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { results: { name: string }[] };
    expect(report).toMatchObject({ passed: 7, failed: 0 });
    expect(report.results.map((r) => r.name)).toContain('quote-returned');

    // The wallet scenarios play the client's HPKE and P-256 in the runner, against the same serve.
    await runGroup(page, 'Embedded wallets');
    const signIn = page.locator('[data-testid=scenario-row][data-name="wallet-email-otp-sign-in"]');
    await signIn.getByRole('button', { name: /^Steps of/ }).click();
    expect(await signIn.innerText()).toMatch(/Reason given\s+Invalid OTP code\s+Invalid OTP code/);
    expect(await signIn.getByText('signed retry').count()).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('shows a run step by step: the step under way is Running, the next Waiting, the bar at its share; then every step passes', async () => {
    // A webhook receiver that holds the TEST webhook until this test lets it answer, so one step of the
    // scenario stays under way for as long as the test needs to look at the screen.
    let hold = false;
    const held: ServerResponse[] = [];
    const hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => (hold && body.includes('"type":"TEST"') ? held.push(res) : res.writeHead(200).end('ok')));
    });
    await new Promise<void>((res) => hooks.listen(0, '127.0.0.1', res));
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    try {
      await okBody(app.api.send('PATCH /config', { body: { webhookEndpoint: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks` } }));
      await okBody(app.api.send('GET /config'));
      await okBody(app.api.send('POST /sandbox/webhooks/test'));
      await okBody(app.api.send('GET /config'));
      const log = await bridge<LogPage>('requestLog/list', { limit: 3 });
      expect(log.data.map((x) => `${x.method} ${x.path}`).reverse()).toEqual(['GET /2025-10-13/config', 'POST /2025-10-13/sandbox/webhooks/test', 'GET /2025-10-13/config']);
      await bridge('scenarios/saveFromLog', { name: 'late-webhook-receiver', title: 'A test webhook whose receiver answers late', entryIds: log.data.map((x) => x.id).reverse() });

      await page.goto(app.at('scenarios'));
      const row = page.locator('[data-testid=scenario-row][data-name="late-webhook-receiver"]');
      await row.waitFor({ timeout: 15_000 });
      hold = true;
      await row.getByTestId('run-scenario').click();
      const states = () => row.getByTestId('scenario-step').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
      await expect.poll(states, { timeout: 8_000 }).toEqual(['PASSED', 'RUNNING', 'WAITING']);
      await expect.poll(() => held.length, { timeout: 8_000 }).toBe(1);
      expect(await row.getAttribute('data-state')).toBe('RUNNING');
      expect(await page.getByTestId('run-progress-bar').getAttribute('data-percent')).toBe('33');
      expect(await page.getByTestId('run-progress').innerText()).toContain('Running 1 of 1 · step 2 of 3');
      await row.getByTestId('scenario-step').last().scrollIntoViewIfNeeded();
      await animationsDone(page);
      await page.screenshot({ path: `${OUT}/scenarios-running-1440x900-light.png` });

      hold = false;
      held[0]!.writeHead(200).end('answered late');
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('PASSED');
      expect(await page.getByTestId('run-progress-bar').getAttribute('data-percent')).toBe('100');
      await row.getByRole('button', { name: /^Steps of/ }).click();
      expect(await states()).toEqual(['PASSED', 'PASSED', 'PASSED']);
    } finally {
      for (const r of held) if (!r.writableEnded) r.writeHead(200).end('ok');
      await okBody(app.api.send('PATCH /config', { body: { webhookEndpoint: null } }));
      await new Promise((res) => hooks.close(res));
      await page.close();
    }
  }, 90_000);

  it('saves calls picked on the request log as a scenario and runs it', async () => {
    const c = await okBody(app.api.send('POST /customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Picked Person', currencies: ['USD'] } }));
    await okBody(app.api.send('GET /customers/{customerId}', { params: { customerId: c.id } }));
    const page = await app.page({ viewport: { width: 1024, height: 700 } });
    await page.goto(app.at(`request-log?resourceId=${encodeURIComponent(c.id)}`));
    const rows = page.getByTestId('request-log-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId('pick-for-scenario').click();
    await rows.nth(0).click();
    await rows.nth(1).press('Enter');
    await expect.poll(() => page.getByTestId('save-scenario-bar').innerText()).toContain('2 calls selected');
    await page.getByLabel('Scenario name').fill('picked-person');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/request-log-save-scenario-1024x700-light.png` });
    await page.getByRole('button', { name: 'Save as scenario' }).click();
    const row = page.locator('[data-testid=scenario-row][data-name="picked-person"]');
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('run-scenario').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('PASSED');
    await page.close();
  }, 90_000);

  it('rehearses in a throwaway copy: the workspace keeps its counts, clock and log; after a reload the history is there, and the JUnit export parses', async () => {
    const page = await app.page({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const trace = async () => {
        const info = await bridge<{ counts: { customers: number; apiCalls: number } }>('workspace/info', {});
        const clock = await bridge<ClockState>('clock/get', {});
        return { customers: info.counts.customers, apiCalls: info.counts.apiCalls, clock: clock.now, pendingJobs: clock.pendingJobs };
      };
      await page.goto(app.at('scenarios'));
      await rowsOf(page, 'KYC').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('run-place-hint').innerText()).toContain('deleted afterwards');
      const before = await trace();
      await runGroup(page, 'KYC');
      // The console's own reads during the run are its calls; the scenarios' calls stayed in the copy.
      const after = await trace();
      expect({ ...after, apiCalls: 0 }).toEqual({ ...before, apiCalls: 0 });
      const log = await bridge<LogPage>('requestLog/list', { limit: 200 });
      expect(log.data.filter((c) => c.principal?.startsWith('scenario')).length).toBe(0);

      await page.reload();
      const kyc = rowsOf(page, 'KYC');
      await kyc.first().waitFor({ timeout: 15_000 });
      await expect.poll(() => kyc.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), { timeout: 15_000 })
        .toEqual(Array(await kyc.count()).fill('PASSED'));
      const first = kyc.first();
      expect(await first.getByTestId('last-run').innerText()).toContain('in a throwaway copy');
      await first.getByTestId('scenario-history-toggle').click();
      const run = first.getByTestId('history-run');
      await expect.poll(() => run.count(), { timeout: 10_000 }).toBe(1);
      await run.getByRole('button').first().press('Enter');
      await expect.poll(async () => first.getByTestId('history-calls').locator('li').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      expect(await first.getByTestId('history-calls').innerText()).toContain('POST /customers');
      await animationsDone(page);
      await page.screenshot({ path: `${OUT}/scenarios-history-1440x900-light.png` });

      const download = page.waitForEvent('download');
      await page.getByTestId('export-junit').click();
      const xml = readFileSync(await (await download).path(), 'utf8');
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) return null;
        return [...doc.getElementsByTagName('testsuite')].map((s) => [s.getAttribute('name'), s.getAttribute('tests'), s.getAttribute('failures'), s.getElementsByTagName('testcase').length]);
      }, xml);
      expect(parsed).toEqual([['KYC', String(await kyc.count()), '0', await kyc.count()]]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('the clock badge says how far ahead the test clock is, and goes back to now', async () => {
    const page = await app.page({ viewport: { width: 1024, height: 700 } });
    try {
      await bridge('clock/resetToWallTime', {});
      await page.goto(app.at('scenarios'));
      const state = page.getByTestId('clock-state');
      await expect.poll(() => state.innerText(), { timeout: 15_000 }).toBe('Real time');
      await page.getByTestId('clock-badge').click();
      await page.getByTestId('clock-duration').locator('input').fill('3d');
      await page.getByTestId('clock-advance-typed').click();
      await expect.poll(() => state.innerText(), { timeout: 15_000 }).toBe('Test clock: 3 d ahead');
      const back = page.getByTestId('clock-back');
      expect(await back.innerText()).toContain('3 d ahead');
      expect(await back.innerText()).toContain('jobs scheduled later keep their workspace time');
      await animationsDone(page);
      await page.screenshot({ path: `${OUT}/clock-ahead-1024x700-light.png` });
      await page.getByTestId('clock-back-to-now').click();
      await expect.poll(() => state.innerText(), { timeout: 15_000 }).toBe('Real time');
      const clock = await bridge<ClockState>('clock/get', {});
      expect(clock).toMatchObject({ mode: 'REAL', offsetSeconds: 0 });
      expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(10_000);
    } finally {
      await bridge('clock/freeze', {});
      await page.close();
    }
  }, 60_000);

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      it(`renders at ${width}x${height} in the ${theme} theme`, async () => {
        const shot = await app.page({ viewport: { width, height }, colorScheme: theme });
        await shot.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
        const errors: string[] = [];
        shot.on('pageerror', (e) => errors.push(e.message));
        await shot.goto(app.at('scenarios'));
        await rowsOf(shot, 'KYB').first().waitFor({ timeout: 15_000 });
        await runGroup(shot, 'KYB');
        await shot.getByRole('heading', { name: 'Scenarios', level: 1 }).scrollIntoViewIfNeeded();
        await expect.poll(() => styleOf(shot.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
        await animationsDone(shot);
        await shot.screenshot({ path: `${OUT}/scenarios-top-${width}x${height}-${theme}.png` });
        await shot.locator('[data-testid=scenario-row][data-name="kyb-001-pending"]').getByRole('button', { name: /^Steps of/ }).click();
        await shot.locator('[data-testid=scenario-group][data-group="KYB"]').scrollIntoViewIfNeeded();
        await expect.poll(() => styleOf(shot.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
        await animationsDone(shot);
        await shot.screenshot({ path: `${OUT}/scenarios-${width}x${height}-${theme}.png` });
        await shot.close();
        expect(errors).toEqual([]);
      }, 60_000);
    }
  }
});
