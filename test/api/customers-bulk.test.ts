// Customers in bulk: POST /customers/bulk/csv starts a job; GET /customers/bulk/jobs/{jobId} shows progress and a result per row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, openWorld, type World } from '../support/money-path';
import { checkAgainstContract } from '../support/contract-check';
import { UpstreamContract } from '../contract/upstream';
import { type ApiResult } from '../support/api-client';
import { expectError } from '../support/assertions';

const upstream = new UpstreamContract();

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

async function uploadCsv(text: string | Uint8Array, name = 'customers.csv', size?: number): Promise<ApiResult> {
  const f = new FormData();
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  f.set('file', new Blob([size ? new Uint8Array(size).fill(0x41) : new Uint8Array(bytes)], { type: 'text/csv' }), name);
  const res = await fetch(`${w.api.base}/customers/bulk/csv`, { method: 'POST', headers: { authorization: w.api.auth }, body: f });
  const raw = await res.text();
  const body: unknown = raw ? JSON.parse(raw) : null;
  checkAgainstContract('POST', `${w.api.base}/customers/bulk/csv`, res.status, body, raw);
  return { status: res.status, body, text: raw, headers: res.headers } as ApiResult;
}
/** A text/csv body of `size` bytes sent as a stream, so it has no Content-Length (chunked). */
async function chunkedCsv(size: number): Promise<ApiResult> {
  const body = new Blob([`customerType\n${'A'.repeat(size)}`]).stream();
  const res = await fetch(`${w.api.base}/customers/bulk/csv`, { method: 'POST', headers: { authorization: w.api.auth, 'content-type': 'text/csv' }, body, duplex: 'half' } as RequestInit);
  const raw = await res.text();
  return { status: res.status, body: JSON.parse(raw) as unknown, text: raw, headers: res.headers } as ApiResult;
}
const job = (id: string) => w.api.get(`/customers/bulk/jobs/${enc(id)}`);

const GOOD_AND_BAD = [
  'customerType,platformCustomerId,fullName,email,birthDate,currencies,businessInfo.legalName,businessInfo.country,businessInfo.taxId,businessInfo.incorporatedOn',
  'INDIVIDUAL,bulk-001,Ada Lovelace,ada@example.com,1815-12-10,USD;EUR,,,,',
  'INDIVIDUAL,bulk-002,Bad Email,not-an-email,,,,,,',
  'BUSINESS,bulk-003,,ops@acme.example,,USD,"Acme, Inc.",US,12-3456789,2020-01-15',
  'INDIVIDUAL,cust-alice-001,Duplicate Of Seed,,,,,,,',
  'ROBOT,bulk-005,,,,,,,,',
].join('\r\n');

