// Issue 27, defect 4: huge request bodies. A real `serve` process gets 50 MB bodies, announced by
// Content-Length and chunked, streamed from a generator (the test never holds them): each is answered
// 413 PAYLOAD_TOO_LARGE naming the limit as soon as the limit is passed, the server's resident memory
// (VmRSS from /proc/<pid>/status, sampled while the body is sent) stays flat, and the server keeps
// answering. Bodies under the limit and uploads under their own limits still work.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_MS } from '../../core/host/linger';
import { startServe, type ServeProcess } from '../e2e/serve-process';
import { createCustomer, individualBody } from '../support/builders';
import { ApiClient, basicAuth } from '../support/api-client';

const CREDS = { SVC_CLIENT_ID: 'Token:huge-bodies', SVC_CLIENT_SECRET: 'huge-bodies-secret-0123456789abcdef' };
const MB = 1024 * 1024;
const HUGE = 50 * MB;
/** How much the server's resident memory may grow while it refuses one huge body. */
const RSS_BOUND = 40 * MB;

let proc: ServeProcess;
let api: ApiClient;
let origin: string;
let consoleToken: string;
const auth = basicAuth(CREDS.SVC_CLIENT_ID, CREDS.SVC_CLIENT_SECRET);
/** Figures for test/RELIABILITY.md, printed at the end. */
const figures: string[] = [];

beforeAll(async () => {
  proc = await startServe([], CREDS);
  api = new ApiClient(proc.apiBase, auth);
  origin = new URL(proc.apiBase).origin;
  consoleToken = new URL(proc.consoleUrl).searchParams.get('token')!;
});
afterAll(async () => {
  await proc?.stop();
  if (proc) rmSync(proc.dataDir, { recursive: true, force: true });
  if (figures.length) console.log(`huge-bodies figures:\n${figures.join('\n')}`);
});

/** The server's resident memory now, in bytes. */
function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** `head`, then filler, then `tail`: `total` bytes in all, made 64 KB at a time (never held whole). */
function* framed(head: Buffer, tail: Buffer, total: number, fill: string): Generator<Buffer> {
  const filler = Buffer.alloc(64 * 1024, fill);
  yield head;
  let left = total - head.length - tail.length;
  while (left > 0) {
    const n = Math.min(left, filler.length);
    yield n === filler.length ? filler : filler.subarray(0, n);
    left -= n;
  }
  yield tail;
}

/** A JSON object of `total` bytes: `{"fullName":"xxxx…"}`. */
const jsonChunks = (total: number) => framed(Buffer.from('{"fullName":"'), Buffer.from('"}'), total, 'x');

/** A multipart upload of `total` bytes in all whose file part is a PDF. */
const multipartChunks = (boundary: string, total: number) => framed(
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`),
  Buffer.from(`\r\n--${boundary}--\r\n`), total, ' ');

interface HugeAnswer {
  status: number;
  body: { status: number; code: string; message: string; details?: { limitBytes?: number } } | undefined;
  /** From the first byte sent to the answer's headers. */
  ms: number;
  /** How much of the body had been handed to the socket when the answer came. */
  sentBytes: number;
  /** The largest VmRSS growth of the server, sampled every 10 ms while the body was sent. */
  rssGrowth: number;
}

/**
 * Sends a body from `chunks` as a client streaming a file would (with Content-Length `total`, or chunked
 * when `total` is undefined), stops sending once the answer arrives, and reads the answer.
 */
async function sendHuge(path: string, chunks: Iterable<Buffer>, o: { total?: number; headers?: Record<string, string> }): Promise<HugeAnswer> {
  const before = rssOf(proc.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(proc.pid))), 10);
  const started = performance.now();
  const req = request(`${origin}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', ...(o.total !== undefined ? { 'content-length': String(o.total) } : {}), ...o.headers },
  });
  let answered: IncomingMessage | undefined;
  let ms = 0;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', (res) => {
      ms = performance.now() - started;
      answered = res;
      resolve(res);
    });
    // After the answer the server may close while we still write: that is the point, not a failure.
    req.once('error', (err) => (answered ? undefined : reject(err)));
  });
  let sentBytes = 0;
  try {
    for (const chunk of chunks) {
      if (answered) break;
      sentBytes += chunk.length;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), response]);
    }
    if (!answered) req.end();
    const res = await response;
    let text = '';
    for await (const part of res) text += String(part);
    return { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, ms, sentBytes, rssGrowth: Math.max(peak, rssOf(proc.pid)) - before };
  } finally {
    clearInterval(sampler);
    req.destroy();
  }
}

