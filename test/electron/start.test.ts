import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserOpener, consoleUrlIn, electronBinary, FALLBACK_NOTICE, launchPlan } from '../../build/electron-runtime.mjs';

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fake `node_modules/electron` folder, optionally with path.txt and the binary it names. */
function fakeElectronPackage({ pathTxt, binary }: { pathTxt?: string; binary?: boolean }): string {
  const dir = tempDir('pc-electron-pkg-');
  if (pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), pathTxt);
  if (binary && pathTxt) {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', pathTxt), '');
  }
  return dir;
}

describe('npm start picks its runtime', () => {
  it('finds no Electron when the package is not installed or its binary was never downloaded', () => {
    expect(electronBinary({ packageDir: undefined, env: {} })).toBeUndefined();
    expect(electronBinary({ packageDir: fakeElectronPackage({}), env: {} })).toBeUndefined();
    expect(electronBinary({ packageDir: fakeElectronPackage({ pathTxt: 'electron' }), env: {} })).toBeUndefined();
  });

  it('finds the binary that path.txt names, or the one under ELECTRON_OVERRIDE_DIST_PATH', () => {
    const dir = fakeElectronPackage({ pathTxt: 'electron', binary: true });
    expect(electronBinary({ packageDir: dir, env: {} })).toBe(join(dir, 'dist', 'electron'));
    const override = tempDir('pc-electron-dist-');
    writeFileSync(join(override, 'electron'), '');
    expect(electronBinary({ packageDir: fakeElectronPackage({}), env: { ELECTRON_OVERRIDE_DIST_PATH: override } })).toBe(join(override, 'electron'));
  });

  it('falls back to the serve host in the browser, with one sentence and the same arguments, when no binary exists', () => {
    const plan = launchPlan({ binary: electronBinary({ packageDir: fakeElectronPackage({ pathTxt: 'electron' }), env: {} }), root: '/repo', extraArgs: ['--port', '0'], nodePath: '/usr/bin/node' });
    expect(plan).toEqual({ command: '/usr/bin/node', args: [join('/repo', 'dist', 'host', 'serve.mjs'), '--port', '0'], notice: FALLBACK_NOTICE });
    expect(FALLBACK_NOTICE).toMatch(/^No Electron runtime is available[^.]*browser instead:$/);
  });

  it('runs the bundled main in Electron when the binary exists', () => {
    const plan = launchPlan({ binary: '/e/electron', root: '/repo', extraArgs: ['--data-dir', '/w'] });
    expect(plan).toEqual({ command: '/e/electron', args: [join('/repo', 'dist', 'electron', 'main.cjs'), '--data-dir', '/w'], notice: undefined });
  });
});

describe('npm start opens the console in a browser when it falls back to serve', () => {
  const withXdgOpen = (path: string) => path === '/usr/bin/xdg-open';

  it('uses xdg-open on a Linux desktop, open on macOS and start on Windows', () => {
    expect(browserOpener({ platform: 'linux', env: { DISPLAY: ':0', PATH: '/usr/local/bin:/usr/bin' }, exists: withXdgOpen })).toEqual({ command: '/usr/bin/xdg-open', args: [] });
    expect(browserOpener({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0', PATH: '/usr/bin' }, exists: withXdgOpen })?.command).toBe('/usr/bin/xdg-open');
    expect(browserOpener({ platform: 'darwin', env: {} })).toEqual({ command: 'open', args: [] });
    expect(browserOpener({ platform: 'win32', env: {} })).toEqual({ command: 'cmd', args: ['/d', '/c', 'start', '""'] });
  });

  it('opens nothing without a display, without xdg-open, in CI or when asked not to', () => {
    expect(browserOpener({ platform: 'linux', env: { PATH: '/usr/bin' }, exists: withXdgOpen })).toBeUndefined();
    expect(browserOpener({ platform: 'linux', env: { DISPLAY: ':0', PATH: '/usr/bin' }, exists: () => false })).toBeUndefined();
    expect(browserOpener({ platform: 'darwin', env: { CI: 'true' } })).toBeUndefined();
    expect(browserOpener({ platform: 'darwin', env: { PAYMENTS_CONSOLE_NO_BROWSER: '1' } })).toBeUndefined();
  });

  it("reads the console address from serve's Console line only", () => {
    expect(consoleUrlIn('Console http://127.0.0.1:4100/console/?token=abc_-1#/')).toBe('http://127.0.0.1:4100/console/?token=abc_-1#/');
    expect(consoleUrlIn('API http://127.0.0.1:4100/2025-10-13')).toBeUndefined();
    expect(consoleUrlIn('Console https://evil.example/console/')).toBeUndefined();
  });
});
