/** The fixed IPC channel names shared by main and preload (this file imports nothing, so the sandboxed preload can bundle it). */
export const CHANNELS = {
  /** Renderer -> main: run a console handler, payload `{ name, input }`. */
  invoke: 'console:invoke',
  /** Renderer -> main: call the platform API as the console, payload `ApiRequest`. */
  api: 'console:api',
  /** Main -> renderer: one committed domain event. */
  event: 'console:event',
  /** Renderer -> main: save a transaction's case file through the native dialog, payload `{ transactionId, format }`. */
  saveCaseFile: 'console:save-case-file',
} as const;
