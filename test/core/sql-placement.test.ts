// Where SQL may live: an area's SQL only in its repo files (repo.ts, <thing>-repo.ts), the kernel's
// in the kernel (it is the storage layer), and every table in exactly one folder, so no area reads
// another's tables behind its service's back.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve(import.meta.dirname, '../../core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

const files = sourceFiles(CORE)
  .map((f) => ({ path: relative(CORE, f), text: readFileSync(f, 'utf8') }))
  .filter((f) => !f.path.startsWith('kernel/migrations/'));
const isRepo = (path: string) => /(^|\/|-)repo\.ts$/.test(path);
const isKernel = (path: string) => path.startsWith('kernel/');

describe('where SQL lives', () => {
  it('statements are prepared only in repo files and the kernel', () => {
    const outside = files.filter((f) => !isRepo(f.path) && !isKernel(f.path) && /\.prepare(<[^>]*>)?\(|selectPage\(|insertRow\(/.test(f.text));
    expect(outside.map((f) => f.path)).toEqual([]);
  });

  it('each table is read and written by one folder only', () => {
    const owners = new Map<string, Set<string>>();
    for (const f of files) {
      for (const m of f.text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g)) {
        const table = m[1]!;
        if (table === 'json_each' || table === 'pragma_table_info' || table === 'sqlite_master') continue;
        if (!owners.has(table)) owners.set(table, new Set());
        owners.get(table)!.add(f.path.split('/')[0]!);
      }
    }
    const shared = [...owners].filter(([, folders]) => folders.size > 1).map(([t, folders]) => `${t}: ${[...folders].join(', ')}`);
    expect(owners.size).toBeGreaterThan(20); // the scan sees the tables at all
    expect(shared).toEqual([]);
  });
});
