// The yardstick of every HTTP figure: a bare node:http server in its own process that answers
// `/<n>` with a JSON body of exactly n bytes (reading any request body first, as a real server must).
// `/<n>?busy=<µs>` first keeps the CPU busy that long: the ceiling a server doing that much work per
// request can reach on this machine. Prints its origin on stdout; stops when stdin ends.
import { createServer } from 'node:http';

const bodies = new Map();
const bodyOf = (n) => {
  let b = bodies.get(n);
  if (!b) {
    const pad = Math.max(0, n - 8);
    b = Buffer.from(`{"x":"${'a'.repeat(pad)}"}`.slice(0, Math.max(n, 8)));
    bodies.set(n, b);
  }
  return b;
};
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const [path, query] = req.url.split('?');
    const busy = query?.startsWith('busy=') ? Number(query.slice(5)) : 0;
    if (busy > 0) {
      const until = performance.now() + busy / 1000;
      while (performance.now() < until);
    }
    const body = bodyOf(Number(path.slice(1)) || 2);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
