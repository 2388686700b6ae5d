import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, bodyColorOf, styleOf } from './serve-process';
import { useConsole } from './support/console';

// Each built screen opened with seeded data in light and dark at 1280x800, saved under
// test-results/screenshots so anyone can look at what changed.
// Each screen by its route and the aria-label of the section it renders (its title).
const SCREENS = {
  overview: 'Overview', customers: 'Customers and accounts', 'request-log': 'Request log', events: 'Events',
  api: 'API and credentials', transactions: 'Transactions', quotes: 'Quotes', 'wallet-auth': 'Wallet auth',
};
const OUT = 'test-results/screenshots';

const app = useConsole();

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
});


describe('screenshots of every screen', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`renders each screen in the ${theme} theme without an error state`, async () => {
      const page = await app.page({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      await page.addInitScript(`localStorage.setItem('consoleTheme', '${theme}')`);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [screen, title] of Object.entries(SCREENS)) {
        await page.goto(app.at(screen));
        // Ready to photograph: the screen's section is shown, its data has replaced the loading skeletons,
        // the theme's background is painted and no transition is still running.
        await page.locator(`main > section[aria-label="${title}"]`).waitFor({ state: 'visible', timeout: 15_000 });
        await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
        await expect.poll(() => styleOf(page.locator('body'), 'background-color'), { message: screen }).toBe(bodyColorOf(theme));
        await animationsDone(page);
        expect(await page.locator('main .error-state').count(), `${screen} shows an error`).toBe(0);
        await page.screenshot({ path: `${OUT}/${screen}-${theme}.png` });
      }
      await page.close();
      expect(errors).toEqual([]);
    });
  }
});
