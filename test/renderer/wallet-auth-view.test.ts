import './layout-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter, routes } from '../../renderer/router';
import { ACCOUNT, EMAIL_CREDENTIAL, OAUTH_CREDENTIAL, walletFake } from './wallet-fake';

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());

async function mountAt(path: string, fake: ReturnType<typeof walletFake>): Promise<{ wrapper: VueWrapper; router: Router }> {
  setBridge(fake.bridge);
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router };
}

const find = (w: VueWrapper, id: string) => w.findAll(`[data-testid="${id}"]`);

describe('the Wallet auth screen', () => {
  it('is a route of its own, the Wallet auth view', () => {
    expect(routes.find((r) => r.name === 'wallet-auth')?.path).toBe('/wallet-auth');
  });

  it('picks the newest wallet, puts it in the URL, and lists its credentials with no session yet', async () => {
    const { wrapper: w, router } = await mountAt('/wallet-auth', walletFake([EMAIL_CREDENTIAL, OAUTH_CREDENTIAL]));
    await vi.waitFor(() => expect(router.currentRoute.value.query['account']).toBe(ACCOUNT));
    await flushPromises();
    expect(find(w, 'wallet-facts')[0]!.attributes('data-account-id')).toBe(ACCOUNT);
    expect(find(w, 'credential-row').map((r) => r.attributes('data-type'))).toEqual(['EMAIL_OTP', 'OAUTH']);
    expect(find(w, 'session-row')).toHaveLength(0);
    // Nothing held yet: revoking is blocked, and the screen says why.
    expect(find(w, 'credential-revoke').every((b) => b.attributes('disabled') !== undefined)).toBe(true);
    expect(find(w, 'revoke-hint')[0]!.text()).toContain('different credential');
  });

  it('runs the EMAIL_OTP sign-in from the buttons and shows the session with its countdown on the workspace clock', async () => {
    const fake = walletFake();
    const { wrapper: w } = await mountAt(`/wallet-auth?account=${ACCOUNT}`, fake);
    await vi.waitFor(() => expect(find(w, 'flow-email-otp')).toHaveLength(1));
    await find(w, 'flow-email-otp')[0]!.trigger('click');
    await flushPromises();
    expect(find(w, 'flow-step')).toHaveLength(5);
    expect((find(w, 'otp-code')[0]!.element as HTMLInputElement).value).toBe('000000');

    await find(w, 'flow-run')[0]!.trigger('click');
    await vi.waitFor(() => expect(find(w, 'flow-step').map((s) => s.attributes('data-state'))).toEqual(['done', 'done', 'done', 'done', 'done']));
    await vi.waitFor(() => expect(find(w, 'session-row')).toHaveLength(1));
    const row = find(w, 'session-row')[0]!;
    expect(row.attributes('data-session-id')).toBe(fake.sessions[0]!.id);
    expect(row.attributes('data-held')).toBe('true');
    // The clock is frozen one minute after the fixtures' T0; the session lasts 15 minutes from then.
    expect(find(w, 'session-countdown')[0]!.text()).toBe('Expires in 15:00');
    expect(find(w, 'flow-step')[4]!.text()).toContain('SIGNATURE_SCHEME_TK_API_P256');
    // The 202's challenge counts down on the workspace clock too (five minutes to retry).
    expect(find(w, 'flow-step')[3]!.find('[data-testid="challenge-countdown"]').text()).toContain('expires in 5:00');
  });
});