/** The server still answers an ordinary call. */
async function expectServing(): Promise<void> {
  const r = await api.get('/customers?limit=1');
  expect(r.status, r.text).toBe(200);
}

function record(label: string, a: HugeAnswer): void {
  const nested = a.body as { code?: string; error?: { code?: string }; body?: { code?: string } } | undefined;
  figures.push(`- ${label}: ${a.status} ${nested?.code ?? nested?.error?.code ?? nested?.body?.code ?? ''} after ${a.ms.toFixed(0)} ms, ${(a.sentBytes / MB).toFixed(1)} MB sent by then, server VmRSS +${(a.rssGrowth / MB).toFixed(1)} MB at most`);
}

describe('a 50 MB JSON body is refused at the limit, with memory flat', () => {
  it('with Content-Length: 413 PAYLOAD_TOO_LARGE naming 1 MB at once, almost nothing read, and the server keeps answering', async () => {
    await expectServing();
    const a = await sendHuge('/2025-10-13/customers', jsonChunks(HUGE), { total: HUGE, headers: { authorization: auth } });
    record('50 MB JSON, Content-Length, POST /customers', a);
    expect(a.status).toBe(413);
    expect(a.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1 MB'), details: { limitBytes: MB } });
    expect(a.ms).toBeLessThan(1_000);
    expect(a.sentBytes).toBeLessThan(HUGE);
    expect(a.rssGrowth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });

  it('chunked (no length): 413 once the count passes 1 MB, the rest never sent, memory flat, the server keeps answering', async () => {
    const a = await sendHuge('/2025-10-13/customers', jsonChunks(HUGE), { headers: { authorization: auth } });
    record('50 MB JSON, chunked, POST /customers', a);
    expect(a.status).toBe(413);
    expect(a.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1 MB') });
    expect(a.ms).toBeLessThan(2_000);
    // The server stopped reading near the limit: what the client got onto the wire is the limit plus socket buffers.
    expect(a.sentBytes).toBeLessThan(HUGE / 2);
    expect(a.rssGrowth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });

  it('a client that keeps sending after the answer reads the answer, and the server cuts it off within the linger time', async () => {
    // A raw socket: an HTTP client library would stop or close by itself once it read `Connection: close`.
    const started = performance.now();
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    let answeredAt = 0;
    socket.on('data', (d) => {
      received += String(d);
      answeredAt ||= performance.now() - started;
    });
    socket.on('error', () => undefined);
    let open = true;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    void closed.then(() => (open = false));
    socket.write(`POST /2025-10-13/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${HUGE}\r\n\r\n`);
    let sent = 0;
    for (const chunk of jsonChunks(HUGE)) {
      if (!open) break;
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
    await closed;
    const ms = performance.now() - started;
    figures.push(`- a raw client that ignores the 413 and keeps sending: answer read after ${answeredAt.toFixed(0)} ms, connection cut by the server after ${ms.toFixed(0)} ms and ${(sent / MB).toFixed(1)} MB sent`);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(ms).toBeLessThan(LINGER_MS + 2_000);
    expect(sent).toBeLessThan(HUGE);
    await expectServing();
  });

  it('without credentials too: the body is refused before anything reads it', async () => {
    const a = await sendHuge('/2025-10-13/quotes', jsonChunks(HUGE), {});
    record('50 MB JSON, chunked, no credentials, POST /quotes', a);
    expect(a.status).toBe(413);
    expect(a.rssGrowth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });

  it('ten in a row, alternating both kinds, leave memory where it was and the server answering', async () => {
    // Two first, so the heap has grown to its working size: what is measured is what ten more leave behind.
    for (const total of [HUGE, undefined]) await sendHuge('/2025-10-13/customers', jsonChunks(HUGE), { total, headers: { authorization: auth } });
    const before = rssOf(proc.pid);
    for (let i = 0; i < 10; i++) {
      const a = await sendHuge('/2025-10-13/customers', jsonChunks(HUGE), { total: i % 2 ? undefined : HUGE, headers: { authorization: auth } });
      expect(a.status).toBe(413);
    }
    const growth = rssOf(proc.pid) - before;
    figures.push(`- ten 50 MB bodies in a row (5 Content-Length, 5 chunked): server VmRSS ${growth >= 0 ? '+' : ''}${(growth / MB).toFixed(1)} MB after them`);
    expect(growth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });

  it('the console bridge refuses a huge body too (413 in its own shapes)', async () => {
    const headers = { 'x-console-token': consoleToken };
    const invoke = await sendHuge('/__bridge/invoke', jsonChunks(HUGE), { headers });
    record('50 MB, chunked, POST /__bridge/invoke', invoke);
    expect(invoke.status).toBe(413);
    expect(invoke.body).toMatchObject({ ok: false, error: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    expect(invoke.rssGrowth).toBeLessThan(RSS_BOUND);
    const apiCall = await sendHuge('/__bridge/api', jsonChunks(HUGE), { total: HUGE, headers });
    record('50 MB, Content-Length, POST /__bridge/api', apiCall);
    expect(apiCall.status).toBe(413);
    expect(apiCall.body).toMatchObject({ status: 413, body: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    expect(apiCall.rssGrowth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });
});

describe('what is within the limits still works', () => {
  it('a 900 KB JSON body is read and parsed: the customer it carries is created', async () => {
    const body = JSON.stringify(individualBody());
    const padded = `${body.slice(0, -1)}${' '.repeat(900 * 1024 - body.length)}}`;
    expect(padded.length).toBe(900 * 1024);
    const r = await api.post('/customers', padded);
    expect(r.status, r.text).toBe(201);
  });

  it('a document upload just under its 10 MB limit is stored; a 50 MB chunked one is 413 naming 10 MB', async () => {
    const customer = await createCustomer(api);
    const form = new FormData();
    form.append('documentHolder', customer.id);
    form.append('documentType', 'PASSPORT');
    form.append('country', 'US');
    const bytes = Buffer.alloc(10 * MB - 1024, ' ');
    bytes.write('%PDF-1.4\n');
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
    const ok = await fetch(`${proc.apiBase}/documents`, { method: 'POST', headers: { authorization: auth }, body: form });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const boundary = 'hugebodiesboundary';
    const a = await sendHuge('/2025-10-13/documents', multipartChunks(boundary, HUGE), { headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    record('50 MB multipart, chunked, POST /documents', a);
    expect(a.status).toBe(413);
    expect(a.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('10 MB'), details: { limitBytes: 10 * MB } });
    expect(a.rssGrowth).toBeLessThan(RSS_BOUND);
    await expectServing();
  });

  it('a customer CSV just under its 1 MB limit (beyond the JSON limit once framed) is taken as a job', async () => {
    const rows = ['customerType,fullName,platformCustomerId'];
    let size = rows[0]!.length + 1;
    for (let i = 0; ; i++) {
      const row = `INDIVIDUAL,Bulk Person ${i} ${'y'.repeat(400)},bulk-${i}`;
      if (size + row.length + 1 > MB - 100) break;
      rows.push(row);
      size += row.length + 1;
    }
    const csv = `${rows.join('\n')}\n`;
    expect(csv.length).toBeLessThanOrEqual(MB);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const r = await fetch(`${proc.apiBase}/customers/bulk/csv`, { method: 'POST', headers: { authorization: auth }, body: form });
    expect(r.status, await r.clone().text()).toBe(202);
  });
});

describe('serve --max-body sets the JSON limit', () => {
  it('--max-body 2m: 1.5 MB is read, 3 MB is 413 naming 2 MB; a malformed size stops serve with a sentence', async () => {
    const other = await startServe(['--max-body', '2m'], CREDS);
    try {
      const client = new ApiClient(other.apiBase, auth);
      const body = JSON.stringify(individualBody());
      const sized = (n: number) => `${body.slice(0, -1)}${' '.repeat(n - body.length)}}`;
      expect((await client.post('/customers', sized(1.5 * MB))).status).toBe(201);
      const r = await fetch(`${other.apiBase}/customers`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: sized(3 * MB) });
      expect(r.status).toBe(413);
      expect(await r.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('2 MB'), details: { limitBytes: 2 * MB } });
    } finally {
      await other.stop();
      rmSync(other.dataDir, { recursive: true, force: true });
    }
    const refusedDir = mkdtempSync(join(tmpdir(), 'fault-max-body-'));
    await expect(startServe(['--max-body', 'lots'], CREDS, refusedDir)).rejects.toThrow(/--max-body must be a positive size/);
    rmSync(refusedDir, { recursive: true, force: true });
  });
});
