// A real webhook receiver on 127.0.0.1 for the webhook suites: it verifies X-Svc-Signature with the
// workspace's published public key using Node's own crypto, records every request, and answers as
// the test tells it (a status and body, or hanging until the sender gives up).
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  envelope: { id: string; type: string; timestamp: string; data?: Record<string, unknown> };
  /** Whether the signature verified against the public key (undefined before a key is set). */
  verified: boolean | undefined;
}

/** How the receiver answers one request: a status (and body), or no answer at all. */
export type Answer = { status: number; body?: unknown } | 'hang';

/** The receiver's controls. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Decides each answer (default 200). A bad signature is always answered 401 INVALID_SIGNATURE. */
  answer: (r: Received) => Answer;
  setPublicKey(pem: string): void;
  close(): Promise<void>;
}

/** Verifies a signature header (bare base64 or `{"v":"1","s":"…"}`) over the raw body with an SPKI PEM key. */
export function verifySignature(raw: string, header: string | undefined, pem: string): boolean {
  try {
    const text = String(header ?? '').trim();
    const sig = Buffer.from(text.startsWith('{') ? (JSON.parse(text) as { s: string }).s : text, 'base64');
    return verify('sha256', Buffer.from(raw, 'utf8'), pem, sig);
  } catch {
    return false;
  }
}

/** Starts a receiver on a free loopback port; the path is /hooks. */
export async function startReceiver(): Promise<Receiver> {
  let pem: string | undefined;
  const hanging = new Set<ServerResponse>();
  const state: Receiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200 }),
    setPublicKey: (k) => (pem = k),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['x-svc-signature'];
      const r: Received = {
        headers: req.headers, raw, envelope: JSON.parse(raw) as Received['envelope'],
        verified: pem === undefined ? undefined : verifySignature(raw, Array.isArray(header) ? header[0] : header, pem),
      };
      state.received.push(r);
      if (r.verified === false) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'INVALID_SIGNATURE', message: 'signature header invalid' }));
        return;
      }
      const a = state.answer(r);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(a.status, { 'content-type': 'application/json', 'x-receiver': 'test' });
      res.end(a.body === undefined ? '' : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return state;
}

/** Polls `check` until it returns a truthy value (5 s at most); never a fixed sleep. */
export async function until<T>(check: () => T | undefined | false | 0 | Promise<T | undefined | false | 0>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
