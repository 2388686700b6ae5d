import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../renderer');

function sources(dir: string = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|vue)$/.test(name) ? [p] : [];
  });
}

/**
 * The one runtime exception: the wallet client helpers are isomorphic on purpose (no Node built-ins),
 * so the Wallet auth rehearsal plays the client with the service's own code, through one module.
 */
const ISOMORPHIC = { file: 'lib/wallet-crypto.ts', modules: ['../../core/wallet/crypto', '../../core/wallet/oauth'] };
/**
 * The story's words (core/story) and the case file's name are isomorphic too: the drawer and the case file
 * must tell one story, so both run the same sentences, in the page and in the core.
 */
const SHARED_WORDS = /^(\.\.\/)+core\/(story\/[a-z-]+|case-file\/file-name)$/;

describe('renderer boundaries', () => {
  it('imports only types from core/ (the core runs on Node, never in the page), except the isomorphic wallet helpers in one module', () => {
    const offenders: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      const name = relative(ROOT, file);
      for (const m of text.matchAll(/\b(import|export)\s+([^;]*?)\s*from\s+['"]((?:\.\.\/)+core\/[^'"]*)['"]/g)) {
        if (/^type\b/.test(m[2] ?? '')) continue;
        if (name === ISOMORPHIC.file && ISOMORPHIC.modules.includes(m[3] ?? '')) continue;
        if (SHARED_WORDS.test(m[3] ?? '')) continue;
        offenders.push(`${name}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the isomorphic wallet helpers free of Node built-ins (they run in the page)', () => {
    const core = join(ROOT, '../core/wallet');
    for (const name of ['crypto.ts', 'oauth.ts']) {
      const text = readFileSync(join(core, name), 'utf8');
      expect(text, name).not.toMatch(/from\s+['"](node:|fs|path|crypto|buffer)['"]|\bBuffer\.|\bprocess\./);
      for (const m of text.matchAll(/from\s+['"](\.[^'"]+)['"]/g)) {
        // Their own relative imports must be isomorphic too (oauth.ts uses the error type and crypto.ts).
        expect(['./crypto', '../kernel/errors'], `${name} imports ${m[1]}`).toContain(m[1]);
      }
    }
    expect(readFileSync(join(ROOT, '../core/kernel/errors.ts'), 'utf8')).not.toMatch(/from\s+['"]/);
  });

  it('keeps the story\'s words and the case file\'s name free of Node built-ins, their values drawn only from each other', () => {
    const storyDir = join(ROOT, '../core/story');
    const files = readdirSync(storyDir).filter((n) => n.endsWith('.ts')).map((n) => join(storyDir, n));
    files.push(join(ROOT, '../core/case-file/file-name.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const name = relative(join(ROOT, '..'), file);
      expect(text, name).not.toMatch(/from\s+['"](node:|fs|path|crypto|buffer)['"]|\bBuffer\.|\bprocess\./);
      for (const m of text.matchAll(/\b(import|export)\s+([^;]*?)\s*from\s+['"]([^'"]+)['"]/g)) {
        if (/^type\b/.test(m[2] ?? '')) continue;
        expect(m[3], `${name} imports ${m[3]} at run time`).toMatch(/^\.\/[a-z-]+$/);
      }
    }
  });

  it('keeps views to their stores: no view, component or composable imports the bridge client (api/)', () => {
    // Views call stores, stores call the client: a screen's calls stay in one place its tests and its neighbours share.
    const viewSide = ['views', 'components', 'composables'].flatMap((dir) => sources(join(ROOT, dir)));
    viewSide.push(join(ROOT, 'App.vue'));
    expect(viewSide.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of viewSide) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g)) {
        const target = relative(ROOT, resolve(dirname(file), m[1] ?? ''));
        if (target.startsWith('api/')) offenders.push(`${relative(ROOT, file)} imports ${m[1]}`);
      }
    }
    expect(offenders, 'views call stores (renderer/stores), stores call the client').toEqual([]);
  });

  it('touches the bridge only in api/client.ts', () => {
    const touching = sources()
      .filter((f) => /paymentsConsole|__bridge\/|new EventSource/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== 'env.d.ts');
    expect(touching).toEqual(['api/client.ts']);
  });
});
