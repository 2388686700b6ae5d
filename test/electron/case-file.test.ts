// The desktop app saves a case file through the native dialog (HTML, or printed to PDF in a hidden
// script-less window), over the checked IPC choke point. A real core on a real SQLite file answers the
// page; `electron` is mocked (no Electron binary exists here), its dialog answering as the test says.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../core/index';
import { BrowserWindow, dialog, dialogAnswers, ipcHandlers, ipcRenderer, exposed, resetElectronMock } from './electron-mock';
import { setupIpc } from '../../electron/ipc';

vi.mock('electron', () => import('./electron-mock'));

const INDEX_URL = 'file:///opt/payments-console/resources/app.asar/dist/renderer/index.html';

let dir: string;
let core: Core;
let dispose: () => void;
let sender: unknown;
let txId: string;

beforeEach(async () => {
  resetElectronMock();
  dir = mkdtempSync(join(tmpdir(), 'pc-electron-case-'));
  core = createCore({ dbPath: join(dir, 'w.sqlite'), clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00.000Z' } });
  const webContents = { send: vi.fn(), isDestroyed: () => false };
  sender = webContents;
  dispose = setupIpc({ core: () => core, onEvent: (l) => core.onEvent(l) }, () => ({ isDestroyed: () => false, webContents }), INDEX_URL);
  // A transfer out of Alice's USD balance, made by the console, so there is a payment to write up.
  const alice = (await core.callApi({ method: 'GET', path: '/customers', query: { platformCustomerId: 'cust-alice-001' } })).body as { data: { id: string }[] };
  const customerId = alice.data[0]!.id;
  const accounts = (await core.callApi({ method: 'GET', path: '/customers/internal-accounts', query: { customerId } })).body as { data: { id: string; balance: { currency: { code: string } } }[] };
  const external = (await core.callApi({ method: 'GET', path: '/customers/external-accounts', query: { customerId } })).body as { data: { id: string; currency: string }[] };
  const t = await core.callApi({ method: 'POST', path: '/transfer-out', body: {
    source: { accountId: accounts.data.find((a) => a.balance.currency.code === 'USD')!.id }, destination: { accountId: external.data.find((a) => a.currency === 'USD')!.id }, amount: 2_500,
  } });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  txId = (t.body as { id: string }).id;
});
afterEach(() => {
  dispose();
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

function save(payload: unknown, trusted = true): Promise<unknown> {
  const fn = ipcHandlers.get('console:save-case-file');
  if (!fn) throw new Error('console:save-case-file is not registered');
  const frame = { url: trusted ? `${INDEX_URL}#/transactions` : 'https://evil.example/', parent: null };
  return fn({ sender, senderFrame: frame }, payload) as Promise<unknown>;
}

describe('saving a case file in the desktop app', () => {
  it('asks where through the native save dialog and writes the page main fetched from the core', async () => {
    const path = join(dir, 'chosen.html');
    dialogAnswers.save.push(path);
    expect(await save({ transactionId: txId, format: 'html' })).toEqual({ ok: true, value: { saved: true, path } });
    const options = dialog.showSaveDialog.mock.lastCall?.at(-1) as { defaultPath: string; filters: { extensions: string[] }[] };
    expect(options.defaultPath).toBe(`case-file-${txId.replace(':', '-')}.html`);
    expect(options.filters[0]!.extensions).toContain('html');
    const html = readFileSync(path, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Case file: Transfer out to a bank account');
    expect(html).toContain('25.00 USD');
    expect(BrowserWindow.instances).toHaveLength(0); // HTML needs no window
  });

  it('prints to PDF in a hidden window with JavaScript off, loading only the page itself, and closes it', async () => {
    const path = join(dir, 'chosen.pdf');
    dialogAnswers.save.push(path);
    expect(await save({ transactionId: txId, format: 'pdf' })).toEqual({ ok: true, value: { saved: true, path } });
    const [win] = BrowserWindow.instances;
    expect(win!.options).toMatchObject({ show: false, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false } });
    // A file, not a data: URL (Chromium caps those at about 2 MB), in a temporary folder deleted afterwards.
    expect(win!.loadURL).not.toHaveBeenCalled();
    const file = win!.loadFile.mock.calls[0]![0];
    expect(file.startsWith(tmpdir())).toBe(true);
    expect(file).toMatch(/\.html$/);
    expect(win!.loadedFileText).toContain('Case file: Transfer out to a bank account');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(dirname(file))).toBe(false);
    expect(win!.webContents.printToPDF).toHaveBeenCalledWith(expect.objectContaining({ printBackground: true }));
    expect(win!.destroy).toHaveBeenCalled();
    expect(readFileSync(path, 'latin1').startsWith('%PDF-')).toBe(true);
    expect((dialog.showSaveDialog.mock.lastCall?.at(-1) as { defaultPath: string }).defaultPath).toMatch(/\.pdf$/);
  });

  it('a cancelled dialog writes nothing; a stranger, a malformed request and an unknown transaction are refused as data', async () => {
    expect(await save({ transactionId: txId, format: 'html' })).toEqual({ ok: true, value: { saved: false } });
    expect(await save({ transactionId: txId, format: 'html' }, false)).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER' } });
    expect(await save({ transactionId: '../../etc/passwd', format: 'html' })).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT', message: expect.stringContaining('transactionId') } });
    expect(await save({ transactionId: txId, format: 'docx' })).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining('format') } });
    expect(await save({ transactionId: txId, format: 'html', html: '<script>' })).toMatchObject({ ok: false, error: { status: 400 } });
    const unknown = await save({ transactionId: 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b', format: 'html' });
    expect(unknown).toMatchObject({ ok: false, error: { status: 404, code: 'TRANSACTION_NOT_FOUND' } });
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(1); // only the first, cancelled, request got as far as the dialog
  });

  it('the preload sends only the transaction and the format over the fixed channel', async () => {
    await import('../../electron/preload');
    const bridge = exposed.get('paymentsConsole') as { saveCaseFile(r: unknown): Promise<unknown> };
    await bridge.saveCaseFile({ transactionId: txId, format: 'pdf', extra: 'dropped' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:save-case-file', { transactionId: txId, format: 'pdf' });
  });
});
