// The core's folders form a picture read from the top down: an area imports only areas below it, so
// any one of them can be understood (and tested) without the ones above. A cycle between folders
// breaks that; lower areas that need an answer from a higher one declare a small port instead
// (see core/services.ts). Type-only imports count too: they still tie the two areas' code together.
// Files inside one folder follow the same rule: a circle of files is usually a type living in the
// wrong one, and it is closed by moving that type down, never by a lazy import.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CORE = resolve(import.meta.dirname, '../../core');

/** One edge of the import graph (folder to folder, or file to file), with an import that makes it. */
interface Edge { from: string; to: string; via: string }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** The folder of core/ a file belongs to (`accounts` for core/accounts/x.ts); files directly in core/ belong to none. */
function folderOf(file: string): string | undefined {
  const parts = relative(CORE, file).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((p) => p.endsWith('.ts') && existsSync(p));
}

/** Every relative import of core/**\/*.ts (type-only, re-exports and dynamic imports included), resolved to its file. */
function fileEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(CORE)) {
    // preProcessFile reads module specifiers the way the compiler does (comments and strings are not imports).
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolveImport(file, ref.fileName);
      if (target) edges.push({ from: relative(CORE, file), to: relative(CORE, target), via: `'${ref.fileName}'` });
    }
  }
  return edges;
}

/** The file edges that cross folders, as folder-to-folder edges. */
function folderEdges(files: Edge[]): Edge[] {
  return files.flatMap((e) => {
    const from = folderOf(join(CORE, e.from));
    const to = folderOf(join(CORE, e.to));
    return from && to && from !== to ? [{ from, to, via: `${e.from} -> ${e.to}` }] : [];
  });
}

/** Every distinct shortest loop that an edge closes, as `a -> b -> a` with the import behind each hop. */
function cycles(edges: Edge[]): string[] {
  const next = new Map<string, Map<string, string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Map());
    if (!next.get(e.from)!.has(e.to)) next.get(e.from)!.set(e.to, e.via);
  }
  const shortestPath = (from: string, to: string): string[] | undefined => {
    const parent = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length) {
      const node = queue.shift()!;
      if (node === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(parent.get(path[0]!)!);
        return path;
      }
      for (const n of [...(next.get(node)?.keys() ?? [])].sort()) if (!parent.has(n)) (parent.set(n, node), queue.push(n));
    }
    return undefined;
  };
  const cycles = new Map<string, string>();
  for (const [from, targets] of next) {
    for (const to of targets.keys()) {
      const back = shortestPath(to, from);
      if (!back) continue;
      // Rotate the loop to start at its first node by name, so each loop is reported once.
      const loop = [from, ...back.slice(0, -1)];
      const k = loop.indexOf([...loop].sort()[0]!);
      const path = [...loop.slice(k), ...loop.slice(0, k)];
      path.push(path[0]!);
      const hops = path.slice(1).map((t, i) => `  ${path[i]} -> ${t}   (${next.get(path[i]!)!.get(t)})`);
      cycles.set(path.join(' -> '), `${path.join(' -> ')}\n${hops.join('\n')}`);
    }
  }
  return [...cycles.keys()].sort().map((k) => cycles.get(k)!);
}

describe("the core's import graph", () => {
  const files = fileEdges();
  const edges = folderEdges(files);

  it('has no cycle between folders of core/ (type-only imports count)', () => {
    const loops = cycles(edges);
    expect(loops, `import cycles between core folders:\n${loops.join('\n\n')}`).toEqual([]);
  });

  it('has no cycle between files of core/ (type-only imports count)', () => {
    const loops = cycles(files);
    expect(loops, `import cycles between core files:\n${loops.join('\n\n')}`).toEqual([]);
  });

  it('no area imports another area\'s repo: areas ask each other\'s services, never read their tables', () => {
    const intoRepos = edges.filter((e) => e.to !== 'kernel' && /-?repo\.ts$/.test(e.via.split(' -> ')[1]!));
    expect(intoRepos.map((e) => e.via)).toEqual([]);
  });

  it('reads real imports, type-only ones included (so an empty answer above means something)', () => {
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    expect(has('customers', 'accounts')).toBe(true); // CustomerService provisions internal accounts
    expect(has('quotes', 'wallet')).toBe(true); // a type-only import: the quote service is given SignedRetry
    expect(edges.every((e) => e.from !== e.to)).toBe(true);
    // Within a folder, type-only and `import()` type references resolve to files too.
    const hasFile = (from: string, to: string) => files.some((e) => e.from === from && e.to === to);
    expect(hasFile('api/idempotency.ts', 'api/types.ts')).toBe(true); // `import type { ... KeyedAnswer }`
    expect(hasFile('console/bridge.ts', 'console/handlers.ts')).toBe(true); // `import type` of the handler names
  });

  it('names a cycle by its folders and the imports that close it', () => {
    const loops = cycles([
      { from: 'customers', to: 'wallet', via: 'customers/routes.ts -> wallet/actions.ts' },
      { from: 'wallet', to: 'customers', via: 'wallet/actions.ts -> customers/service.ts' },
      { from: 'wallet', to: 'kernel', via: 'wallet/repo.ts -> kernel/db.ts' },
    ]);
    expect(loops).toHaveLength(1);
    expect(loops[0]).toContain('customers -> wallet -> customers');
    expect(loops[0]).toContain('customers/routes.ts -> wallet/actions.ts');
  });

  it('names a circle of files by its files, in order, and the import behind each hop', () => {
    const loops = cycles([
      { from: 'console/workspace.ts', to: 'console/bridge.ts', via: "'./bridge'" },
      { from: 'console/bridge.ts', to: 'console/handlers.ts', via: "'./handlers'" },
      { from: 'console/handlers.ts', to: 'console/workspace.ts', via: "'./workspace'" },
      { from: 'console/handlers.ts', to: 'api/console-handler.ts', via: "'../api/console-handler'" },
    ]);
    expect(loops).toHaveLength(1);
    expect(loops[0]).toContain('console/bridge.ts -> console/handlers.ts -> console/workspace.ts -> console/bridge.ts');
    expect(loops[0]).toContain("console/workspace.ts -> console/bridge.ts   ('./bridge')");
  });
});
