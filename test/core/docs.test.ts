// The README is the front door and docs/ holds the rest: these checks keep what they say reachable and
// true as the code moves (a renamed heading, a moved page, a new core folder, a removed script).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

/** The text outside fenced code blocks (links and headings inside code are examples, not links). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for each heading of a page, duplicates numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, title] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = title!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every relative link target of a page, inline code removed first (`[x](y)` in backticks is not a link). */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with each relative link of the page at `file` (its missing file or heading), in words. */
function brokenLinks(file: string, markdown: string, read: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const target of relativeLinks(markdown)) {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const to = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    const text = to === file ? markdown : read(to);
    const where = `${relative(ROOT, file)} -> ${target}`;
    if (text === undefined) problems.push(`${where}: no such file`);
    else if (anchor && !anchorsOf(text).has(anchor)) problems.push(`${where}: no heading #${anchor} in ${relative(ROOT, to)}`);
  }
  return problems;
}

const readIfExists = (path: string) => (existsSync(path) ? (statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8')) : undefined);
const pages = [README, ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f))];
const readme = readFileSync(README, 'utf8');

/** The README's section under `## title`, up to the next section. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The core/ folders a Layout section names: the `name/` words of the indented lines under its `core/` line. */
function layoutCoreFolders(layout: string): string[] {
  const lines = layout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('core/'));
  const under: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    under.push(...[...line.matchAll(/(?:^|\s)([a-z][\w-]*)\//g)].map((m) => m[1]!));
  }
  return start === -1 ? [] : under;
}

/** The folders of `names` that core/ (under `root`) does not hold. */
const missingCoreFolders = (names: string[], root = ROOT) => names.filter((f) => !existsSync(join(root, 'core', f)) || !statSync(join(root, 'core', f)).isDirectory());

describe('README.md and docs/', () => {
  it('every relative link reaches an existing file and heading', () => {
    expect(pages.flatMap((page) => brokenLinks(page, readFileSync(page, 'utf8'), readIfExists))).toEqual([]);
  });

  it('the link check sees a missing file, a missing heading and a heading that is there', () => {
    const page = join(DOCS, 'example.md');
    const text = '# Top\n\n## The test clock and "now"\n\n[a](#the-test-clock-and-now) [b](#nowhere) [c](missing.md) [d](../README.md#layout) `[e](ignored.md)`\n';
    expect(brokenLinks(page, text, readIfExists)).toEqual(['docs/example.md -> #nowhere: no heading #nowhere in docs/example.md', 'docs/example.md -> missing.md: no such file']);
  });

  it('the README stays a front door: under 10 KB', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThan(10 * 1024);
  });

  it('the README starts with the two commands for a fresh machine', () => {
    expect(readme.match(/^## (.+)$/m)?.[1]).toBe('Quick start (fresh machine)');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm ci && npm start\b/m);
    expect(firstBlock).toMatch(/^npm test\b/m);
  });

  it('every page of docs/ is linked from the README', () => {
    const linked = new Set(relativeLinks(readme).map((t) => t.split('#')[0]));
    const unlinked = readdirSync(DOCS).filter((f) => f.endsWith('.md') && !linked.has(`docs/${f}`));
    expect(unlinked).toEqual([]);
  });

  it('every `npm run` script the README and docs name exists in package.json', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const named = pages.flatMap((p) => [...readFileSync(p, 'utf8').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(5);
    expect([...new Set(named)].filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it("the Layout section lists every folder of core/ and the project's top folders", () => {
    const layout = section('Layout');
    const listed = new Set([...layout.matchAll(/([a-z][\w-]*)\//g)].map((m) => m[1]));
    const coreFolders = readdirSync(join(ROOT, 'core'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(coreFolders.length).toBeGreaterThan(20);
    expect(coreFolders.filter((f) => !listed.has(f))).toEqual([]);
    expect(['core', 'electron', 'renderer', 'build', 'test', 'docs'].filter((f) => !listed.has(f))).toEqual([]);
  });

  it('every core/ folder the Layout section names exists', () => {
    const named = layoutCoreFolders(section('Layout'));
    expect(named.length).toBeGreaterThan(20);
    expect(missingCoreFolders(named)).toEqual([]);
  });

  it('the reverse Layout check reads only the folders under core/ and sees one that is not there', () => {
    const layout = '```\ncore/   the core\n  kernel/   clock\n  api/ gone-area/ ledger/\n                 one folder per area\nelectron/   main\ntest/   core/, support/\n```';
    expect(layoutCoreFolders(layout)).toEqual(['kernel', 'api', 'gone-area', 'ledger']);
    expect(missingCoreFolders(layoutCoreFolders(layout))).toEqual(['gone-area']);
  });
});
