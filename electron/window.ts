// The console's one window: its security-relevant options live here, in one reviewable place, written
// as a literal so that static checkers (electronegativity) can read them.
import { isAbsolute } from 'node:path';
import { BrowserWindow } from 'electron';
import { guardWebContents } from './security';
import { MIN_SIZE, type WindowState } from './window-state';

/** The built files a window loads. */
export interface AppPaths {
  preload: string;
  indexHtml: string;
  indexUrl: string;
}

/**
 * The preload path, refused unless it is the absolute path of the bundled `preload.cjs`: a relative path
 * would resolve against the working directory, which whoever launches the app chooses.
 */
export function checkedPreload(path: string): string {
  if (!isAbsolute(path) || !/[\\/]preload\.cjs$/.test(path)) throw new Error(`Refusing preload script "${path}": it must be the absolute path of the bundled preload.cjs`);
  return path;
}

/** Creates the main window at `state`, guards its navigation and popups, and loads the built renderer from disk. */
export function createMainWindow(paths: AppPaths, state: WindowState): BrowserWindow {
  const win = new BrowserWindow({
    width: state.width,
    height: state.height,
    x: state.x,
    y: state.y,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false, // shown on ready-to-show, so no blank frame flashes
    backgroundColor: '#101418',
    title: 'Payments Console',
    webPreferences: {
      // Why: the page never gets Node, runs in Chromium's sandbox, and sees only what the preload
      // exposes. These are the security baseline and must not be loosened.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick', // middle-click would otherwise try to open links in new windows
      spellcheck: false,
      preload: checkedPreload(paths.preload), // eng-disable PRELOAD_JS_CHECK -- reviewed: our own bundled, sandboxed preload by absolute path; it exposes only invoke, api and onEvent over channels main guards
    },
  });
  guardWebContents(win.webContents, paths.indexUrl);
  win.once('ready-to-show', () => {
    if (state.maximized) win.maximize();
    win.show();
  });
  void win.loadFile(paths.indexHtml);
  return win;
}
