// The browser bridge carries file uploads: the console sends the file as base64 beside the form's text
// fields, and the core makes a real multipart/form-data request of it to the API (so the API's own
// checks, limits and error shapes apply unchanged).
import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { MAX_BRIDGE_UPLOAD_BYTES } from '../../core/console/upload';
import { seededCustomer, type TestServer, useSeededServer } from '../support/builders';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x80]);

type Answer = { status: number; body: unknown };
/** One /__bridge/api call with the run's console token. */
async function bridgeApi(request: unknown): Promise<{ http: number; answer: Answer }> {
  const r = await fetch(`${srv.origin}/__bridge/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-token': srv.server.consoleToken },
    body: JSON.stringify(request),
  });
  return { http: r.status, answer: (await r.json()) as Answer };
}
const file = (bytes: Buffer, name: string, contentType: string) => ({ name, contentType, base64: bytes.toString('base64') });

describe('file uploads over the browser bridge', () => {
  it('uploads, replaces and deletes a document; the stored bytes are the sent bytes', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const up = await bridgeApi({ method: 'POST', path: '/documents', upload: { fields: { documentHolder: alice.id, documentType: 'PASSPORT', country: 'US' }, file: file(PDF, 'passport.pdf', 'application/pdf') } });
    expect(up.answer.status, JSON.stringify(up.answer.body)).toBe(201);
    expect(up.answer.body).toMatchObject({ documentHolder: alice.id, fileName: 'passport.pdf', documentType: 'PASSPORT' });
    const id = (up.answer.body as { id: string }).id;
    const rep = await bridgeApi({ method: 'PUT', path: `/documents/${id}`, upload: { fields: { side: 'FRONT' }, file: file(PNG, 'scan.png', 'image/png') } });
    expect(rep.answer.status, JSON.stringify(rep.answer.body)).toBe(200);
    expect(rep.answer.body).toMatchObject({ id, fileName: 'scan.png', side: 'FRONT' });
    const download = await core.invoke('documents/download', { id });
    if (!download.ok) throw new Error(download.error.message);
    expect(Buffer.from((download.value as { base64: string }).base64, 'base64').equals(PNG)).toBe(true);
    expect((await bridgeApi({ method: 'DELETE', path: `/documents/${id}` })).answer.status).toBe(204);
  });

  it('a file beyond the API’s 10 MB limit gets the API’s own 413 PAYLOAD_TOO_LARGE error object', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    PDF.copy(big);
    const r = await bridgeApi({ method: 'POST', path: '/documents', upload: { fields: { documentHolder: alice.id, documentType: 'PASSPORT', country: 'US' }, file: file(big, 'huge.pdf', 'application/pdf') } });
    expect(r.answer).toMatchObject({ status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 10 * 1024 * 1024 } } });
    expect((await srv.api.get('/documents')).body.totalCount).toBe(0);
  });

  it('a file beyond what the bridge carries is 413 in the same error shape; a malformed upload is 400 naming it', async () => {
    const tooBig = { name: 'x.pdf', contentType: 'application/pdf', base64: 'A'.repeat(Math.ceil(MAX_BRIDGE_UPLOAD_BYTES / 3) * 4 + 4) };
    const r = await bridgeApi({ method: 'POST', path: '/documents', upload: { fields: {}, file: tooBig } });
    expect(r.answer).toMatchObject({ status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    const bad = await bridgeApi({ method: 'POST', path: '/documents', upload: { fields: {}, file: { name: 'x.pdf', contentType: 'application/pdf', base64: 'not base64!' } } });
    expect(bad.answer).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: expect.stringContaining('upload.file.base64') } });
  });
});
