// The one IPC choke point between the console page and the core. Main is the gatekeeper: every message
// is checked for its sender, its channel's payload shape and (for invoke) a known handler name before
// the core runs. Refusals and failures come back as data, never as thrown errors, because only an
// error's message survives Electron's IPC serialisation.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import type { ApiRequest, ApiResponse, BridgeResult, Core } from '../core/index';
import { CHANNELS } from './channels';
import { apiUploadSchema, MAX_BRIDGE_UPLOAD_BYTES } from '../core/console/upload';
import { handleSaveCaseFile } from './case-file';

/** What the IPC layer needs of the core. */
export type IpcCore = Pick<Core, 'invoke' | 'callApi' | 'handlerNames' | 'onEvent'>;

/** The window allowed to use the bridge (structural, so a BrowserWindow or a test stub fits). */
export interface BridgeWindow {
  isDestroyed(): boolean;
  webContents: { send(channel: string, ...args: unknown[]): void; isDestroyed(): boolean };
}

/** The parts of an IPC event that the sender check reads. */
export interface SenderInfo {
  sender: unknown;
  senderFrame: { url: string; parent: unknown } | null;
}

/** A refusal or failure as data, in the shape every bridge uses. */
export type Refusal = Extract<BridgeResult<never>, { ok: false }>;

/** Builds a refusal with a stable code. */
export function refusal(status: number, code: string, message: string): Refusal {
  return { ok: false, error: { status, code, message } };
}

/** True when `url` is the app's own index.html (file:// and the same path; query and hash are the router's). */
export function isAppUrl(url: string, indexUrl: string): boolean {
  try {
    const actual = new URL(url);
    const expected = new URL(indexUrl);
    return actual.protocol === 'file:' && expected.protocol === 'file:' && actual.host === expected.host && actual.pathname === expected.pathname;
  } catch {
    return false;
  }
}

/**
 * True only for a message from the main window's own page. Why both checks: the webContents identity
 * rules out other windows and webviews, and the frame URL rules out foreign content that the window
 * might have been navigated to, or that runs in a subframe of it.
 */
export function isTrustedSender(event: SenderInfo, expected: { webContents: unknown; indexUrl: string } | undefined): boolean {
  if (!expected || event.sender !== expected.webContents) return false;
  let frame: SenderInfo['senderFrame'];
  try {
    frame = event.senderFrame; // Electron throws when the frame was disposed: treat as untrusted.
  } catch {
    return false;
  }
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url, expected.indexUrl);
}

const invokePayload = z.object({ name: z.string().min(1).max(200), input: z.unknown() }).strict();

/** True when a path segment is (or decodes to) `.` or `..`, which URL parsing would resolve away. */
function isDotSegment(segment: string): boolean {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded === '.' || decoded === '..';
  } catch {
    return true; // malformed percent-encoding is refused too
  }
}

