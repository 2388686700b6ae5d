// The application menu: a few standard roles, and developer tools only in unpackaged builds.
import type { MenuItemConstructorOptions } from 'electron';

/** What the menu needs to know about the running app. */
export interface MenuContext {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** Reveals the workspace file in the system file manager. */
  openWorkspaceFolder: () => void;
}

/** Builds the menu template (pure, so tests can read it). */
export function menuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [{ role: 'reload' }];
  // Why: DevTools can run arbitrary code in the page (and so call the bridge); shipped builds omit it.
  if (!ctx.isPackaged) view.push({ role: 'toggleDevTools' });
  view.push({ type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' });

  const template: MenuItemConstructorOptions[] = [
    { label: 'File', submenu: [{ role: ctx.platform === 'darwin' ? 'close' : 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'help', submenu: [{ label: 'Open Workspace Folder', click: () => ctx.openWorkspaceFolder() }] },
  ];
  if (ctx.platform === 'darwin') template.unshift({ role: 'appMenu' });
  return template;
}
