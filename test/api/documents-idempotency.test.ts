// A multipart upload sent with an Idempotency-Key: the retry (a fresh multipart body, so a new boundary)
// with the same fields and file replays the first answer and stores one document; another file under
// the same key is the usual 409 conflict.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoke, openWorld, type World } from '../support/money-path';
import { form, OTHER_PDF, PDF, send } from './documents-forms';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const passport = () => ({ documentHolder: w.seed.alice.id, documentType: 'PASSPORT', country: 'US' });
const keyed = (key: string, bytes: Uint8Array, name = 'passport.pdf') => send(w, 'POST', '/documents', form(passport(), { bytes, name }), { 'Idempotency-Key': key });
const count = async () => (await w.api.get('/documents')).body.totalCount as number;

describe('POST /documents with an Idempotency-Key', () => {
  it('the retry with the same file replays the first answer (Idempotent-Replayed) and one document is stored', async () => {
    const first = await keyed('upload-1', PDF);
    expect(first.status, first.text).toBe(201);
    const again = await keyed('upload-1', PDF);
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(1);
  });

  it('a binary file keeps its exact bytes when keyed (not read as text on the way)', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x80, 0x00, 0xc3]);
    const r = await send(w, 'POST', '/documents', form(passport(), { bytes: png, name: 'photo.png', type: 'image/png' }), { 'Idempotency-Key': 'png-1' });
    expect(r.status, r.text).toBe(201);
    const file = await invoke(w, 'documents/download', { id: r.body.id });
    expect(Buffer.from(file.base64, 'base64').equals(Buffer.from(png))).toBe(true);
  });

  it('another file under the same key is 409 CONFLICT (IDEMPOTENCY_KEY_REUSED), and nothing more is stored', async () => {
    expect((await keyed('upload-2', PDF)).status).toBe(201);
    const other = await keyed('upload-2', OTHER_PDF);
    expectError(other, 409, 'CONFLICT');
    expect(other.body.details.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same bytes under another name are another request too.
    expectError(await keyed('upload-2', PDF, 'renamed.pdf'), 409, 'CONFLICT');
    expect(await count()).toBe(1);
  });
});
