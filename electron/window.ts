// The console's one window: its security-relevant options live here, in one reviewable place, written
// as a literal so that static checkers (electronegativity) can read them.
import { BrowserWindow } from 'electron';
import { guardWebContents } from './security';

/** Creates the main window, guards its navigation and popups, and loads the built renderer from disk. */
export function createMainWindow(paths: { preload: string; indexHtml: string; indexUrl: string }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
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
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick', // middle-click would otherwise try to open links in new windows
      spellcheck: false,
      preload: paths.preload,
    },
  });
  guardWebContents(win.webContents, paths.indexUrl);
  win.once('ready-to-show', () => win.show());
  void win.loadFile(paths.indexHtml);
  return win;
}
