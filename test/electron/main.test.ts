import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type BridgeResult } from '../../core/index';
import { setWorkspaceName } from '../../core/kernel/workspace-file';
import { app, BrowserWindow, dialog, displays, FakeWebContents, ipcHandlers, Menu, resetElectronMock, session, shell } from './electron-mock';
import { appPaths, startApp } from '../../electron/app';
import { CONTENT_SECURITY_POLICY, isAllowedExternalUrl } from '../../electron/security';
import { checkedPreload } from '../../electron/window';
import { dataDirFromArgv, workspaceFileFromArgv, workspaceLocation } from '../../electron/workspace';

vi.mock('electron', () => import('./electron-mock'));
// Each start opens (and often creates and seeds) a real workspace: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const DIST = '/opt/pc/dist/electron';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pc-main-'));
  tempDirs.push(dir);
  return dir;
};
/** A workspace folder in a private root (the host lists the root's siblings: never the shared /tmp). */
const workspaceDir = () => join(tempDir(), 'default');

/** Starts the app against a fresh --data-dir (API on a free port) and waits for the ready handler to finish. */
async function started(dataDir = workspaceDir(), extraArgs: string[] = []) {
  startApp(DIST, ['/usr/bin/electron', 'dist/electron/main.cjs', '--data-dir', dataDir, '--port', '0', ...extraArgs]);
  await flush();
  const win = BrowserWindow.instances[0];
  if (!win) throw new Error('no window was created');
  return { win, dataDir };
}

/** Quits as the system would: before-quit, then waits until the app's shutdown quits again. */
async function quit(): Promise<void> {
  const event = { preventDefault: vi.fn() };
  const quitsBefore = app.quit.mock.calls.length;
  app.emit('before-quit', event);
  if (event.preventDefault.mock.calls.length) await expect.poll(() => app.quit.mock.calls.length).toBeGreaterThan(quitsBefore);
}

/** The console's own IPC event for the main window. */
function ownEvent(win: BrowserWindow) {
  return { sender: win.webContents, senderFrame: { url: `${appPaths(DIST).indexUrl}#/`, parent: null } };
}
const invoke = <T = unknown>(win: BrowserWindow, name: string, input: unknown = {}) =>
  ipcHandlers.get('console:invoke')!(ownEvent(win), { name, input }) as Promise<BridgeResult<T>>;
/** The part of `workspaces/list` these tests read. */
type WorkspaceList = { workspaces: { current: boolean; name: string; dir: string }[] };

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

