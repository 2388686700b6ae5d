// Issue 28: the Transactions screen's amount range filter ('transactions/search' amountMin/amountMax),
// in the currency's major units, with or without the currency filter, over a real seeded workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountQuote, createQuote, execute, invoke, openWorld, type World } from '../support/money-path';

let w: World;
const paid: Record<number, string> = {};

beforeAll(async () => {
  w = await openWorld();
  await w.api.post(`/sandbox/internal-accounts/${encodeURIComponent(w.seed.luciaUsd)}/fund`, { amount: 5_000_00 });
  for (const cents of [250_00, 255_00, 300_00]) {
    const q = await createQuote(w, accountQuote(w.seed.luciaUsd, w.seed.luciaClabe['12000'], 'SENDING', cents));
    expect((await execute(w, q.id)).status).toBe(200);
    paid[cents] = q.transactionId;
  }
}, 60_000);
afterAll(() => w?.close());

/** Lucía's transactions the filters keep, by id, with the page's total. */
async function lucias(filters: Record<string, unknown>): Promise<{ ids: string[]; total: number }> {
  const page = await invoke(w, 'transactions/search', { q: w.seed.lucia.id, ...filters }) as { data: { id: string }[]; totalCount: number };
  return { ids: page.data.map((t) => t.id), total: page.totalCount };
}

describe('transactions/search: amount range', () => {
  it('keeps the transactions whose amount lies in the range, both ends included, in major units', async () => {
    expect(await lucias({ amountMin: 240, amountMax: 255 })).toEqual({ ids: [paid[255_00], paid[250_00]], total: 2 });
    expect((await lucias({ amountMin: 280, amountMax: 400 })).ids).toEqual([paid[300_00]]);
    // Without a currency every amount counts in its own currency: the pesos each payment delivered are above 280 too.
    expect((await lucias({ amountMin: 280 })).ids).toEqual([paid[300_00], paid[255_00], paid[250_00]]);
    expect((await lucias({ amountMax: 250 })).ids).toEqual([paid[250_00]]);
  });

  it('with a currency, reads the range in that currency only', async () => {
    expect((await lucias({ amountMin: 240, amountMax: 260, currency: 'USD' })).ids).toEqual([paid[255_00], paid[250_00]]);
    expect((await lucias({ amountMin: 240, amountMax: 260, currency: 'MXN' })).ids).toEqual([]);
  });

  it('refuses a range whose end is below its start, naming the field (400, not 500)', async () => {
    const r = await w.core.invoke('transactions/search', { amountMin: 300, amountMax: 200 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(400);
      expect(JSON.stringify(r.error)).toContain('amountMax');
    }
    const negative = await w.core.invoke('transactions/search', { amountMin: -1 });
    expect(negative.ok ? 200 : negative.error.status).toBe(400);
  });
});
