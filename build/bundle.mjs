// Bundles the Node-side programs with esbuild: the `serve` host (ESM) and the Electron main and
// preload (CommonJS: the sandboxed preload must be one CJS file). Native and Electron modules stay external.
import { build } from 'esbuild';
import { NODE_BUNDLE as common, SERVE_BUNDLE } from './serve-bundle.mjs';

await Promise.all([
  build({ ...SERVE_BUNDLE, entryPoints: ['core/host/serve.ts'], outfile: 'dist/host/serve.mjs' }),
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', format: 'cjs' }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', format: 'cjs', platform: 'browser', external: ['electron'] }),
]);
