import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { seededCustomer } from '../support/builders';

// The Agents screen against `serve` on a frozen clock: the seeded agent's payment waits in the
// approvals queue; approving it from the screen executes it (its transaction carries the agent), and
// the agent's usage and activity show it. Screenshots at 1440x900 and 1024x700, light and dark.
const OUT = 'test-results/screenshots';
const app = useConsole({ clock: 'frozen' });

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
});


describe('the Agents screen', () => {
  it('approves the seeded payment waiting in the approvals queue', async () => {
    const waiting = (await okBody(app.api.send('GET /agents/approvals'))).data;
    expect(waiting).toHaveLength(1);
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('agents'));
    const row = page.getByTestId('approval-row');
    await row.first().waitFor();
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().innerText()).toContain('Pay out 250.00 USD');
    expect(await row.first().innerText()).toContain('Bill-pay assistant');
    // Where the money would go, in names and a masked account, and the rail: no ids.
    const route = page.getByTestId('approval-route');
    await expect.poll(() => route.innerText(), { timeout: 10_000 }).toMatch(/From Alice Johnson · USD balance\s+to Alice Johnson · Sandbox Bank N\.A\. · •••• \d{4}\s+over \S+/);
    expect(await route.innerText()).not.toMatch(/Account:/);
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

    // Approve asks first, restating where the money goes; Cancel (by Escape) leaves it waiting.
    await row.first().getByTestId('approve-action').click();
    const confirm = page.getByTestId('approval-confirm-button');
    await confirm.waitFor();
    expect(await page.locator('.n-dialog').innerText()).toContain('Sandbox Bank N.A.');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('approvals-count').innerText()).toBe('1');
    await row.first().getByTestId('approve-action').click();
    await confirm.click();
    await expect.poll(() => page.getByTestId('approvals-count').innerText(), { timeout: 10_000 }).toBe('0');
    await expect.poll(() => row.count()).toBe(0);
    const action = await okBody(app.api.send('GET /agents/{agentId}', { params: { agentId: waiting[0]!.agentId } }));
    expect(action.usage).toMatchObject({ dailySpend: 25_000, dailyTransactionCount: 1 });
    const txs = (await okBody(app.api.send('GET /transactions', { query: { limit: 5 } }))).data;
    expect(txs.find((t) => 'agentId' in t && t.agentId === waiting[0]!.agentId)).toMatchObject({ status: 'PENDING' });
    // The usage bar and the activity timeline follow the approval live.
    await expect.poll(() => page.getByTestId('agent-usage').innerText(), { timeout: 10_000 }).toContain('250.00 USD of 1,000.00 USD');
    await page.locator('.n-tabs-tab', { hasText: 'Activity' }).click();
    await expect.poll(() => page.locator('[data-testid="timeline-entry"]').last().innerText()).toContain('Action executed');
    await page.screenshot({ path: `${OUT}/agents-activity-1024x700-dark.png` });
    // The outcome and the activity both link to the payment the action made; the link opens its drawer.
    const made = txs.find((t) => 'agentId' in t && t.agentId === waiting[0]!.agentId)!;
    expect(await page.getByTestId('approval-outcome').innerText()).toContain('Approved and executed: Pay out 250.00 USD');
    expect(await page.getByTestId('activity-payment-link').getAttribute('href')).toContain(encodeURIComponent(made.id));
    await page.getByTestId('approval-payment-link').click();
    await page.waitForURL((u) => u.hash.startsWith(`#/transactions/${encodeURIComponent(made.id)}`));
    await page.getByTestId('money-story').first().waitFor();
    expect(await page.getByTestId('destination').first().innerText()).toContain('Sandbox Bank N.A.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('acts as the agent: a quote above the threshold waits for approval, and the queue shows it', async () => {
    const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
    await okBody(app.api.send('POST /customers/external-accounts', { body: {
      customerId: alice, currency: 'MXN',
      accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '002180000000777000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' } },
    } }));
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('agents'));
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
    // The quote's payee by name, its masked CLABE and the quote's rail.
    await expect.poll(() => page.getByTestId('approval-route').first().innerText(), { timeout: 10_000 }).toMatch(/From Alice Johnson · USD balance\s+to Alice Johnson · .*•••• 7000\s+over \S+/);
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/agents-act-1440x900-light.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates an agent (validation in words first), renames it and deletes it after confirming', async () => {
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('agents'));
    await page.getByTestId('agent-usage').waitFor();
    await page.getByTestId('agent-new').click();
    const modal = page.getByTestId('agent-create-modal');
    await modal.waitFor();
    // Nothing typed: each problem shows under its field, nothing is sent.
    await page.getByTestId('agent-create-submit').click();
    await expect.poll(() => modal.innerText()).toContain('Enter a name');
    expect(await modal.innerText()).toContain('Choose the customer the agent acts for');
    expect(await modal.innerText()).toContain('Required, such as 500.00');
    await page.getByTestId('agent-name').locator('input').fill('Rent payer');
    await page.getByTestId('agent-customer').click();
    await page.locator('.n-base-select-option', { hasText: 'Alice Johnson' }).click();
    await page.getByTestId('agent-per-payment').locator('input').fill('12.345');
    await page.getByTestId('agent-create-submit').click();
    await expect.poll(() => modal.innerText()).toContain('At most 2 decimal places');
    await page.getByTestId('agent-per-payment').locator('input').fill('800.00');
    await page.getByTestId('agent-threshold').locator('input').fill('300');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/agents-new-1440x900-light.png` });
    await page.getByTestId('agent-create-submit').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('agent-detail').locator('h2').innerText(), { timeout: 10_000 }).toBe('Rent payer');
    const made = (await okBody(app.api.send('GET /agents'))).data.find((a) => a.name === 'Rent payer')!;
    expect(made.policy).toMatchObject({ spendingLimits: { currency: 'USD', perTransactionLimit: 80_000 }, approvalThresholds: { amount: 30_000 } });

    // Edit its policy: limit it to Alice's USD balance and her bank account, chosen by name.
    await page.locator('.n-tabs-tab', { hasText: 'Policy' }).click();
    await page.getByTestId('policy-accounts').click();
    await page.locator('.n-base-select-option', { hasText: 'USD balance' }).first().click();
    await page.locator('.n-base-select-option', { hasText: 'Sandbox Bank N.A.' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('save-policy').click();
    await expect.poll(async () => (await okBody(app.api.send('GET /agents/{agentId}', { params: { agentId: made.id } }))).policy.accountRestrictions?.allowedAccountIds?.length ?? 0, { timeout: 10_000 }).toBe(2);
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/agents-policy-accounts-1440x900-light.png` });

    // Rename from the keyboard: Enter saves.
    await page.getByTestId('agent-rename').click();
    const input = page.getByTestId('agent-rename-input').locator('input');
    await input.fill('');
    await expect.poll(() => page.getByTestId('agent-rename-save').isDisabled()).toBe(true);
    await input.fill('Rent and utilities');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('agent-detail').locator('h2').innerText(), { timeout: 10_000 }).toBe('Rent and utilities');
    expect((await okBody(app.api.send('GET /agents/{agentId}', { params: { agentId: made.id } }))).name).toBe('Rent and utilities');

    // Delete asks first; Cancel keeps it, Delete agent removes it.
    await page.getByTestId('agent-delete').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await okBody(app.api.send('GET /agents/{agentId}', { params: { agentId: made.id } }))).id).toBe(made.id);
    await page.getByTestId('agent-delete').click();
    await page.getByRole('button', { name: 'Delete agent' }).click();
    await expect.poll(async () => (await okBody(app.api.send('GET /agents'))).data.some((a) => a.id === made.id), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.getByTestId('agent-item').allInnerTexts()).not.toContain(expect.stringContaining('Rent and utilities'));
    expect(errors).toEqual([]);
    await page.close();
  });
});
