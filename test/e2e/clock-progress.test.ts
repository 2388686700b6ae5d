import { beforeAll, describe, expect, it } from 'vitest';
import { useConsole } from './support/console';
import { okBody } from '../support/api-client';
import { externalAccountOf, internalAccountOf, seededCustomer } from '../support/builders';

// A large clock advance from the console: thousands of due jobs run in batches, the clock control
// shows "jobs done of due" while they run, and the API keeps answering meanwhile.
const app = useConsole({ clock: 'frozen' });
const JOBS = 3_000;

beforeAll(async () => {
  const alice = (await seededCustomer(app.api, 'cust-alice-001')).id;
  const lucia = (await seededCustomer(app.api, 'cust-lucia-002')).id;
  const source = (await internalAccountOf(app.api, alice, 'USD')).id;
  const clabe = (await externalAccountOf(app.api, lucia)).id;
  // Each quote left unexecuted schedules its expiry five minutes on: JOBS jobs due within "+6 min".
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < JOBS) {
      next++;
      await okBody(app.api.send('POST /quotes', { body: { source: { sourceType: 'ACCOUNT', accountId: source }, destination: { destinationType: 'ACCOUNT', accountId: clabe }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 } }));
    }
  }));
}, 180_000);


describe('a large clock advance from the console', () => {
  it('shows jobs done of due while the batches run, and the API answers meanwhile', async () => {
    expect((await okBody(app.api.send('GET /sandbox/clock'))).pendingJobs).toBe(JOBS);
    const page = await app.page({ viewport: { width: 1440, height: 900 } });
    await page.goto(app.at('overview'));
    await page.getByTestId('clock-badge').click();
    await page.getByRole('button', { name: '+6 min' }).click();

    const progress = page.getByTestId('clock-progress');
    await progress.waitFor({ timeout: 15_000 });
    await expect.poll(() => progress.innerText(), { timeout: 15_000 }).toMatch(new RegExp(`Running scheduled jobs: [\\d,]+ of ${JOBS.toLocaleString('en-US')}`));
    // The API answers while the advance still runs (its progress is what it reports).
    const during = await okBody(app.api.send('GET /sandbox/clock'));
    expect(during.advance).toMatchObject({ jobsDue: JOBS });
    expect(during.advance?.jobsDone).toBeLessThan(JOBS);

    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain(`${JOBS} scheduled job(s) ran`);
    expect((await okBody(app.api.send('GET /sandbox/clock'))).pendingJobs).toBe(0);
    await page.close();
  }, 120_000);
});
