// electron-builder's afterPack hook (build/electron-builder.yml): flips the Electron fuses of the packed
// app with @electron/fuses, then reads them back and fails the build if any did not take. It runs on
// the packaging machine only (these machines cannot download Electron); test/electron/pack.test.ts runs
// it on a stand-in binary to prove the configuration applies.
const path = require('node:path');
const { flipFuses, getCurrentFuseWire, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** electron-builder's Arch enum (builder-util): only the values this hook reads. */
const ARCH = { x64: 1, arm64: 3, universal: 4 };
/** @electron/fuses' FuseState: the bytes a fuse wire holds. */
const STATE = { DISABLE: 48, ENABLE: 49 };

/**
 * The fuses of a packaged build, for `platform` (darwin, win32, linux) and electron-builder's `arch`.
 * Each one closes a way to run other code with the signed app's identity.
 */
function fuseConfig(platform, arch) {
  return {
    version: FuseVersion.V1,
    // Why: a flipped arm64 binary must be ad-hoc re-signed or macOS refuses to start it (a universal app has an arm64 slice).
    resetAdHocDarwinSignature: platform === 'darwin' && (arch === ARCH.arm64 || arch === ARCH.universal),
    [FuseV1Options.RunAsNode]: false, // ELECTRON_RUN_AS_NODE would turn the app into a general Node runtime
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false, // NODE_OPTIONS could preload any script
    [FuseV1Options.EnableNodeCliInspectArguments]: false, // --inspect would open a debugger to the main process
    [FuseV1Options.EnableCookieEncryption]: true, // cookies encrypted at rest with the OS keychain
    [FuseV1Options.OnlyLoadAppFromAsar]: true, // no app/ folder next to the archive is ever loaded instead
    // Electron validates the archive against the hash electron-builder embeds on macOS (Info.plist) and
    // Windows (a resource); Linux has no such check, so the fuse stays off there.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: platform === 'darwin' || platform === 'win32',
    // The renderer is loaded from file:// as ES modules, which needs the file protocol's privileges.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  };
}

/** The path of the packed Electron executable whose fuses are flipped. */
function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return path.join(appOutDir, packager.executableName);
}

/** The fuses that `wire` (from getCurrentFuseWire) does not hold as `config` asks. */
function unappliedFuses(config, wire) {
  return Object.keys(FuseV1Options)
    .filter((k) => !Number.isNaN(Number(k)) && config[k] !== undefined)
    .filter((k) => wire[k] !== (config[k] ? STATE.ENABLE : STATE.DISABLE))
    .map((k) => FuseV1Options[k]);
}

/** The hook: flips the fuses and verifies them. */
async function afterPack(context) {
  // Why: a universal macOS build packs each architecture into a "-temp" folder before merging them;
  // the fuses are flipped once, on the merged app (in both slices).
  if (context.electronPlatformName === 'darwin' && context.appOutDir.endsWith('-temp')) return;
  const binary = electronBinaryPath(context);
  const config = fuseConfig(context.electronPlatformName, context.arch);
  await flipFuses(binary, config);
  const missing = unappliedFuses(config, await getCurrentFuseWire(binary));
  if (missing.length) throw new Error(`Electron fuses not applied to ${binary}: ${missing.join(', ')}`);
  console.log(`  • fuses set on ${path.basename(binary)}: no RunAsNode, no NODE_OPTIONS, no inspect, cookie encryption, app only from asar${config[FuseV1Options.EnableEmbeddedAsarIntegrityValidation] ? ', asar integrity' : ''}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinaryPath = electronBinaryPath;
module.exports.unappliedFuses = unappliedFuses;
