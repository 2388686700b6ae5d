import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type ApiResponse, type BridgeResult, type Core } from '../../core/index';
import { ipcHandlers, resetElectronMock } from './electron-mock';
import { isAppUrl, isTrustedSender, setupIpc } from '../../electron/ipc';

vi.mock('electron', () => import('./electron-mock'));

const INDEX_URL = 'file:///opt/payments-console/resources/app.asar/dist/renderer/index.html';

/** A stub main window whose webContents records what main sends it. */
function stubWindow() {
  const webContents = { send: vi.fn<(channel: string, ...args: unknown[]) => void>(), isDestroyed: () => false };
  return { isDestroyed: () => false, webContents };
}

type Win = ReturnType<typeof stubWindow>;

/** An IPC event as Electron would build it for a message from `sender`'s top frame at `url`. */
function ipcEvent(sender: unknown, url = `${INDEX_URL}#/customers`, parent: unknown = null) {
  return { sender, senderFrame: { url, parent } };
}

function channel(name: string) {
  const fn = ipcHandlers.get(name);
  if (!fn) throw new Error(`no handler registered for ${name}`);
  return fn;
}
const invoke = (event: unknown, payload: unknown) => channel('console:invoke')(event, payload) as Promise<BridgeResult<unknown>>;
const api = (event: unknown, payload: unknown) => channel('console:api')(event, payload) as Promise<ApiResponse>;

let dir: string;
let core: Core;
let win: Win | null;
let dispose: () => void;

beforeEach(() => {
  resetElectronMock();
  dir = mkdtempSync(join(tmpdir(), 'pc-electron-'));
  core = createCore({ dbPath: join(dir, 'w.sqlite') });
  win = stubWindow();
  dispose = setupIpc({ core: () => core, onEvent: (l) => core.onEvent(l) }, () => win, INDEX_URL);
});

