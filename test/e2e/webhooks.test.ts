import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { internalAccountOf, seededCustomer } from '../support/builders';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

// The Webhooks screen against `serve` on a frozen clock, with a real receiver on 127.0.0.1 that verifies
// every signature with the published key: the endpoint is set from the screen, a funded account makes
// a webhook the receiver refuses, and sending it again from its drawer delivers the same envelope.
const OUT = 'test-results/screenshots';
const app = useConsole({ clock: 'frozen' });
let rx: Receiver;
let aliceUsd = '';

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  rx = await startReceiver();
  rx.setPublicKey((await okBody(app.api.send('GET /config'))).webhookPublicKey!);
  const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
  aliceUsd = (await internalAccountOf(app.api, alice, 'USD')).id;
});

afterAll(async () => {
  await rx?.close();
});

const row = (page: Page, type: string) => page.locator(`[data-testid="delivery-row"][data-type="${type}"]`).first();

describe('the Webhooks screen', () => {
  it('sets the endpoint, shows a refused delivery with its answer, and sends it again until it is accepted', async () => {
    rx.answer = () => ({ status: 503, body: { error: 'receiver down for maintenance' } });
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.at('webhooks'));
    await page.locator('main > section[aria-label="Webhooks"]').waitFor();
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('No webhooks sent yet');

    await page.getByTestId('webhook-endpoint').fill(rx.url);
    await page.getByTestId('save-endpoint').click();
    // The TEST event that setting the endpoint sends: refused, and never retried.
    await expect.poll(() => row(page, 'TEST').getAttribute('data-status'), { timeout: 10_000 }).toBe('FAILED');
    expect(rx.received[0]?.verified).toBe(true);

    await okBody(app.api.send('POST /sandbox/internal-accounts/{accountId}/fund', { params: { accountId: aliceUsd }, body: { amount: 5_000 } }));
    const balance = row(page, 'INTERNAL_ACCOUNT.BALANCE_UPDATED');
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('RETRYING');
    const envelopeId = await balance.getAttribute('data-delivery-id');

    await balance.click();
    const drawer = page.locator('.delivery');
    await expect.poll(() => drawer.getByTestId('attempt-answer').innerText(), { timeout: 10_000 }).toContain('Refused with 503');
    await expect.poll(() => drawer.innerText()).toContain('receiver down for maintenance');
    await expect.poll(() => drawer.getByTestId('next-attempt').innerText()).toContain('30 s');
    await animationsDone(page);
    for (const [w, hgt] of [[1440, 900], [1024, 700]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((t) => localStorage.setItem('consoleTheme', t), theme);
        await page.setViewportSize({ width: w, height: hgt });
        await page.reload();
        await drawer.getByTestId('attempt-answer').waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${OUT}/webhooks-${w}x${hgt}-${theme}.png` });
      }
    }

    rx.answer = () => ({ status: 200, body: { received: true } });
    await drawer.getByTestId('replay-delivery').click();
    await expect.poll(() => drawer.getByTestId('delivery-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('SUCCEEDED');
    await expect.poll(() => drawer.getByTestId('attempt-answer').innerText()).toContain('Accepted with 200');
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('SUCCEEDED');
    const copies = rx.received.filter((r) => r.envelope.id === envelopeId);
    expect(copies).toHaveLength(2);
    expect(copies.every((r) => r.verified)).toBe(true);
    expect(copies[1]!.raw).toBe(copies[0]!.raw);

    // Every failed delivery again from the header: the TEST event goes through now.
    await page.keyboard.press('Escape');
    await page.getByTestId('replay-failed').click();
    await expect.poll(() => row(page, 'TEST').getAttribute('data-status'), { timeout: 10_000 }).toBe('SUCCEEDED');
    await expect.poll(() => page.getByTestId('replay-failed').innerText(), { timeout: 10_000 }).toBe('Send failed again');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/webhooks-list-1024x700-dark.png` });

    // The signing key and the receiver snippet the console shows with the key filled in.
    await page.getByText('Signing key and a receiver that verifies it').click();
    await expect.poll(() => page.getByTestId('webhook-public-key').innerText()).toContain('BEGIN PUBLIC KEY');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/webhooks-key-1024x700-dark.png` });
    expect(errors).toEqual([]);
  });

  it('the customer drawer says in words where a business stands in KYB, with the verification history', async () => {
    const c = await okBody(app.api.send('POST /customers', { body: { customerType: 'BUSINESS', businessInfo: { legalName: 'Northwind Traders', country: 'US', taxId: '12-3456789', incorporatedOn: '2018-03-01', registrationNumber: 'REG-4471' } } }));
    await okBody(app.api.send('POST /beneficial-owners', { body: { customerId: c.id, personalInfo: { firstName: 'Dana', lastName: 'Reyes' }, ownershipPercentage: 70 } }));
    await okBody(app.api.send('POST /verifications', { body: { customerId: c.id } }));
    await okBody(app.api.send('POST /sandbox/clock/advance', { body: { seconds: 31 } }));
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    await page.goto(app.at(`customers/${encodeURIComponent(c.id)}`));
    const section = page.getByTestId('customer-verification');
    await expect.poll(() => section.getByTestId('identity-words').innerText(), { timeout: 15_000 }).toBe('Verified: the business verification (KYB) passed, so the customer\'s accounts are open.');
    await expect.poll(() => section.innerText()).toContain('KYB: Passed');
    expect(await section.innerText()).toContain('Dana Reyes');
    await section.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/customer-verification-1440x900-light.png` });
  });
});
