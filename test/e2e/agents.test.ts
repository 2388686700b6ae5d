import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { animationsDone, launchChromium, startServe, type ServeProcess } from './serve-process';

// The Agents screen against `serve` on a frozen clock: the seeded agent's payment waits in the
// approvals queue; approving it from the screen executes it (its transaction carries the agent), and
// the agent's usage and activity show it. Screenshots at 1440x900 and 1024x700, light and dark.
const OUT = 'test-results/screenshots';
let proc: ServeProcess;
let browser: Browser;

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const auth = `Basic ${Buffer.from(`${proc.clientId}:${proc.clientSecret}`).toString('base64')}`;
  const res = await fetch(`${proc.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  proc = await startServe(['--clock', 'frozen']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await proc?.stop();
});

describe('the Agents screen', () => {
  it('approves the seeded payment waiting in the approvals queue', async () => {
    const waiting = (await call('GET', '/agents/approvals')).data as { id: string; agentId: string }[];
    expect(waiting).toHaveLength(1);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(proc.consoleUrl.replace('#/', '#/agents'));
    const row = page.getByTestId('approval-row');
    await row.first().waitFor();
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().innerText()).toContain('Pay out 250.00 USD');
    expect(await row.first().innerText()).toContain('Bill-pay assistant');
    await page.getByTestId('agent-usage').waitFor();
    await animationsDone(page);
    for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((t) => localStorage.setItem('consoleTheme', t), theme);
        await page.setViewportSize({ width: w, height: h });
        await page.reload();
        await page.getByTestId('agent-usage').waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${OUT}/agents-${w}x${h}-${theme}.png` });
      }
    }

    await row.first().getByTestId('approve-action').click();
    await expect.poll(() => page.getByTestId('approvals-count').innerText(), { timeout: 10_000 }).toBe('0');
    await expect.poll(() => row.count()).toBe(0);
    const action = (await call('GET', `/agents/${encodeURIComponent(waiting[0]!.agentId)}`));
    expect(action.usage).toMatchObject({ dailySpend: 25_000, dailyTransactionCount: 1 });
    const txs = (await call('GET', '/transactions?limit=5')).data as { agentId?: string; status: string }[];
    expect(txs.find((t) => t.agentId === waiting[0]!.agentId)).toMatchObject({ status: 'PENDING' });
    // The usage bar and the activity timeline follow the approval live.
    await expect.poll(() => page.getByTestId('agent-usage').innerText(), { timeout: 10_000 }).toContain('250.00 USD of 1,000.00 USD');
    await page.locator('.n-tabs-tab', { hasText: 'Activity' }).click();
    await expect.poll(() => page.locator('[data-testid="timeline-entry"]').last().innerText()).toContain('Action executed');
    await page.screenshot({ path: `${OUT}/agents-activity-1024x700-dark.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('acts as the agent: a quote above the threshold waits for approval, and the queue shows it', async () => {
    const alice = (await call('GET', '/customers?platformCustomerId=cust-alice-001')).data[0].id as string;
    await call('POST', '/customers/external-accounts', {
      customerId: alice, currency: 'MXN',
      accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '002180000000777000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' } },
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(proc.consoleUrl.replace('#/', '#/agents'));
    await page.getByTestId('agent-usage').waitFor();
    await page.locator('.n-tabs-tab', { hasText: 'Act as the agent' }).click();
    await page.getByTestId('connect-console').click();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId('agent-create-quote').waitFor();
    const amount = page.getByLabel('Amount to send');
    await amount.fill('300.00');
    await expect.poll(() => page.getByTestId('agent-create-quote').isDisabled(), { timeout: 10_000 }).toBe(false);
    await page.getByTestId('agent-create-quote').click();
    await expect.poll(() => page.getByTestId('act-result').innerText(), { timeout: 10_000 }).toContain('HTTP 201');
    await page.getByTestId('agent-execute-quote').click();
    await expect.poll(() => page.getByTestId('act-result').innerText(), { timeout: 10_000 }).toContain('Waiting for approval');
    await expect.poll(() => page.getByTestId('approvals-count').innerText(), { timeout: 10_000 }).toBe('1');
    expect(await page.getByTestId('approval-row').first().innerText()).toContain('Quote payment');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/agents-act-1440x900-light.png` });
    expect(errors).toEqual([]);
    await page.close();
  });
});
