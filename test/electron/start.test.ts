import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronBinary, FALLBACK_NOTICE, launchPlan } from '../../build/electron-runtime.mjs';

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
