import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The Workspaces screen against the built `serve`: create a workspace, take a snapshot, change the
// data over the API, restore the snapshot, switch workspaces from the top bar; the clock control's
// jobs due next and typed duration; screenshots of the screen, the clock control and the Overview charts.
const OUT = 'test-results/screenshots';
// A folder of its own holding the workspaces (the --data-dir folder's parent holds its siblings).
const root = mkdtempSync(join(tmpdir(), 'e2e-workspaces-'));
const app = useConsole({ clock: 'frozen', args: ['--data-dir', join(root, 'default')] });

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
  // Bounded: a call that never answered once held this suite until its timeout without saying which.
  const res = await fetch(`${app.serve.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) })
    .catch((err: Error) => { throw new Error(`${method} ${path} got no answer: ${err.message}`); });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const customerCount = async (): Promise<number> => (await call('GET', '/customers?limit=1')).totalCount as number;

/** Starts a payment that settles in 6 minutes and leaves a quote to expire in 5, so the clock has jobs due. */
async function scheduleSomething(): Promise<void> {
  const alice = (await call('GET', '/customers?platformCustomerId=cust-alice-001')).data[0].id as string;
  const lucia = (await call('GET', '/customers?platformCustomerId=cust-lucia-002')).data[0].id as string;
  const source = (await call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(alice)}`)).data.find((a: any) => a.balance.currency.code === 'USD').id;
  const clabes = (await call('GET', `/customers/external-accounts?customerId=${encodeURIComponent(lucia)}&limit=100`)).data;
  const delayed = clabes.find((a: any) => String(a.accountInfo.clabeNumber).endsWith('003')).id;
  const quote = await call('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: source }, destination: { destinationType: 'ACCOUNT', accountId: delayed }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2_500, description: 'Rent for March' });
  await call('POST', `/quotes/${encodeURIComponent(quote.id)}/execute`);
  await call('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: source }, destination: { destinationType: 'ACCOUNT', accountId: delayed }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 });
}

async function confirmDialog(page: Page, button: string): Promise<void> {
  const dialog = page.locator('.n-dialog');
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByRole('button', { name: button }).click();
}

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

describe('the Workspaces screen', () => {
  it('creates a workspace, snapshots, changes and restores the open one, then switches from the top bar', async ({ onTestFailed }) => {
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Why: this test once ran out of time in a full run and never alone; a failure now says where it
    // stood and keeps a picture of the page.
    const log: string[] = [];
    page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && log.push(`navigated: ${f.url()}`));
    onTestFailed(async ({ task }) => {
      // The steps reached go into the failure's own message too: CI's summary keeps that, not the console.
      const first = task.result?.errors?.[0];
      if (first) first.message += `\nsteps reached:\n  ${log.filter((l) => l.startsWith('step')).join('\n  ')}`;
      console.error(`workspaces e2e failed; page log:\n  ${log.slice(-30).join('\n  ')}\nserve output (end):\n${app.serve.output().slice(-3000)}`);
      await page.screenshot({ path: `${OUT}/workspaces-failure.png` }).catch(() => undefined);
    });
    const started = Date.now();
    const step = (name: string) => log.push(`step +${((Date.now() - started) / 1000).toFixed(1)} s: ${name}`);
    page.setDefaultTimeout(15_000);
    step('open the Workspaces screen');
    await page.goto(app.at('workspaces'));
    await page.getByTestId('workspace-table').waitFor({ timeout: 15_000 });
    await page.getByTestId('snapshot-empty').waitFor();

    // create
    step('create');
    await page.getByLabel('New workspace', { exact: true }).fill('Payout tests');
    await page.getByTestId('workspace-create').click();
    await page.getByTestId('workspace-row-payout-tests').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('workspace-row-payout-tests').innerText()).toContain('Payout tests');

    // snapshot
    step('snapshot');
    await page.getByLabel('Snapshot name', { exact: true }).fill('clean-start');
    await page.getByTestId('snapshot-take').click();
    await page.getByTestId('snapshot-row-clean-start').waitFor({ timeout: 10_000 });
    expect(await customerCount()).toBe(3);

    // change over the API
    step('change over the API');
    await call('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'e2e-changed', fullName: 'Changed Person', currencies: ['USD'] });
    expect(await customerCount()).toBe(4);

    step('restore');
    // restore: the console reloads on the restore and shows the snapshot's state
    await page.evaluate(() => ((window as unknown as { beforeRestore: boolean }).beforeRestore = true));
    await page.getByTestId('snapshot-restore-clean-start').click();
    await confirmDialog(page, 'Restore');
    // Bounded, and retried across the reload (a polled page.evaluate waits unbounded for the new document).
    await page.waitForFunction(() => !('beforeRestore' in window), undefined, { timeout: 15_000 });
    await page.getByTestId('snapshot-row-clean-start').waitFor({ timeout: 15_000 });
    expect(await customerCount()).toBe(3);
    expect((await call('GET', '/customers?platformCustomerId=e2e-changed')).totalCount).toBe(0);

    step('switch from the top bar');
    // switch from the top bar: the console reloads over the other workspace
    await page.getByTestId('top-bar-workspace').click();
    await page.getByText('Payout tests', { exact: true }).last().click();
    await expect.poll(() => page.getByTestId('workspace-name').innerText().catch(() => ''), { timeout: 15_000 }).toBe('Payout tests');
    await page.getByTestId('workspace-row-payout-tests').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('workspace-row-payout-tests').innerText()).toContain('Open');
    await page.getByTestId('snapshot-empty').waitFor();
    step('the API follows');
    // the API follows the open workspace too (its own seeded token: the first workspace's is not in it)
    const refused = await fetch(`${app.serve.apiBase}/customers`, { headers: { authorization: `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}` } });
    expect(refused.status).toBe(401);

    // and back
    step('and back');
    // Why the marker: before the switch the row already reads "Open" (its button), so waiting for the text
    // passed at once, and closing the page while the console reloaded hung Chromium's close for good.
    await page.evaluate(() => ((window as unknown as { beforeSwitch: boolean }).beforeSwitch = true));
    await page.getByTestId('workspace-open-default').click();
    await page.waitForFunction(() => !('beforeSwitch' in window), undefined, { timeout: 15_000 });
    await page.getByTestId('workspace-row-default').getByText('Open', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('workspace-open-default').count()).toBe(0);
    step('count the customers of default again');
    expect(await customerCount()).toBe(3);
    expect(errors).toEqual([]);
    step('close the page');
    await page.close();
  }, 90_000);

  it('lists the jobs due next in the clock control and advances by a typed duration', async () => {
    await scheduleSomething();
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    await page.goto(app.at('overview'));
    await page.getByTestId('clock-badge').click();
    const jobs = page.getByTestId('clock-job');
    await expect.poll(() => jobs.allInnerTexts(), { timeout: 10_000 }).toEqual([
      expect.stringMatching(/in 5 min\s+Quote expires unless it is executed first/),
      expect.stringMatching(/in 6 min\s+Payment settles and completes/),
    ]);
    const duration = page.getByTestId('clock-duration').locator('input');
    await duration.fill('5 parsecs');
    await expect.poll(() => page.getByTestId('clock-panel').innerText()).toContain('"parsecs" is not a unit');
    expect(await page.getByTestId('clock-advance-typed').isDisabled()).toBe(true);
    await duration.fill('5m 30s');
    await expect.poll(() => page.getByTestId('clock-panel').innerText()).toContain('= 5 min 30 s');
    await page.getByTestId('clock-advance-typed').click();
    await expect.poll(() => jobs.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/in 30 s\s+Payment settles and completes/)]);
    await page.close();
  }, 60_000);

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      it(`renders the Workspaces screen, the clock control and the Overview charts at ${width}x${height} in the ${theme} theme`, async () => {
        const shot = await app.page({ viewport: { width, height }, colorScheme: theme });
        await shot.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
        const errors: string[] = [];
        shot.on('pageerror', (e) => errors.push(e.message));
        const ready = async () => {
          await expect.poll(() => styleOf(shot.locator('body'), 'background-color')).toBe(bodyColorOf(theme));
          await animationsDone(shot);
        };
        await shot.goto(app.at('workspaces'));
        await shot.getByTestId('workspace-row-default').waitFor({ timeout: 15_000 });
        await ready();
        await shot.screenshot({ path: `${OUT}/workspaces-${width}x${height}-${theme}.png` });

        await shot.goto(app.at('overview'));
        await shot.getByTestId('activity-charts').scrollIntoViewIfNeeded({ timeout: 15_000 });
        await shot.getByTestId('chart-days').waitFor();
        await ready();
        await shot.screenshot({ path: `${OUT}/overview-charts-${width}x${height}-${theme}.png` });

        await shot.getByTestId('clock-badge').click();
        await shot.getByTestId('clock-jobs').waitFor();
        await ready();
        await shot.screenshot({ path: `${OUT}/clock-jobs-${width}x${height}-${theme}.png` });
        await shot.close();
        expect(errors).toEqual([]);
      }, 60_000);
    }
  }
});
