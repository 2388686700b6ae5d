// Decides how `npm start` runs the console: in Electron when its binary is present, else in the browser
// through the `serve` host. Pure functions over injectable inputs, so tests can exercise both outcomes.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

/** The one sentence printed when the console falls back to the browser. */
export const FALLBACK_NOTICE =
  'No Electron runtime is available on this machine (its binary could not be downloaded), so the console starts in your browser instead:';

/** The folder of the installed `electron` npm package, or undefined when it is not installed. */
export function electronPackageDir(from = import.meta.url) {
  try {
    return dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * The Electron executable's path, or undefined when there is none. Why not `require('electron')`: the
 * package's index.js starts a download of the binary when it is missing, and nothing may be downloaded
 * here. So this repeats its lookup (path.txt, ELECTRON_OVERRIDE_DIST_PATH) and only checks the disk.
 */
export function electronBinary({ packageDir = electronPackageDir(), env = process.env, exists = existsSync } = {}) {
  if (!packageDir) return undefined;
  let relative;
  try {
    const pathFile = join(packageDir, 'path.txt');
    relative = exists(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  } catch {
    relative = undefined;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  let candidate;
  if (override) candidate = join(override, relative || 'electron');
  else if (relative) candidate = join(packageDir, 'dist', relative);
  return candidate && exists(candidate) ? candidate : undefined;
}

/** What to spawn: Electron on the bundled main when a binary exists, else Node on the `serve` host. */
export function launchPlan({ binary, root, extraArgs = [], nodePath = process.execPath }) {
  if (binary) return { command: binary, args: [join(root, 'dist', 'electron', 'main.cjs'), ...extraArgs], notice: undefined };
  return { command: nodePath, args: [join(root, 'dist', 'host', 'serve.mjs'), ...extraArgs], notice: FALLBACK_NOTICE };
}

/**
 * How to open a URL in the user's browser, or undefined when there is no browser to open (no display
 * on Linux, no xdg-open, CI, or PAYMENTS_CONSOLE_NO_BROWSER set): then the printed address is enough.
 */
export function browserOpener({ platform = process.platform, env = process.env, exists = existsSync } = {}) {
  if (env.PAYMENTS_CONSOLE_NO_BROWSER || env.CI) return undefined;
  if (platform === 'darwin') return { command: 'open', args: [] };
  // Why the empty title: `start` takes its first quoted argument as the window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/d', '/c', 'start', '""'] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  const dir = (env.PATH ?? '').split(delimiter).find((d) => d && exists(join(d, 'xdg-open')));
  return dir ? { command: join(dir, 'xdg-open'), args: [] } : undefined;
}

/** The console address in a line `serve` printed (`Console http://127.0.0.1:PORT/console/?token=…#/`), if it is that line. */
export function consoleUrlIn(line) {
  const m = /^Console (http:\/\/127\.0\.0\.1:\d+\/console\/\S*)$/.exec(line.trim());
  return m ? m[1] : undefined;
}
