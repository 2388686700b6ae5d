// The JSON body limit on every transport: over HTTP (Content-Length and chunked), through the console's
// in-process call (the Electron IPC bridge's path) and the browser bridge, configurable per core, and
// uploads keeping their own limits. The 50 MB bodies against a real serve process are in
// test/faults/huge-bodies.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { describeBytes, parseByteSize } from '../../core/api/body-limit';
import { startLoopbackServer, type LoopbackServer } from '../../core/host/server';
import { expectError } from '../support/assertions';
import { individualBody, newCore, removeTempDirs, startServer, type TestServer } from '../support/builders';

const MB = 1024 * 1024;
/** A customer body padded with spaces to exactly `size` bytes (still valid JSON). */
const padded = (size: number) => {
  const body = JSON.stringify(individualBody());
  return `${body.slice(0, -1)}${' '.repeat(size - body.length)}}`;
};
/** A stream of `size` bytes of that body, so the request has no Content-Length (sent chunked). */
const streamOf = (text: string) => new Blob([text]).stream();

let core: Core;
let srv: TestServer;
beforeAll(async () => {
  core = newCore();
  srv = await startServer(core);
});
afterAll(async () => {
  await srv.close();
  core.close();
  removeTempDirs();
});

describe('the API refuses a JSON body beyond 1 MB with 413 naming the limit', () => {
  it('with Content-Length: 413 PAYLOAD_TOO_LARGE, details.limitBytes 1 MB; 1 MB exactly is read and parsed', async () => {
    const r = await srv.api.post('/customers', padded(MB + 1));
    expectError(r, 413, 'PAYLOAD_TOO_LARGE');
    expect(r.body).toMatchObject({ message: 'The request body is larger than the 1 MB limit of this operation', details: { limitBytes: MB } });
    expect((await srv.api.post('/customers', padded(MB))).status).toBe(201);
  });

  it('chunked: the same 413; a chunked body under the limit is read', async () => {
    const send = (text: string) => fetch(`${srv.base}/customers`, { method: 'POST', headers: { authorization: srv.auth, 'content-type': 'application/json' }, body: streamOf(text), duplex: 'half' } as RequestInit);
    const big = await send(padded(2 * MB));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: MB } });
    expect((await send(padded(900 * 1024))).status).toBe(201);
  });

  it('the request log keeps a note, not the body', async () => {
    await srv.api.post('/customers', padded(MB + 1));
    const list = await core.invoke('requestLog/list', { status: 413 });
    if (!list.ok) throw new Error(list.error.message);
    const id = (list.value as { data: { id: string }[] }).data[0]!.id;
    const detail = await core.invoke('requestLog/get', { id });
    if (!detail.ok) throw new Error(detail.error.message);
    expect((detail.value as { requestBody?: string }).requestBody).toBe('(not read: larger than the 1 MB limit)');
  });

  it('through the console call (the Electron bridge path) and the browser bridge', async () => {
    const viaCore = await core.callApi({ method: 'POST', path: '/customers', body: { ...individualBody(), fullName: 'x'.repeat(2 * MB) } });
    expect(viaCore).toMatchObject({ status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: MB } } });
    const bridge = await fetch(`${srv.origin}/__bridge/invoke`, { method: 'POST', headers: { 'x-console-token': srv.server.consoleToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'requests/list', input: { q: 'x'.repeat(2 * MB) } }) });
    expect(bridge.status).toBe(413);
    expect(await bridge.json()).toMatchObject({ ok: false, error: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
  });
});

describe('the limit is configurable', () => {
  let small: Core;
  let server: LoopbackServer;
  beforeAll(async () => {
    small = newCore({ maxBodyBytes: 4096 });
    server = await startLoopbackServer({ core: small, port: 0, maxBodyBytes: 4096 });
  });
  afterAll(async () => {
    await server.close();
    small.close();
  });

  it('a core made with maxBodyBytes 4096 refuses 4097 bytes naming "4 KB", on the API and the bridge', async () => {
    const r = await small.callApi({ method: 'POST', path: '/customers', body: { ...individualBody(), fullName: 'x'.repeat(4097) } });
    expect(r).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('4 KB'), details: { limitBytes: 4096 } } });
    expect((await small.callApi({ method: 'POST', path: '/customers', body: individualBody() })).status).toBe(201);
    const bridge = await fetch(`${server.origin}/__bridge/invoke`, { method: 'POST', headers: { 'x-console-token': server.consoleToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'requests/list', input: { q: 'x'.repeat(5000) } }) });
    expect(bridge.status).toBe(413);
  });

  it('sizes read as serve --max-body takes them', () => {
    expect([parseByteSize('1048576'), parseByteSize('512k'), parseByteSize('2m'), parseByteSize('2MB'), parseByteSize('0'), parseByteSize('1.5m'), parseByteSize('')]).toEqual([MB, 512 * 1024, 2 * MB, 2 * MB, undefined, undefined, undefined]);
    expect([describeBytes(MB), describeBytes(512 * 1024), describeBytes(1000)]).toEqual(['1 MB', '512 KB', '1000 bytes']);
  });
});
