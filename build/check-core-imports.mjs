// Keeps core/ framework-free: it must never import Electron, Vue, naive-ui, pinia or vue-router, nor
// reach into renderer/ or electron/ by a relative path (the core runs under every host unchanged).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const FORBIDDEN = /from\s+['"](electron|vue|naive-ui|pinia|vue-router)(['"/])/;
const RELATIVE = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;
const OUTSIDE = ['renderer', 'electron'].map((d) => resolve(d));
const bad = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.ts')) {
      const text = readFileSync(p, 'utf8');
      if (FORBIDDEN.test(text)) bad.push(`${p}: imports a UI or Electron module`);
      for (const m of text.matchAll(RELATIVE)) {
        const target = resolve(dirname(p), m[1]);
        if (OUTSIDE.some((o) => target === o || target.startsWith(`${o}/`))) bad.push(`${p}: imports ${relative('.', target)}`);
      }
    }
  }
};
walk('core');
if (bad.length) {
  console.error(`core/ must stay framework-free and host-independent:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
