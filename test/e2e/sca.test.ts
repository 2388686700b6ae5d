import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { seededCustomer } from '../support/builders';
import { totpAt, wrongTotp } from '../api/sca-helpers';

// Strong Customer Authentication in the console: Alice enrols an authenticator app (through the API, as
// her app would), the customer drawer lists it, and her next quote waits in the workbench for a real
// TOTP code before it can execute. The workspace clock is frozen, so the codes are computed exactly.
const OUT = 'test-results/screenshots';

const app = useConsole({ clock: 'frozen' });
let page: Page;
let secret = '';

const clockMs = async () => Date.parse((await okBody(app.api.send('GET /sandbox/clock'))).now);

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
  const start = await okBody(app.api.send('POST /sca/factors', { query: { customerId: alice }, body: { type: 'TOTP' } }));
  if (start.type !== 'TOTP') throw new Error(`enrolling TOTP answered a ${start.type} factor`);
  secret = start.secretBase32Encoded;
  await okBody(app.api.send('POST /sca/factors/confirm', { query: { customerId: alice }, body: { type: 'TOTP', secret, code: totpAt(secret, await clockMs()) } }));
  page = await app.page({ viewport: { width: 1440, height: 900 } });
});


async function choose(testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  const option = page.locator('.n-base-select-option').filter({ hasText: text }).first();
  await option.waitFor({ state: 'visible', timeout: 10_000 });
  await option.click();
}
const status = () => page.getByTestId('quote-status').getAttribute('data-status');

describe('SCA in the console', () => {
  it("the customer drawer lists Alice's authenticator app", async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-customers').click();
    await page.getByTestId('customer-row').filter({ hasText: 'Alice Johnson' }).first().click();
    const sca = page.getByTestId('drawer').getByTestId('sca-factors');
    await expect.poll(() => sca.getByTestId('sca-factor').count(), { timeout: 10_000 }).toBe(1);
    expect(await sca.getByTestId('sca-factor').getAttribute('data-factor')).toBe('TOTP');
    expect(await sca.innerText()).toContain('Authenticator app');
    await sca.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/sca-customer-factors-1440.png` });
    await page.keyboard.press('Escape');
  });

  it('her quote waits for authorization: Execute is disabled, a wrong code is refused, a real TOTP code authorizes it, then it executes', async () => {
    await page.getByTestId('nav-quotes').click();
    await choose('quote-source', 'Alice Johnson · USD');
    await choose('quote-destination', '7890000');
    await page.getByTestId('quote-amount').fill('100.00');
    await page.getByTestId('quote-submit').click();
    await page.getByTestId('quote-result').waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(status, { timeout: 10_000 }).toBe('PENDING_AUTHORIZATION');
    const step = page.getByTestId('quote-authorization');
    await step.waitFor({ state: 'visible' });
    expect(await page.getByTestId('quote-execute').isDisabled()).toBe(true);

    await page.getByTestId('quote-sca-code').locator('input').fill(wrongTotp(secret, await clockMs()));
    await page.getByTestId('quote-authorize').click();
    await expect.poll(() => page.locator('.n-notification').innerText(), { timeout: 10_000 }).toContain('Invalid SCA code');
    expect(await status()).toBe('PENDING_AUTHORIZATION');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/sca-quote-authorization-1440.png` });

    await page.setViewportSize({ width: 1024, height: 700 });
    await step.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/sca-quote-authorization-1024.png` });

    await okBody(app.api.send('POST /sandbox/clock/advance', { body: { seconds: 30 } })); // a fresh 30 s step: the enrolment's code was used
    // Keyboard: type the code and submit the form with Enter.
    await page.getByTestId('quote-sca-code').locator('input').fill(totpAt(secret, await clockMs()));
    await page.getByTestId('quote-sca-code').locator('input').press('Enter');
    await expect.poll(status, { timeout: 10_000 }).toBe('PENDING');
    await expect.poll(() => step.isVisible()).toBe(false);
    await page.getByTestId('quote-execute').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('PROCESSING');
  });
});
