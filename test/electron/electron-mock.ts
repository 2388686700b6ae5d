// A stand-in for the `electron` module (no Electron binary exists on these machines). Tests install it
// with `vi.mock('electron', () => import('./electron-mock'))` and read what the code under test did
// through the same exports: captured IPC handlers, the exposed bridge, constructed windows.
import { existsSync, readFileSync } from 'node:fs';
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

/** A minimal event emitter that records listeners so tests can fire Electron events by hand. */
export class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(name: string, fn: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
    return this;
  }
  once(name: string, fn: Listener): this {
    return this.on(name, fn);
  }
  /** Calls every listener of `name` with `args`. */
  emit(name: string, ...args: unknown[]): void {
    for (const fn of this.listeners.get(name) ?? []) fn(...args);
  }
}

/** The options of `setWindowOpenHandler`'s callback and its answer. */
export type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

/** A fake webContents: records sends and the window-open handler. */
export class FakeWebContents extends Emitter {
  readonly send = vi.fn<(channel: string, ...args: unknown[]) => void>();
  windowOpenHandler: WindowOpenHandler | undefined;
  readonly setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => {
    this.windowOpenHandler = handler;
  });
  isDestroyed(): boolean {
    return false;
  }
  /** A PDF of whatever was loaded: the loaded URL's text after a fixed header, so a test can tell what was printed. */
  loadedUrl = '';
  readonly printToPDF = vi.fn(async (_options?: Record<string, unknown>) => Buffer.from(`%PDF-1.4 fake of ${this.loadedUrl.slice(0, 40000)}`));
}

/** A fake BrowserWindow that remembers its constructor options and every instance. */
export class BrowserWindow extends Emitter {
  static readonly instances: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  /** The text of the file last loaded, read when it was loaded (a temporary file may be gone afterwards). */
  loadedFileText = '';
  readonly loadFile = vi.fn(async (path: string, _options?: { hash?: string }) => {
    this.loadedFileText = existsSync(path) ? readFileSync(path, 'utf8') : '';
  });
  readonly loadURL = vi.fn(async (url: string) => {
    this.webContents.loadedUrl = url;
  });
  readonly destroy = vi.fn();
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly maximize = vi.fn();
  /** What getNormalBounds and isMaximized answer (tests move the window by changing these). */
  bounds = { x: 0, y: 0, width: 0, height: 0 };
  maximized = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    const o = options as { x?: number; y?: number; width?: number; height?: number };
    this.bounds = { x: o.x ?? 10, y: o.y ?? 10, width: o.width ?? 0, height: o.height ?? 0 };
    BrowserWindow.instances.push(this);
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return false;
  }
  isMinimized(): boolean {
    return false;
  }
}

/** Handlers registered with `ipcMain.handle`, by channel. */
export const ipcHandlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
/** Stand-in for ipcMain. */
export const ipcMain = {
  handle: vi.fn((channel: string, fn: (event: unknown, payload: unknown) => unknown) => {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, fn);
  }),
  removeHandler: vi.fn((channel: string) => {
    ipcHandlers.delete(channel);
  }),
};

/** What the preload exposed, by key. */
export const exposed = new Map<string, unknown>();
/** Stand-in for contextBridge. */
export const contextBridge = { exposeInMainWorld: vi.fn((key: string, api: unknown) => exposed.set(key, api)) };
/** Stand-in for ipcRenderer. */
export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, _payload: unknown): Promise<unknown> => ({ ok: true, value: 'stub' })),
  on: vi.fn((_channel: string, _fn: Listener) => ipcRenderer),
  removeListener: vi.fn((_channel: string, _fn: Listener) => ipcRenderer),
};

/** Stand-in for `app`; `paths` answers getPath and records setPath. */
export const app = Object.assign(new Emitter(), {
  isPackaged: false,
  paths: new Map<string, string>(),
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
  enableSandbox: vi.fn(),
  whenReady: vi.fn(() => Promise.resolve()),
  // Throws for a path the test did not set, so no test can create folders outside its temp dirs.
  getPath: vi.fn((name: string): string => {
    const path = app.paths.get(name);
    if (path === undefined) throw new Error(`app.getPath('${name}') was not set by this test`);
    return path;
  }),
  setPath: vi.fn((name: string, value: string) => {
    app.paths.set(name, value);
  }),
});

/** Stand-in for `session`. */
export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    on: vi.fn(),
  },
};
/** Stand-in for `shell`. */
export const shell = { openExternal: vi.fn(async (_url: string) => {}), showItemInFolder: vi.fn((_path: string) => {}) };
/** What the next open or save dialog answers (tests set these; a dialog nobody prepared is cancelled). */
export const dialogAnswers: { open: string[]; save: string[]; messageBox: number[] } = { open: [], save: [], messageBox: [] };
/** Stand-in for `dialog`: answers from `dialogAnswers`, recording the options each dialog was shown with. */
export const dialog = {
  showErrorBox: vi.fn((_title: string, _content: string) => {}),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => {
    const path = dialogAnswers.open.shift();
    return { canceled: path === undefined, filePaths: path === undefined ? [] : [path] };
  }),
  showSaveDialog: vi.fn(async (..._args: unknown[]) => {
    const path = dialogAnswers.save.shift();
    return { canceled: path === undefined, filePath: path ?? '' };
  }),
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: dialogAnswers.messageBox.shift() ?? 0, checkboxChecked: false })),
};
/** Stand-in for `screen`: one 1920x1080 display unless a test changes `displays`. */
export const displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
export const screen = { getAllDisplays: vi.fn(() => displays) };
/** Stand-in for `Menu`. */
export const Menu = { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() };

/** Forgets everything recorded, between tests. */
export function resetElectronMock(): void {
  vi.clearAllMocks();
  ipcHandlers.clear();
  exposed.clear();
  BrowserWindow.instances.length = 0;
  app.listeners.clear();
  app.paths.clear();
  app.isPackaged = false;
  dialogAnswers.open.length = 0;
  dialogAnswers.save.length = 0;
  dialogAnswers.messageBox.length = 0;
  displays.splice(0, displays.length, { workArea: { x: 0, y: 0, width: 1920, height: 1080 } });
}
