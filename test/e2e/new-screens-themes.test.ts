import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import type { ApiBody } from '../../core/api-client-types';
import { internalAccountOf, seededCustomer } from '../support/builders';

// Transfers, Invitations and Stablecoins at 1024×700 and 1440×900, in light and dark, with data on
// them: the theme's background is painted, the title is visible with readable contrast, nothing is cut
// off or scrolls sideways, amounts are formatted, no error shows. Screenshots go to
// test-results/screenshots/<screen>-<theme>-<width>.png for a person to look at.
const OUT = 'test-results/screenshots';
const SIZES = [{ width: 1024, height: 700 }, { width: 1440, height: 900 }] as const;
const THEMES = ['light', 'dark'] as const;

const app = useConsole({ clock: 'frozen' });

/** An invitation from Alice (one claimed), a stablecoin with a mint, so the screens have rows to show. */
async function seed(): Promise<void> {
  const alice = await seededCustomer(app.api, 'cust-alice-001');
  await okBody(app.api.send('POST /invitations', { body: { inviterUma: alice.umaAddress, firstName: 'Jordan', amountToSend: 2_500 } }));
  const claimed = await okBody(app.api.send('POST /invitations', { body: { inviterUma: alice.umaAddress, amountToSend: 123_456 } }));
  await okBody(app.api.send('POST /invitations/{invitationCode}/claim', { params: { invitationCode: claimed.code }, body: { inviteeUma: '$new.friend@sandbox.uma.example' } }));
  await okBody(app.api.send('POST /stablecoin-provider-accounts', { body: { provider: (await providers())[0] as ApiBody<'POST /stablecoin-provider-accounts'>['provider'], apiClientId: 'sandbox-client', apiClientSecret: 'sandbox-secret' } }));
  const coin = await okBody(app.api.send('POST /stablecoins', { body: { providerTokenIdentifier: 'ACMEUSD', networkTokenIdentifier: 'btkn1acmeusdsandbox', name: 'Acme Dollar', network: (await networks())[0] as ApiBody<'POST /stablecoins'>['network'] } }));
  const aliceUsd = (await internalAccountOf(app.api, alice.id, 'USD')).id;
  await okBody(app.api.send('POST /stablecoins/{stablecoinId}/mints', { params: { stablecoinId: coin.id }, body: { amount: '100000000', fundingSource: { type: 'SVC_INTERNAL_ACCOUNT', accountId: aliceUsd }, destination: { accountId: aliceUsd } } }));
}
// The enums as the served OpenAPI document declares them (so the test follows the contract).
async function schemaEnum(name: string, field: string): Promise<string[]> {
  const doc = await (await fetch(`${app.serve.apiBase}/openapi.json`)).json() as { components: { schemas: Record<string, { properties: Record<string, { enum: string[] }> }> } };
  return doc.components.schemas[name]!.properties[field]!.enum;
}
const providers = () => schemaEnum('StablecoinProviderAccountLinkRequest', 'provider');
const networks = () => schemaEnum('RegisterStablecoinRequest', 'network');

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await seed();
});