/** The shape of `console:api` payloads; the path must stay below the versioned API base. */
export const apiRequestSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
    // Why: the path is appended to the versioned base, so `//`, `\`, `?`, `#` and dot segments could
    // otherwise escape it or smuggle a query past `query`'s validation.
    path: z
      .string()
      .max(2048)
      .regex(/^\/(?!\/)[^?#\\\s]*$/, 'must start with a single / and contain no query, fragment, backslash or whitespace')
      .refine((p) => !p.split('/').some(isDotSegment), 'must not contain . or .. segments'),
    query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.undefined()])).optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'is not a header name'), z.string().regex(/^[^\r\n\0]*$/)).optional(),
    // A file upload: fields plus the file as base64, sent on by the core as multipart/form-data.
    upload: apiUploadSchema.optional(),
    // Send as an API token of the workspace (its id); the core refuses an unknown or revoked one.
    asToken: z.string().min(1).max(200).optional(),
  })
  .strict() satisfies z.ZodType<ApiRequest>;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? issue.path.join('.') : 'payload'}: ${issue.message}` : 'payload is invalid';
}

/**
 * An API-channel refusal. Why this shape: `api()` resolves to an ApiResponse, and an API error's body is
 * the flat error object, so the renderer reads the refusal's code exactly as it reads any API error.
 */
function apiRefusal(r: Refusal): ApiResponse {
  return { status: r.error.status, headers: { 'content-type': 'application/json' }, body: r.error };
}

/** Handles one `console:invoke` message (exported for tests). */
export async function handleInvoke(core: IpcCore, trusted: boolean, payload: unknown): Promise<BridgeResult<unknown>> {
  if (!trusted) return refusal(403, 'FORBIDDEN_SENDER', 'IPC message refused: it did not come from the console window');
  const parsed = invokePayload.safeParse(payload);
  if (!parsed.success) return refusal(400, 'INVALID_INPUT', `Invoke payload is malformed (${firstIssue(parsed.error)})`);
  const { name, input } = parsed.data;
  // Why check here as well as in the core: main refuses before anything runs, whatever the core does.
  if (!core.handlerNames.includes(name)) return refusal(404, 'UNKNOWN_HANDLER', `No console handler named "${name}"`);
  try {
    return await core.invoke(name, input);
  } catch (err) {
    console.error(`[ipc] ${name} failed:`, err);
    return refusal(500, 'INTERNAL_ERROR', 'Internal error: the request could not be completed');
  }
}

/** Handles one `console:api` message (exported for tests). */
export async function handleApi(core: IpcCore, trusted: boolean, payload: unknown): Promise<ApiResponse> {
  if (!trusted) return apiRefusal(refusal(403, 'FORBIDDEN_SENDER', 'IPC message refused: it did not come from the console window'));
  const parsed = apiRequestSchema.safeParse(payload);
  if (!parsed.success) {
    // A file beyond what the bridge carries is "too large", in the API's own terms, not a malformed message.
    if (parsed.error.issues.some((i) => i.code === 'too_big' && i.path.join('.') === 'upload.file.base64')) {
      return apiRefusal(refusal(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the ${MAX_BRIDGE_UPLOAD_BYTES / 1024 / 1024} MB the console can send`));
    }
    return apiRefusal(refusal(400, 'INVALID_INPUT', `API request is malformed (${firstIssue(parsed.error)})`));
  }
  try {
    return await core.callApi(parsed.data);
  } catch (err) {
    console.error(`[ipc] ${parsed.data.method} ${parsed.data.path} failed:`, err);
    return apiRefusal(refusal(500, 'INTERNAL_ERROR', 'Internal error: the request could not be completed'));
  }
}

/** Where the bridge finds the core: the host's open one on every call (a workspace switch replaces it). */
export interface IpcSource {
  core(): IpcCore;
  /** Committed events of whichever workspace is open (and the host's own, such as WORKSPACE.SWITCHED). */
  onEvent: IpcCore['onEvent'];
}

/** Counts the calls in progress, so a shutdown can wait for their writes and refuse new calls. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();
  private closing = false;

  /** True once `close` was called: new calls are refused. */
  get closed(): boolean {
    return this.closing;
  }

  /** Number of calls in progress. */
  get size(): number {
    return this.pending.size;
  }

  /** Tracks `work` until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.then(
      () => this.pending.delete(work),
      () => this.pending.delete(work),
    );
    return work;
  }

  /** Refuses new calls from now on and resolves once every call in progress has settled. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

const shuttingDown = () => refusal(503, 'SHUTTING_DOWN', 'The console is closing: the request was not run');

/**
 * Registers the bridge's channels and forwards the host's events to the window. `indexUrl` is the
 * file:// URL of the built renderer, the only page trusted to call. Returns a function that undoes both.
 */
export function setupIpc(source: IpcSource, getWindow: () => BridgeWindow | null, indexUrl: string, inFlight = new InFlight()): () => void {
  const trusted = (event: IpcMainInvokeEvent) => {
    const win = getWindow();
    return isTrustedSender(event, win && !win.isDestroyed() ? { webContents: win.webContents, indexUrl } : undefined);
  };
  ipcMain.handle(CHANNELS.invoke, (event, payload: unknown) =>
    inFlight.closed ? shuttingDown() : inFlight.track(handleInvoke(source.core(), trusted(event), payload)));
  ipcMain.handle(CHANNELS.api, (event, payload: unknown) =>
    inFlight.closed ? apiRefusal(shuttingDown()) : inFlight.track(handleApi(source.core(), trusted(event), payload)));
  ipcMain.handle(CHANNELS.saveCaseFile, (event, payload: unknown) =>
    inFlight.closed ? shuttingDown() : inFlight.track(handleSaveCaseFile(source.core(), trusted(event), getWindow(), payload)));
  const unsubscribe = source.onEvent((event) => {
    const win = getWindow();
    // Why only the main window: events carry workspace data, which no other webContents may see.
    if (win && !win.isDestroyed() && !win.webContents.isDestroyed()) win.webContents.send(CHANNELS.event, event);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(CHANNELS.invoke);
    ipcMain.removeHandler(CHANNELS.api);
    ipcMain.removeHandler(CHANNELS.saveCaseFile);
  };
}
