import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../core/index';
import { WorkspaceHost } from '../../core/host/workspaces';
import { setWorkspaceName } from '../../core/kernel/workspace-file';
import { dialog, dialogAnswers, resetElectronMock, shell } from './electron-mock';
import { ApiServerControl } from '../../electron/api-server';
import { API_REFERENCE_ROUTE, createCommands } from '../../electron/commands';
import { InFlight } from '../../electron/ipc';
import { menuTemplate, type MenuCommands } from '../../electron/menu';
import { shutdown } from '../../electron/shutdown';

vi.mock('electron', () => import('./electron-mock'));
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const items = (template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  template.flatMap((m) => [m, ...(Array.isArray(m.submenu) ? items(m.submenu) : [])]);

describe('the menu template', () => {
  const commands = (): MenuCommands => ({
    newWorkspace: vi.fn(async () => {}), openWorkspace: vi.fn(async () => {}), switchWorkspace: vi.fn(async () => {}),
    snapshotWorkspace: vi.fn(async () => {}), exportWorkspace: vi.fn(async () => {}), importWorkspace: vi.fn(async () => {}),
    revealWorkspaceFile: vi.fn(), startApi: vi.fn(async () => {}), stopApi: vi.fn(async () => {}), openApiReference: vi.fn(),
  });
  const workspaces = [{ id: 'default', name: 'Default', current: true }, { id: 'rehearsal', name: 'Q3 & Q4 rehearsal', current: false }];

  it("has the platform's standard roles, and DevTools only in unpackaged builds", () => {
    const base = { workspaces, apiOrigin: undefined, commands: commands() };
    const linux = items(menuTemplate({ ...base, platform: 'linux', isPackaged: false }));
    expect(linux.map((i) => i.role).filter(Boolean)).toEqual(expect.arrayContaining(['quit', 'editMenu', 'windowMenu', 'reload', 'toggleDevTools', 'togglefullscreen']));
    expect(linux.some((i) => i.role === 'appMenu')).toBe(false);
    const mac = items(menuTemplate({ ...base, platform: 'darwin', isPackaged: true }));
    expect(mac.map((i) => i.role)).toEqual(expect.arrayContaining(['appMenu', 'close', 'editMenu', 'windowMenu']));
    expect(mac.some((i) => i.role === 'toggleDevTools')).toBe(false);
  });

  it('calls the command of each console item it offers', () => {
    const c = commands();
    const click = (template: MenuItemConstructorOptions[], id: string) => (items(template).find((i) => i.id === id)?.click as (() => void) | undefined)?.();
    const stopped = menuTemplate({ platform: 'linux', isPackaged: true, workspaces, apiOrigin: undefined, commands: c });
    const expected: [string, keyof MenuCommands][] = [
      ['workspace:new', 'newWorkspace'], ['workspace:open', 'openWorkspace'], ['workspace:snapshot', 'snapshotWorkspace'],
      ['workspace:export', 'exportWorkspace'], ['workspace:import', 'importWorkspace'], ['workspace:reveal', 'revealWorkspaceFile'],
      ['api:start', 'startApi'], ['api:reference', 'openApiReference'],
    ];
    for (const [id, command] of expected) {
      click(stopped, id);
      expect(c[command], id).toHaveBeenCalledTimes(1);
    }
    click(stopped, 'workspace:default'); // the open one: nothing to do
    click(stopped, 'workspace:rehearsal');
    expect(c.switchWorkspace).toHaveBeenCalledTimes(1);
    expect(c.switchWorkspace).toHaveBeenCalledWith('rehearsal');
    expect(items(stopped).find((i) => i.id === 'workspace:rehearsal')?.label).toBe('Q3 && Q4 rehearsal');
    const running = menuTemplate({ platform: 'linux', isPackaged: true, workspaces, apiOrigin: 'http://127.0.0.1:4100', commands: c });
    expect(items(running).some((i) => i.id === 'api:start')).toBe(false);
    click(running, 'api:stop');
    expect(c.stopApi).toHaveBeenCalledTimes(1);
    expect(items(running).find((i) => i.id === 'api:status')?.label).toBe('Serving http://127.0.0.1:4100');
  });
});

describe('the menu commands over a real workspace host', () => {
  let dir: string;
  let host: WorkspaceHost;
  let api: ApiServerControl;
  let showRoute: ReturnType<typeof vi.fn<(route: string) => void>>;
  let commands: ReturnType<typeof createCommands>;

  beforeEach(() => {
    resetElectronMock();
    dir = mkdtempSync(join(tmpdir(), 'pc-menu-'));
    host = new WorkspaceHost({ root: join(dir, 'workspaces'), initial: 'default', coreOptions: { host: { kind: 'electron' } } });
    api = new ApiServerControl(host, ['--port', '0']);
    showRoute = vi.fn<(route: string) => void>();
    mkdirSync(join(dir, 'documents'));
    commands = createCommands({
      host, api, dialog, shell, window: () => null, showRoute, documentsDir: () => join(dir, 'documents'),
      now: () => new Date(2026, 10, 24, 9, 30, 5),
    });
  });
  afterEach(async () => {
    await api.dispose(0);
    host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A workspace file outside the host's folder, named `name`. */
  function outsideFile(name: string): string {
    const folder = join(dir, 'elsewhere', name);
    mkdirSync(folder, { recursive: true });
    const core = createCore({ dataDir: folder });
    setWorkspaceName(core.services.ctx.db, name);
    core.close();
    return join(folder, 'workspace.sqlite');
  }
  const current = () => host.list().find((w) => w.current);

  it('New Workspace creates the next numbered workspace and opens it', async () => {
    await commands.newWorkspace();
    expect(current()).toMatchObject({ name: 'Workspace 1' });
    await commands.newWorkspace();
    expect(current()).toMatchObject({ name: 'Workspace 2' });
    expect(host.list()).toHaveLength(3);
  });

  it('Open opens a chosen file as a copy (the original untouched), and a cancelled dialog changes nothing', async () => {
    await commands.openWorkspace();
    expect(current()?.id).toBe('default');
    const file = outsideFile('Field test');
    dialogAnswers.open.push(file);
    await commands.openWorkspace();
    expect(dialog.showOpenDialog).toHaveBeenLastCalledWith(expect.objectContaining({ filters: [{ name: 'Payments Console workspace', extensions: ['sqlite'] }], properties: ['openFile'] }));
    expect(current()).toMatchObject({ name: 'Field test' });
    expect(current()?.dir.startsWith(host.root)).toBe(true);
    expect(dialog.showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ message: `Opened a copy of ${file}` }));
  });

  it('Switch opens another workspace of the host; an unknown one is an error dialog', async () => {
    const other = host.create('Other');
    await commands.switchWorkspace(other.id);
    expect(current()?.id).toBe(other.id);
    await commands.switchWorkspace('missing');
    expect(dialog.showErrorBox).toHaveBeenCalledWith('The workspace could not be opened', expect.stringContaining('No workspace "missing"'));
    expect(current()?.id).toBe(other.id);
  });

  it('Take Snapshot takes a named snapshot of the open workspace', async () => {
    await commands.snapshotWorkspace();
    expect(host.core.files.list(10).data.map((s) => s.name)).toEqual(['snapshot-2026-11-24-093005']);
  });

  it('Export writes the workspace to the file chosen in the save dialog', async () => {
    await commands.exportWorkspace(); // cancelled
    const target = join(dir, 'documents', 'out.sqlite');
    expect(existsSync(target)).toBe(false);
    dialogAnswers.save.push(target);
    await commands.exportWorkspace();
    const options = dialog.showSaveDialog.mock.lastCall?.[0] as { defaultPath: string };
    expect(options.defaultPath).toBe(join(dir, 'documents', 'default-2026-11-24-093005.sqlite'));
    const db = new Database(target, { readonly: true });
    try {
      expect((db.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n).toBe(3);
    } finally {
      db.close();
    }
  });

  it('Import adds the chosen file as a workspace, and opens it only when asked to', async () => {
    dialogAnswers.open.push(outsideFile('Kept aside'));
    dialogAnswers.messageBox.push(1); // keep the current workspace
    await commands.importWorkspace();
    expect(host.list().map((w) => w.name)).toContain('Kept aside');
    expect(current()?.id).toBe('default');
    dialogAnswers.open.push(outsideFile('Opened now'));
    dialogAnswers.messageBox.push(0);
    await commands.importWorkspace();
    expect(current()?.name).toBe('Opened now');
  });

  it('Reveal shows the open workspace file; API Reference shows the console route', () => {
    commands.revealWorkspaceFile();
    expect(shell.showItemInFolder).toHaveBeenCalledWith(host.core.workspace.dbPath);
    commands.openApiReference();
    expect(showRoute).toHaveBeenCalledWith(API_REFERENCE_ROUTE);
  });

  it('Start and Stop the local API serve it on 127.0.0.1 and tell the Overview', async () => {
    const info = async () => ((await host.core.invoke('workspace/info', {})) as { value: { apiBaseUrl: string | null } }).value.apiBaseUrl;
    await commands.startApi();
    const origin = api.origin!;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect(await info()).toBe(`${origin}/2025-10-13`);
    // Switching keeps the API on the same address, now serving the other workspace.
    const other = host.create('Other');
    await commands.switchWorkspace(other.id);
    expect(await info()).toBe(`${origin}/2025-10-13`);
    await commands.stopApi();
    expect(api.origin).toBeUndefined();
    expect(await info()).toBeNull();
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});

describe('the graceful shutdown', () => {
  it('waits for the write in progress, stops the API, then closes the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-shutdown-'));
    try {
      const host = new WorkspaceHost({ root: dir, initial: 'default' });
      const api = new ApiServerControl(host, ['--port', '0']);
      await api.start();
      const inFlight = new InFlight();
      const disposeIpc = vi.fn();
      const core = host.core;
      const account = ((await core.callApi({ method: 'GET', path: '/customers/internal-accounts' })).body as { data: { id: string }[] }).data[0]!;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // A console call that writes after the shutdown started.
      const write = inFlight.track(gate.then(() => core.callApi({ method: 'POST', path: `/sandbox/internal-accounts/${account.id}/fund`, body: { amount: 900 } })));
      const disposing = vi.spyOn(api, 'dispose');
      const done = shutdown({ host, api, inFlight, disposeIpc });
      // Once the API has stopped, the write is all the shutdown can still be waiting for; setImmediate lets
      // every continuation that would run without it (disposing the IPC, closing the database) run first.
      await disposing.mock.results[0]!.value;
      await new Promise((resolve) => setImmediate(resolve));
      expect(core.services.ctx.db.open).toBe(true); // still waiting for the write
      expect(disposeIpc).not.toHaveBeenCalled();
      expect(inFlight.closed).toBe(true);
      release();
      expect((await write).status).toBe(200);
      await done;
      expect(core.services.ctx.db.open).toBe(false);
      expect(disposeIpc).toHaveBeenCalledTimes(1);
      expect(api.origin).toBeUndefined();
      const db = new Database(join(dir, 'default', 'workspace.sqlite'), { readonly: true });
      try {
        const row = db.prepare("SELECT count(*) AS n FROM events WHERE type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED' AND payload LIKE '%900%'").get() as { n: number };
        expect(row.n).toBe(1);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
