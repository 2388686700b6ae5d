// Issue 28: the global search takes what support staff are told ("Lucía says her payment of about 250
// did not arrive"): a name without its accents, an amount with tolerance or as a range, a currency, a
// day, together; ids only as ids; hits that read like the row. On a real seeded workspace over SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer, SearchHit } from '../../core/console/search';
import { parseSearch } from '../../core/console/search-query';
import { accountQuote, advance, createQuote, execute, invoke, openWorld, type World } from '../support/money-path';
import { FROZEN_MS } from '../support/api-client';

let w: World;
/** The payments made below, by what they are (USD sent). */
const paid: Record<string, string> = {};

async function pay(name: string, source: string, destination: string, cents: number, description: string): Promise<void> {
  const q = await createQuote(w, accountQuote(source, destination, 'SENDING', cents, { description }));
  const r = await execute(w, q.id);
  if (r.status !== 200) throw new Error(`execute ${name}: ${r.status} ${r.text}`);
  paid[name] = q.transactionId as string;
}

async function hits(q: string): Promise<SearchHit[]> {
  return (await invoke(w, 'search/query', { q })) as SearchHit[];
}
const txIds = (list: SearchHit[]) => list.filter((h) => h.kind === 'TRANSACTION').map((h) => h.id);

beforeAll(async () => {
  w = await openWorld();
  const { seed } = w;
  await w.api.post(`/sandbox/internal-accounts/${encodeURIComponent(seed.luciaUsd)}/fund`, { amount: 5_000_00 });
  // Day 1 (2026-01-01): Lucía pays 250.00 and 300.00 with one description; Alice pays 250.00 too.
  await pay('lucia250', seed.luciaUsd, seed.luciaClabe['12000'], 250_00, 'Rent');
  await pay('lucia300', seed.luciaUsd, seed.luciaClabe['12000'], 300_00, 'Rent');
  await pay('alice250', seed.aliceUsd, seed.luciaClabe['12000'], 250_00, 'Books');
  // Day 2 (2026-01-02): Lucía pays 255.00.
  await advance(w, 86_400);
  await pay('lucia255', seed.luciaUsd, seed.luciaClabe['12000'], 255_00, 'Rent');
  // A customer whose email and platform id hold the digits 250: "250" must still not find them.
  await w.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'cust-250-x', fullName: 'Noor Haddad', email: 'noor250@example.com' });
}, 60_000);
afterAll(() => w?.close());

describe('reading a query (search-query.ts)', () => {
  const now = Date.parse('2026-11-28T15:00:00Z');
  it('reads amounts in major units with tolerance, ranges, currencies, days and ids', () => {
    expect(parseSearch('Lucía 250', now)).toMatchObject({ text: 'Lucía', amount: { min: 237.5, max: 262.5, target: 250 } });
    const about249 = parseSearch('about 249', now).amount!;
    expect([about249.min, about249.max, about249.target].map((n) => n.toFixed(2))).toEqual(['236.55', '261.45', '249.00']); // ±5 %
    expect(parseSearch('~250', now).amount?.target).toBe(250);
    expect(parseSearch('240-260', now).amount).toMatchObject({ min: 240, max: 260, target: 250 });
    expect(parseSearch('240 to 260', now).amount).toMatchObject({ min: 240, max: 260 });
    expect(parseSearch('exactly 250', now).amount).toMatchObject({ min: 250, max: 250 });
    expect(parseSearch('250 USD', now)).toMatchObject({ currency: 'USD', text: '' });
    expect(parseSearch('$1,234.50', now)).toMatchObject({ currency: 'USD', amount: { target: 1234.5 } });
    expect(parseSearch('yesterday', now).dates).toEqual({ from: Date.parse('2026-11-27T00:00:00Z'), to: Date.parse('2026-11-28T00:00:00Z') - 1 });
    expect(parseSearch('27 Nov', now).dates?.from).toBe(Date.parse('2026-11-27T00:00:00Z'));
    expect(parseSearch('Dec 3', now).dates?.from).toBe(Date.parse('2025-12-03T00:00:00Z')); // the latest 3 December not after today
    expect(parseSearch('2026-11-27', now).dates?.from).toBe(Date.parse('2026-11-27T00:00:00Z'));
    // 2026-11-28 is a Saturday: last week is Monday 16 to Sunday 22 November.
    expect(parseSearch('last week', now).dates).toEqual({ from: Date.parse('2026-11-16T00:00:00Z'), to: Date.parse('2026-11-23T00:00:00Z') - 1 });
    expect(parseSearch('100000001002', now).text).toBe('100000001002'); // an account number, not an amount
    expect(parseSearch('100000001002', now).amount).toBeUndefined();
    expect(parseSearch('9a1b2c3d4e5f', now)).toMatchObject({ idTail: '9a1b2c3d4e5f', text: '' });
  });
});

