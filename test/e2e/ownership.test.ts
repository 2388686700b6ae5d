import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { seededCustomer } from '../support/builders';
import { evmWallet } from '../support/wallet-keys';

// Wallet ownership in the customer drawer: a wallet nobody has proven says so in words; support staff
// start the proof, the customer's wallet (a real key, here in the test) signs the text the console shows,
// and the pasted signature proves it. A hosted wallet whose address names no key takes the sandbox's
// liveness check instead.
const SHOTS = '/tmp/shots/ownership';

const app = useConsole({ clock: 'frozen' });
let page: Page;
const wallet = evmWallet();
const hosted = 'sp1qhostedcustodywallet';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
  await okBody(app.api.send('POST /customers/external-accounts', { body: { customerId: alice, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address: wallet.address } } }));
  await okBody(app.api.send('POST /customers/external-accounts', { body: { customerId: alice, currency: 'BTC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'SPARK_WALLET', address: hosted } } }));
  page = await app.page({ viewport: { width: 1440, height: 900 } });
});


const row = (text: string) => page.getByTestId('drawer').getByTestId('external-accounts').locator('tr').filter({ hasText: text });
const tagOf = (text: string) => row(text).getByTestId('ownership-tag');

describe('wallet ownership in the customer drawer', () => {
  it("says which wallets are not proven, and a pasted signature by the wallet's key proves one", async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-customers').click();
    await page.getByTestId('customer-row').filter({ hasText: 'Alice Johnson' }).first().click();
    await expect.poll(() => tagOf(wallet.address).innerText(), { timeout: 10_000 }).toBe('Not proven');
    expect(await tagOf(hosted).innerText()).toBe('Not proven');
    expect(await page.getByTestId('drawer').getByTestId('ownership-tag').filter({ hasText: 'Not needed' }).count()).toBeGreaterThan(0);
    await row(wallet.address).scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/drawer-not-proven-1440.png` });

    await row(wallet.address).getByTestId('ownership-prove').click();
    const modal = page.getByTestId('ownership-modal');
    await modal.getByTestId('ownership-start').click();
    const message = (await modal.getByTestId('ownership-message').locator('code').innerText()).trim();
    expect(message).toContain(wallet.address);
    // The check is pressed from the keyboard, as staff who do not use a mouse would.
    await modal.getByTestId('ownership-signature').locator('textarea').fill(wallet.sign(message));
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/signature-modal-1440.png` });
    await modal.getByTestId('ownership-check').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tagOf(wallet.address).innerText(), { timeout: 10_000 }).toBe('Proven');
    expect(await tagOf(wallet.address).getAttribute('title')).toContain('a signature by the wallet’s key');
  });

  it('a hosted wallet whose address names no key takes the sandbox liveness check', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await row(hosted).getByTestId('ownership-prove').click();
    const modal = page.getByTestId('ownership-modal');
    await expect.poll(() => modal.innerText()).toContain('names no key');
    await modal.getByTestId('ownership-start').click();
    await modal.getByTestId('ownership-liveness').waitFor();
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/liveness-modal-1024.png` });
    await modal.getByTestId('ownership-liveness').click();
    await expect.poll(() => tagOf(hosted).innerText(), { timeout: 10_000 }).toBe('Proven');
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/drawer-proven-1024.png` });
  });
});
