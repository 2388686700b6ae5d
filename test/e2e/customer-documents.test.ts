import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone } from './serve-process';
import { useConsole } from './support/console';

// Documents on the customer page: upload a file through the browser bridge (multipart to the API),
// see it listed, download the same bytes, replace it, refuse a file beyond the limit in plain words, delete it.
const app = useConsole();
let page: Page;

beforeAll(async () => {
  mkdirSync('test-results/screenshots', { recursive: true });
  page = await app.page({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
});


/** Opens a customer's drawer from the list once the list has settled (a row replaced under the click opens nothing). */
async function openDrawerOf(row: Locator, name: string): Promise<void> {
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await animationsDone(page);
  await expect.poll(async () => {
    const drawer = page.getByTestId('drawer');
    if (await drawer.isVisible() && (await drawer.innerText()).includes(name)) return true;
    await row.click();
    return false;
  }, { timeout: 15_000 }).toBe(true);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Title (e2e passport) >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('the customer page’s documents', () => {
  it('uploads a small file, lists it with its name and size, downloads the same bytes, replaces and deletes it', async () => {
    await page.goto(app.serve.consoleUrl);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Demo Platform');
    await page.getByTestId('nav-customers').click();
    await page.getByTestId('customer-row').filter({ hasText: 'Alice Johnson' }).first().click();
    const drawer = page.getByTestId('drawer');
    const docs = drawer.getByTestId('customer-documents');
    await docs.waitFor({ timeout: 10_000 });

    // Keyboard: the form opens from its button with Enter.
    await docs.getByTestId('document-add').focus();
    await page.keyboard.press('Enter');
    await docs.getByTestId('document-form').waitFor({ state: 'visible' });
    await animationsDone(page);
    await page.screenshot({ path: 'test-results/screenshots/customer-documents-form.png' });
    await docs.getByTestId('document-file').setInputFiles({ name: 'alice-passport.pdf', mimeType: 'application/pdf', buffer: PDF });
    await docs.getByTestId('document-upload').click();
    const row = docs.getByTestId('customer-document').filter({ hasText: 'alice-passport.pdf' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    const facts = await row.getByTestId('document-facts').innerText();
    expect(facts).toContain('alice-passport.pdf');
    expect(facts).toContain(`${PDF.byteLength} B`);
    expect(await row.innerText()).toContain('Passport');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('document-download').click()]);
    expect(download.suggestedFilename()).toBe('alice-passport.pdf');
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);

    // Replace the file: the same document now holds the PNG.
    const chooser = page.waitForEvent('filechooser');
    await row.getByTestId('document-replace').click();
    await (await chooser).setFiles({ name: 'alice-scan.png', mimeType: 'image/png', buffer: PNG });
    const replaced = docs.getByTestId('customer-document').filter({ hasText: 'alice-scan.png' });
    await expect.poll(() => replaced.count(), { timeout: 10_000 }).toBe(1);
    expect(await replaced.getByTestId('document-facts').innerText()).toContain(`${PNG.byteLength} B`);

    await replaced.getByTestId('document-delete').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect.poll(() => docs.getByTestId('customer-document').count(), { timeout: 10_000 }).toBe(0);
  });

  it('a document uploaded for a business’s KYB check shows under the check in the verification section', async () => {
    const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
    const call = async (path: string, body: unknown) => {
      const r = await fetch(`${app.serve.apiBase}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return r.json() as Promise<any>;
    };
    const business = await call('/customers', { customerType: 'BUSINESS', businessInfo: { legalName: 'Docs Test Holdings Ltd', country: 'GB', taxId: '12-3456789', incorporatedOn: '2019-05-01', registrationNumber: 'REG-55001' } });
    await call('/beneficial-owners', { customerId: business.id, personalInfo: { firstName: 'Dana', lastName: 'Smith', birthDate: '1980-02-03', nationality: 'GB' }, roles: ['UBO'] });
    await call('/verifications', { customerId: business.id });

    await page.goto(app.at('customers'));
    const businessRow = page.getByTestId('customer-row').filter({ hasText: 'Docs Test Holdings' }).first();
    await openDrawerOf(businessRow, 'Docs Test Holdings');
    const drawer = page.getByTestId('drawer');
    const docs = drawer.getByTestId('customer-documents');
    await docs.getByTestId('document-add').click();
    await docs.getByTestId('document-type').click();
    await page.keyboard.type('Certificate of inc');
    await page.locator('.n-base-select-option').filter({ hasText: 'Certificate of incorporation' }).first().click();
    await docs.getByTestId('document-verification').click();
    await page.locator('.n-base-select-option').filter({ hasText: 'KYB check' }).first().click();
    await docs.getByTestId('document-file').setInputFiles({ name: 'incorporation.pdf', mimeType: 'application/pdf', buffer: PDF });
    await docs.getByTestId('document-upload').click();
    const row = docs.getByTestId('customer-document').filter({ hasText: 'incorporation.pdf' });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/Certificate of incorporation[\s\S]*GB[\s\S]*Supports the KYB check/);
    const supporting = drawer.getByTestId('customer-verification').getByTestId('verification-documents');
    await expect.poll(() => supporting.innerText(), { timeout: 10_000 }).toMatch(/^Documents supporting the KYB check of .+: Certificate of incorporation \(incorporation\.pdf\)\.$/);
    await drawer.screenshot({ path: 'test-results/screenshots/customer-documents-verification.png' });
  });

  it('a file beyond 10 MB gets the API’s answer as a plain sentence, and nothing is listed', async () => {
    await page.goto(app.at('customers'));
    const sophie = page.getByTestId('customer-row').filter({ hasText: 'Sophie' }).first();
    await openDrawerOf(sophie, 'Sophie');
    const docs = page.getByTestId('drawer').getByTestId('customer-documents');
    await docs.getByTestId('document-add').click();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    PDF.copy(big);
    await docs.getByTestId('document-file').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: big });
    await docs.getByTestId('document-upload').click();
    const problem = docs.getByTestId('document-problem');
    await expect.poll(() => problem.isVisible(), { timeout: 15_000 }).toBe(true);
    const words = await problem.innerText();
    expect(words).toMatch(/^The file is larger than the 10 MB limit\. Choose a smaller file/);
    expect(words).not.toMatch(/PAYLOAD_TOO_LARGE|413/);
    expect(await docs.getByTestId('customer-document').count()).toBe(0);
  });

  it('a beneficial owner’s document is uploaded from the owner’s row, listed under the owner, and a wrong type is refused in words', async () => {
    const auth = `Basic ${Buffer.from(`${app.serve.clientId}:${app.serve.clientSecret}`).toString('base64')}`;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${app.serve.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return r.json() as Promise<any>;
    };
    const business = await call('POST', '/customers', { customerType: 'BUSINESS', businessInfo: { legalName: 'Owner Docs Trading Ltd', country: 'GB', taxId: '98-7654321', incorporatedOn: '2018-03-01', registrationNumber: 'REG-77002' } });
    const owner = await call('POST', '/beneficial-owners', { customerId: business.id, personalInfo: { firstName: 'Ravi', lastName: 'Patel', birthDate: '1975-06-07', nationality: 'GB' }, roles: ['UBO'] });

    await page.goto(app.at('customers'));
    await openDrawerOf(page.getByTestId('customer-row').filter({ hasText: 'Owner Docs Trading' }).first(), 'Owner Docs Trading');
    const drawer = page.getByTestId('drawer');
    const ownerRow = drawer.locator(`[data-testid="beneficial-owner"][data-owner-id="${owner.id}"]`);
    await ownerRow.waitFor({ timeout: 10_000 });
    // Keyboard: the owner's documents open from their button with Enter, then the form the same way.
    await ownerRow.getByTestId('owner-documents-toggle').focus();
    await page.keyboard.press('Enter');
    const docs = drawer.getByTestId('owner-documents');
    await docs.waitFor();
    expect(await docs.innerText()).toContain('Documents of Ravi Patel');
    await docs.getByTestId('document-add').focus();
    await page.keyboard.press('Enter');
    await docs.getByTestId('document-form').waitFor({ state: 'visible' });

    // A text file is not a document the API takes: the answer shows as a sentence, nothing is listed.
    await docs.getByTestId('document-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a passport') });
    await docs.getByTestId('document-upload').click();
    await expect.poll(() => docs.getByTestId('document-problem').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await docs.getByTestId('document-problem').innerText()).toContain('PDF, JPEG or PNG');
    expect(await docs.getByTestId('customer-document').count()).toBe(0);

    await docs.getByTestId('document-file').setInputFiles({ name: 'ravi-passport.pdf', mimeType: 'application/pdf', buffer: PDF });
    await docs.getByTestId('document-upload').click();
    const row = docs.getByTestId('customer-document').filter({ hasText: 'ravi-passport.pdf' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.innerText()).toContain('Passport');
    const listed = await call('GET', `/documents?documentHolder=${encodeURIComponent(owner.id)}`);
    expect(listed.data).toMatchObject([{ documentHolder: owner.id, fileName: 'ravi-passport.pdf', documentType: 'PASSPORT' }]);
    // The business's own documents stay apart.
    expect(await drawer.getByTestId('customer-documents').getByTestId('customer-document').count()).toBe(0);
    await animationsDone(page);
    await drawer.screenshot({ path: 'test-results/screenshots/owner-documents.png' });
  });
});
