// Runs in its own process: calls GET /sandbox/clock every few milliseconds until told to stop (stdin
// closes), then prints the latencies it saw as JSON. Kept apart so the probe's own work never
// competes with the server's event loop.
const [base, auth] = process.argv.slice(2);
const latencies = [];
let stop = false;
process.stdin.on('end', () => (stop = true));
process.stdin.resume();
while (!stop) {
  const t0 = performance.now();
  const r = await fetch(`${base}/sandbox/clock`, { headers: { authorization: auth } });
  await r.arrayBuffer();
  latencies.push(performance.now() - t0);
  if (latencies.length === 1) process.stderr.write('ready\n');
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(JSON.stringify(latencies));
