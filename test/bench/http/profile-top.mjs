// Summarises a V8 .cpuprofile: the functions with the most self time, and the most inclusive time
// among our own files. Usage: node test/bench/http/profile-top.mjs FILE.cpuprofile [N] [LAST_SECONDS] [SKIP_LAST_SECONDS]
// (LAST_SECONDS keeps only the profile's last seconds: the load, without the start-up and seeding;
// SKIP_LAST_SECONDS drops the very end, such as the bare server's last slice. Serve idles while the bare
// server has its slices, so (idle) takes about half of a leg's samples: read the other figures among themselves.)
import { readFileSync } from 'node:fs';

const [file, n = '40', last, skip = '0'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const dt = new Map();
const span = p.timeDeltas.reduce((a, b) => a + b, 0);
const from = last === undefined ? 0 : span - Number(last) * 1e6;
const to = span - Number(skip) * 1e6;
for (let i = 0, at = 0; i < p.samples.length; i++) {
  at += p.timeDeltas[i] ?? 0;
  if (at >= from && at <= to) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const name = (x) => `${x.callFrame.functionName || '(anon)'} ${x.callFrame.url.replace(/^file:\/\/\/work\/main\//, '').replace(/^.*node_modules\//, '')}:${x.callFrame.lineNumber + 1}`;
const self = new Map();
for (const x of p.nodes) self.set(name(x), (self.get(name(x)) ?? 0) + (dt.get(x.id) ?? 0));
const parent = new Map();
for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const incl = new Map();
for (const x of p.nodes) {
  const t = dt.get(x.id) ?? 0;
  if (!t) continue;
  const seen = new Set();
  for (let id = x.id; id !== undefined; id = parent.get(id)) {
    const k = name(byId.get(id));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log('SELF');
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(pct(t), k);
console.log('\nINCLUSIVE (project files)');
for (const [k, t] of [...incl].filter(([k]) => /core\//.test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(pct(t), k);
