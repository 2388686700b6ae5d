// Documents: multipart upload kept in the workspace, list, get, replace, delete, the console download, and the limits.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enc, invoke, openWorld, type World } from '../support/money-path';
import { checkAgainstContract } from '../support/contract-check';
import { type ApiResult } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** Sends a multipart form (or any raw body) with the seeded credentials, checked against the contract like every API test. */
async function send(method: string, path: string, body: FormData | string, headers: Record<string, string> = {}): Promise<ApiResult> {
  const res = await fetch(`${w.api.base}${path}`, { method, headers: { authorization: w.api.auth, ...headers }, body });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  checkAgainstContract(method, `${w.api.base}${path}`, res.status, parsed, text);
  return { status: res.status, body: parsed, text, headers: res.headers } as ApiResult;
}

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}
const passport = (holder: string) => ({ documentHolder: holder, documentType: 'PASSPORT', country: 'US', documentNumber: 'X1234567' });
const upload = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) => send('POST', '/documents', form(fields, file));

describe('POST /documents', () => {
  it('stores a PDF for a customer: 201 with the metadata; GET answers it and the console downloads the same bytes', async () => {
    const r = await upload(passport(w.seed.alice.id), { bytes: PDF, name: 'passport.pdf' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^Document:/), documentHolder: w.seed.alice.id, documentType: 'PASSPORT', country: 'US', fileName: 'passport.pdf', documentNumber: 'X1234567' });
    const got = await w.api.get(`/documents/${enc(r.body.id)}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    const file = await invoke(w, 'documents/download', { id: r.body.id });
    expect(file).toMatchObject({ fileName: 'passport.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(file.base64, 'base64').equals(Buffer.from(PDF))).toBe(true);
  });

  it('a file beyond 10 MB is 413 PAYLOAD_TOO_LARGE with the limit, and nothing is stored', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF.subarray(0, 5));
    const r = await upload(passport(w.seed.alice.id), { bytes: big, name: 'huge.pdf' });
    expectError(r, 413, 'PAYLOAD_TOO_LARGE');
    expect(r.body.details.limitBytes).toBe(10 * 1024 * 1024);
    expect((await w.api.get('/documents')).body.totalCount).toBe(0);
  });

  it('malformed uploads are 400 naming the field: not multipart, broken multipart, no file, empty file, not PDF/JPEG/PNG, bad type or country, unknown holder', async () => {
    expectInvalidField(await w.api.post('/documents', passport(w.seed.alice.id)), '(body)');
    expectInvalidField(await send('POST', '/documents', '--xyz\r\nnonsense', { 'content-type': 'multipart/form-data; boundary=abc' }), '(body)');
    expectInvalidField(await upload(passport(w.seed.alice.id)), 'file');
    expectInvalidField(await upload(passport(w.seed.alice.id), { bytes: new Uint8Array(0), name: 'empty.pdf' }), 'file');
    expectInvalidField(await upload(passport(w.seed.alice.id), { bytes: new TextEncoder().encode('MZ not a document'), name: 'virus.pdf' }), 'file');
    expectInvalidField(await upload({ ...passport(w.seed.alice.id), documentType: 'DIPLOMA' }, { bytes: PDF, name: 'a.pdf' }), 'documentType');
    expectInvalidField(await upload({ ...passport(w.seed.alice.id), country: 'usa' }, { bytes: PDF, name: 'a.pdf' }), 'country');
    expectInvalidField(await upload(passport('Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), { bytes: PDF, name: 'a.pdf' }), 'documentHolder');
    expect((await w.api.get('/documents')).body.totalCount).toBe(0);
  });
});

describe('GET /documents, PUT and DELETE /documents/{id}', () => {
  it('lists newest first, filtered by holder and type', async () => {
    const a = (await upload(passport(w.seed.alice.id), { bytes: PDF, name: 'a.pdf' })).body;
    const b = (await upload({ documentHolder: w.seed.sophie.id, documentType: 'UTILITY_BILL', country: 'FR' }, { bytes: PNG, name: 'bill.png' })).body;
    const all = await w.api.get('/documents');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([b.id, a.id]);
    expect((await w.api.get(`/documents?documentHolder=${enc(w.seed.alice.id)}`)).body.data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect((await w.api.get('/documents?documentType=UTILITY_BILL')).body.totalCount).toBe(1);
    expectInvalidField(await w.api.get('/documents?documentType=DIPLOMA'), 'documentType');
  });

  it('replaces the file and the metadata sent, keeping the rest; a bad replacement changes nothing', async () => {
    const d = (await upload(passport(w.seed.alice.id), { bytes: PDF, name: 'old.pdf' })).body;
    expectInvalidField(await send('PUT', `/documents/${enc(d.id)}`, form({ country: 'nowhere' }, { bytes: PNG, name: 'new.png' })), 'country');
    expectInvalidField(await send('PUT', `/documents/${enc(d.id)}`, form({ side: 'FRONT' })), 'file');
    const r = await send('PUT', `/documents/${enc(d.id)}`, form({ side: 'FRONT' }, { bytes: PNG, name: 'new.png' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: d.id, fileName: 'new.png', side: 'FRONT', documentType: 'PASSPORT', country: 'US', documentNumber: 'X1234567' });
    expect((await invoke(w, 'documents/download', { id: d.id })).contentType).toBe('image/png');
  });

  it('deletes a document (204) and then every route answers 404 REFERENCE_NOT_FOUND', async () => {
    const d = (await upload(passport(w.seed.alice.id), { bytes: PDF, name: 'a.pdf' })).body;
    expect((await w.api.delete(`/documents/${enc(d.id)}`)).status).toBe(204);
    expectError(await w.api.get(`/documents/${enc(d.id)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.delete(`/documents/${enc(d.id)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await send('PUT', `/documents/${enc(d.id)}`, form({ side: 'BACK' })), 404, 'REFERENCE_NOT_FOUND');
    expect((await w.api.get('/documents')).body.totalCount).toBe(0);
  });
});