beforeEach(() => {
  resetElectronMock();
  app.paths.set('appData', tempDir());
  app.paths.set('documents', tempDir());
});
afterEach(() => quit()); // closes any workspace a test opened
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the main window', () => {
  it('is created with contextIsolation, sandbox and no Node integration, and the bundled preload', async () => {
    const { win } = await started();
    expect(win.options).toMatchObject({ width: 1280, height: 800, minWidth: 900, minHeight: 600, show: false, title: 'Payments Console' });
    expect(win.options['webPreferences']).toMatchObject({
      contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, nodeIntegrationInWorker: false,
      webSecurity: true, webviewTag: false, allowRunningInsecureContent: false, experimentalFeatures: false,
      preload: join(DIST, 'preload.cjs'),
    });
    expect(app.enableSandbox).toHaveBeenCalled();
    expect(win.loadFile).toHaveBeenCalledWith(join(DIST, '../renderer/index.html'));
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('refuses a preload that is not the absolute path of the bundled preload.cjs', () => {
    expect(() => checkedPreload('preload.cjs')).toThrow(/absolute path/);
    expect(() => checkedPreload('/tmp/evil.js')).toThrow(/preload\.cjs/);
    expect(checkedPreload('/opt/pc/dist/electron/preload.cjs')).toBe('/opt/pc/dist/electron/preload.cjs');
  });

  it('denies window.open, and hands only https links on the allowed origins to the system browser', async () => {
    const { win } = await started();
    const handler = win.webContents.windowOpenHandler;
    // No origin is allowed today: every link, https included, is refused.
    for (const url of ['https://docs.example.com/api', 'http://docs.example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share']) {
      expect(handler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
    const allowed = ['https://docs.example.com'];
    expect(isAllowedExternalUrl('https://docs.example.com/api', allowed)).toBe(true);
    for (const url of ['http://docs.example.com/api', 'https://docs.example.com.evil.example/', 'https://user:pw@docs.example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(isAllowedExternalUrl(url, allowed), url).toBe(false);
    }
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
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('guards every other webContents that appears the same way', async () => {
    await started();
    const other = new FakeWebContents();
    app.emit('web-contents-created', {}, other);
    expect(other.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const away = navigationEvent('https://evil.example/');
    other.emit('will-navigate', away);
    expect(away.preventDefault).toHaveBeenCalled();
    const webview = navigationEvent('');
    other.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it("denies every permission request and check but the console page's clipboard writes, and foreign downloads", async () => {
    await started();
    const own = `${appPaths(DIST).indexUrl}#/api/reference`;
    const onRequest = session.defaultSession.setPermissionRequestHandler.mock.lastCall?.[0] as (wc: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl?: string }) => void;
    const onCheck = session.defaultSession.setPermissionCheckHandler.mock.lastCall?.[0] as (wc: unknown, p: string, origin: string, d: { requestingUrl?: string }) => boolean;
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      onRequest({}, permission, callback, { requestingUrl: own });
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(onCheck({}, permission, 'file:///', { requestingUrl: own }), permission).toBe(false);
    }
    const granted = vi.fn();
    onRequest({}, 'clipboard-sanitized-write', granted, { requestingUrl: own });
    expect(granted).toHaveBeenCalledWith(true);
    expect(onCheck({}, 'clipboard-sanitized-write', 'file:///', { requestingUrl: own })).toBe(true);
    expect(onCheck({}, 'clipboard-sanitized-write', 'https://evil.example', { requestingUrl: 'https://evil.example/' })).toBe(false);
    const onDownload = session.defaultSession.on.mock.calls.find((c: unknown[]) => c[0] === 'will-download')?.[1] as (e: { preventDefault(): void }, item: { getURL(): string }) => void;
    const blob = { preventDefault: vi.fn() };
    onDownload(blob, { getURL: () => 'blob:file:///6f1c' });
    expect(blob.preventDefault).not.toHaveBeenCalled();
    const foreign = { preventDefault: vi.fn() };
    onDownload(foreign, { getURL: () => 'https://evil.example/payload.exe' });
    expect(foreign.preventDefault).toHaveBeenCalled();
  });

  it('adds the strict CSP header to every response', async () => {
    await started();
    const onHeaders = session.defaultSession.webRequest.onHeadersReceived.mock.lastCall?.[0] as (d: unknown, cb: (r: unknown) => void) => void;
    const respond = vi.fn();
    onHeaders({ responseHeaders: { 'X-Other': ['1'] } }, respond);
    expect(respond).toHaveBeenCalledWith({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'none'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) {
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });
});

describe('the window state', () => {
  it('remembers size, position and maximized state across launches', async () => {
    const { win, dataDir } = await started();
    win.bounds = { x: 120, y: 80, width: 1100, height: 720 };
    win.maximized = true;
    win.emit('close');
    await quit();
    BrowserWindow.instances.length = 0;
    const again = await started(dataDir);
    expect(again.win.options).toMatchObject({ x: 120, y: 80, width: 1100, height: 720 });
    again.win.emit('ready-to-show');
    expect(again.win.maximize).toHaveBeenCalled();
  });

  it('drops a position no display shows any more, and a size below the minimum', async () => {
    const userData = join(app.getPath('appData'), 'Payments Console');
    const file = join(userData, 'window-state.json');
    const { dataDir } = await started();
    await quit();
    mkdirSync(userData, { recursive: true });
    writeFileSync(file, JSON.stringify({ x: 5000, y: 3000, width: 400, height: 300, maximized: false }));
    displays.splice(0, displays.length, { workArea: { x: 0, y: 0, width: 1440, height: 900 } });
    BrowserWindow.instances.length = 0;
    const { win } = await started(dataDir).catch((err) => {
      throw new Error(`${err.message}: ${JSON.stringify(dialog.showErrorBox.mock.calls)}`);
    });
    expect(win.options).toMatchObject({ width: 900, height: 600 });
    expect(win.options['x']).toBeUndefined();
    await quit();
    writeFileSync(file, '{ not json');
    BrowserWindow.instances.length = 0;
    const third = await started(dataDir).catch((err) => {
      throw new Error(`${err.message}: ${JSON.stringify(dialog.showErrorBox.mock.calls)}`);
    });
    expect(third.win.options).toMatchObject({ width: 1280, height: 800 });
  });
});

describe('the app lifecycle', () => {
  it('opens the workspace in --data-dir, registers the bridge, and on quit waits, then closes the database', async () => {
    const { dataDir, win } = await started();
    expect(existsSync(join(dataDir, 'workspace.sqlite'))).toBe(true);
    expect([...ipcHandlers.keys()].sort()).toEqual(['console:api', 'console:invoke', 'console:save-case-file']);
    expect(Menu.setApplicationMenu).toHaveBeenCalled();
    // A write in progress when the user quits: the quit waits for it, then the database is closed.
    const api = ipcHandlers.get('console:api')!;
    const accounts = (await api(ownEvent(win), { method: 'GET', path: '/customers/internal-accounts' })) as { body: { data: { id: string }[] } };
    const fund = api(ownEvent(win), { method: 'POST', path: `/sandbox/internal-accounts/${accounts.body.data[0]!.id}/fund`, body: { amount: 700 } });
    const event = { preventDefault: vi.fn() };
    app.emit('before-quit', event); // while the funding has not answered yet
    expect(event.preventDefault).toHaveBeenCalled(); // held back until the shutdown is done
    expect(app.quit).not.toHaveBeenCalled();
    expect(((await fund) as { status: number }).status).toBe(200);
    await expect.poll(() => app.quit.mock.calls.length).toBe(1);
    expect(ipcHandlers.size).toBe(0);
    // The database was closed cleanly: the WAL was merged, and the funding is in the file.
    expect(existsSync(join(dataDir, 'workspace.sqlite-wal'))).toBe(false);
    const db = new Database(join(dataDir, 'workspace.sqlite'), { readonly: true });
    try {
      const row = db.prepare("SELECT count(*) AS n FROM events WHERE type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED'").get() as { n: number };
      expect(row.n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    // The second before-quit (from the shutdown) goes through.
    const again = { preventDefault: vi.fn() };
    app.emit('before-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('refuses console calls that arrive while it shuts down', async () => {
    const { win } = await started();
    app.emit('before-quit', { preventDefault: vi.fn() });
    const late = await ipcHandlers.get('console:invoke')?.(ownEvent(win), { name: 'workspace/info', input: {} });
    expect(late).toMatchObject({ ok: false, error: { status: 503, code: 'SHUTTING_DOWN' } });
    await expect.poll(() => app.quit.mock.calls.length).toBe(1);
  });

  it('serves the REST API on 127.0.0.1 with the workspace token and shows its address to the console', async () => {
    const { win } = await started();
    let info: BridgeResult<{ apiBaseUrl: string }> = { ok: false, error: { status: 0, code: '', message: '' } };
    await expect.poll(async () => {
      info = await invoke<{ apiBaseUrl: string }>(win, 'workspace/info');
      return info.ok ? info.value.apiBaseUrl : null;
    }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const value = (info as unknown as { value: { apiBaseUrl: string; credentials: { clientId: string; clientSecret: string } } }).value;
    const { clientId, clientSecret } = value.credentials;
    const res = await fetch(`${value.apiBaseUrl}/customers`, { headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { totalCount: number }).totalCount).toBe(3);
  });

  it('names userData after the product and keeps the default workspace there, so the desktop app and serve share it', async () => {
    const appData = app.getPath('appData');
    startApp(DIST, ['/usr/bin/electron', 'dist/electron/main.cjs', '--port', '0']);
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

  it('a second launch focuses the window and opens the workspace file it was given', async () => {
    const { win } = await started();
    const other = join(tempDir(), 'exports'); // not a folder of the host's workspaces root
    mkdirSync(other);
    const outside = createCore({ dataDir: other });
    setWorkspaceName(outside.services.ctx.db, 'Brought along');
    outside.close();
    app.emit('second-instance', {}, ['/usr/bin/payments-console', 'workspace.sqlite'], other, {});
    expect(win.focus).toHaveBeenCalled();
    await expect.poll(async () => {
      const r = await invoke<WorkspaceList>(win, 'workspaces/list');
      return r.ok ? r.value.workspaces.find((w) => w.current)?.name : undefined;
    }).toBe('Brought along');
    await expect.poll(() => dialog.showMessageBox.mock.calls.length).toBe(1); // it says it opened a copy
  });

  it('opens a workspace file the system hands over before the app is ready (macOS open-file)', async () => {
    const dataDir = workspaceDir();
    const sibling = join(dataDir, '..', 'sibling');
    mkdirSync(sibling, { recursive: true });
    createCore({ dataDir: sibling }).close();
    startApp(DIST, ['/usr/bin/electron', 'main.cjs', '--data-dir', dataDir, '--port', '0']);
    const event = { preventDefault: vi.fn() };
    app.emit('open-file', event, join(sibling, 'workspace.sqlite'));
    expect(event.preventDefault).toHaveBeenCalled();
    await flush();
    const win = BrowserWindow.instances[0]!;
    await expect.poll(async () => {
      const r = await invoke<WorkspaceList>(win, 'workspaces/list');
      return r.ok ? r.value.workspaces.find((w) => w.current)?.dir : undefined;
    }).toBe(sibling);
    expect(dialog.showMessageBox).not.toHaveBeenCalled(); // a workspace of the host is switched to, not copied
  });

  it('shows the error and quits when the workspace is newer than this build', async () => {
    const dataDir = workspaceDir();
    mkdirSync(dataDir, { recursive: true });
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

describe('a workspace another host holds', () => {
  it('is refused at start in a dialog naming the holder and the way out, and the app quits without touching it', async () => {
    const dataDir = workspaceDir();
    const holder = createCore({ dataDir, host: { kind: 'serve' } });
    try {
      startApp(DIST, ['--data-dir', dataDir]);
      await flush();
      expect(dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), expect.stringMatching(
        new RegExp(`^The workspace ${dataDir} is already open in process ${process.pid} \\(serve, this process\\) since .+--data-dir DIR[^]*Workspace folder: ${dataDir}$`)));
      expect(app.quit).toHaveBeenCalled();
      expect(BrowserWindow.instances).toHaveLength(0);
      expect((await holder.callApi({ method: 'GET', path: '/customers?limit=1' })).status).toBe(200);
    } finally {
      holder.close();
    }
  });
});

describe('the Workspaces screen in the desktop app', () => {
  it('lists, creates and switches workspaces through the host, and the menu follows', async () => {
    const { win, dataDir } = await started();
    const list = await invoke(win, 'workspaces/list');
    expect(list).toMatchObject({ ok: true, value: { available: true, root: join(dataDir, '..'), workspaces: [{ id: 'default', current: true }] } });
    const created = await invoke(win, 'workspaces/create', { name: 'Rehearsal' });
    expect(created).toMatchObject({ ok: true, value: { name: 'Rehearsal' } });
    const labels = () => {
      const template = Menu.buildFromTemplate.mock.lastCall?.[0] as MenuItemConstructorOptions[];
      const file = template.find((m) => m.label === '&File')?.submenu as MenuItemConstructorOptions[];
      const sub = file.find((i) => i.id === 'workspace:switch')?.submenu as MenuItemConstructorOptions[];
      return sub.map((i) => `${i.label}${i.checked ? ' *' : ''}`);
    };
    expect(labels()).toContain('Rehearsal');
    const events: string[] = [];
    win.webContents.send.mockImplementation((_c: string, e: unknown) => void events.push((e as { type: string }).type));
    const switched = await invoke(win, 'workspaces/switch', { id: (created as { value: { id: string } }).value.id });
    expect(switched).toMatchObject({ ok: true, value: { current: true, name: 'Rehearsal' } });
    expect(events).toContain('WORKSPACE.SWITCHED');
    expect(labels()).toContain('Rehearsal *');
    const info = await invoke(win, 'workspace/info');
    expect(info).toMatchObject({ ok: true, value: { apiBaseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) } });
  });
});

describe('arguments', () => {
  it('reads --data-dir in both forms and defaults to userData/workspaces/default', () => {
    expect(dataDirFromArgv(['electron', '.', '--data-dir', '/w'])).toBe('/w');
    expect(dataDirFromArgv(['--data-dir=/x y'])).toBe('/x y');
    expect(dataDirFromArgv(['--data-dir'])).toBeUndefined();
    expect(workspaceLocation('/u', [])).toEqual({ root: join('/u', 'workspaces'), id: 'default' });
    expect(workspaceLocation('/u', ['--data-dir', '/w/mine'])).toEqual({ root: '/w', id: 'mine' });
  });

  it('finds a workspace file among the arguments, never the value of --data-dir', () => {
    expect(workspaceFileFromArgv(['app', '/home/a/exports/q3.sqlite'])).toBe('/home/a/exports/q3.sqlite');
    expect(workspaceFileFromArgv(['app', '--data-dir', '/w/x.sqlite'])).toBeUndefined();
    expect(workspaceFileFromArgv(['app', '--flag.sqlite', 'notes.txt'])).toBeUndefined();
  });

  it('reads --port in both forms and ignores invalid values', async () => {
    const { portFromArgv } = await import('../../electron/api-server');
    expect(portFromArgv(['--port', '4200'])).toBe(4200);
    expect(portFromArgv(['--port=0'])).toBe(0);
    expect(portFromArgv(['--port', 'abc'])).toBeUndefined();
    expect(portFromArgv(['--port', '70000'])).toBeUndefined();
    expect(portFromArgv([])).toBeUndefined();
  });
});

it('keeps the CSP literal of the response header and the exported policy equal', () => {
  const source = readFileSync('electron/security.ts', 'utf8');
  const literals = [...source.matchAll(/"(default-src[^"]*)"/g)].map((m) => m[1]);
  expect(literals).toEqual([CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY]);
});