/** The WCAG contrast ratio of two `rgb(...)`/`rgba(...)` colours (alpha ignored: the text sits on the body). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** What does not fit, in words: sideways scrolling of the page or of any element, table cells wider than their column, text cut at the window's edge. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const doc = main.ownerDocument;
    const win = doc.defaultView!;
    const problems: string[] = [];
    const label = (el: Element): string => el.getAttribute('data-testid') ?? (String(el.className).split(' ')[0] || el.tagName.toLowerCase());
    if (doc.documentElement.scrollWidth > win.innerWidth) problems.push(`the page scrolls sideways (${doc.documentElement.scrollWidth} > ${win.innerWidth})`);
    for (const el of main.querySelectorAll('*')) {
      const style = win.getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) problems.push(`${label(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      // Past the window's edge and not inside something that clips or scrolls it: cut off.
      let clipped = false;
      for (let up = el.parentElement; up && up !== main.parentElement; up = up.parentElement) {
        if (win.getComputedStyle(up).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped && box.right > win.innerWidth + 0.5) problems.push(`${label(el)} runs past the window's right edge (${Math.round(box.right)} > ${win.innerWidth})`);
      // Spilling out of the bordered box (a panel, a card) it sits in, over its neighbour.
      for (let up = el.parentElement; !clipped && up && up !== main; up = up.parentElement) {
        const s = win.getComputedStyle(up);
        if (parseFloat(s.borderRightWidth) > 0 && parseFloat(s.borderLeftWidth) > 0 && s.borderRightStyle !== 'none') {
          const outer = up.getBoundingClientRect();
          if (box.right > outer.right + 1) problems.push(`${label(el)} spills out of ${label(up)} (${Math.round(box.right)} > ${Math.round(outer.right)})`);
          break;
        }
      }
    }
    for (const cell of main.querySelectorAll('.n-data-table td, .n-data-table th')) {
      if (cell.scrollWidth > cell.clientWidth + 1 && win.getComputedStyle(cell).textOverflow !== 'ellipsis') problems.push(`cell "${cell.textContent?.trim().slice(0, 40)}" overflows its column`);
    }
    return problems;
  });
}

/** Brings the Transfers screen to a finished transfer of 25.00 USD (money formatted on screen). */
async function makeTransfer(page: Page): Promise<void> {
  const choose = async (testId: string, text: string) => {
    await page.getByTestId(testId).click();
    await page.keyboard.type(text);
    const option = page.locator('.n-base-select-option').filter({ hasText: text }).first();
    await option.waitFor({ state: 'visible', timeout: 10_000 });
    await option.click();
  };
  if (await page.getByTestId('transfer-result').isVisible()) return;
  await choose('transfer-internal', 'Alice Johnson · USD');
  await choose('transfer-external', '1000');
  await page.getByTestId('transfer-amount').fill('25.00');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-result').waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => page.getByTestId('transfer-amount-moved').innerText()).toBe('25.00 USD');
}

const SCREENS = [
  {
    route: 'transfers', title: 'Transfers',
    prepare: makeTransfer,
    expectText: (text: string) => expect(text).toContain('25.00 USD'),
  },
  {
    route: 'invitations', title: 'Invitations',
    prepare: async (page: Page) => { await expect.poll(() => page.getByTestId('invitation-table').innerText(), { timeout: 10_000 }).toContain('1,234.56 USD'); },
    expectText: (text: string) => expect(text).toMatch(/25\.00 USD[\s\S]*|1,234\.56 USD/),
  },
  {
    route: 'stablecoins', title: 'Stablecoins',
    prepare: async (page: Page) => { await expect.poll(() => page.getByTestId('stablecoin-table').innerText(), { timeout: 10_000 }).toContain('ACMEUSD'); },
    expectText: (text: string) => expect(text).toContain('Acme Dollar'),
  },
] as const;

describe('Transfers, Invitations and Stablecoins in light and dark at two sizes', () => {
  for (const theme of THEMES) {
    for (const size of SIZES) {
      it(`${theme} at ${size.width}×${size.height}: painted in the theme, readable, nothing cut off or sideways`, async () => {
        // One window per theme, resized for the second size: the console loads once per theme, not per test.
        const { page, errors } = await app.shared(theme, async () => {
          const opened = await app.page({ viewport: size, colorScheme: theme });
          await opened.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
          const seen: string[] = [];
          opened.on('pageerror', (e) => seen.push(e.message));
          return { page: opened, errors: seen };
        });
        await page.setViewportSize(size);
        for (const screen of SCREENS) {
          await page.goto(app.at(screen.route));
          const section = page.locator(`main > section[aria-label="${screen.title}"]`);
          await section.waitFor({ state: 'visible', timeout: 15_000 });
          await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
          await screen.prepare(page);
          await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { message: screen.route }).toBe(bodyColorOf(theme));
          await animationsDone(page);
          const heading = section.locator('h1').first();
          expect(await heading.isVisible(), `${screen.route}: title visible`).toBe(true);
          expect(await heading.innerText()).toBe(screen.title);
          const ratio = contrast(await styleOf(heading, 'color'), bodyColorOf(theme));
          expect(ratio, `${screen.route}: title contrast`).toBeGreaterThanOrEqual(4.5);
          const text = await section.innerText();
          screen.expectText(text);
          // Plain words: no raw ids or enum codes as the visible text of the screen.
          expect(text, `${screen.route}: raw ids on screen`).not.toMatch(/\b(Transaction|Stablecoin|Customer|InternalAccount):[0-9a-f-]{8}/);
          expect(await page.locator('main .error-state').count(), `${screen.route} shows an error`).toBe(0);
          await page.screenshot({ path: `${OUT}/${screen.route}-${theme}-${size.width}.png` });
          expect(await layoutProblems(page), `${screen.route} at ${size.width}×${size.height} (${theme})`).toEqual([]);
        }
        expect(errors).toEqual([]);
      });
    }
  }
});
