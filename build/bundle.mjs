// Bundles the Node-side programs with esbuild: the `serve` host (ESM) and the Electron main and
// preload (CommonJS: the sandboxed preload must be one CJS file). Native and Electron modules stay external.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', external: ['better-sqlite3', 'electron'] };

await Promise.all([
  build({ ...common, entryPoints: ['core/host/serve.ts'], outfile: 'dist/host/serve.mjs', format: 'esm',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } }),
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', format: 'cjs' }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', format: 'cjs', platform: 'browser', external: ['electron'] }),
]);
