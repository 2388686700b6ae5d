import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useConsole } from './support/console';

// The Invitations screen: a customer invites someone, the sandbox invitee claims it, the list says so.
const app = useConsole({ clock: 'frozen' });
let page: Page;

beforeAll(async () => {
  page = await app.page({ viewport: { width: 1280, height: 800 } });
});


describe('the Invitations screen', () => {
  it('creates an invitation for Alice, then claims it as the sandbox invitee and shows it CLAIMED', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-invitations').click();
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('No invitations yet');
    await page.getByTestId('invitation-inviter').click();
    await page.keyboard.type('Alice');
    await page.locator('.n-base-select-option').filter({ hasText: 'Alice' }).first().click();
    await page.getByTestId('invitation-amount').fill('25.00');
    await page.getByTestId('invitation-submit').click();
    const table = page.getByTestId('invitation-table');
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('25.00 USD');
    expect(await table.innerText()).toMatch(/Alice[\s\S]*Pending/i);
    await page.getByRole('button', { name: 'Claim (sandbox)' }).click();
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('$new.friend@sandbox.uma.example');
    expect(await table.innerText()).toMatch(/Claimed/i);
  });
});
