// Electron main entry, bundled by build/bundle.mjs to dist/electron/main.cjs (CommonJS, so __dirname
// is the folder holding main.cjs and preload.cjs).
import { startApp } from './app';

startApp(__dirname, process.argv);
