import './layout-stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { ApiRequest, HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { apiOrigin, curlCommand, shellQuote, type LoggedRequest } from '../../renderer/lib/request-replay';
import { draftFromLogged, requestOfDraft } from '../../renderer/lib/composer';
import { fakeBridge } from './fake-bridge';

type Detail = HandlerOutput<'requestLog/get'>;
const SECRET = 'sk_live_s3cr3t-value';

/** A logged POST /quotes from an integrator: the core already replaced the secret part of Authorization. */
function entry(over: Partial<Detail> = {}): Detail {
  return {
    id: 'ApiCall:0001', seq: 1, method: 'POST', path: '/2025-10-13/quotes', query: '', status: 201, errorCode: null, durationMs: 4,
    source: 'HTTP', principal: 'Token:abc', idempotencyKey: 'key-1', resourceIds: ['Quote:0001'], createdAt: '2025-10-13T10:00:00.000Z', wallAt: null,
    faultRuleId: null, faultNote: null, replayed: false,
    requestHeaders: {
      authorization: 'Basic Token:abc:[redacted]', host: '127.0.0.1:4100', 'content-type': 'application/json', 'content-length': '120',
      'idempotency-key': 'key-1', 'user-agent': 'curl/8.5.0', 'accept-encoding': 'gzip', accept: '*/*', 'accept-language': '*',
      'sec-fetch-mode': 'cors', 'x-request-source': 'billing-job',
    },
    requestBody: JSON.stringify({ source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:a' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2500, description: "Alice's rent" }),
    responseBody: '{"id":"Quote:0001"}',
    ...over,
  };
}

describe('copy as curl', () => {
  it('writes the method, the full URL, the credentials from the shell, the headers that mean something and the body', () => {
    expect(curlCommand(entry(), 'http://127.0.0.1:4100')).toBe([
      "curl -X POST 'http://127.0.0.1:4100/2025-10-13/quotes'",
      '-u "$CLIENT_ID:$CLIENT_SECRET"',
      "-H 'content-type: application/json'",
      "-H 'idempotency-key: key-1'",
      "-H 'x-request-source: billing-job'",
      `--data-raw '{"source":{"sourceType":"ACCOUNT","accountId":"InternalAccount:a"},"lockedCurrencySide":"SENDING","lockedCurrencyAmount":2500,"description":"Alice'\\''s rent"}'`,
    ].join(' \\\n  '));
  });

  it('never includes a credential, even one the log failed to redact, nor the console token or cookies', () => {
    const leaky = entry({
      requestHeaders: { Authorization: `Basic ${btoa(`Token:abc:${SECRET}`)}`, 'X-Console-Token': SECRET, Cookie: `s=${SECRET}`, 'Proxy-Authorization': SECRET, 'x-other': '[redacted]' },
    });
    const curl = curlCommand(leaky, 'http://127.0.0.1:4100');
    expect(curl).not.toContain(SECRET);
    expect(curl).not.toContain(btoa(`Token:abc:${SECRET}`));
    expect(curl).not.toMatch(/authorization|cookie|x-console-token|x-other/i);
    expect(curl).toContain('-u "$CLIENT_ID:$CLIENT_SECRET"');
  });

  it('asks the shell for a wallet signature instead of copying it, and keeps ids and query strings readable', () => {
    const signed = entry({ method: 'GET', path: '/2025-10-13/quotes/Quote:0001', query: 'a=1&b=x%20y', requestHeaders: { 'svc-wallet-signature': '[redacted]' }, requestBody: null });
    expect(curlCommand(signed, 'http://localhost:9')).toBe(
      `curl 'http://localhost:9/2025-10-13/quotes/Quote:0001?a=1&b=x%20y' \\\n  -u "$CLIENT_ID:$CLIENT_SECRET" \\\n  -H "svc-wallet-signature: $WALLET_SIGNATURE"`,
    );
    expect(curlCommand(entry({ path: '/2025-10-13/receiver/uma/$bob@x.example/a b' }), 'o')).toContain("'o/2025-10-13/receiver/uma/$bob@x.example/a%20b'");
  });

  it('quotes for the shell so that nothing in a body can break out of its argument', () => {
    expect(shellQuote(`it's $(rm -rf /) \`x\``)).toBe(`'it'\\''s $(rm -rf /) \`x\`'`);
    expect(apiOrigin('http://127.0.0.1:4100/2025-10-13')).toBe('http://127.0.0.1:4100');
    expect(apiOrigin(null)).toBe('http://127.0.0.1:PORT');
  });
});

describe('open in composer: what it is prefilled with and sends', () => {
  it('the same method, path below the API base, query and body, with the original Idempotency-Key kept', () => {
    const call: LoggedRequest = { ...entry(), path: '/2025-10-13/customers/Customer:1/x y', query: 'limit=5&status=A&status=B' };
    const draft = draftFromLogged(call);
    expect(draft).toMatchObject({ method: 'POST', path: '/customers/Customer:1/x y', originalKey: 'key-1', keyChoice: 'original' });
    expect(requestOfDraft(draft)).toEqual({
      ok: true,
      request: { method: 'POST', path: '/customers/Customer:1/x%20y', query: { limit: '5', status: ['A', 'B'] }, headers: { 'x-request-source': 'billing-job', 'Idempotency-Key': 'key-1' }, body: JSON.parse(entry().requestBody!) },
    });
    expect(requestOfDraft({ ...draft, keyChoice: 'fresh' })).toMatchObject({ ok: true, request: { headers: { 'Idempotency-Key': draft.freshKey } } });
  });

  it('keeps no credential, wallet signature or redacted value, and refuses a body that is not JSON in words', () => {
    const draft = draftFromLogged(entry({ requestHeaders: { 'Svc-Wallet-Signature': '[redacted]', authorization: 'Basic x:[redacted]' }, requestBody: '{"cut":"…[truncated 10 characters]' }));
    expect(draft.headers).toEqual([]);
    expect(requestOfDraft(draft)).toMatchObject({ ok: false, problems: [{ where: 'the body', message: expect.stringMatching(/^is not JSON/) }] });
  });
});

describe('the request-log entry’s actions', () => {
  let wrapper: VueWrapper | undefined;
  let router: Router;
  let fake: ReturnType<typeof fakeBridge>;
  let entries: Record<string, Detail>;
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    entries = { 'ApiCall:0001': entry() };
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fake = fakeBridge({
      'requestLog/get': ({ id }) => {
        const e = entries[id];
        if (!e) throw Object.assign(new Error(`Request-log entry ${id} not found`), { status: 404, code: 'NOT_FOUND' });
        return e;
      },
      'requestLog/list': () => ({ data: Object.values(entries), hasMore: false, totalCount: Object.keys(entries).length }),
      'workspace/info': () => ({ apiBaseUrl: 'http://127.0.0.1:4100/2025-10-13' }) as unknown as HandlerOutput<'workspace/info'>,
    }, (req: ApiRequest) => {
      // The core answers a console call with the id of the log entry it wrote.
      entries['ApiCall:0002'] = entry({ id: 'ApiCall:0002', seq: 2, source: 'CONSOLE', principal: 'console', status: 400, requestHeaders: { 'content-type': 'application/json' } });
      return { status: 400, headers: { 'x-console-log-id': 'ApiCall:0002' }, body: { code: 'INSUFFICIENT_FUNDS', message: 'no', path: req.path } };
    });
    setBridge(fake.bridge);
  });
  afterEach(() => wrapper?.unmount());

  async function openEntry(id: string): Promise<VueWrapper> {
    router = createConsoleRouter(createMemoryHistory());
    await router.push(`/request-log/${encodeURIComponent(id)}`);
    await router.isReady();
    const pinia = createPinia();
    wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [pinia, router] }, attachTo: document.body });
    const { useWorkspaceStore } = await import('../../renderer/stores/workspace');
    await useWorkspaceStore(pinia).load();
    await flushPromises();
    return wrapper;
  }

  it('copies the call as curl on the local API’s address, with no secret in it', async () => {
    await openEntry('ApiCall:0001');
    const shown = document.querySelector('[data-testid="curl-command"]')?.textContent ?? '';
    expect(shown).toContain("curl -X POST 'http://127.0.0.1:4100/2025-10-13/quotes'");
    (document.querySelector('[data-testid="copy-as-curl"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0];
    expect(copied).toBe(shown);
    expect(copied).toContain('-u "$CLIENT_ID:$CLIENT_SECRET"');
    expect(copied).not.toMatch(/redacted|authorization/i);
  });

  it('opens the call in the composer, which sends it with the original Idempotency-Key and shows the answer', async () => {
    await openEntry('ApiCall:0001');
    (document.querySelector('[data-testid="open-in-composer"]') as HTMLElement).click();
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('composer');
    expect(router.currentRoute.value.query['from']).toBe('ApiCall:0001');
    await expect.poll(() => document.querySelector('[data-testid="composer-key-value"]')?.textContent).toBe('key-1');
    (document.querySelector('[data-testid="composer-send"]') as HTMLButtonElement).click();
    await flushPromises();
    await flushPromises();
    // The composer's own reads (the OpenAPI document, the tokens it can send as) are GETs; the one call sent is the POST.
    expect(fake.apiCalls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'POST', path: '/quotes', headers: { 'x-request-source': 'billing-job', 'Idempotency-Key': 'key-1' }, body: JSON.parse(entry().requestBody!) }]);
    await expect.poll(() => document.querySelector('[data-testid="composer-answer"]')?.getAttribute('data-status')).toBe('400');
  });
});
