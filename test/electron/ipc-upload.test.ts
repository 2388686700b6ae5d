// The Electron bridge carries file uploads: console:api accepts `upload` (fields + the file as base64),
// checked in main before the core sends it to the API as multipart/form-data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type ApiResponse, type Core } from '../../core/index';
import { MAX_BRIDGE_UPLOAD_BYTES } from '../../core/console/upload';
import { ipcHandlers, resetElectronMock } from './electron-mock';
import { setupIpc } from '../../electron/ipc';

vi.mock('electron', () => import('./electron-mock'));

const INDEX_URL = 'file:///opt/payments-console/resources/app.asar/dist/renderer/index.html';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let dir: string;
let core: Core;
let dispose: () => void;
let sender: unknown;

beforeEach(() => {
  resetElectronMock();
  dir = mkdtempSync(join(tmpdir(), 'pc-electron-upload-'));
  core = createCore({ dbPath: join(dir, 'w.sqlite') });
  const webContents = { send: vi.fn(), isDestroyed: () => false };
  sender = webContents;
  dispose = setupIpc({ core: () => core, onEvent: (l) => core.onEvent(l) }, () => ({ isDestroyed: () => false, webContents }), INDEX_URL);
});
afterEach(() => {
  dispose();
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

function api(payload: unknown): Promise<ApiResponse> {
  const fn = ipcHandlers.get('console:api');
  if (!fn) throw new Error('console:api is not registered');
  return fn({ sender, senderFrame: { url: `${INDEX_URL}#/customers`, parent: null } }, payload) as Promise<ApiResponse>;
}

async function firstCustomer(): Promise<string> {
  const r = await core.callApi({ method: 'GET', path: '/customers' });
  const id = (r.body as { data: { id: string }[] }).data[0]?.id;
  if (!id) throw new Error('the seeded workspace has no customer');
  return id;
}

describe('console:api uploads', () => {
  it('uploads a document as multipart and lists it with its file', async () => {
    const holder = await firstCustomer();
    const r = await api({ method: 'POST', path: '/documents', upload: { fields: { documentHolder: holder, documentType: 'PASSPORT', country: 'US' }, file: { name: 'passport.pdf', contentType: 'application/pdf', base64: PDF.toString('base64') } } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ documentHolder: holder, fileName: 'passport.pdf' });
    const listed = await core.invoke('documents/list', { documentHolder: holder });
    if (!listed.ok) throw new Error(listed.error.message);
    expect((listed.value as { data: { sizeBytes: number }[] }).data[0]?.sizeBytes).toBe(PDF.byteLength);
  });

  it('a file beyond what the bridge carries is refused in main as 413 PAYLOAD_TOO_LARGE; a malformed upload is 400', async () => {
    const big = { name: 'x.pdf', contentType: 'application/pdf', base64: 'A'.repeat(Math.ceil(MAX_BRIDGE_UPLOAD_BYTES / 3) * 4 + 4) };
    const r = await api({ method: 'POST', path: '/documents', upload: { fields: {}, file: big } });
    expect(r).toMatchObject({ status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    const bad = await api({ method: 'POST', path: '/documents', upload: { fields: { documentHolder: 42 } } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: expect.stringContaining('upload.fields') } });
  });
});
