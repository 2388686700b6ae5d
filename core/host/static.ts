import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.map': 'application/json',
};

/** The console's Content Security Policy: only our own origin, no inline scripts. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Serves a file of the built console below `root`, never outside it; unknown paths get index.html. */
export async function serveStatic(root: string, relPath: string): Promise<Response> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relPath);
  } catch {
    return new Response('Bad request: malformed percent-encoding in the path', { status: 400, headers: { 'content-type': 'text/plain' } });
  }
  const clean = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(root, clean);
  // Why: a path such as /console/../../etc/passwd must never escape the build folder.
  if (full !== root && !full.startsWith(root + sep)) return new Response('Not found', { status: 404 });
  let file = full;
  try {
    if (!(await stat(file)).isFile()) file = join(root, 'index.html');
  } catch {
    file = join(root, 'index.html');
  }
  try {
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONSOLE_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
      },
    });
  } catch {
    return new Response('The console has not been built: run `npm run build` first.', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}