describe('POST /customers/bulk/csv', () => {
  it('answers 202 with a PENDING job; the clock runs it; good rows become customers, bad rows get their own error', async () => {
    const r = await uploadCsv(GOOD_AND_BAD);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ jobId: expect.stringMatching(/^BulkUploadJob:/), status: 'PENDING', fileName: 'customers.csv', progress: { total: 5, processed: 0 } });
    await advance(w, 1);
    const done = (await job(r.body.jobId)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', progress: { total: 5, processed: 5, successful: 2, failed: 3 }, completedAt: expect.any(String) });
    expect(done.results.map((x: { row: number; status: string }) => [x.row, x.status])).toEqual([[2, 'CREATED'], [3, 'FAILED'], [4, 'CREATED'], [5, 'FAILED'], [6, 'FAILED']]);
    expect(done.id).toBe(r.body.jobId);
    expect(done.errors.map((e: { row: number; code: string; correlationId: string }) => [e.row, e.code, e.correlationId])).toEqual([[3, 'INVALID_INPUT', 'bulk-002'], [5, 'CONFLICT', 'cust-alice-001'], [6, 'INVALID_INPUT', 'bulk-005']]);
    expect(done.errors[0].message).toContain('email');
    const ada = await w.api.get(`/customers/${enc(done.results[0].customerId)}`);
    expect(ada.body).toMatchObject({ platformCustomerId: 'bulk-001', fullName: 'Ada Lovelace', currencies: ['USD', 'EUR'] });
    const acme = await w.api.get(`/customers/${enc(done.results[2].customerId)}`);
    expect(acme.body).toMatchObject({ customerType: 'BUSINESS', businessInfo: { legalName: 'Acme, Inc.' } });
    expect((await w.api.get('/customers?platformCustomerId=bulk-002')).body.totalCount).toBe(0);
  });

  it('imports 20 rows a second on the workspace clock, so progress shows between batches; a job where every row fails is FAILED', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => `INDIVIDUAL,many-${i},Person ${i}`);
    const r = await uploadCsv(['customerType,platformCustomerId,fullName', ...rows].join('\n'));
    await advance(w, 0.5);
    expect((await job(r.body.jobId)).body).toMatchObject({ status: 'PROCESSING', progress: { processed: 20 } });
    await advance(w, 1);
    expect((await job(r.body.jobId)).body.progress.processed).toBe(40);
    await advance(w, 1);
    expect((await job(r.body.jobId)).body).toMatchObject({ status: 'COMPLETED', progress: { processed: 45, successful: 45 } });
    const bad = await uploadCsv('customerType,email\nINDIVIDUAL,nope\n');
    await advance(w, 1);
    expect((await job(bad.body.jobId)).body).toMatchObject({ status: 'FAILED', progress: { failed: 1 } });
  });

  it.each([
    ['customerType,fullName\n', /no rows/],
    ['fullName\nAda\n', /customerType column/],
    ['customerType,fullName\nINDIVIDUAL,"Ada\n', /not valid CSV/],
    ['customerType,fullName\nINDIVIDUAL,Ada,extra\n', /line 2 has 3 fields/],
    ['customer type,fullName\nINDIVIDUAL,Ada\n', /not field names/],
  ])("answers upstream's 202 for a CSV it cannot read as a whole (%j), and the job FAILS with one error naming the file's problem", async (csv, problem) => {
    const r = await uploadCsv(csv);
    expect(r.status, r.text).toBe(202);
    await advance(w, 1);
    const failed = (await job(r.body.jobId)).body;
    expect(failed).toMatchObject({ status: 'FAILED', progress: { total: 1, processed: 1, successful: 0, failed: 1 } });
    expect(failed.errors).toEqual([expect.objectContaining({ correlationId: 'file', code: 'INVALID_INPUT', row: 1, message: expect.stringMatching(problem) })]);
    expect((await w.api.get('/customers?limit=100')).body.totalCount).toBe(3);
  });

  it.each([
    ['no file at all (an empty file part)', () => uploadCsv(''), 'INVALID_INPUT', /file: is empty/],
    ['a spreadsheet, not CSV text', () => uploadCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff]), 'customers.xlsx'), 'INVALID_INPUT', /UTF-8 CSV text file/],
    ['JSON instead of multipart', () => w.api.post('/customers/bulk/csv', { file: 'customerType\nINDIVIDUAL' }), 'INVALID_INPUT', /multipart\/form-data/],
    ['a file beyond 1 MB (only the limit is read)', () => uploadCsv('', 'big.csv', 1024 * 1024 + 1), 'PAYLOAD_TOO_LARGE', /larger than the 1 MB limit/],
    ['a body twice the limit (refused from its Content-Length, never read)', () => uploadCsv('', 'huge.csv', 2 * 1024 * 1024), 'PAYLOAD_TOO_LARGE', /larger than the 1 MB limit/],
    ['a chunked text/csv body past the limit (read only up to it)', () => chunkedCsv(2 * 1024 * 1024), 'PAYLOAD_TOO_LARGE', /larger than the 1 MB limit/],
  ])("answers upstream's 202 (it lists no 400 or 413) for a request without a readable CSV: %s; the job FAILS naming why", async (_what, send, code, why) => {
    const r = await send();
    expect(r.status, r.text).toBe(202);
    expect(upstream.errors('uploadCustomersCsv', 202, r.body)).toEqual([]);
    await advance(w, 1);
    const failed = (await job(r.body.jobId)).body;
    expect(failed).toMatchObject({ status: 'FAILED', progress: { total: 1, processed: 1, successful: 0, failed: 1 } });
    expect(failed.errors).toEqual([expect.objectContaining({ correlationId: 'file', row: 1, code, message: expect.stringMatching(why) })]);
    expect(upstream.errors('getBulkCustomerImportJob', 200, failed)).toEqual([]);
    if (code === 'PAYLOAD_TOO_LARGE') expect(failed.errors[0].details).toMatchObject({ limitBytes: 1024 * 1024 });
    expect((await w.api.get('/customers?limit=100')).body.totalCount).toBe(3);
  });
});

describe('GET /customers/bulk/jobs/{jobId}', () => {
  it('an unknown job is 404 BULK_UPLOAD_JOB_NOT_FOUND', async () => {
    expectError(await job('BulkUploadJob:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), 404, 'BULK_UPLOAD_JOB_NOT_FOUND');
  });
});

describe('a text/csv body (how the console uploads)', () => {
  it('is accepted like a multipart file, named by Content-Disposition', async () => {
    const res = await fetch(`${w.api.base}/customers/bulk/csv`, {
      method: 'POST', headers: { authorization: w.api.auth, 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="team.csv"' },
      body: 'customerType,platformCustomerId,fullName\nINDIVIDUAL,raw-1,Grace Hopper\n',
    });
    const body = await res.json();
    checkAgainstContract('POST', `${w.api.base}/customers/bulk/csv`, res.status, body, JSON.stringify(body));
    expect(res.status).toBe(202);
    expect(body.fileName).toBe('team.csv');
    await advance(w, 1);
    expect((await job(body.jobId)).body).toMatchObject({ status: 'COMPLETED', progress: { successful: 1 } });
  });
});

describe('POST /customers/bulk/csv with an Idempotency-Key', () => {
  it('replays the first 202 and its job on a retry: one job, not two (a 202 here is a result, not a signed-retry challenge)', async () => {
    const csv = 'customerType,platformCustomerId,fullName,email\nINDIVIDUAL,keyed-bulk-1,Keyed Person,keyed@example.com';
    const send = async () => {
      const res = await fetch(`${w.api.base}/customers/bulk/csv`, { method: 'POST', headers: { authorization: w.api.auth, 'content-type': 'text/csv', 'Idempotency-Key': 'bulk-once' }, body: csv });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as { jobId: string } };
    };
    const first = await send();
    expect(first.status).toBe(202);
    expect(first.replayed).toBeNull();
    const again = await send();
    expect(again).toEqual({ status: 202, replayed: 'true', body: first.body });
    await advance(w, 5);
    expect((await job(first.body.jobId)).body).toMatchObject({ status: 'COMPLETED', progress: { total: 1, successful: 1 } });
    expect((await w.api.get('/customers?platformCustomerId=keyed-bulk-1')).body.totalCount).toBe(1);
  });
});
