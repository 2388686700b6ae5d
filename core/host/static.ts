import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { ServiceError } from '../kernel/errors';

/** The console's Content Security Policy: only our own origin, no inline scripts. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const MOUNT = '/console';

function errorJson(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify(new ServiceError(status, code, message).toBody()), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Routes serving the built console under /console/ from `root` (index.html and Vite's hashed assets).
 *
 * @hono/node-server's serveStatic does the file work: content types, HEAD and ranges, and the path checks
 * that keep a request inside `root` (it refuses any `.`/`..` segment, any backslash or doubled slash, and
 * any percent sign, so `..%2f..%2fetc%2fpasswd` and a malformed `%E0%A4%A` never reach the disk; its
 * refusal falls through to our 404). There is no SPA fallback to index.html for other paths on purpose:
 * the console routes with a hash history (`/console/#/customers`), so the only document is /console/
 * itself, and a missing asset must be a 404 rather than an HTML page under a script's URL.
 */
export function consoleRoutes(root: string): Hono {
  const app = new Hono();
  app.use(
    '*',
    serveStatic({
      root,
      rewriteRequestPath: (path) => path.slice(MOUNT.length),
      onFound: (path, c) => {
        c.header('content-security-policy', CONSOLE_CSP);
        c.header('x-content-type-options', 'nosniff');
        // index.html carries the per-run token's page and names the current assets: never cache it.
        // Everything else is a content-hashed Vite asset, safe to cache for good.
        c.header('cache-control', path.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.all('*', (c) =>
    c.req.path === `${MOUNT}/`
      ? new Response('The console has not been built: run `npm run build` first.', { status: 503, headers: { 'content-type': 'text/plain' } })
      : errorJson(404, 'NOT_FOUND', `No console file at ${c.req.path}`),
  );
  return app;
}
