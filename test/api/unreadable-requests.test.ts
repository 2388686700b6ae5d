// Requests the HTTP layer cannot read (a backslash in the path, a broken request line, oversized
// headers) still get the spec's error object, never an empty body.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { type TestServer, useSeededServer } from '../support/builders';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

/** Sends raw bytes and reads the whole answer (the server closes these connections). */
function raw(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = out.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The JSON of a body that may be sent chunked. */
function json(body: string): Record<string, unknown> {
  const text = /^[0-9a-f]+\r\n/i.test(body) ? body.split('\r\n').filter((_, i) => i % 2 === 1).join('') : body;
  return JSON.parse(text) as Record<string, unknown>;
}

describe('requests the server cannot read', () => {
  it('answers a raw backslash in the path with 400 and the error object', async () => {
    const port = srv.server.port;
    const r = await raw(port, `GET /2025-10-13/quotes/a\\b HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(json(r.body)).toMatchObject({ status: 400, code: 'INVALID_INPUT', message: expect.stringContaining('Backslash') });
  });

  it('answers a malformed request line with 400 and the error object', async () => {
    const r = await raw(srv.server.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.headers).toMatch(/content-type: application\/json/i);
    expect(json(r.body)).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
  });

  it('answers headers larger than the limit with 431 and the error object', async () => {
    const port = srv.server.port;
    const r = await raw(port, `GET /2025-10-13/config HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(json(r.body)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });

  it('keeps serving afterwards, and stores nothing for what it could not read', async () => {
    const logged = (core.services.ctx.db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
    await raw(srv.server.port, `GET /2025-10-13/quotes/a\\b HTTP/1.1\r\nHost: 127.0.0.1:${srv.server.port}\r\nConnection: close\r\n\r\n`);
    expect((await srv.api.get('/config')).status).toBe(200);
    expect((core.services.ctx.db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n).toBe(logged + 1);
  });
});
