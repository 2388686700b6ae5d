// The HTTP figures alone: `npx tsx test/bench/http/run-http.ts [--data-dir DIR] [--seconds N] [--cpu-prof DIR] [--only TEXT] [--from-source]`.
// --only keeps the legs whose name contains TEXT (so a profile holds one leg's load); `--only ceiling` runs only the ceilings (the router alone, and
// the bare server made busy 50 and 100 µs per request); `--only mocks` only the stateless mocks (PRISM_BIN, MOCKOON_BIN: see mocks.ts).
// With --cpu-prof the serve process writes a V8 CPU profile into DIR when it stops (open it in Chrome's
// DevTools, or summarise it with test/bench/http/profile-top.mjs).
// --from-source runs serve through tsx from the TypeScript sources, so that a profile names the source files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { API_BASE } from '../../../core/api/types';
import { encodeCursor } from '../../../core/kernel/pagination';
import { busyCeiling, routerCeiling, rssMiB, runLegs, standardLegs, startBare, startRouter, startServe } from './http-bench';
import { mockFigures } from './mocks';

/** A cursor half way down the filtered list the deep leg reads (what a client holds after paging that far). */
export function deepCursorOf(dbPath: string): string | undefined {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const where = "status = 'COMPLETED' AND type = 'OUTGOING'";
    const n = (db.prepare(`SELECT count(*) AS n FROM transactions WHERE ${where}`).get() as { n: number }).n;
    if (n < 200) return undefined;
    const row = db.prepare(`SELECT created_at AS k, id FROM transactions WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?`).get(Math.floor(n / 2)) as { k: number; id: string };
    return encodeCursor(row);
  } finally {
    db.close();
  }
}

/** Runs the HTTP legs over `dataDir` (a new workspace when absent), records serve's memory, then the ceilings (router alone, busy bare server) and the mocks. */
export async function httpFigures(record: (name: string, value: string) => void, o: { dataDir?: string | undefined; seconds: number; cpuProfDir?: string | undefined; only?: string | undefined; fromSource?: boolean | undefined }): Promise<void> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-http-'));
  const { info, proc } = await startServe(dataDir, o.cpuProfDir, o.fromSource);
  const bare = await startBare();
  try {
    record('serve: workspace open (createCore, in the serve process)', `${info.openMs.toFixed(0)} ms`);
    if ('error' in info.agent) record('agent legs', `skipped: ${info.agent.error.slice(0, 120)}`);
    if ('error' in info.card) record('card legs', `skipped: ${info.card.error.slice(0, 120)}`);
    record('serve resident memory before the load', `${rssMiB(info.pid).toFixed(0)} MiB`);
    await runLegs(record, info, bare, standardLegs(info, API_BASE, deepCursorOf(join(dataDir, 'workspace.sqlite'))).filter((l) => !o.only || l.name.includes(o.only)), o.seconds);
    record('serve resident memory after the load', `${rssMiB(info.pid).toFixed(0)} MiB`);
    if (!o.only || o.only === 'ceiling') {
      const router = await startRouter();
      try {
        await routerCeiling(record, bare, router, o.seconds);
      } finally {
        await router.proc.stop();
      }
      for (const us of [50, 100]) await busyCeiling(record, bare, us, o.seconds);
    }
    if (!o.only || o.only === 'mocks') await mockFigures(record, info, bare, o.seconds);
  } finally {
    await proc.stop();
    await bare.proc.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, seconds: { type: 'string', default: '8' }, 'cpu-prof': { type: 'string' }, only: { type: 'string' }, 'from-source': { type: 'boolean', default: false } } });
  await httpFigures((name, value) => console.log(`${name.padEnd(62)} ${value}`), { dataDir: values['data-dir'], seconds: Number(values.seconds), cpuProfDir: values['cpu-prof'], only: values.only, fromSource: values['from-source'] });
}
