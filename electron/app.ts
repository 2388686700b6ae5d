// The app's lifecycle: one instance, the host's workspaces, one window, the local API, and a graceful
// shutdown that lets writes finish before the database closes.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, dialog, Menu, screen, session, shell, type BrowserWindow, type WebContents } from 'electron';
import { PRODUCT_DIR } from '../core/host/paths';
import type { WorkspaceHost } from '../core/host/workspaces';
import { ApiServerControl } from './api-server';
import { createCommands } from './commands';
import { InFlight, setupIpc } from './ipc';
import { menuTemplate } from './menu';
import { guardWebContents, hardenSession } from './security';
import { shutdown } from './shutdown';
import { createMainWindow, type AppPaths } from './window';
import { loadWindowState, saveWindowState, stateOf } from './window-state';
import { openWorkspaceHost, workspaceFileFromArgv, workspaceLocation } from './workspace';

/** Files of the built app, relative to dist/electron/ where main.cjs runs. */
export function appPaths(dir: string): AppPaths {
  const indexHtml = join(dir, '../renderer/index.html');
  return { preload: join(dir, 'preload.cjs'), indexHtml, indexUrl: pathToFileURL(indexHtml).href };
}

/** Starts the desktop console; `dir` is the folder of main.cjs and `argv` may carry `--data-dir DIR`, `--port N` and a workspace file. */
export function startApp(dir: string, argv: readonly string[]): void {
  // Why: two instances would open the same SQLite workspace and race its scheduler; the second one
  // hands its arguments (a workspace file, say) to the first and quits.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox(); // every renderer sandboxed, whatever a window's options say
  // Why: the userData folder must be named after the product however Electron was launched (a dev
  // launch of main.cjs would otherwise use "Electron"), so the desktop app and `serve` share workspaces.
  app.setPath('userData', join(app.getPath('appData'), PRODUCT_DIR));
  const paths = appPaths(dir);
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  let host: WorkspaceHost | undefined;
  let win: BrowserWindow | null = null;
  let openFile: ((path: string) => Promise<unknown>) | undefined;
  // A file the system asked to open before the app was ready (macOS sends open-file that early).
  let pendingFile = workspaceFileFromArgv(argv);
  let stopping: Promise<void> | undefined;
  let stopped = false;
  let stop: () => Promise<void> = async () => {};

  const fail = (message: string, folder?: string) => {
    dialog.showErrorBox('Payments Console cannot open the workspace', folder ? `${message}\n\nWorkspace folder: ${folder}` : message);
    stopped = true;
    app.quit();
  };
  const openWindow = () => {
    const displays = screen.getAllDisplays().map((d) => d.workArea);
    const w = createMainWindow(paths, loadWindowState(stateFile, displays));
    w.on('close', () => {
      try {
        saveWindowState(stateFile, stateOf(w));
      } catch (err) {
        console.error(`The window's size and position could not be saved: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    w.on('closed', () => {
      if (win === w) win = null;
    });
    win = w;
  };
  const focus = () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  };
  const open = (file: string) => {
    if (!openFile) {
      pendingFile = file;
      return;
    }
    if (!win) openWindow(); // macOS keeps running with no window
    void openFile(file);
  };

  app.on('second-instance', (_event: unknown, secondArgv: string[], workingDirectory: string) => {
    if (host && !win) openWindow();
    focus();
    const file = workspaceFileFromArgv(secondArgv ?? []);
    if (file) open(resolve(workingDirectory || '.', file)); // relative to where the second launch ran
  });
  // macOS hands double-clicked files (and files dropped on the Dock icon) over as events, not arguments.
  app.on('open-file', (event: { preventDefault(): void }, file: string) => {
    event.preventDefault();
    open(file);
  });
  // Defence in depth: whatever webContents appears (a window, devtools, a frame), it is guarded like
  // the main window's, so no navigation, popup or webview gets through anywhere.
  app.on('web-contents-created', (_event: unknown, contents: WebContents) => guardWebContents(contents, paths.indexUrl));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (host && !win) openWindow();
  });
  // Why: quitting waits for the shutdown, so queued writes finish before the database closes. The first
  // before-quit is held back; the shutdown's end quits again, and that one goes through.
  app.on('before-quit', (event: { preventDefault(): void }) => {
    if (stopped || !host) return;
    event.preventDefault();
    stopping ??= stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });

  app
    .whenReady()
    .then(() => {
      const location = workspaceLocation(app.getPath('userData'), argv);
      const opened = openWorkspaceHost(location);
      if ('error' in opened) return fail(opened.error, join(location.root, location.id));
      const h = opened.host;
      host = h;
      hardenSession(session.defaultSession, paths.indexUrl);
      const api = new ApiServerControl(h, argv);
      const inFlight = new InFlight();
      let buildMenu = () => {};
      // Why the wrapper: the host's create, rename and delete emit no event, yet the menu lists workspaces.
      const core = () => ({ ...h.core, invoke: (name: string, input: unknown) => h.core.invoke(name, input).finally(() => name.startsWith('workspaces/') && buildMenu()) });
      const disposeIpc = setupIpc({ core, onEvent: (l) => h.onEvent(l) }, () => win, paths.indexUrl, inFlight);
      stop = () => shutdown({ host: h, api, inFlight, disposeIpc }).catch((err: unknown) => console.error(`Shutdown: ${err instanceof Error ? err.message : String(err)}`));

      const commands = createCommands({
        host: h,
        api,
        dialog,
        shell,
        window: () => win,
        showRoute: (route) => {
          if (!win) openWindow();
          void win?.loadFile(paths.indexHtml, { hash: route });
          focus();
        },
        documentsDir: () => app.getPath('documents'),
      });
      const workspaces = () => {
        try {
          return h.list();
        } catch (err) {
          // Why: a folder removed while it is listed must not cost the app its menu; the open one is enough.
          console.error(`The workspaces could not be listed: ${err instanceof Error ? err.message : String(err)}`);
          return [{ id: h.currentIdName, name: h.currentIdName, current: true }];
        }
      };
      buildMenu = () => {
        const template = menuTemplate({ isPackaged: app.isPackaged, platform: process.platform, workspaces: workspaces(), apiOrigin: api.origin, commands });
        Menu.setApplicationMenu(Menu.buildFromTemplate(template));
      };
      buildMenu();
      // The switch list and the API item follow what the console and the menu change.
      h.onEvent((e) => {
        if (e.type.startsWith('WORKSPACE.')) buildMenu();
      });
      api.onChange(buildMenu);
      openFile = commands.openFile;
      openWindow();
      if (pendingFile) void openFile(pendingFile);
      pendingFile = undefined;
      api.start().catch((err: unknown) => console.error(`The local API could not start: ${err instanceof Error ? err.message : String(err)}`));
    })
    .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
}
