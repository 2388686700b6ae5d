import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';
import { leaks, workspaceSecrets } from '../support/workspace-secrets';

// The case file as support staff get it: four transactions made over HTTP with the sandbox's suffixes (a
// payout that fails, a payment the bank returns, a card payment partly cleared, an agent's payment waiting
// for approval), each saved through the drawer's "Case file" button (the browser console downloads it),
// then opened from disk with the network off: its sentences and amounts are the drawer's, and no secret of
// the workspace (its SQLite file) or of this test's credentials is in it. Pictures of
// the file and of the drawer's button at 1440x900 and 1024x700, light and dark, go to /tmp/shots/case-file.
const SHOTS = '/tmp/shots/case-file';
const SAVED = join(SHOTS, 'saved');
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;

const app = useConsole({ clock: 'frozen' });
let agentToken = '';
const ids = { 'failed-payout': '', returned: '', 'card-partly-settled': '', 'agent-waiting': '' };
type Name = keyof typeof ids;

/** Calls the local API as an integrator would (HTTP Basic with the workspace token, or an agent's bearer token). */
async function call<T>(method: string, path: string, body?: unknown, auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`): Promise<T> {
  const res = await fetch(`${app.serve.apiBase}${path}`, {
    method, headers: { authorization: auth, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

type Listed = { data: { id: string; fullName?: string; balance?: { currency: { code: string } } }[] };
const enc = encodeURIComponent;

beforeAll(async () => {
  mkdirSync(SAVED, { recursive: true });
  const alice = (await call<Listed>('GET', '/customers')).data.find((c) => c.fullName === 'Alice Johnson')!;
  const aliceUsd = (await call<Listed>('GET', `/customers/internal-accounts?customerId=${enc(alice.id)}`)).data.find((a) => a.balance?.currency.code === 'USD')!.id;
  const iban = async (suffix: string) => (await call<{ id: string }>('POST', '/customers/external-accounts', {
    customerId: alice.id, currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: `FR7630006000011234567891${suffix}`, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' } },
  })).id;
  const quote = (destination: string, amount: number) => ({ source: { sourceType: 'ACCOUNT', accountId: aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: destination }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: amount });
  const pay = async (destination: string) => {
    const q = await call<{ id: string; transactionId: string }>('POST', '/quotes', quote(destination, 10_000));
    await call('POST', `/quotes/${enc(q.id)}/execute`);
    return q.transactionId;
  };
  ids['failed-payout'] = await pay(await iban('002'));
  ids.returned = await pay(await iban('005'));
  const card = await call<{ id: string }>('POST', '/cards', { cardholderId: alice.id, form: 'VIRTUAL', fundingSources: [aliceUsd], platformCardId: 'card-case-file-000' });
  const auth = await call<{ id: string }>('POST', `/sandbox/cards/${enc(card.id)}/simulate/authorization`, { amount: 10_000, currency: { code: 'USD' }, merchant: { descriptor: 'CORNER COFFEE SF 000', mcc: '5814', country: 'US' } });
  await call('POST', `/sandbox/cards/${enc(card.id)}/simulate/clearing`, { cardTransactionId: auth.id, amount: 4_000 });
  ids['card-partly-settled'] = auth.id;
  const agent = await call<{ agent: { id: string }; deviceCode: { code: string } }>('POST', '/agents', {
    name: 'Travel helper', customerId: alice.id,
    policy: { permissions: ['VIEW_TRANSACTIONS', 'CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 } },
  });
  const redeemed = await fetch(`${app.serve.apiBase}/agents/device-codes/${enc(agent.deviceCode.code)}/redeem`, { method: 'POST' });
  agentToken = ((await redeemed.json()) as { accessToken: string }).accessToken;
  const bearer = `Bearer ${agentToken}`;
  const q = await call<{ id: string; transactionId: string }>('POST', '/agents/me/quotes', quote(await iban('000'), 25_000), bearer);
  await call('POST', `/agents/me/quotes/${enc(q.id)}/execute`, undefined, bearer);
  ids['agent-waiting'] = q.transactionId;
  // Past the failure (2 s) and its refund (+10 s), and the return (65 s) and its refund (+10 s).
  await call('POST', '/sandbox/clock/advance', { seconds: 120 });
});


/** Switches the console's theme with the top bar's toggle and waits until its colours have faded in. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if ((await styleOf(page.locator('body'), 'background-color')) !== bodyColorOf(theme)) await page.getByTestId('theme-toggle').click();
  await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { timeout: 10_000 }).toBe(bodyColorOf(theme));
  await animationsDone(page);
}

/** What the drawer says of a transaction: the sentences and amounts the file must repeat. */
async function drawerWords(page: Page, name: Name): Promise<{ sentences: string[]; amounts: string }> {
  const drawer = page.getByTestId('drawer');
  if (name === 'card-partly-settled') {
    const sentence = drawer.getByTestId('card-tx-sentence');
    await sentence.waitFor({ state: 'visible', timeout: 15_000 });
    // The holder's name arrives with the parties' facts, after the sentence first renders.
    await expect.poll(() => sentence.innerText(), { timeout: 10_000 }).toContain('Alice Johnson');
    return { sentences: [await sentence.innerText()], amounts: await drawer.getByTestId('card-reconciliation').innerText() };
  }
  await drawer.getByTestId('outcome-title').waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => drawer.getByTestId('destination').innerText(), { timeout: 10_000 }).toContain('Alice Johnson');
  const texts = await Promise.all(['outcome-title', 'outcome-happened', 'outcome-where'].map((t) => drawer.getByTestId(t).innerText()));
  return { sentences: texts.map((t) => t.replace(/^Where it is now:\s*/, '')), amounts: await drawer.getByTestId('money-story').innerText() };
}

describe('the case file, saved from the drawer and read offline', () => {
  it.each(Object.keys(ids) as Name[])('%s: downloaded from the drawer and opened from disk with the network off, it loads nothing and says what the drawer says', async (name) => {
    {
      const id = ids[name];
      const page = await app.page({ viewport: SIZES[0], acceptDownloads: true });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(app.at(`transactions/${enc(id)}`));
      const drawer = await drawerWords(page, name);
      const button = page.getByTestId('drawer').getByTestId('case-file');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), button.click()]);
      expect(download.suggestedFilename()).toBe(`case-file-${id.replace(':', '-')}.html`);
      const path = join(SAVED, download.suggestedFilename());
      await download.saveAs(path);
      // The button sits in the payment drawer's head, and in its own row above a card's reconciliation: one picture set of each.
      for (const size of name === 'failed-payout' || name === 'card-partly-settled' ? SIZES : []) {
        await page.setViewportSize(size);
        for (const theme of ['light', 'dark'] as const) {
          await useTheme(page, theme);
          await page.getByTestId('drawer').getByTestId('case-file').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/drawer-${name}-${size.width}x${size.height}-${theme}.png` });
        }
      }
      await useTheme(page, 'light');
      expect(errors).toEqual([]);
      await page.close();

      // No secret of the workspace (read from its SQLite file) nor the credentials this test used is in the file.
      const html = readFileSync(path, 'utf8');
      expect(html).toMatch(/^<!doctype html>/);
      const secrets = workspaceSecrets(join(app.serve.dataDir, 'workspace.sqlite'), { 'API client secret': app.serve.clientSecret, 'agent access token': agentToken });
      expect(leaks(html, secrets)).toEqual([]);

      // The saved file, in a context with the network off and every request failing: only the file itself loads.
      for (const theme of ['light', 'dark'] as const) {
        const context = await app.context({ viewport: SIZES[0], colorScheme: theme });
        await context.setOffline(true);
        const requests: string[] = [];
        await context.route('**/*', (route) => {
          requests.push(route.request().url());
          return route.request().url().startsWith('file:') ? route.continue() : route.abort();
        });
        const file = await context.newPage();
        await file.goto(pathToFileURL(path).href);
        const text = await file.locator('main').innerText();
        for (const sentence of drawer.sentences) expect(text, `${name}: the drawer says "${sentence}"`).toContain(sentence);
        const amounts = name === 'card-partly-settled'
          ? ['40.00 USD', '100.00 USD']
          : [await file.getByTestId('amount-sent').innerText(), await file.getByTestId('amount-received').innerText()];
        for (const amount of amounts) expect(drawer.amounts, `${name}: the drawer shows ${amount}`).toContain(amount);
        expect(await file.getByTestId('money-path-diagram').isVisible()).toBe(true);
        expect(await file.getByTestId('sandbox-note').innerText()).toContain('Sandbox workspace');
        if (name === 'agent-waiting') expect(await file.getByTestId('agent-approval').innerText()).toContain('Travel helper');
        expect(requests.every((u) => u.startsWith('file:')), requests.join(', ')).toBe(true);
        for (const size of SIZES) {
          await file.setViewportSize(size);
          await file.screenshot({ path: `${SHOTS}/file-${name}-${size.width}x${size.height}-${theme}.png`, fullPage: size.width === 1440 });
        }
        await context.close();
      }
    }
  }, 120_000);
});
