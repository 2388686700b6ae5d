import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

// The renderer is built once and loaded by both hosts: from file:// in Electron and from
// /console/ on the loopback server, hence relative asset paths and a hash router.
// Screens are lazy routes (router.ts), so each is its own chunk; the groups below keep the
// libraries the frame needs at start in two chunks (Vue with its router and store; the rest, mostly
// naive-ui's core); a library only some screens use is split out with those screens.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [vue()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vue', test: /node_modules[\\/](@vue|vue|vue-router|pinia)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
