// Packs the application layout without Electron: the built main, preload and renderer, and the file
// list electron-builder would put in the asar archive (from build/electron-builder.yml), then checks that
// everything the app loads at run time is in it, that the config is valid for electron-builder, and that
// the afterPack hook sets the Electron fuses. Needs `npm run build` (npm test runs it first).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
// Loading electron-builder's schema and packing take seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });
// electron-builder's own dependencies: present wherever electron-builder is installed.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as { minimatch(path: string, pattern: string, options?: { dot?: boolean }): boolean };
const asar = require('@electron/asar') as { createPackage(src: string, dest: string): Promise<void>; listPackage(archive: string, options: { isPack: boolean }): string[]; extractFile(archive: string, file: string): Buffer };
const fuses = require('@electron/fuses') as { getCurrentFuseWire(path: string): Promise<Record<string, number | string>>; FuseV1Options: Record<string, number> };
const hook = require('../../build/after-pack.cjs') as ((context: unknown) => Promise<void>) & { fuseConfig(platform: string, arch: number): Record<string, unknown> };

const ROOT = resolve('.');
const BUILT = ['dist/electron/main.cjs', 'dist/electron/preload.cjs', 'dist/renderer/index.html'];

interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  extraMetadata: { main: string };
  asar: boolean;
  asarUnpack: string[];
  afterPack: string;
  electronFuses?: unknown;
  npmRebuild: boolean;
  fileAssociations: { ext: string; name: string }[];
  linux: { target: string[]; icon: string };
  mac: { target: { target: string; arch: string }[]; icon: string };
  win: { target: { target: string }[]; icon: string };
  nsis: { installerIcon: string };
}
const config = yaml.load(readFileSync('build/electron-builder.yml', 'utf8')) as BuilderConfig;

/** True when electron-builder's `files` patterns (later ones win, `!` excludes) take `rel`. */
function takenByFiles(rel: string): boolean {
  let taken = false;
  for (const p of config.files) {
    if (p.startsWith('!')) {
      if (minimatch(rel, p.slice(1), { dot: true })) taken = false;
    } else if (minimatch(rel, p, { dot: true })) taken = true;
  }
  return taken;
}

function walk(dir: string, into: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, into);
    else into.push(p);
  }
  return into;
}

