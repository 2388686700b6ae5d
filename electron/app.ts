// The app's lifecycle: one instance, one workspace, one window, the core closed on quit.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, dialog, Menu, session, shell, type BrowserWindow } from 'electron';
import type { Core } from '../core/index';
import { PRODUCT_DIR } from '../core/host/paths';
import { setupIpc } from './ipc';
import { menuTemplate } from './menu';
import { hardenSession } from './security';
import { createMainWindow } from './window';
import { openWorkspace, workspaceDir } from './workspace';
import { startApiServer } from './api-server';
import type { LoopbackServer } from '../core/host/server';

/** Files of the built app, relative to dist/electron/ where main.cjs runs. */
export function appPaths(dir: string): { preload: string; indexHtml: string; indexUrl: string } {
  const indexHtml = join(dir, '../renderer/index.html');
  return { preload: join(dir, 'preload.cjs'), indexHtml, indexUrl: pathToFileURL(indexHtml).href };
}

/** Starts the desktop console; `dir` is the folder of main.cjs and `argv` may carry `--data-dir DIR`. */
export function startApp(dir: string, argv: readonly string[]): void {
  // Why: two instances would open the same SQLite workspace and race its scheduler; the second one
  // hands over to the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox(); // every renderer sandboxed, whatever a window's options say
  // Why: the userData folder must be named after the product however Electron was launched (a dev
  // launch of main.cjs would otherwise use "Electron"), so the desktop app and `serve` share workspaces.
  app.setPath('userData', join(app.getPath('appData'), PRODUCT_DIR));
  const paths = appPaths(dir);
  let core: Core | undefined;
  let win: BrowserWindow | null = null;
  let disposeIpc = () => {};
  let apiServer: LoopbackServer | undefined;

  const fail = (message: string, folder?: string) => {
    dialog.showErrorBox('Payments Console cannot open the workspace', folder ? `${message}\n\nWorkspace folder: ${folder}` : message);
    app.quit();
  };
  const openWindow = () => {
    win = createMainWindow(paths);
    win.on('closed', () => {
      win = null;
    });
  };

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (core && !win) openWindow();
  });
  app.on('will-quit', () => {
    disposeIpc();
    void apiServer?.close();
    apiServer = undefined;
    core?.close();
    core = undefined;
  });

  app
    .whenReady()
    .then(() => {
      const folder = workspaceDir(app.getPath('userData'), argv);
      const opened = openWorkspace(folder);
      if ('error' in opened) return fail(opened.error, folder);
      const { dbPath } = opened.core.workspace;
      core = opened.core;
      hardenSession(session.defaultSession);
      const template = menuTemplate({ isPackaged: app.isPackaged, platform: process.platform, openWorkspaceFolder: () => shell.showItemInFolder(dbPath) });
      Menu.setApplicationMenu(Menu.buildFromTemplate(template));
      disposeIpc = setupIpc(core, () => win, paths.indexUrl);
      openWindow();
      const serving = core;
      startApiServer(serving, argv)
        .then((server) => {
          // The app may have quit while the server was starting.
          if (core === serving) apiServer = server;
          else void server.close();
        })
        .catch((err: unknown) => console.error(`The local API could not start: ${err instanceof Error ? err.message : String(err)}`));
    })
    .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
}
