import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../core/index';
import { app, BrowserWindow, dialog, ipcHandlers, Menu, resetElectronMock, session, shell } from './electron-mock';
import { appPaths, startApp } from '../../electron/app';
import { menuTemplate } from '../../electron/menu';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';
import { dataDirFromArgv, workspaceDir } from '../../electron/workspace';

vi.mock('electron', () => import('./electron-mock'));

const DIST = '/opt/pc/dist/electron';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pc-main-'));
  tempDirs.push(dir);
  return dir;
};

/** Starts the app against a fresh --data-dir and waits for the ready handler to finish. */
async function started(dataDir = tempDir(), extraArgs: string[] = []) {
  startApp(DIST, ['/usr/bin/electron', 'dist/electron/main.cjs', '--data-dir', dataDir, ...extraArgs]);
  await flush();
  const win = BrowserWindow.instances[0];
  if (!win) throw new Error('no window was created');
  return { win, dataDir };
}

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

beforeEach(() => {
  resetElectronMock();
  app.paths.set('appData', tempDir());
});
afterEach(() => app.emit('will-quit')); // closes any core a test opened
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the main window', () => {
  it('is created with contextIsolation, sandbox and no Node integration, and the bundled preload', async () => {
    const { win } = await started();
    expect(win.options).toMatchObject({ width: 1280, height: 800, show: false, title: 'Payments Console' });
    expect(win.options['webPreferences']).toMatchObject({
      contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, webSecurity: true, webviewTag: false,
      preload: join(DIST, 'preload.cjs'),
    });
    expect(app.enableSandbox).toHaveBeenCalled();
    expect(win.loadFile).toHaveBeenCalledWith(join(DIST, '../renderer/index.html'));
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('denies window.open, handing only http(s) links to the system browser', async () => {
    const { win } = await started();
    const handler = win.webContents.windowOpenHandler;
    expect(handler?.({ url: 'https://docs.example.com/api' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://docs.example.com/api');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share']) expect(handler?.({ url })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('prevents navigation to any other URL, but not within its own page', async () => {
    const { win } = await started();
    for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      const away = navigationEvent('https://evil.example/phish');
      win.webContents.emit(name, away);
      expect(away.preventDefault, name).toHaveBeenCalled();
    }
    const own = navigationEvent(`${appPaths(DIST).indexUrl}#/customers`);
    win.webContents.emit('will-navigate', own);
    expect(own.preventDefault).not.toHaveBeenCalled();
    const webview = navigationEvent('');
    win.webContents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and adds the CSP header to responses', async () => {
    await started();
    const onRequest = session.defaultSession.setPermissionRequestHandler.mock.lastCall?.[0] as (wc: unknown, p: string, cb: (ok: boolean) => void) => void;
    const callback = vi.fn();
    onRequest({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    const onHeaders = session.defaultSession.webRequest.onHeadersReceived.mock.lastCall?.[0] as (d: unknown, cb: (r: unknown) => void) => void;
    const respond = vi.fn();
    onHeaders({ responseHeaders: { 'X-Other': ['1'] } }, respond);
    expect(respond).toHaveBeenCalledWith({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });
});

describe('the app lifecycle', () => {
  it('opens the workspace in --data-dir, registers the bridge, and closes it on will-quit', async () => {
    const { dataDir } = await started();
    expect(existsSync(join(dataDir, 'workspace.sqlite'))).toBe(true);
    expect([...ipcHandlers.keys()].sort()).toEqual(['console:api', 'console:invoke']);
    expect(Menu.setApplicationMenu).toHaveBeenCalled();
    app.emit('will-quit');
    expect(ipcHandlers.size).toBe(0);
  });

  it('serves the REST API on 127.0.0.1 with the workspace token and shows its address to the console', async () => {
    const { win } = await started(tempDir(), ['--port', '0']);
    const invoke = ipcHandlers.get('console:invoke')!;
    const event = { sender: win.webContents, senderFrame: { url: `${appPaths(DIST).indexUrl}#/`, parent: null } };
    let info: { ok: boolean; value?: { apiBaseUrl: string | null; credentials: { clientId: string; clientSecret: string | null } } } = { ok: false };
    await expect.poll(async () => {
      info = (await invoke(event, { name: 'workspace/info', input: {} })) as typeof info;
      return info.value?.apiBaseUrl ?? null;
    }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const { clientId, clientSecret } = info.value!.credentials;
    const res = await fetch(`${info.value!.apiBaseUrl}/customers`, { headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { totalCount: number }).totalCount).toBe(3);
  });

  it('names userData after the product and keeps the default workspace there, so the desktop app and serve share it', async () => {
    const appData = app.getPath('appData');
    startApp(DIST, ['/usr/bin/electron', 'dist/electron/main.cjs']);
    await flush();
    expect(app.setPath).toHaveBeenCalledWith('userData', join(appData, 'Payments Console'));
    expect(existsSync(join(appData, 'Payments Console', 'workspaces', 'default', 'workspace.sqlite'))).toBe(true);
  });

  it('quits at once when another instance holds the lock', async () => {
    app.requestSingleInstanceLock.mockReturnValueOnce(false);
    startApp(DIST, []);
    await flush();
    expect(app.quit).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('shows the error and quits when the workspace is newer than this build', async () => {
    const dataDir = tempDir();
    createCore({ dataDir }).close();
    const db = new Database(join(dataDir, 'workspace.sqlite'));
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(9999, 'from-the-future', new Date().toISOString());
    db.close();
    startApp(DIST, ['--data-dir', dataDir]);
    await flush();
    expect(dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), expect.stringContaining('newer version'));
    expect(app.quit).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
  });
});

describe('the menu and the workspace path', () => {
  const items = (template: MenuItemConstructorOptions[]) =>
    template.flatMap((m) => [m, ...(Array.isArray(m.submenu) ? m.submenu : [])]);

  it('offers DevTools only in unpackaged builds', () => {
    const base = { platform: 'linux' as const, openWorkspaceFolder: () => {} };
    expect(items(menuTemplate({ ...base, isPackaged: false })).some((i) => i.role === 'toggleDevTools')).toBe(true);
    expect(items(menuTemplate({ ...base, isPackaged: true })).some((i) => i.role === 'toggleDevTools')).toBe(false);
  });

  it('reveals the workspace file from Help', async () => {
    const { dataDir } = await started();
    const template = Menu.buildFromTemplate.mock.lastCall?.[0] as MenuItemConstructorOptions[];
    const open = items(template).find((i) => i.label === 'Open Workspace Folder');
    (open?.click as (() => void) | undefined)?.();
    expect(shell.showItemInFolder).toHaveBeenCalledWith(join(dataDir, 'workspace.sqlite'));
  });

  it('reads --data-dir in both forms and defaults to userData/workspaces/default', () => {
    expect(dataDirFromArgv(['electron', '.', '--data-dir', '/w'])).toBe('/w');
    expect(dataDirFromArgv(['--data-dir=/x y'])).toBe('/x y');
    expect(dataDirFromArgv(['--data-dir'])).toBeUndefined();
    expect(workspaceDir('/u', [])).toBe(join('/u', 'workspaces', 'default'));
  });
});

describe('the API port flag', () => {
  it('reads --port in both forms and ignores invalid values', async () => {
    const { portFromArgv } = await import('../../electron/api-server');
    expect(portFromArgv(['--port', '4200'])).toBe(4200);
    expect(portFromArgv(['--port=0'])).toBe(0);
    expect(portFromArgv(['--port', 'abc'])).toBeUndefined();
    expect(portFromArgv(['--port', '70000'])).toBeUndefined();
    expect(portFromArgv([])).toBeUndefined();
  });
});
