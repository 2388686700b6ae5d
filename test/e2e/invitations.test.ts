import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startServe, type ServeProcess } from './serve-process';

// The Invitations screen: a customer invites someone, the sandbox invitee claims it, the list says so.
let proc: ServeProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  proc = await startServe(['--clock', 'frozen']);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await proc?.stop();
});

describe('the Invitations screen', () => {
  it('creates an invitation for Alice, then claims it as the sandbox invitee and shows it CLAIMED', async () => {
    await page.goto(proc.consoleUrl);
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
