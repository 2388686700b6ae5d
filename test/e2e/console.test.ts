import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useConsole } from './support/console';

const app = useConsole();
let page: Page;

beforeAll(async () => {
  page = await app.page({ viewport: { width: 1280, height: 800 } });
});


let aliceUsdBefore = 0;
/** Minor units of USD as the console writes them: 12,167.50 USD. */
const usd = (minor: number) => `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

/** Alice's USD internal account over the API. */
async function aliceUsd(): Promise<{ balance: { amount: number } }> {
  const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
  const res = await fetch(`${app.serve.apiBase}/customers?platformCustomerId=cust-alice-001`, { headers: { authorization: auth } });
  const alice = ((await res.json()) as { data: { id: string }[] }).data[0]!;
  const accounts = (await (await fetch(`${app.serve.apiBase}/customers/internal-accounts?customerId=${alice.id}&currency=USD`, { headers: { authorization: auth } })).json()) as { data: { balance: { amount: number } }[] };
  return accounts.data[0]!;
}

describe('the console in Chromium against serve', () => {
  it('opens on the Overview of the seeded workspace with the local API address', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    expect(await page.locator('body').innerText()).toContain(app.serve.apiBase);
    // The per-run token leaves the visible URL once the console has kept it.
    expect(page.url()).not.toContain('token=');
  });

  it('finds a seeded customer, funds her USD account and shows the call in the request log', async () => {
    // Alice's USD balance as seeded (her demo card spending included), read as an integrator would.
    aliceUsdBefore = (await aliceUsd()).balance.amount;
    await page.getByTestId('nav-customers').click();
    const row = page.getByTestId('customer-row').filter({ hasText: 'Alice Johnson' });
    await row.first().click();
    const drawer = page.getByTestId('drawer');
    await expect.poll(() => drawer.innerText(), { timeout: 10_000 }).toContain(usd(aliceUsdBefore));
    await drawer.getByTestId('fund-button').first().click();
    await page.getByTestId('fund-amount').fill('25.00');
    await page.getByTestId('fund-submit').click();
    await expect.poll(() => drawer.innerText(), { timeout: 10_000 }).toContain(usd(aliceUsdBefore + 2_500));

    await page.keyboard.press('Escape');
    await page.getByTestId('nav-request-log').click();
    const call = page.getByTestId('request-log-row').filter({ hasText: '/fund' }).first();
    await expect.poll(() => call.innerText(), { timeout: 10_000 }).toMatch(/POST[\s\S]*\/2025-10-13\/sandbox\/internal-accounts\/InternalAccount:[\w-]+\/fund[\s\S]*200/);
  });

  it('shows the same fund call to an integrator: the balance changed in the API', async () => {
    expect((await aliceUsd()).balance.amount).toBe(aliceUsdBefore + 2_500);
  });

  it('opens anything from the global search with Ctrl+K', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('cust-sophie-003');
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('Sophie Martin');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('drawer').innerText(), { timeout: 10_000 }).toContain('cust-sophie-003');
  });
});
