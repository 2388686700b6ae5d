import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConsoleError, TOKEN_KEY, UNAUTHORIZED_MESSAGE, api, captureToken, createBrowserBridge, getBridge, invoke, onEvent, resolveBridge, setBridge, type BrowserEnv,
} from '../../renderer/api/client';
import type { DomainEvent } from '../../core/index';
import { fakeBridge } from './fake-bridge';

afterEach(() => {
  setBridge(null);
  delete window.paymentsConsole;
  localStorage.clear();
});

/** A stand-in EventSource that records its URL and lets the test push messages. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  closed = false;
  private named = new Map<string, (m: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, l: (m: MessageEvent<string>) => void) {
    this.named.set(type, l);
  }
  push(type: string, data: string) {
    const m = { data } as MessageEvent<string>;
    if (type === 'message') this.onmessage?.(m);
    else this.named.get(type)?.(m);
  }
  close() {
    this.closed = true;
  }
}

function browserEnv(search: string, fetchImpl: typeof fetch) {
  const replaced: string[] = [];
  const store = new Map<string, string>();
  const env: BrowserEnv = {
    location: { search, pathname: '/console/', hash: '#/customers' },
    history: { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    fetch: fetchImpl,
    EventSource: FakeEventSource as unknown as BrowserEnv['EventSource'],
  };
  return { env, replaced, store };
}

const event: DomainEvent = { seq: 7, id: 'Event:1', type: 'CUSTOMER.CREATED', resourceType: 'Customer', resourceId: 'Customer:1', payload: { a: 1 }, createdAt: '2025-10-13T10:00:00.000Z' };

describe('choosing the bridge', () => {
  it('uses the Electron preload when window.paymentsConsole exists', async () => {
    const fake = fakeBridge({ 'clock/get': () => ({ mode: 'FROZEN', now: '2025-10-13T10:00:00.000Z', offsetSeconds: 0, pendingJobs: 0, nextJobDueAt: null }) });
    window.paymentsConsole = fake.bridge;
    expect(resolveBridge()).toBe(fake.bridge);
    expect(getBridge()).toBe(fake.bridge);
    const clock = await invoke('clock/get', {});
    expect(clock.mode).toBe('FROZEN');
    expect(fake.calls).toEqual([{ name: 'clock/get', input: {} }]);
  });

  it('falls back to the browser bridge over fetch when there is no preload', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ ok: true, value: { dismissed: true } })));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const bridge = resolveBridge();
      expect(bridge).not.toBe(window.paymentsConsole);
      setBridge(bridge);
      await expect(invoke('workspace/dismissCredentials', {})).resolves.toEqual({ dismissed: true });
      expect(fetchSpy).toHaveBeenCalledOnce();
      expect((fetchSpy.mock.calls[0] as unknown as [string])[0]).toBe('/__bridge/invoke');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('errors as data become ConsoleError', () => {
  it('throws the core error code when a handler answers ok: false', async () => {
    const fake = fakeBridge({
      'customers/get': () => {
        throw Object.assign(new Error('Customer Customer:x not found'), { status: 404, code: 'USER_NOT_FOUND' });
      },
    });
    setBridge(fake.bridge);
    const err = await invoke('customers/get', { id: 'Customer:x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConsoleError);
    expect(err).toMatchObject({ code: 'USER_NOT_FOUND', status: 404, message: 'Customer Customer:x not found' });
  });

  it('throws for API answers of 400 and above, with the API error body', async () => {
    const fake = fakeBridge({}, (req) =>
      req.method === 'POST'
        ? { status: 400, headers: {}, body: { status: 400, code: 'INVALID_INPUT', message: 'name: Too small', details: { errors: [] } } }
        : { status: 200, headers: {}, body: { data: [] } },
    );
    setBridge(fake.bridge);
    await expect(api('GET /tokens')).resolves.toEqual({ data: [] });
    const err = await api('POST /tokens', { body: { name: '' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ConsoleError', code: 'INVALID_INPUT', status: 400, message: 'name: Too small' });
  });
});

describe('the browser bridge', () => {
  it('takes the token from the URL once, keeps it in the origin storage (shared by tabs) and removes it from the address bar', () => {
    const { env, replaced, store } = browserEnv('?token=abc123', vi.fn());
    expect(captureToken(env)).toBe('abc123');
    expect(store.get(TOKEN_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/console/#/customers']);
    const again = browserEnv('', vi.fn());
    again.store.set(TOKEN_KEY, 'abc123');
    expect(captureToken(again.env)).toBe('abc123');
    expect(again.replaced).toEqual([]);
  });

  it('posts invoke and api calls to absolute bridge paths with the X-Console-Token header', async () => {
    const fetchImpl = vi.fn(async (url: string | URL | Request, _init?: RequestInit) =>
      String(url) === '/__bridge/api'
        ? new Response(JSON.stringify({ status: 201, headers: {}, body: { id: 'ApiToken:1' } }))
        : new Response(JSON.stringify({ ok: false, error: { status: 400, code: 'INVALID_INPUT', message: 'q: Too small' } })),
    );
    const { env } = browserEnv('?token=t0k', fetchImpl as unknown as typeof fetch);
    setBridge(createBrowserBridge(env));
    await expect(api('POST /tokens', { body: { name: 'CI' } })).resolves.toEqual({ id: 'ApiToken:1' });
    await expect(invoke('search/query', { q: '' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/__bridge/api');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-Console-Token']).toBe('t0k');
    expect(JSON.parse(String(init?.body))).toEqual({ method: 'POST', path: '/tokens', body: { name: 'CI' } });
    expect(JSON.parse(String(fetchImpl.mock.calls[1]![1]?.body))).toEqual({ name: 'search/query', input: { q: '' } });
  });

  it('turns a refused token into a ConsoleError instead of a silent empty answer', async () => {
    const refused = async () => new Response(JSON.stringify({ ok: false, error: { status: 401, code: 'CONSOLE_TOKEN_INVALID', message: 'Missing or wrong console token' } }), { status: 401 });
    const { env } = browserEnv('', refused as unknown as typeof fetch);
    setBridge(createBrowserBridge(env));
    const err = await api('GET /tokens').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CONSOLE_TOKEN_INVALID', status: 401, message: UNAUTHORIZED_MESSAGE });
    expect(UNAUTHORIZED_MESSAGE).toContain('open the address');
  });

  it('shares one EventSource among listeners, delivers domain events, and closes it after the last unsubscribe', () => {
    const { env } = browserEnv('?token=a b', vi.fn());
    setBridge(createBrowserBridge(env));
    const a: DomainEvent[] = [];
    const b: DomainEvent[] = [];
    const offA = onEvent((e) => a.push(e));
    const source = FakeEventSource.last!;
    const offB = onEvent((e) => b.push(e));
    expect(FakeEventSource.last).toBe(source);
    expect(source.url).toBe('/__bridge/events?token=a%20b');
    source.push('domain', JSON.stringify(event));
    source.push('message', JSON.stringify({ ...event, seq: 8 }));
    source.push('domain', 'not json');
    expect(a.map((e) => e.seq)).toEqual([7, 8]);
    expect(b).toHaveLength(2);
    offA();
    expect(source.closed).toBe(false);
    offB();
    expect(source.closed).toBe(true);
  });
});
