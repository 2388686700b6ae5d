// The quotes history ('quotes/list'): past quotes made through the API or in the console, filtered,
// newest first, keyset-paged with the total count of matches, on a real seeded workspace.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, createQuote, execute, invoke, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

interface Item {
  quote: { id: string; status: string; transactionId: string; createdAt: string; sendingCurrency: { code: string }; receivingCurrency: { code: string } };
  customerId: string | null;
  customerName: string | null;
  description: string | null;
  lockedSide: string;
  lockedAmount: number;
}
interface Page { data: Item[]; hasMore: boolean; nextCursor?: string; totalCount: number }

const list = (input: Record<string, unknown> = {}): Promise<Page> => invoke(w, 'quotes/list', input);
const ids = (p: Page) => p.data.map((i) => i.quote.id);

/** Creates a quote through the console's own API call (logged as the console, as the workbench does). */
async function consoleQuote(body: Record<string, unknown>): Promise<{ id: string; transactionId: string }> {
  const r = await w.core.callApi({ method: 'POST', path: '/quotes', body });
  expect(r.status).toBe(201);
  return r.body as { id: string; transactionId: string };
}

/** Four quotes ten seconds apart: USD->EUR (API), USD->MXN (console), EUR->USD (API), USD->EUR (console). */
async function fourQuotes() {
  const a = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00, { description: 'Rent for March' }));
  await advance(w, 10);
  const b = await consoleQuote(accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'RECEIVING', 2_500_00, { description: 'School fees' }));
  await advance(w, 10);
  const c = await createQuote(w, accountQuote(w.seed.sophieEur, w.seed.aliceExt['000'], 'SENDING', 40_00));
  await advance(w, 10);
  const d = await consoleQuote(accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 7_00, { description: 'rent top-up' }));
  return { a, b, c, d };
}

describe('quotes/list', () => {
  it('lists quotes made through the API and in the console, newest first, with the total, customer name, description and locked amount', async () => {
    const { a, b, c, d } = await fourQuotes();
    const page = await list();
    expect(ids(page)).toEqual([d.id, c.id, b.id, a.id]);
    expect(page).toMatchObject({ totalCount: 4, hasMore: false });
    expect(page.nextCursor).toBeUndefined();
    const second = page.data[2]!;
    expect(second).toMatchObject({
      customerId: w.seed.alice.id, customerName: 'Alice Johnson', description: 'School fees', lockedSide: 'RECEIVING', lockedAmount: 2_500_00,
      quote: { id: b.id, status: 'PENDING', transactionId: b.transactionId, sendingCurrency: { code: 'USD' }, receivingCurrency: { code: 'MXN' } },
    });
    expect(page.data[1]).toMatchObject({ customerId: w.seed.sophie.id, description: null });
  });

  it('pages by cursor without repeating or skipping a quote, the total the same on every page', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 10_00 + i))).id);
      // Two quotes share each instant: the id breaks the tie in the keyset.
      if (i % 2 === 1) await advance(w, 1);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const totals: number[] = [];
    do {
      const page = await list({ limit: 3, cursor });
      seen.push(...ids(page));
      totals.push(page.totalCount);
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== undefined);
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    expect(totals).toEqual([7, 7, 7]);
  });

  it('filters by status, customer, sending and receiving currency, and creation dates', async () => {
    const { a, b, c, d } = await fourQuotes();
    expect((await execute(w, a.id)).status).toBe(200);
    expect(ids(await list({ status: ['PROCESSING'] }))).toEqual([a.id]);
    expect(ids(await list({ status: ['PENDING'] }))).toEqual([d.id, c.id, b.id]);
    expect(ids(await list({ customerId: w.seed.sophie.id }))).toEqual([c.id]);
    expect(ids(await list({ sendingCurrency: 'usd' }))).toEqual([d.id, b.id, a.id]);
    expect(ids(await list({ receivingCurrency: 'EUR' }))).toEqual([d.id, a.id]);
    expect(ids(await list({ sendingCurrency: 'USD', receivingCurrency: 'EUR', customerId: w.seed.alice.id }))).toEqual([d.id, a.id]);
    // Created at +0 s, +10 s, +20 s, +30 s; both bounds are inclusive.
    const page = await list({ from: '2026-01-01T00:00:10.000Z', to: '2026-01-01T00:00:20.000Z' });
    expect(ids(page)).toEqual([c.id, b.id]);
    expect(page.totalCount).toBe(2);
    // The list follows each quote's life: left alone past expiry it is EXPIRED; the executed one settles.
    await advance(w, 301);
    expect(ids(await list({ status: ['EXPIRED'] }))).toEqual([d.id, c.id, b.id]);
    expect(ids(await list({ status: ['COMPLETED', 'FAILED'] }))).toEqual([a.id]);
  });

  it('finds a quote by its id, its transaction id, part of its id, or words of its description (any case)', async () => {
    const { a, b, d } = await fourQuotes();
    expect(ids(await list({ q: a.id }))).toEqual([a.id]);
    expect(ids(await list({ q: b.transactionId }))).toEqual([b.id]);
    expect(ids(await list({ q: a.id.slice(-12) }))).toEqual([a.id]);
    expect(ids(await list({ q: 'RENT' }))).toEqual([d.id, a.id]);
    expect((await list({ q: 'rent', sendingCurrency: 'USD', limit: 1 })).totalCount).toBe(2);
    // LIKE wildcards typed by a user are taken literally.
    expect((await list({ q: '%' })).totalCount).toBe(0);
  });

  it('refuses a cursor it did not issue, naming the field', async () => {
    const r = await w.core.invoke('quotes/list', { cursor: 'not-a-cursor' });
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: expect.stringContaining('cursor') }) });
  });
});
