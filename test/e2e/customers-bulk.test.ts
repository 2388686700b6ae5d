import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useConsole } from './support/console';

// Importing customers from a CSV on the Customers screen, on the real-time workspace clock (the job runs by itself).
const app = useConsole();
let page: Page;

beforeAll(async () => {
  page = await app.page({ viewport: { width: 1280, height: 800 } });
});


const CSV = [
  'customerType,platformCustomerId,fullName,email',
  'INDIVIDUAL,e2e-bulk-1,Ada Lovelace,ada@example.com',
  'INDIVIDUAL,e2e-bulk-2,Bad Email,not-an-email',
  'INDIVIDUAL,e2e-bulk-3,Grace Hopper,grace@example.com',
].join('\n');

describe('the Customers screen imports a CSV file as a job', () => {
  it('uploads a small CSV, shows the progress bar reach the end, and reports every line', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-customers').click();
    await page.getByTestId('import-customers').click();
    await page.getByTestId('bulk-file').setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const progress = page.getByTestId('bulk-progress');
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 15_000 }).toBe('COMPLETED');
    expect(await page.getByTestId('bulk-counts').innerText()).toBe('3 of 3 lines · 2 created · 1 refused');
    const rows = page.getByTestId('bulk-rows');
    await expect.poll(() => rows.innerText()).toContain('e2e-bulk-3');
    const text = await rows.innerText();
    expect(text).toContain('e2e-bulk-1');
    expect(text).toMatch(/e2e-bulk-2[\s\S]*email/i);
    // The new customers are in the list once the dialog is closed.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('customer-table').innerText(), { timeout: 10_000 }).toContain('Grace Hopper');
  });
});
