// The sandboxed preload: exposes exactly four typed functions on `window.paymentsConsole` and nothing
// else (no ipcRenderer, no fs, no process.env), over the fixed channels that main guards.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ConsoleBridge, DomainEvent } from '../core/index';
import { CHANNELS } from './channels';

// The bridge object the renderer receives; `satisfies` keeps it in step with the shared contract.
const bridge = {
  invoke: (name, input) => ipcRenderer.invoke(CHANNELS.invoke, { name, input }),
  api: (request) => ipcRenderer.invoke(CHANNELS.api, request),
  // Only the transaction and the format cross: main fetches the page itself and owns the dialog and the file.
  saveCaseFile: (request) => ipcRenderer.invoke(CHANNELS.saveCaseFile, { transactionId: request.transactionId, format: request.format }),
  onEvent(listener) {
    // Why a wrapper: Electron's event object carries `sender` (the ipcRenderer itself), so handing it to
    // page code would leak raw IPC. The listener gets only the cloned payload.
    const wrapper = (_event: IpcRendererEvent, payload: DomainEvent) => listener(payload);
    ipcRenderer.on(CHANNELS.event, wrapper);
    return () => {
      ipcRenderer.removeListener(CHANNELS.event, wrapper);
    };
  },
} satisfies ConsoleBridge;

contextBridge.exposeInMainWorld('paymentsConsole', bridge);