describe("console handler 'search/query' takes what support staff are told", () => {
  it('"Lucía 250" and "Lucia about 250" find Lucía’s payment of 250 first, not Alice’s', async () => {
    for (const q of ['Lucía 250', 'Lucia about 250', 'lucia ~250']) {
      const ids = txIds(await hits(q));
      expect(ids[0], q).toBe(paid['lucia250']);
      expect(ids, q).toEqual([paid['lucia250'], paid['lucia255']]); // 300 is beyond ±5 %; Alice is not Lucía
    }
  });

  it('a bare number or "about 249" finds amounts near it, closest first', async () => {
    for (const q of ['249', 'about 249']) {
      const ids = txIds(await hits(q));
      expect(ids.slice(0, 2).sort(), q).toEqual([paid['alice250'], paid['lucia250']].sort());
      expect(ids, q).toContain(paid['lucia255']);
      expect(ids, q).not.toContain(paid['lucia300']);
      expect(ids.indexOf(paid['lucia255']!), q).toBe(2);
    }
  });

  it('"240-260" is a range, both ends included, ranked by closeness to its middle', async () => {
    const ids = txIds(await hits('240-260'));
    expect(ids.slice(0, 2).sort()).toEqual([paid['alice250'], paid['lucia250']].sort());
    expect(ids[2]).toBe(paid['lucia255']);
    expect(ids).not.toContain(paid['lucia300']);
    expect(txIds(await hits('280-320'))).toEqual([paid['lucia300']]);
  });

  it('"250 USD" narrows to the currency; the same number in pesos does not find a dollar payment', async () => {
    expect(txIds(await hits('250 USD')).slice(0, 2).sort()).toEqual([paid['alice250'], paid['lucia250']].sort());
    expect(txIds(await hits('250 MXN'))).toEqual([]);
  });

  it('a day narrows to that day: "2026-01-02", "2 Jan", "today" and "yesterday" on the test clock', async () => {
    expect(txIds(await hits('Lucía 2026-01-02'))).toEqual([paid['lucia255']]);
    expect(txIds(await hits('Lucía 250 2 Jan'))).toEqual([paid['lucia255']]);
    expect(txIds(await hits('Lucia today'))).toEqual([paid['lucia255']]);
    expect(txIds(await hits('Lucía yesterday'))).toEqual([paid['lucia300'], paid['lucia250']]); // newest first
    expect(FROZEN_MS).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('"250" lists payments first and finds no customer, though a customer’s email and platform id hold 250', async () => {
    const list = await hits('250');
    expect(list[0]!.kind).toBe('TRANSACTION');
    expect(list.filter((h) => h.kind !== 'TRANSACTION')).toEqual([]);
    expect((await hits('noor250@example.com'))[0]).toMatchObject({ kind: 'CUSTOMER', title: 'Noor Haddad' });
  });

  it('ids match only as ids: a whole id or its last 12 hex digits, first', async () => {
    const id = paid['lucia300']!;
    expect((await hits(id))[0]!.id).toBe(id);
    expect((await hits(id.slice(-12)))[0]!.id).toBe(id);
    expect(txIds(await hits(id.slice(-12)))).toEqual([id]);
    const quoteId = (await w.api.get(`/transactions/${encodeURIComponent(id)}`)).body.quoteId as string;
    const byQuote = await hits(quoteId);
    expect(byQuote.slice(0, 2).map((h) => [h.kind, h.id])).toEqual([['QUOTE', quoteId], ['TRANSACTION', id]]); // the quote, then the payment it made (then the API calls)
  });

  it('a hit reads like the row: amount with currency, the customer’s name, the transaction for its status and time', async () => {
    const [a, b] = (await hits('Lucía Rent')).filter((h) => h.kind === 'TRANSACTION');
    expect(a).toMatchObject({ customerName: 'Lucía Hernández', title: '255.00 USD · Lucía Hernández', subtitle: 'Rent · 2026-01-02' });
    expect(a!.transaction).toMatchObject({ id: paid['lucia255'], type: 'OUTGOING', sentAmount: { amount: 255_00 } });
    expect(b!.title).not.toBe(a!.title); // one description, told apart by amount and day
  });

  it('says back what it understood', async () => {
    const answer = (await invoke(w, 'search/understand', { q: 'Lucia about 250 yesterday' })) as SearchAnswer;
    expect(answer.understood).toMatchObject({ text: 'Lucia', amount: 'about 250', from: '2026-01-01', to: '2026-01-01' });
    expect(txIds(answer.hits)).toEqual([paid['lucia250']]);
  });

  it('bad input is a 4xx naming the field, not a 500', async () => {
    const r = await w.core.invoke('search/query', { q: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ status: 400 });
  });
});

describe('search query plans use indexes (no scan of the transactions table)', () => {
  const cases: [string, Parameters<World['core']['services']['transactions']['searchPlan']>[0]][] = [
    ['an amount', { amounts: [{ currencies: ['USD'], min: 23_750, max: 26_250, target: 25_000, scale: 100 }], limit: 20 }],
    ['a name and an amount', { customerIds: ['Customer:x'], amounts: [{ currencies: ['USD'], min: 23_750, max: 26_250, target: 25_000, scale: 100 }], limit: 20 }],
    ['a day', { from: FROZEN_MS, to: FROZEN_MS + 86_399_999, limit: 20 }],
    ['an id tail', { idTail: '9a1b2c3d4e5f', limit: 20 }],
    ['a common word and an amount', { text: 'Rent', amounts: [{ currencies: ['USD'], min: 23_750, max: 26_250, target: 25_000, scale: 100 }], limit: 20 }],
    ['words of a description and a day', { text: 'Rent', from: FROZEN_MS, to: FROZEN_MS + 86_399_999, limit: 20 }],
  ];
  for (const [what, match] of cases) {
    it(what, () => {
      const plan = w.core.services.transactions.searchPlan(match);
      expect(plan.join('\n')).not.toMatch(/SCAN transactions\b/);
      expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|VIRTUAL TABLE/);
    });
  }
});
