// Types of build/serve-bundle.mjs, for the TypeScript benchmark that imports it.
import type { BuildOptions } from 'esbuild';

/** Options every Node-side bundle shares: native and Electron modules stay external. */
export declare const NODE_BUNDLE: BuildOptions;
/** The options of an ESM bundle of a Node program (`require` is given back for the CommonJS dependencies). */
export declare const SERVE_BUNDLE: BuildOptions;
