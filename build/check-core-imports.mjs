// Keeps core/ framework-free: it must never import Electron, Vue, naive-ui, pinia or vue-router.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FORBIDDEN = /from\s+['"](electron|vue|naive-ui|pinia|vue-router)(['"/])/;
const bad = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.ts') && FORBIDDEN.test(readFileSync(p, 'utf8'))) bad.push(p);
  }
};
walk('core');
if (bad.length) {
  console.error(`core/ must stay framework-free; these files import a UI or Electron module:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
