import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../renderer');

function sources(dir: string = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|vue)$/.test(name) ? [p] : [];
  });
}

describe('renderer boundaries', () => {
  it('imports only types from core/ (the core runs on Node, never in the page)', () => {
    const offenders: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(import|export)\s+([^;]*?)\s*from\s+['"]((?:\.\.\/)+core\/[^'"]*)['"]/g)) {
        if (!/^type\b/.test(m[2] ?? '')) offenders.push(`${relative(ROOT, file)}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('touches the bridge only in api/client.ts', () => {
    const touching = sources()
      .filter((f) => /paymentsConsole|__bridge\/|new EventSource/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== 'env.d.ts');
    expect(touching).toEqual(['api/client.ts']);
  });
});
