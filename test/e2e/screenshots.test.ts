import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, startServe, type ServeProcess } from './serve-process';

// Each built screen opened with seeded data in light and dark at 1280x800, saved under
// test-results/screenshots so anyone can look at what changed.
const SCREENS = ['overview', 'customers', 'request-log', 'events', 'api', 'transactions', 'quotes', 'wallet-auth'];
const OUT = 'test-results/screenshots';

let proc: ServeProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  proc = await startServe();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await proc?.stop();
});

describe('screenshots of every screen', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`renders each screen in the ${theme} theme without an error state`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const screen of SCREENS) {
        await page.goto(proc.consoleUrl.replace('#/', `#/${screen}`));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/${screen}-${theme}.png` });
      }
      await page.close();
      expect(errors).toEqual([]);
    });
  }
});
