import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// Where the money went, in plain words: three payments from Alice to Sophie run through the sandbox
// over HTTP (delivered; failed at execution and refunded; delivered then returned by the bank and
// refunded), then each drawer and the quote workbench photographed at 1440x900 and 1024x700, light and dark.
const OUT = 'test-results/screenshots';
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;

const app = useConsole({ clock: 'frozen' });
let page: Page;
const ids: Record<'completed' | 'failed-refunded' | 'returned', string> = { completed: '', 'failed-refunded': '', returned: '' };

/** Calls the local API as an integrator would (HTTP Basic with the workspace token). */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.serve.apiBase}${path}`, {
    method, headers: { authorization: `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

type Listed = { data: { id: string; fullName?: string; currency?: string; balance?: { currency: { code: string } }; accountInfo?: { iban?: string } }[] };

/** A quote of 100.00 USD from Alice's balance to an account of Sophie's, executed at once; returns its transaction id. */
async function pay(from: string, to: string): Promise<string> {
  const q = await call<{ id: string; transactionId: string }>('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000,
  });
  await call('POST', `/quotes/${encodeURIComponent(q.id)}/execute`);
  return q.transactionId;
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const customers = await call<Listed>('GET', '/customers');
  const alice = customers.data.find((c) => c.fullName === 'Alice Johnson')!;
  const sophie = customers.data.find((c) => c.fullName === 'Sophie Martin')!;
  const aliceUsd = (await call<Listed>('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(alice.id)}`)).data.find((a) => a.balance?.currency.code === 'USD')!;
  const sophieIbans = (await call<Listed>('GET', `/customers/external-accounts?customerId=${encodeURIComponent(sophie.id)}`)).data;
  const iban = (suffix: string) => call<{ id: string }>('POST', '/customers/external-accounts', {
    customerId: sophie.id, currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: `FR7630006000011234567890${suffix}`, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Sophie Martin' } },
  });
  ids.completed = await pay(aliceUsd.id, sophieIbans.find((a) => a.accountInfo?.iban?.endsWith('0000'))!.id);
  ids['failed-refunded'] = await pay(aliceUsd.id, (await iban('002')).id);
  ids.returned = await pay(aliceUsd.id, (await iban('005')).id);
  // Past every step: delivery (5 s), the failure (2 s) and its refund (+10 s), the return (70 s) and its refund (+10 s).
  await call('POST', '/sandbox/clock/advance', { seconds: 120 });
});


/** Resizes the window and waits until the frame has settled (the sidebar collapses or expands with a transition). */
async function resize(size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  // Two frames, so a transition the resize starts has begun before animationsDone looks (no DOM types in this tsconfig).
  type Framed = { requestAnimationFrame(callback: () => void): number };
  await page.evaluate(() => new Promise<void>((resolve) => {
    const w = globalThis as unknown as Framed;
    w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve()));
  }));
  await animationsDone(page);
}

/** Switches the theme with the top bar's toggle and waits until its colours have faded in. */
async function useTheme(theme: 'light' | 'dark'): Promise<void> {
  if ((await styleOf(page.locator('body'), 'background-color')) !== bodyColorOf(theme)) await page.getByTestId('theme-toggle').click();
  await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { timeout: 10_000 }).toBe(bodyColorOf(theme));
  await animationsDone(page);
}

describe('the money story in the drawer and the workbench, photographed', () => {
  it('tells each payment in words: who paid whom, what happened, the money back, where it is now', async () => {
    const expected = {
      completed: { title: 'Delivered', where: 'With Sophie Martin' },
      'failed-refunded': { title: 'Execution failed', where: 'Back in Alice Johnson’s USD balance' },
      returned: { title: 'Returned by the receiving bank', where: 'Back in Alice Johnson’s USD balance' },
    };
    for (const [name, id] of Object.entries(ids) as [keyof typeof ids, string][]) {
      // A fresh window per payment, opened at the larger size, so each starts from the same frame.
      page = await app.page({ viewport: SIZES[0] });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(app.at(`transactions/${encodeURIComponent(id)}`));
      const drawer = page.getByTestId('drawer');
      await expect.poll(() => drawer.getByTestId('outcome-title').innerText(), { timeout: 15_000 }).toBe(expected[name].title);
      await expect.poll(() => drawer.getByTestId('destination').innerText(), { timeout: 10_000 }).toContain('Sophie Martin');
      expect(await drawer.getByTestId('sender').innerText()).toContain('Alice Johnson');
      expect(await drawer.getByTestId('destination').innerText()).toMatch(/•••• 000[025]/);
      expect(await drawer.getByTestId('outcome-where').innerText()).toContain(expected[name].where);
      const facts = await drawer.getByTestId('transaction-facts').innerText();
      if (name === 'returned') expect(facts).not.toContain('Settled');
      for (const size of SIZES) {
        await resize(size);
        for (const theme of ['light', 'dark'] as const) {
          await useTheme(theme);
          await page.screenshot({ path: `${OUT}/money-story-${name}-${size.width}x${size.height}-${theme}.png` });
        }
        await useTheme('light');
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows the quote workbench with a result in words (hint, fees, rate legs, outcome timeline)', async () => {
    page = await app.page({ viewport: SIZES[0] });
    await page.goto(app.at('quotes'));
    const choose = async (testId: string, text: string) => {
      await page.getByTestId(testId).click();
      await page.keyboard.type(text);
      const option = page.locator('.n-base-select-option').filter({ hasText: text }).first();
      await option.waitFor({ state: 'visible', timeout: 10_000 });
      await option.click();
    };
    await choose('quote-source', 'Alice Johnson · USD');
    await choose('quote-destination', '7890005');
    await expect.poll(() => page.getByTestId('quote-scenario').innerText()).toContain('its last digits select');
    await page.getByTestId('quote-amount').fill('100.00');
    await page.getByTestId('quote-submit').click();
    await page.getByTestId('quote-result').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByTestId('quote-execute').click();
    await expect.poll(() => page.getByTestId('quote-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('PROCESSING');
    await page.getByTestId('advance-5s').click();
    await expect.poll(() => page.getByTestId('quote-timeline').innerText(), { timeout: 10_000 }).toContain('Outgoing payment: completed');
    const text = await page.locator('main').innerText();
    for (const internal of ['svcApiMultiplier', 'counterpartyMultiplier', 'lockedCurrencyAmount', 'EUR_ACCOUNT', 'OUTGOING_PAYMENT']) expect(text).not.toContain(internal);
    // The clock's confirmation fades out before the pictures are taken.
    const note = page.getByText('Clock advanced by 5 s');
    await note.waitFor({ state: 'visible', timeout: 10_000 });
    await note.waitFor({ state: 'hidden', timeout: 15_000 });
    for (const size of SIZES) {
      await resize(size);
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(theme);
        await page.screenshot({ path: `${OUT}/money-story-workbench-${size.width}x${size.height}-${theme}.png` });
      }
    }
  });
});