/** The production dependency closure, as electron-builder copies it: every package folder, by layout path. */
function productionPackages(): Map<string, string> {
  const found = new Map<string, string>(); // layout path (node_modules/...) -> folder on disk
  const locate = (name: string, from: string): string | undefined => {
    for (let d = from; ; d = dirname(d)) {
      const candidate = join(d, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(d) === d) return undefined;
    }
  };
  const visit = (name: string, from: string, optional: boolean) => {
    const dir = locate(name, from);
    if (!dir) {
      if (!optional) throw new Error(`production dependency ${name} (needed from ${relative(ROOT, from) || 'the app'}) is not installed`);
      return;
    }
    const key = relative(ROOT, dir).split('\\').join('/');
    if (found.has(key)) return;
    found.set(key, dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    for (const d of Object.keys(pkg.dependencies ?? {})) visit(d, dir, false);
    for (const d of Object.keys(pkg.optionalDependencies ?? {})) visit(d, dir, true);
  };
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  for (const d of Object.keys(pkg.dependencies)) visit(d, ROOT, false);
  return found;
}

let staging: string;
let archive: string;
/** Every path electron-builder would put in the app (asar plus unpacked), relative to the app root. */
let layout: Set<string>;
let packages: Map<string, string>;

beforeAll(async () => {
  for (const f of BUILT) if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first (npm test does)`);
  packages = productionPackages();
  const appFiles = [...walk('dist'), 'package.json'].map((p) => relative(ROOT, p).split('\\').join('/')).filter(takenByFiles);
  const moduleFiles = [...packages.entries()].flatMap(([key, dir]) =>
    walk(dir).map((p) => `${key}/${relative(dir, p).split('\\').join('/')}`).filter((p) => !p.slice(key.length + 1).startsWith('node_modules/')));
  layout = new Set([...appFiles, ...moduleFiles]);
  // Packs the app's own files (what electron-builder puts in the archive besides node_modules) into a
  // real asar archive, with package.json's main as extraMetadata sets it.
  staging = mkdtempSync(join(tmpdir(), 'pc-pack-'));
  const app = join(staging, 'app');
  for (const rel of appFiles) {
    mkdirSync(dirname(join(app, rel)), { recursive: true });
    copyFileSync(rel, join(app, rel));
  }
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(join(app, 'package.json'), JSON.stringify({ ...pkg, ...config.extraMetadata }));
  archive = join(staging, 'app.asar');
  await asar.createPackage(app, archive);
}, 120_000);
afterAll(() => {
  if (staging) rmSync(staging, { recursive: true, force: true });
});

describe('the packed application layout', () => {
  it('holds the main, the preload next to it and the renderer where main looks for them', () => {
    const listed = new Set(asar.listPackage(archive, { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, '')));
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as { main: string };
    expect(pkg.main).toBe('dist/electron/main.cjs');
    for (const f of [pkg.main, 'dist/electron/preload.cjs', 'dist/renderer/index.html']) expect(listed.has(f), f).toBe(true);
    // main.cjs finds them relative to its own folder (electron/app.ts appPaths).
    const main = asar.extractFile(archive, pkg.main).toString();
    expect(main).toContain('"../renderer/index.html"');
    expect(main).toContain('"preload.cjs"');
    expect([...listed].filter((p) => p.endsWith('.map'))).toEqual([]);
    expect([...listed].filter((p) => p.startsWith('dist/host/'))).toEqual([]); // serve is not part of the desktop app
  });

  it("has every file the renderer's index.html and its scripts load", () => {
    const html = readFileSync('dist/renderer/index.html', 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="(\.\/[^"]+)"/g)].map((m) => posix.join('dist/renderer', m[1]!));
    expect(refs.length).toBeGreaterThan(1);
    const assets = [...layout].filter((p) => p.startsWith('dist/renderer/assets/') && /\.(js|css)$/.test(p));
    for (const file of assets) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/["'(](\.\/[\w.-]+\.(?:js|css|woff2?|ttf|png|svg))["')]/g)) refs.push(posix.join(posix.dirname(file), m[1]!));
      for (const m of text.matchAll(/["'](assets\/[\w.-]+\.(?:js|css))["']/g)) refs.push(posix.join('dist/renderer', m[1]!));
    }
    const missing = [...new Set(refs)].filter((r) => !layout.has(r));
    expect(missing).toEqual([]);
  });

  it('has every module the main bundle requires at run time, with what those modules require in turn', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const bare = (code: string) => [...code.matchAll(/require\(["']([^"'./][^"']*)["']\)/g)].map((m) => m[1]!).filter((n) => !builtins.has(n) && n !== 'electron');
    const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    const external = [...new Set(bare(readFileSync('dist/electron/main.cjs', 'utf8')).map(packageOf))];
    expect(external).toEqual(['better-sqlite3']);
    expect(bare(readFileSync('dist/electron/preload.cjs', 'utf8'))).toEqual([]);
    // Follow each module's own requires through its files in the layout.
    const missing: string[] = [];
    const checked = new Set<string>();
    const check = (name: string) => {
      if (checked.has(name)) return;
      checked.add(name);
      const key = [...packages.keys()].find((k) => k === `node_modules/${name}` || k.endsWith(`/node_modules/${name}`));
      if (!key || !layout.has(`${key}/package.json`)) return void missing.push(name);
      const pkg = JSON.parse(readFileSync(join(packages.get(key)!, 'package.json'), 'utf8')) as { main?: string };
      const main = posix.join(key, pkg.main ?? 'index.js');
      if (![main, `${main}.js`, posix.join(main, 'index.js')].some((m) => layout.has(m))) missing.push(`${name} (its main ${pkg.main})`);
      for (const file of [...layout].filter((p) => p.startsWith(`${key}/lib/`) || p === main)) {
        if (file.endsWith('.js')) for (const dep of bare(readFileSync(join(ROOT, file), 'utf8'))) check(packageOf(dep));
      }
    };
    for (const name of external) check(name);
    expect(missing).toEqual([]);
    expect(checked).toContain('bindings'); // better-sqlite3 finds its native module through it
  });

  it("unpacks better-sqlite3's native module from the archive (a .node file cannot load from inside it)", () => {
    const natives = [...layout].filter((p) => p.endsWith('.node') && p.includes('better-sqlite3'));
    expect(natives).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    for (const file of natives) expect(config.asarUnpack.some((p) => minimatch(file, p, { dot: true })), file).toBe(true);
    expect(config.npmRebuild).toBe(true); // rebuilt for Electron's ABI on the packaging machine
  });
});

describe('the installers configuration', () => {
  it('is valid for electron-builder', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(c: unknown, log: unknown): Promise<void> };
    await expect(validateConfiguration(config, { isEnabled: false, add() {} })).resolves.toBeUndefined();
  });

  it('builds AppImage and deb, a universal dmg and nsis, with the app id, product name and .sqlite association', () => {
    expect(config).toMatchObject({ appId: expect.stringMatching(/^[a-z]+(\.[a-z]+)+$/), productName: 'Payments Console', asar: true });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual([{ target: 'dmg', arch: 'universal' }]);
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.fileAssociations).toEqual([expect.objectContaining({ ext: 'sqlite', name: 'Payments Console workspace' })]);
  });

  it('has the icons at every size each platform uses', () => {
    const pngSize = (buf: Buffer) => ({ w: buf.readUInt32BE(16), h: buf.readUInt32BE(20) });
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(readFileSync(join(config.linux.icon, `${size}x${size}.png`)))).toEqual({ w: size, h: size });
    }
    const ico = readFileSync(config.win.icon);
    expect(ico.readUInt16LE(2)).toBe(1);
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256);
    expect(icoSizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
    expect(config.nsis.installerIcon).toBe(config.win.icon);
    const icns = readFileSync(config.mac.icon);
    expect(icns.subarray(0, 4).toString()).toBe('icns');
    const types: string[] = [];
    for (let o = 8; o < icns.length; o += icns.readUInt32BE(o + 4)) types.push(icns.subarray(o, o + 4).toString());
    expect(types).toEqual(expect.arrayContaining(['icp4', 'icp5', 'ic07', 'ic08', 'ic09', 'ic10']));
    expect(statSync('build/icons/icon.png').size).toBeGreaterThan(0);
  });
});

describe('the Electron fuses of a packaged build', () => {
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
  const E = 49; // '1': enabled
  const D = 48; // '0': disabled
  /** A stand-in Electron binary: some bytes, the fuse sentinel and a wire of 8 fuses at Electron's defaults. */
  function fakeBinary(path: string): void {
    mkdirSync(dirname(path), { recursive: true });
    const wire = Buffer.from([1, 8, E, D, E, E, D, D, D, E]);
    writeFileSync(path, Buffer.concat([Buffer.alloc(64, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(64, 7)]));
  }
  const wireOf = async (path: string) => {
    const w = await fuses.getCurrentFuseWire(path);
    const o = fuses.FuseV1Options;
    return {
      runAsNode: w[o['RunAsNode']!], cookieEncryption: w[o['EnableCookieEncryption']!], nodeOptions: w[o['EnableNodeOptionsEnvironmentVariable']!],
      inspect: w[o['EnableNodeCliInspectArguments']!], asarIntegrity: w[o['EnableEmbeddedAsarIntegrityValidation']!], onlyAsar: w[o['OnlyLoadAppFromAsar']!],
    };
  };

  it('is set by the afterPack hook that electron-builder.yml names (and not twice by electronFuses)', () => {
    expect(config.afterPack).toBe('build/after-pack.cjs');
    expect(config.electronFuses).toBeUndefined();
  });

  it('turns off RunAsNode, NODE_OPTIONS and inspect, and turns on cookie encryption, asar-only and (macOS, Windows) asar integrity', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-fuses-'));
    try {
      const cases = [
        { platform: 'linux', binary: join(dir, 'linux', 'payments-console'), integrity: D },
        { platform: 'win32', binary: join(dir, 'win', 'Payments Console.exe'), integrity: E },
        { platform: 'darwin', binary: join(dir, 'mac', 'Payments Console.app', 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework'), integrity: E },
      ];
      for (const c of cases) {
        fakeBinary(c.binary);
        const appOutDir = join(dir, c.platform === 'linux' ? 'linux' : c.platform === 'win32' ? 'win' : 'mac');
        await hook({ appOutDir, electronPlatformName: c.platform, arch: 1, packager: { executableName: 'payments-console', appInfo: { productFilename: 'Payments Console' } } });
        const path = c.platform === 'darwin' ? join(appOutDir, 'Payments Console.app') : c.binary;
        expect(await wireOf(path), c.platform).toEqual({ runAsNode: D, cookieEncryption: E, nodeOptions: D, inspect: D, asarIntegrity: c.integrity, onlyAsar: E });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when the binary has no fuse wire, and re-signs arm64 and universal macOS builds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-fuses-'));
    try {
      writeFileSync(join(dir, 'payments-console'), Buffer.alloc(128, 1));
      await expect(hook({ appOutDir: dir, electronPlatformName: 'linux', arch: 1, packager: { executableName: 'payments-console', appInfo: { productFilename: 'Payments Console' } } })).rejects.toThrow(/sentinel/);
      expect(hook.fuseConfig('darwin', 4)['resetAdHocDarwinSignature']).toBe(true);
      expect(hook.fuseConfig('darwin', 3)['resetAdHocDarwinSignature']).toBe(true);
      expect(hook.fuseConfig('darwin', 1)['resetAdHocDarwinSignature']).toBe(false);
      expect(hook.fuseConfig('linux', 3)['resetAdHocDarwinSignature']).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
