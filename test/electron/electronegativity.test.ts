// Runs @doyensec/electronegativity on the electron/ sources (it cannot read the .cjs bundles) and fails
// on any finding that is not marked, where it fires, as a reviewed false positive with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';

vi.mock('electron', () => import('./electron-mock'));
// Parsing every source (or loading electron-builder) takes seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const require = createRequire(import.meta.url);
const ELECTRON_DIR = resolve('electron');
const electronVersion = (require('electron/package.json') as { version: string }).version;

interface Finding {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  description: string;
  sample?: string;
}

/**
 * Loads electronegativity with its network calls answered "offline" at once: it fetches translations
 * and Electron's release list from the internet, which these machines cannot reach (and a test must
 * not depend on). `got` is the one HTTP client it uses, so its module is replaced in require's cache.
 */
function loadElectronegativity(): (options: Record<string, unknown>) => Promise<{ errors: { file: string; message: string; tolerable: boolean }[]; issues: Finding[] }> {
  const fromTool = createRequire(require.resolve('@doyensec/electronegativity'));
  const gotPath = fromTool.resolve('got');
  const offline = Object.assign(async () => Promise.reject(new Error('offline: electronegativity runs without network in tests')), {});
  Object.assign(offline, { default: offline, head: offline });
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline } as unknown as NodeJS.Module;
  const mod = fromTool('@doyensec/electronegativity') as { default?: unknown };
  return (mod.default ?? mod) as ReturnType<typeof loadElectronegativity>;
}

describe('electronegativity on electron/', () => {
  it('reports no finding that is not a reviewed false positive', async () => {
    const run = loadElectronegativity();
    const result = await run({
      input: ELECTRON_DIR,
      electronVersionOverride: electronVersion,
      isRelative: true,
      // Why excluded: it only compares the version with Electron's online release list (no network here).
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
      customScan: [],
    });
    expect(result.errors.filter((e) => !e.tolerable)).toEqual([]);
    const findings = result.issues.map((i) => `${i.id} ${i.severity.name}/${i.confidence.name} electron/${i.file}:${i.location.line} ${i.description}`);
    expect(findings).toEqual([]);
  });

  it('finds every TypeScript source of the shell (so an empty scan cannot pass)', () => {
    const sources = readdirSync(ELECTRON_DIR).filter((f) => f.endsWith('.ts'));
    expect(sources).toEqual(expect.arrayContaining(['app.ts', 'window.ts', 'security.ts', 'ipc.ts', 'preload.ts']));
  });

  it('gives every suppression a reason where it fires', () => {
    const marks = readdirSync(ELECTRON_DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => readFileSync(join(ELECTRON_DIR, f), 'utf8').split('\n').map((line, i) => ({ where: `electron/${f}:${i + 1}`, line })))
      .filter(({ line }) => /eng-disable/.test(line));
    expect(marks.map((m) => m.where).sort()).toEqual(['electron/security.ts', 'electron/security.ts', 'electron/window.ts'].map((f) => expect.stringContaining(f)));
    for (const { where, line } of marks) {
      expect(line, where).toMatch(/eng-disable [A-Z_]+_CHECK -- reviewed: .{40,}/);
      // Never a whole-file suppression: the first line of a file must not carry one.
      expect(where.endsWith(':1'), where).toBe(false);
    }
  });

  it("keeps the CSP's evaluator findings to the one reviewed false positive ('self' scripts)", () => {
    const csp = createRequire(require.resolve('@doyensec/electronegativity'))('@doyensec/csp-evaluator') as {
      CspParser: new (s: string) => { csp: unknown };
      CspEvaluator: new (csp: unknown, version: unknown) => { evaluate(): { directive: string; value: string; severity: number }[] };
      Version: { CSP3: unknown };
    };
    const findings = new csp.CspEvaluator(new csp.CspParser(CONTENT_SECURITY_POLICY).csp, csp.Version.CSP3).evaluate();
    expect(findings.map((f) => `${f.directive} ${f.value}`)).toEqual(["script-src 'self'"]);
  });
});
