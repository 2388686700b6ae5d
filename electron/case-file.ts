// Saving a case file in the desktop app: main fetches the page from the core itself (the renderer only
// names the transaction, so nothing the page sends is ever written to disk), asks where to save it with
// the native dialog, and for PDF prints it in a hidden window that runs no script and loads nothing.
import { BrowserWindow, dialog } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ApiResponse, BridgeResult } from '../core/index';
import type { CaseFileSaved } from '../core/console/bridge';
import { caseFileName } from '../core/case-file/file-name';

/** What the save needs of the core: its API, called as the console (logged like the browser's download). */
export interface CaseFileCore {
  callApi(request: { method: 'GET'; path: string }): Promise<ApiResponse>;
}

/** The shape of `console:save-case-file` payloads. */
export const saveCaseFileSchema = z.object({
  transactionId: z.string().regex(/^(Transaction|CardTransaction):[0-9A-Za-z-]{1,100}$/, 'must be a transaction or card transaction id'),
  format: z.enum(['html', 'pdf']),
}).strict();

const refused = (status: number, code: string, message: string): BridgeResult<never> => ({ ok: false, error: { status, code, message } });

/**
 * Prints a page to PDF in a hidden, sandboxed window with JavaScript off (the case file has none), then
 * closes it. The page goes through a private temporary file, not a data: URL, which Chromium caps at about
 * 2 MB; the file is deleted whatever happens.
 */
export async function htmlToPdf(html: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'case-file-pdf-'));
  const win = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, webSecurity: true, webviewTag: false, disableBlinkFeatures: 'Auxclick' },
  });
  try {
    const file = join(dir, 'case-file.html');
    await writeFile(file, html, { encoding: 'utf8', mode: 0o600 });
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    await win.loadFile(file);
    return await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true });
  } finally {
    win.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Handles one `console:save-case-file` message (exported for tests): where it was saved, or `saved: false` when cancelled. */
export async function handleSaveCaseFile(core: CaseFileCore, trusted: boolean, owner: unknown, payload: unknown): Promise<BridgeResult<CaseFileSaved>> {
  if (!trusted) return refused(403, 'FORBIDDEN_SENDER', 'IPC message refused: it did not come from the console window');
  const parsed = saveCaseFileSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refused(400, 'INVALID_INPUT', `Case file request is malformed (${issue ? `${issue.path.join('.') || 'payload'}: ${issue.message}` : 'payload is invalid'})`);
  }
  const { transactionId, format } = parsed.data;
  try {
    const res = await core.callApi({ method: 'GET', path: `/sandbox/transactions/${encodeURIComponent(transactionId)}/case` });
    if (res.status >= 400) {
      const e = (res.body ?? {}) as { code?: string; message?: string };
      return refused(res.status, e.code ?? `HTTP_${res.status}`, e.message ?? `The API answered ${res.status}`);
    }
    const options = {
      title: format === 'pdf' ? 'Save the case file as PDF' : 'Save the case file',
      defaultPath: caseFileName(transactionId, format),
      filters: format === 'pdf' ? [{ name: 'PDF document', extensions: ['pdf'] }] : [{ name: 'Web page (HTML)', extensions: ['html', 'htm'] }],
    };
    const choice = owner instanceof BrowserWindow ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { ok: true, value: { saved: false } };
    await writeFile(choice.filePath, format === 'pdf' ? await htmlToPdf(String(res.body)) : String(res.body));
    return { ok: true, value: { saved: true, path: choice.filePath } };
  } catch (err) {
    console.error(`[ipc] saving the case file of ${transactionId} failed:`, err);
    return refused(500, 'CASE_FILE_NOT_SAVED', `The case file could not be saved: ${err instanceof Error ? err.message : String(err)}`);
  }
}
