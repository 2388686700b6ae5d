/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  /** A single-file component. */
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

interface Window {
  /** The Electron preload's bridge; absent when the console runs in a browser under `serve`. */
  paymentsConsole?: import('../core/index').ConsoleBridge;
}
