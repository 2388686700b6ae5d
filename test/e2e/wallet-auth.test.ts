import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// The Wallet auth rehearsal as a developer walks it: create an embedded wallet for Alice, sign in with
// EMAIL_OTP as the client (real HPKE and stamps in the page), then check through the HTTP API that the
// session exists. The clock is frozen so countdowns only move when the test says so.
const OUT = 'test-results/screenshots';

const app = useConsole({ clock: 'frozen' });
let page: Page;
let accountId = '';
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await app.page({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => errors.push(e.message));
});


const auth = () => `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
const steps = () => page.getByTestId('flow-step');
const states = () => steps().evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));

/** Runs the open flow to the end and waits until every step is done. */
async function runFlow(count: number): Promise<void> {
  await expect.poll(() => steps().count(), { timeout: 10_000 }).toBe(count);
  await page.getByTestId('flow-run').click();
  await expect.poll(states, { timeout: 20_000 }).toEqual(Array(count).fill('done'));
}

describe('Wallet auth in the console: an embedded wallet, an EMAIL_OTP sign-in, and the session in the API', () => {
  it('creates an embedded wallet for Alice Johnson from the Wallet auth screen', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-wallet-auth').click();
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('No embedded wallets yet');

    await page.getByTestId('create-wallet').click();
    await page.getByTestId('create-wallet-customer').click();
    await page.keyboard.type('Alice');
    const option = page.locator('.n-base-select-option').filter({ hasText: 'Alice Johnson' }).first();
    await option.waitFor({ state: 'visible', timeout: 10_000 });
    await option.click();
    await page.getByTestId('create-wallet-submit').click();

    const facts = page.getByTestId('wallet-facts');
    await expect.poll(() => facts.getAttribute('data-account-id'), { timeout: 10_000 }).toMatch(/^InternalAccount:/);
    accountId = (await facts.getAttribute('data-account-id')) ?? '';
    expect(await facts.innerText()).toContain('Alice Johnson');
    expect(decodeURIComponent(page.url())).toContain(`account=${accountId}`);
    const credential = page.getByTestId('credential-row');
    await expect.poll(() => credential.count(), { timeout: 10_000 }).toBe(1);
    expect(await credential.getAttribute('data-type')).toBe('EMAIL_OTP');
    expect(await credential.innerText()).toContain('alice.johnson@example.com');
    expect(await page.getByTestId('session-row').count()).toBe(0);
    // The modal hands focus back to "Create wallet" when its leave transition ends: wait for that, or a
    // keyboard step taken meanwhile lands on that button and opens the modal again.
    await page.getByTestId('create-wallet-modal').waitFor({ state: 'detached', timeout: 10_000 });
    await animationsDone(page);
  });

  it('runs the EMAIL_OTP sign-in as the client and lists the new session with a countdown', async () => {
    // Keyboard only: open the flow and run it with Enter.
    await page.getByTestId('flow-email-otp').focus();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid'))).toBe('flow-email-otp');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('otp-code').inputValue()).toBe('000000');
    await expect.poll(() => steps().count(), { timeout: 10_000 }).toBe(5);
    await page.getByTestId('flow-run').focus();
    await page.keyboard.press('Enter');
    await expect.poll(states, { timeout: 20_000 }).toEqual(Array(5).fill('done'));

    // Earlier steps are collapsed: read their text content rather than what is visible.
    const requests = await page.getByTestId('flow-step-request').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(requests.map((r) => r.replace(/AuthMethod:[\w-]+/, '{id}'))).toEqual([
      'POST /auth/credentials/{id}/challenge → 200',
      'POST /auth/credentials/{id}/verify → 202',
      'POST /auth/credentials/{id}/verify → 200',
    ]);
    const retry = steps().nth(4);
    expect(await retry.getAttribute('data-status')).toBe('200');
    expect(await retry.innerText()).toContain('SIGNATURE_SCHEME_TK_API_P256');

    const session = page.getByTestId('session-row');
    await expect.poll(() => session.count(), { timeout: 10_000 }).toBe(1);
    expect(await session.getAttribute('data-type')).toBe('EMAIL_OTP');
    expect(await session.getAttribute('data-held')).toBe('true');
    // A session lasts 15 minutes of workspace time; the clock is frozen, so the countdown reads 15:00.
    expect(await page.getByTestId('session-countdown').innerText()).toMatch(/Expires in 1[45]:\d\d/);
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/wallet-auth-email-otp-light.png` });
  });

  it('shows the same session to an integrator through GET /auth/sessions', async () => {
    const res = await fetch(`${app.serve.apiBase}/auth/sessions?accountId=${encodeURIComponent(accountId)}`, { headers: { authorization: auth() } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: string; type: string; accountId: string; expiresAt: string; encryptedSessionSigningKey?: string }[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ type: 'EMAIL_OTP', accountId });
    expect(body.data[0]!.encryptedSessionSigningKey).toBeUndefined();
    expect(await page.getByTestId('session-row').getAttribute('data-session-id')).toBe(body.data[0]!.id);
  });

  it('refuses a wrong code: the failed step keeps the 401 body and a notification names the code', async () => {
    await page.getByTestId('flow-email-otp').click();
    await page.getByTestId('otp-code').fill('123456');
    await page.getByTestId('flow-run').click();
    await expect.poll(states, { timeout: 20_000 }).toEqual(['done', 'done', 'done', 'failed', 'pending']);
    expect(await page.getByTestId('flow-step-error').innerText()).toContain('Invalid OTP code');
    expect(await steps().nth(3).getAttribute('data-status')).toBe('401');
    await expect.poll(() => page.locator('.n-notification').innerText(), { timeout: 10_000 }).toContain('UNAUTHORIZED');
    expect(await page.getByTestId('session-row').count()).toBe(1);
  });

  it('adds a passkey with the held session, signs in with it, and revokes the EMAIL_OTP credential with the passkey session', async () => {
    await page.getByTestId('flow-passkey-add').click();
    await runFlow(4);
    await expect.poll(() => page.getByTestId('credential-row').count(), { timeout: 10_000 }).toBe(2);

    await page.locator('[data-testid="credential-row"][data-type="PASSKEY"]').getByTestId('flow-passkey').click();
    await runFlow(5);
    await expect.poll(() => page.getByTestId('session-row').count(), { timeout: 10_000 }).toBe(2);

    await page.locator('[data-testid="credential-row"][data-type="EMAIL_OTP"]').getByTestId('credential-revoke').click();
    await expect.poll(states, { timeout: 20_000 }).toEqual(['done', 'done']);
    await expect.poll(() => page.getByTestId('credential-row').count(), { timeout: 10_000 }).toBe(1);
    // Revoking the credential ended its session; the passkey's session remains.
    await expect.poll(() => page.getByTestId('session-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('session-row').getAttribute('data-type')).toBe('PASSKEY');
  });

  it('exports the wallet with the passkey session and opens the mnemonic in the page', async () => {
    await page.getByTestId('session-export').click();
    await expect.poll(states, { timeout: 20_000 }).toEqual(['done', 'done', 'done', 'done']);
    const words = (await steps().nth(3).innerText()).match(/\b[a-z]+(?: [a-z]+){23}\b/);
    expect(words?.[0].split(' ')).toHaveLength(24);
    expect(errors).toEqual([]);
  });

  it('adds an OAuth credential, signs in with a fresh token, refreshes that session and turns privacy on', async () => {
    await page.getByTestId('flow-oauth-add').click();
    await runFlow(3);
    const oauth = page.getByTestId('credential-row').filter({ hasText: 'OAUTH' });
    await expect.poll(() => oauth.count(), { timeout: 10_000 }).toBe(1);
    expect(await oauth.innerText()).toContain('alice.johnson@example.com');

    await oauth.getByTestId('flow-oauth').click();
    await runFlow(4);
    const oauthSession = page.getByTestId('session-row').filter({ hasText: 'OAUTH' });
    await expect.poll(() => oauthSession.count(), { timeout: 10_000 }).toBe(1);
    const before = await oauthSession.getAttribute('data-session-id');

    await oauthSession.getByTestId('session-refresh').click();
    await expect.poll(states, { timeout: 20_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => oauthSession.count(), { timeout: 10_000 }).toBe(2);
    expect(await oauthSession.evaluateAll((els) => els.map((e) => e.getAttribute('data-held')))).toEqual(['true', 'true']);
    expect(await oauthSession.evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')))).toContain(before);

    await page.getByTestId('wallet-privacy').click();
    await expect.poll(states, { timeout: 20_000 }).toEqual(['done', 'done']);
    // The switch shows what the core stored (read back through wallets/detail).
    await expect.poll(() => page.getByTestId('wallet-privacy').getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    expect(errors).toEqual([]);
  });

  it('switches to the dark theme with the same wallet on screen: dark colours, readable text, two columns, nothing lost', async () => {
    const toggle = page.getByTestId('theme-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await toggle.getAttribute('aria-label')).toBe('Switch to light theme');
    expect(await page.evaluate("localStorage.getItem('consoleTheme')")).toBe('dark');
    // The colours fade: wait until the page background is the dark theme's and nothing is mid-fade.
    const background = bodyColorOf('dark');
    await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { timeout: 10_000 }).toBe(background);
    await animationsDone(page);
    // Light text on the dark page: the screen's heading passes WCAG AA contrast (4.5:1).
    expect(await page.locator('main h1').innerText()).toBe('Wallet auth');
    expect(contrast(await styleOf(page.locator('main h1'), 'color'), background)).toBeGreaterThanOrEqual(4.5);

    // The same wallet and its history as in the light theme: switching themes reloads nothing and loses nothing.
    expect(await page.getByTestId('wallet-facts').innerText()).toContain('Alice Johnson');
    const typesOf = (testId: string) => page.getByTestId(testId).evaluateAll((els) => els.map((e) => e.getAttribute('data-type') ?? '').sort());
    expect(await typesOf('credential-row')).toEqual(['OAUTH', 'PASSKEY']);
    expect(await typesOf('session-row')).toEqual(['OAUTH', 'OAUTH', 'PASSKEY']);
    expect(await states()).toEqual(['done', 'done']);
    expect(await page.getByTestId('flow-panel').innerText()).toContain('Done');
    expect(await page.getByTestId('wallet-privacy').getAttribute('aria-checked')).toBe('true');

    // Layout at 1280x800: credentials above sessions in the left column, the rehearsal to their right,
    // none overlapping, and nothing wider than the window.
    const [credentials, sessions, flow] = await Promise.all(['credential-list', 'session-list', 'flow-panel'].map((id) => page.getByTestId(id).boundingBox()));
    if (!credentials || !sessions || !flow) throw new Error('a wallet-auth panel is not rendered');
    expect(sessions.y).toBeGreaterThanOrEqual(credentials.y + credentials.height);
    expect(Math.abs(sessions.x - credentials.x)).toBeLessThan(1);
    expect(flow.x).toBeGreaterThanOrEqual(Math.max(credentials.x + credentials.width, sessions.x + sessions.width));
    expect(Math.abs(flow.y - credentials.y)).toBeLessThan(1);
    expect(flow.x + flow.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${OUT}/wallet-auth-export-dark.png` });
  });
});

/** WCAG contrast ratio of a text colour over an opaque background, both `rgb(...)`/`rgba(...)` (the text's alpha is blended in). */
function contrast(text: string, background: string): number {
  const parse = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const bg = parse(background);
  const fg = parse(text);
  const alpha = fg[3] ?? 1;
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const shown = [0, 1, 2].map((i) => alpha * fg[i]! + (1 - alpha) * bg[i]!);
  const [hi, lo] = [luminance(shown), luminance(bg)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
