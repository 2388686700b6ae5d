import { SIGNATURE_HEADER } from './signing';

/**
 * A complete Node receiver that verifies `X-Svc-Signature` with the workspace's public key, answers
 * 401 INVALID_SIGNATURE on a bad signature and 409 on a duplicate id (so the sender stops retrying).
 * The console shows it with the key filled in, ready to copy.
 */
export function verifierSnippet(publicKeyPem: string, port = 3000): string {
  const header = SIGNATURE_HEADER.toLowerCase();
  return `// receiver.mjs: node receiver.mjs (Node 18+, no dependencies)
import { createServer } from 'node:http';
import { verify } from 'node:crypto';

const PUBLIC_KEY = \`${publicKeyPem.trim()}\`;
const seen = new Set();

function signatureOf(header) {
  // The header is {"v":"1","s":"<base64 DER>"} or the bare base64 signature.
  const text = String(header ?? '').trim();
  return Buffer.from(text.startsWith('{') ? JSON.parse(text).s : text, 'base64');
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks); // verify the raw bytes, before any JSON parsing
    let ok = false;
    try {
      ok = verify('sha256', body, PUBLIC_KEY, signatureOf(req.headers['${header}']));
    } catch {}
    if (!ok) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 'INVALID_SIGNATURE', message: 'signature header invalid' }));
    }
    const event = JSON.parse(body.toString('utf8'));
    if (seen.has(event.id)) return res.writeHead(409).end(); // a duplicate: no retry
    seen.add(event.id);
    console.log(event.type, event.id);
    res.writeHead(200).end();
  });
}).listen(${port}, '127.0.0.1');
`;
}

/** The port of a loopback endpoint (so the snippet listens where the platform posts), else 3000. */
export function snippetPort(endpoint: string | undefined): number {
  try {
    const u = new URL(endpoint ?? '');
    return u.port ? Number(u.port) : 3000;
  } catch {
    return 3000;
  }
}