afterEach(() => {
  dispose();
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

async function firstInternalAccount(): Promise<{ id: string; balance: { amount: number } }> {
  const res = await core.callApi({ method: 'GET', path: '/customers/internal-accounts' });
  const first = (res.body as { data: { id: string; balance: { amount: number } }[] }).data[0];
  if (!first) throw new Error('the seeded workspace has no internal account');
  return first;
}

describe('the sender check', () => {
  it('refuses an invoke from another webContents, and the core handler does not run', async () => {
    const spy = vi.spyOn(core, 'invoke');
    const result = await invoke(ipcEvent({ other: 'webContents' }), { name: 'workspace/info', input: {} });
    expect(result).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a message from a foreign page loaded in the main window', async () => {
    const spy = vi.spyOn(core, 'invoke');
    const result = await invoke(ipcEvent(win?.webContents, 'https://evil.example/'), { name: 'workspace/info', input: {} });
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses an api call from a foreign sender, so no money moves', async () => {
    const before = await firstInternalAccount();
    const spy = vi.spyOn(core, 'callApi');
    const res = await api(ipcEvent({}, INDEX_URL), { method: 'POST', path: `/sandbox/internal-accounts/${before.id}/fund`, body: { amount: 500 } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, code: 'FORBIDDEN_SENDER' });
    expect(spy).not.toHaveBeenCalled();
    expect((await firstInternalAccount()).balance.amount).toBe(before.balance.amount);
  });

  it('refuses a subframe of the app page, and everything once the window is gone', async () => {
    const sub = await invoke(ipcEvent(win?.webContents, INDEX_URL, { url: INDEX_URL }), { name: 'workspace/info', input: {} });
    expect(sub).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    const sender = win?.webContents;
    win = null;
    expect(await invoke(ipcEvent(sender), { name: 'workspace/info', input: {} })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('treats a disposed frame (Electron throws on access) as untrusted', () => {
    const event = {
      sender: 'wc',
      get senderFrame(): never {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expect(isTrustedSender(event, { webContents: 'wc', indexUrl: INDEX_URL })).toBe(false);
    expect(isTrustedSender(ipcEvent('wc'), { webContents: 'wc', indexUrl: INDEX_URL })).toBe(true);
  });

  it('accepts only the app index.html over file:// (the router hash may vary)', () => {
    expect(isAppUrl(`${INDEX_URL}#/transactions?id=1`, INDEX_URL)).toBe(true);
    expect(isAppUrl('file:///opt/payments-console/resources/app.asar/dist/renderer/other.html', INDEX_URL)).toBe(false);
    expect(isAppUrl('file://evil-host/opt/payments-console/resources/app.asar/dist/renderer/index.html', INDEX_URL)).toBe(false);
    expect(isAppUrl('https://evil.example/dist/renderer/index.html', INDEX_URL)).toBe(false);
    expect(isAppUrl('not a url', INDEX_URL)).toBe(false);
  });
});

describe('payload validation', () => {
  it('refuses an unknown handler name before the core runs', async () => {
    const spy = vi.spyOn(core, 'invoke');
    const result = await invoke(ipcEvent(win?.webContents), { name: 'fs/readFile', input: { path: '/etc/passwd' } });
    expect(result).toMatchObject({ ok: false, error: { status: 404, code: 'UNKNOWN_HANDLER' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a malformed invoke payload with 400 INVALID_INPUT', async () => {
    for (const payload of [undefined, 'workspace/info', { name: 42, input: {} }, { name: 'workspace/info', input: {}, extra: 1 }]) {
      expect(await invoke(ipcEvent(win?.webContents), payload)).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT' } });
    }
  });

  it('refuses a malformed api payload with 400 before the API runs', async () => {
    const spy = vi.spyOn(core, 'callApi');
    const bad = [
      { method: 'TRACE', path: '/customers' },
      { method: 'GET', path: 'customers' },
      { method: 'GET', path: '//evil.example/customers' },
      { method: 'GET', path: '/customers/../../admin' },
      { method: 'GET', path: '/customers/%2e%2e/x' },
      { method: 'GET', path: '/customers?limit=1' },
      { method: 'GET', path: '/customers', headers: { 'bad header': 'x' } },
      { method: 'GET', path: '/customers', cookies: 'x' },
      null,
    ];
    for (const payload of bad) {
      const res = await api(ipcEvent(win?.webContents), payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('returns a handler input error as data', async () => {
    const result = await invoke(ipcEvent(win?.webContents), { name: 'clock/advance', input: { seconds: -1 } });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT' } });
  });
});

describe('trusted calls reach the real core', () => {
  it('invoke of workspace/info returns the workspace name', async () => {
    const result = await invoke(ipcEvent(win?.webContents), { name: 'workspace/info', input: {} });
    expect(result).toMatchObject({ ok: true, value: { name: core.services.platform.get().name } });
  });

  it('api GET /customers returns 200 with data', async () => {
    const res = await api(ipcEvent(win?.webContents), { method: 'GET', path: '/customers', query: { limit: 2 } });
    expect(res.status).toBe(200);
    const data = (res.body as { data: unknown[] }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(2);
  });

  it('forwards committed events to the main window on console:event', async () => {
    const account = await firstInternalAccount();
    const res = await core.callApi({ method: 'POST', path: `/sandbox/internal-accounts/${account.id}/fund`, body: { amount: 500 } });
    expect(res.status).toBe(200);
    expect(win?.webContents.send).toHaveBeenCalledWith(
      'console:event',
      expect.objectContaining({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', resourceId: account.id, payload: expect.objectContaining({ amount: 500 }) }),
    );
  });

  it('stops forwarding and unregisters its channels when disposed', async () => {
    dispose();
    dispose = () => {};
    expect(ipcHandlers.size).toBe(0);
    const account = await firstInternalAccount();
    await core.callApi({ method: 'POST', path: `/sandbox/internal-accounts/${account.id}/fund`, body: { amount: 1 } });
    expect(win?.webContents.send).not.toHaveBeenCalled();
  });
});
