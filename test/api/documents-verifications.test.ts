// Documents attached to verifications: a document names the verification it supports (a verification of
// its holder's customer), the list filters by it, and a wrong verification is refused without storing anything.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enc, invoke, openWorld, type World } from '../support/money-path';
import { form, PDF, send } from './documents-forms';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

let n = 0;
/** A business customer with an owner and a running KYB verification; answers both ids. */
async function verifiedBusiness(): Promise<{ customerId: string; ownerId: string; verificationId: string }> {
  const businessInfo = { legalName: `Docs ${++n} Ltd`, country: 'US', taxId: '12-3456789', incorporatedOn: '2019-05-01', registrationNumber: `REG-8800${n}` };
  const c = await w.api.post('/customers', { customerType: 'BUSINESS', businessInfo });
  expect(c.status, c.text).toBe(201);
  const o = await w.api.post('/beneficial-owners', { customerId: c.body.id, personalInfo: { firstName: 'Dana', lastName: 'Smith', birthDate: '1980-02-03', nationality: 'US' }, roles: ['UBO'] });
  expect(o.status, o.text).toBe(201);
  const v = await w.api.post('/verifications', { customerId: c.body.id });
  expect(v.status, v.text).toBe(200);
  return { customerId: c.body.id, ownerId: o.body.id, verificationId: v.body.id };
}
const fields = (holder: string, extra: Record<string, string> = {}) => ({ documentHolder: holder, documentType: 'CERTIFICATE_OF_INCORPORATION', country: 'US', ...extra });
const upload = (f: Record<string, string>) => send(w, 'POST', '/documents', form(f, { bytes: PDF, name: 'incorporation.pdf' }));
const count = async () => (await w.api.get('/documents')).body.totalCount as number;

describe('documents attached to verifications', () => {
  it('a customer’s or its owner’s document names the verification it supports, and GET /documents?verificationId= lists them', async () => {
    const b = await verifiedBusiness();
    const own = await upload(fields(b.customerId, { verificationId: b.verificationId }));
    expect(own.status, own.text).toBe(201);
    expect(own.body.verificationId).toBe(b.verificationId);
    const owners = await upload({ ...fields(b.ownerId, { verificationId: b.verificationId }), documentType: 'PASSPORT' });
    expect(owners.status, owners.text).toBe(201);
    await upload(fields(b.customerId));
    const attached = await w.api.get(`/documents?verificationId=${enc(b.verificationId)}`);
    expect(attached.status).toBe(200);
    expect(attached.body.data.map((d: { id: string }) => d.id)).toEqual([owners.body.id, own.body.id]);
    expect((await w.api.get(`/documents/${enc(own.body.id)}`)).body.verificationId).toBe(b.verificationId);
    const listed = await invoke(w, 'documents/list', { verificationId: b.verificationId });
    expect(listed.data.map((r: { document: { id: string } }) => r.document.id)).toEqual([owners.body.id, own.body.id]);
  });

  it('an unknown verification is 404 REFERENCE_NOT_FOUND; another customer’s is 400 naming verificationId; nothing is stored', async () => {
    const b = await verifiedBusiness();
    const other = await verifiedBusiness();
    expectError(await upload(fields(b.customerId, { verificationId: 'Verification:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' })), 404, 'REFERENCE_NOT_FOUND');
    expectInvalidField(await upload(fields(b.customerId, { verificationId: other.verificationId })), 'verificationId');
    expectInvalidField(await upload(fields(w.seed.alice.id, { verificationId: b.verificationId })), 'verificationId');
    expect(await count()).toBe(0);
  });

  it('PUT attaches, moves and (with an empty value) detaches; a wrong verification changes nothing', async () => {
    const b = await verifiedBusiness();
    const other = await verifiedBusiness();
    const d = (await upload(fields(b.customerId))).body;
    expect(d.verificationId).toBeUndefined();
    // Upstream's replace always carries the file; the same bytes and name keep the document as it was.
    const file = { bytes: PDF, name: 'incorporation.pdf' };
    expectInvalidField(await send(w, 'PUT', `/documents/${enc(d.id)}`, form({ verificationId: other.verificationId, country: 'GB' }, file)), 'verificationId');
    expectError(await send(w, 'PUT', `/documents/${enc(d.id)}`, form({ verificationId: 'Verification:nope' }, file)), 404, 'REFERENCE_NOT_FOUND');
    expect((await w.api.get(`/documents/${enc(d.id)}`)).body).toEqual(d);
    const attached = await send(w, 'PUT', `/documents/${enc(d.id)}`, form({ verificationId: b.verificationId }, file));
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body).toMatchObject({ id: d.id, verificationId: b.verificationId, country: 'US', fileName: 'incorporation.pdf' });
    const detached = await send(w, 'PUT', `/documents/${enc(d.id)}`, form({ verificationId: '' }, file));
    expect(detached.status, detached.text).toBe(200);
    expect(detached.body.verificationId).toBeUndefined();
    expect((await w.api.get(`/documents?verificationId=${enc(b.verificationId)}`)).body.totalCount).toBe(0);
  });
});
