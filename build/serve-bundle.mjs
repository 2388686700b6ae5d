// How the `serve` host is bundled (esbuild): shared by build/bundle.mjs, which ships it, and the benchmark,
// which bundles its own serve process the same way so that it measures what users run.

/** Options every Node-side bundle shares: native and Electron modules stay external. */
export const NODE_BUNDLE = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', external: ['better-sqlite3', 'electron'] };

/** The options of an ESM bundle of a Node program (`require` is given back for the CommonJS dependencies). */
export const SERVE_BUNDLE = {
  ...NODE_BUNDLE,
  format: 'esm',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};
