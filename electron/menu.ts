// The application menu: the platform's standard roles plus the console's own commands (workspaces, the
// local API, the API reference). Developer tools only in unpackaged builds.
import type { MenuItemConstructorOptions } from 'electron';

/** The console's menu commands (see commands.ts); each reports its own errors. */
export interface MenuCommands {
  newWorkspace(): Promise<unknown>;
  openWorkspace(): Promise<unknown>;
  switchWorkspace(id: string): Promise<unknown>;
  snapshotWorkspace(): Promise<unknown>;
  exportWorkspace(): Promise<unknown>;
  importWorkspace(): Promise<unknown>;
  revealWorkspaceFile(): void;
  startApi(): Promise<unknown>;
  stopApi(): Promise<unknown>;
  openApiReference(): void;
}

/** What the menu needs to know about the running app. */
export interface MenuContext {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** The workspaces to switch between, the open one marked. */
  workspaces: readonly { id: string; name: string; current: boolean }[];
  /** The local API's origin while it runs. */
  apiOrigin: string | undefined;
  commands: MenuCommands;
}

/** Builds the menu template (pure, so tests can read it and click its items). */
export function menuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const c = ctx.commands;
  const mac = ctx.platform === 'darwin';
  const run = (fn: () => unknown) => () => void fn();
  const switchItems: MenuItemConstructorOptions[] = ctx.workspaces.map((w) => ({
    id: `workspace:${w.id}`,
    label: w.name.replace(/&/g, '&&'), // a single & would mark an accelerator letter
    type: 'radio',
    checked: w.current,
    click: run(() => (w.current ? undefined : c.switchWorkspace(w.id))),
  }));

  const file: MenuItemConstructorOptions[] = [
    { id: 'workspace:new', label: 'New Workspace', accelerator: 'CmdOrCtrl+N', click: run(() => c.newWorkspace()) },
    { id: 'workspace:open', label: 'Open Workspace File…', accelerator: 'CmdOrCtrl+O', click: run(() => c.openWorkspace()) },
    { id: 'workspace:switch', label: 'Switch Workspace', submenu: switchItems.length ? switchItems : [{ label: 'No other workspaces', enabled: false }] },
    { type: 'separator' },
    { id: 'workspace:snapshot', label: 'Take Snapshot', accelerator: 'CmdOrCtrl+Shift+S', click: run(() => c.snapshotWorkspace()) },
    { id: 'workspace:export', label: 'Export Workspace…', accelerator: 'CmdOrCtrl+E', click: run(() => c.exportWorkspace()) },
    { id: 'workspace:import', label: 'Import Workspace…', accelerator: 'CmdOrCtrl+I', click: run(() => c.importWorkspace()) },
    { type: 'separator' },
    { id: 'workspace:reveal', label: mac ? 'Reveal Workspace File in Finder' : 'Show Workspace File in Folder', click: () => c.revealWorkspaceFile() },
    { type: 'separator' },
    { role: mac ? 'close' : 'quit' },
  ];

  const view: MenuItemConstructorOptions[] = [{ role: 'reload' }];
  // Why: DevTools can run arbitrary code in the page (and so call the bridge); shipped builds omit it.
  if (!ctx.isPackaged) view.push({ role: 'toggleDevTools' });
  view.push({ type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' });

  const api: MenuItemConstructorOptions[] = [
    ctx.apiOrigin
      ? { id: 'api:stop', label: 'Stop the Local API', click: run(() => c.stopApi()) }
      : { id: 'api:start', label: 'Start the Local API', click: run(() => c.startApi()) },
    { id: 'api:status', label: ctx.apiOrigin ? `Serving ${ctx.apiOrigin}` : 'The local API is stopped', enabled: false },
    { type: 'separator' },
    { id: 'api:reference', label: 'API Reference', accelerator: 'F1', click: () => c.openApiReference() },
  ];

  const template: MenuItemConstructorOptions[] = [
    { label: '&File', submenu: file },
    { role: 'editMenu' },
    { label: '&View', submenu: view },
    { label: '&API', submenu: api },
    { role: 'windowMenu' },
  ];
  if (mac) template.unshift({ role: 'appMenu' });
  return template;
}
