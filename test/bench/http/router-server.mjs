// The framework's own ceiling: a Hono app on @hono/node-server (the adapter serve uses) that checks HTTP
// Basic credentials and answers `/<n>` with a JSON body of n bytes (at least 8), in its own process. Issue 14's
// targets were set beside this "router alone" server (85 % of bare on that machine); printed beside the
// legs, it shows how much of bare routing and authentication alone keep on the day's machine, before any
// of our work per request. Prints its origin on stdout; stops when stdin ends.
// Why not hono/basic-auth: its comparison hashes both sides with Web Crypto on every request (measured:
// 14 % of bare, against 78 % with this check), which is not what serve does (it caches a verified token).
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';

/** The credentials the bench sends to this server: user `bench`, password `bench`. */
const EXPECTED = Buffer.from(`Basic ${Buffer.from('bench:bench').toString('base64')}`);

const bodies = new Map();
const bodyOf = (n) => {
  let b = bodies.get(n);
  if (!b) {
    b = `{"x":"${'a'.repeat(Math.max(0, n - 8))}"}`.slice(0, Math.max(n, 8));
    bodies.set(n, b);
  }
  return b;
};
const app = new Hono();
app.use('*', async (c, next) => {
  const given = Buffer.from(c.req.header('authorization') ?? '');
  if (given.length !== EXPECTED.length || !timingSafeEqual(given, EXPECTED)) return c.json({ message: 'Basic credentials required' }, 401);
  await next();
});
app.get('/:n', (c) => c.body(bodyOf(Number(c.req.param('n')) || 2), 200, { 'content-type': 'application/json' }));
app.post('/:n', async (c) => {
  await c.req.text();
  return c.body(bodyOf(Number(c.req.param('n')) || 2), 200, { 'content-type': 'application/json' });
});
const server = createServer(getRequestListener(app.fetch));
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
