// GET /transactions (every filter, pagination, ordering) and GET /transactions/{id}, over one
// workspace holding quotes, transfers and an incoming UMA payment created at three instants.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../core/api-client-types';
import { TX_STATUSES } from '../../core/transactions/schema';
import { accountQuote, advance, createQuote, enc, execute, getTx, identifierOf, invoke, openWorld, type World } from '../support/money-path';
import { FROZEN_MS } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
const id: Record<string, string> = {};
const failing: string[] = [];
let total = 0;
const T10 = new Date(FROZEN_MS + 10_000).toISOString();
const T20 = new Date(FROZEN_MS + 20_000).toISOString();

beforeAll(async () => {
  w = await openWorld();
  const s = w.seed;
  // t = 0
  const q1 = await createQuote(w, accountQuote(s.aliceUsd, s.sophieIban['0000'], 'SENDING', 100_00));
  expect((await execute(w, q1.id)).status).toBe(200);
  id['Q1'] = q1.transactionId;
  id['Q2'] = (await createQuote(w, accountQuote(s.luciaUsd, s.luciaClabe['12000'], 'SENDING', 50_00))).transactionId;
  id['R1'] = (await createQuote(w, { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' }, destination: { destinationType: 'ACCOUNT', accountId: s.sophieIban['0000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 70_00 })).transactionId;
  id['T1'] = (await w.api.post('/transfer-out', { source: { accountId: s.aliceUsd }, destination: { accountId: s.aliceExt['000'] }, amount: 1_000 })).body.id;
  id['T2'] = (await w.api.post('/transfer-in', { source: { accountId: s.aliceExt['000'] }, destination: { accountId: s.aliceUsd }, amount: 2_000 })).body.id;
  await advance(w, 10);
  // t = 10 s
  id['T3'] = (await w.api.post('/transfer-out', { source: { accountId: s.sophieEur }, destination: { accountId: s.sophieIban['0004'] }, amount: 3_000 })).body.id;
  id['U1'] = (await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receiverUmaAddress: s.lucia.umaAddress, receivingCurrencyCode: 'MXN', receivingCurrencyAmount: 4_000 })).body.id;
  await advance(w, 10);
  // t = 20 s: 22 transfers that fail at once (suffix 002)
  for (let i = 0; i < 22; i++) failing.push((await w.api.post('/transfer-out', { source: { accountId: s.aliceUsd }, destination: { accountId: s.aliceExt['002'] }, amount: 100 + i })).body.id);
  total = 7 + failing.length;
  for (const [k, v] of Object.entries(id)) if (typeof v !== 'string') throw new Error(`setup failed for ${k}`);
});
afterAll(async () => {
  await w.close();
});

const list = async (query: string) => {
  const r = await w.api.get(`/transactions?${query}`);
  expect(r.status, `${query}: ${r.text}`).toBe(200);
  return r.body as ApiAnswer<'GET /transactions'>;
};
/** All ids matching a query, as a sorted list (walks every page). */
const ids = async (query: string) => {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const p = await list(`${query}&limit=100${cursor ? `&cursor=${enc(cursor)}` : ''}`);
    out.push(...p.data.map((t) => t.id));
    cursor = p.nextCursor;
  } while (cursor);
  return out.sort();
};
const sorted = (...xs: string[]) => [...xs].sort();

describe('GET /transactions filters', () => {
  it('customerId and platformCustomerId select that customer’s transactions', async () => {
    expect(await ids(`customerId=${enc(w.seed.lucia.id)}`)).toEqual(sorted(id['Q2']!, id['U1']!));
    expect(await ids('platformCustomerId=cust-lucia-002')).toEqual(sorted(id['Q2']!, id['U1']!));
    expect(await ids(`customerId=${enc(w.seed.sophie.id)}`)).toEqual([id['T3']]);
    expect(await ids(`customerId=${enc(w.seed.alice.id)}`)).toEqual(sorted(id['Q1']!, id['T1']!, id['T2']!, ...failing));
    expect((await list('customerId=Customer:nobody')).totalCount).toBe(0);
  });

  it('senderAccountIdentifier, receiverAccountIdentifier and accountIdentifier (either side)', async () => {
    const iban0000 = await identifierOf(w, w.seed.sophieIban['0000']);
    const ext000 = await identifierOf(w, w.seed.aliceExt['000']);
    expect(await ids(`senderAccountIdentifier=${enc(w.seed.aliceUsd)}`)).toEqual(sorted(id['Q1']!, id['T1']!, ...failing));
    expect(await ids(`receiverAccountIdentifier=${iban0000}`)).toEqual(sorted(id['Q1']!, id['R1']!));
    expect(await ids(`accountIdentifier=${ext000}`)).toEqual(sorted(id['T1']!, id['T2']!));
    expect(await ids(`senderAccountIdentifier=${ext000}`)).toEqual([id['T2']]);
    expect(await ids(`receiverAccountIdentifier=${ext000}`)).toEqual([id['T1']]);
  });

  it('status and type filter, alone and combined; unknown values are 400', async () => {
    expect(await ids('status=PENDING')).toEqual(sorted(id['Q2']!, id['R1']!));
    // An outgoing payment the bank rejected is answered FAILED (upstream has no outgoing REJECTED), and filtered so.
    expect(await ids('status=REJECTED')).toEqual([]);
    expect(await ids('status=COMPLETED')).toEqual(sorted(id['Q1']!, id['T1']!, id['T2']!, id['U1']!));
    expect(await ids('status=FAILED')).toEqual(sorted(id['T3']!, ...failing));
    expect(await ids('type=INCOMING')).toEqual(sorted(id['T2']!, id['U1']!));
    expect((await list('type=OUTGOING')).totalCount).toBe(total - 2);
    expect(await ids(`type=INCOMING&customerId=${enc(w.seed.alice.id)}`)).toEqual([id['T2']]);
    expectInvalidField(await w.api.get('/transactions?status=DONE'), 'status');
    expectInvalidField(await w.api.get('/transactions?type=CARD_PAYMENT'), 'type');
  });

  it('reference selects the one transaction carrying it', async () => {
    const ref = (await getTx(w, id['Q1']!)).reconciliationInstructions!.reference!;
    expect(await ids(`reference=${enc(ref)}`)).toEqual([id['Q1']]);
    expect((await list('reference=NOPE')).totalCount).toBe(0);
  });

  it('startDate and endDate are inclusive bounds on createdAt', async () => {
    expect(await ids(`startDate=${T10}&endDate=${T10}`)).toEqual(sorted(id['T3']!, id['U1']!));
    expect((await list(`startDate=${T10}`)).totalCount).toBe(2 + failing.length);
    expect((await list(`endDate=${T10}`)).totalCount).toBe(7);
    expect((await list(`startDate=${T20}`)).totalCount).toBe(failing.length);
    expect((await list(`startDate=${new Date(FROZEN_MS + 10_001).toISOString()}&endDate=${new Date(FROZEN_MS + 19_999).toISOString()}`)).totalCount).toBe(0);
    expectInvalidField(await w.api.get('/transactions?startDate=yesterday'), 'startDate');
  });
});

describe('GET /transactions pagination and order', () => {
  it('limit defaults to 20 and totalCount counts every match ignoring pagination', async () => {
    const p = await list('');
    expect(p.data).toHaveLength(20);
    expect(p.hasMore).toBe(true);
    expect(p.nextCursor).toEqual(expect.any(String));
    expect(p.totalCount).toBe(total);
    expect((await list('limit=3')).totalCount).toBe(total);
  });

  it('limit accepts 1 to 100; 0, 101 and non-numbers are 400 naming limit', async () => {
    expect((await list('limit=1')).data).toHaveLength(1);
    const all = await list('limit=100');
    expect(all.data).toHaveLength(total);
    expect(all.hasMore).toBe(false);
    expect(all).not.toHaveProperty('nextCursor');
    for (const bad of ['0', '101', 'ten', '-1']) expectInvalidField(await w.api.get(`/transactions?limit=${bad}`), 'limit');
  });

  it('sortOrder desc (the default) lists newest first, asc oldest first; other values are 400', async () => {
    const desc = (await list('limit=100')).data;
    const asc = (await list('limit=100&sortOrder=asc')).data;
    expect((await list('limit=100&sortOrder=desc')).data.map((t) => t.id)).toEqual(desc.map((t) => t.id));
    expect(asc.map((t) => t.id)).toEqual([...desc].reverse().map((t) => t.id));
    const stamps = desc.map((t) => Date.parse(t.createdAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(desc[0]!.id).toBe(failing[failing.length - 1]);
    expect(asc[0]!.id).toBe(id['Q1']);
    expectInvalidField(await w.api.get('/transactions?sortOrder=newest'), 'sortOrder');
  });

  it('walking every page with a small limit visits each transaction exactly once, in order, both ways', async () => {
    for (const order of ['desc', 'asc']) {
      const full = (await list(`limit=100&sortOrder=${order}`)).data.map((t) => t.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const p = await list(`limit=4&sortOrder=${order}${cursor ? `&cursor=${enc(cursor)}` : ''}`);
        expect(p.data.length, `${order} page ${pages}`).toBeLessThanOrEqual(4);
        expect(p.totalCount).toBe(total);
        expect(p.hasMore).toBe(p.nextCursor !== undefined);
        seen.push(...p.data.map((t) => t.id));
        cursor = p.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      expect(seen, order).toEqual(full);
      expect(new Set(seen).size).toBe(total);
      expect(pages).toBe(Math.ceil(total / 4));
    }
  });

  it('filters keep applying across pages', async () => {
    const first = await list(`customerId=${enc(w.seed.alice.id)}&status=FAILED&limit=10`);
    const second = await list(`customerId=${enc(w.seed.alice.id)}&status=FAILED&limit=10&cursor=${enc(first.nextCursor!)}`);
    expect(first.totalCount).toBe(failing.length);
    expect([...first.data, ...second.data].every((t) => t.status === 'FAILED' && t.customerId === w.seed.alice.id)).toBe(true);
  });

  it('a cursor that this list did not issue is 400 naming cursor', async () => {
    for (const bad of ['garbage', Buffer.from('{"x":1}').toString('base64url'), '%%%']) expectInvalidField(await w.api.get(`/transactions?cursor=${enc(bad)}`), 'cursor');
  });
});

describe('GET /transactions/{transactionId}', () => {
  it('returns the transaction by raw and percent-encoded id', async () => {
    const raw = await w.api.get(`/transactions/${id['T3']}`);
    const encoded = await w.api.get(`/transactions/${enc(id['T3']!)}`);
    expect(raw.status).toBe(200);
    expect(encoded.body).toEqual(raw.body);
    expect(raw.body).toMatchObject({ id: id['T3'], type: 'OUTGOING', status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
  });

  it('an unknown id is 404 TRANSACTION_NOT_FOUND', async () => {
    expectError(await w.api.get('/transactions/Transaction:019b76da-a800-7000-8000-000000000000'), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await w.api.get(`/transactions/${enc('Transaction:no such/id')}`), 404, 'TRANSACTION_NOT_FOUND');
    const q = (await getTx(w, id['Q1']!)).quoteId as string;
    expectError(await w.api.get(`/transactions/${enc(q)}`), 404, 'TRANSACTION_NOT_FOUND');
  });
});

describe('totals kept between pages', () => {
  it('follow every write of the table: a status change and a new transaction move the filtered total at once', async () => {
    const s = w.seed;
    const pending = async () => (await list('status=PENDING')).totalCount;
    const before = await pending();
    expect(await pending()).toBe(before); // the same filter again, nothing written: the same total
    const q = await createQuote(w, accountQuote(s.aliceUsd, s.sophieIban['0000'], 'SENDING', 12_00));
    expect(await pending()).toBe(before + 1); // a new PENDING transaction
    expect((await execute(w, q.id)).status).toBe(200);
    expect(await pending()).toBe(before); // its status changed: it left the filter
    // A write rolled back leaves the total as it was (a refused execute of an executed quote).
    expect((await execute(w, q.id)).status).toBe(409);
    expect(await pending()).toBe(before);
  });
});

describe('totals of status and type filters (kept by triggers, migration 023)', () => {
  /** What a count of the rows themselves says, through a connection of its own. */
  const counted = (where: string, params: string[]) => {
    const db = new Database(w.core.workspace.dbPath, { readonly: true });
    try {
      return (db.prepare(`SELECT count(*) AS n FROM transactions${where ? ` WHERE ${where}` : ''}`).get(...params) as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const listTotal = async (query: string) => {
    const r = await w.api.get(`/transactions?${query}&limit=1`);
    return (r.body as { totalCount: number }).totalCount;
  };
  /** Every status and type filter's total, as the list answers it and as the rows count it. */
  const everyTotal = async () => {
    const out: { query: string; listed: number; rows: number }[] = [];
    const combos: [string | undefined, string | undefined][] = [[undefined, undefined]];
    for (const s of TX_STATUSES) combos.push([s, undefined], [s, 'OUTGOING'], [s, 'INCOMING']);
    combos.push([undefined, 'OUTGOING'], [undefined, 'INCOMING']);
    for (const [status, type] of combos) {
      const query = [status && `status=${status}`, type && `type=${type}`].filter(Boolean).join('&');
      // The status answers carry: an outgoing payment stored REJECTED or REFUNDED is answered (and filtered) FAILED.
      const answered = "(CASE WHEN type = 'OUTGOING' AND status IN ('REJECTED', 'REFUNDED') THEN 'FAILED' ELSE status END)";
      const where = [status && `${answered} = ?`, type && 'type = ?'].filter(Boolean).join(' AND ');
      out.push({ query, listed: await listTotal(query), rows: counted(where, [status, type].filter((x): x is string => !!x)) });
    }
    return out;
  };
  const expectTotalsMatchRows = async (when: string) => {
    for (const t of await everyTotal()) expect(t.listed, `${when}: totalCount of "${t.query}"`).toBe(t.rows);
  };

  it('match a count of the rows through new transactions, status changes, failures, a snapshot restore and the console explorer', async () => {
    const s = w.seed;
    await expectTotalsMatchRows('at the start');
    expect((await everyTotal()).find((t) => t.query === 'status=FAILED')!.rows).toBeGreaterThan(0);

    await w.api.post('/sandbox/workspace/snapshots', { name: 'counts' });
    const q = await createQuote(w, accountQuote(s.aliceUsd, s.sophieIban['0000'], 'SENDING', 9_00));
    expect((await execute(w, q.id)).status).toBe(200);
    for (let i = 0; i < 3; i++) await w.api.post('/transfer-out', { source: { accountId: s.aliceUsd }, destination: { accountId: s.aliceExt['002'] }, amount: 300 + i });
    await advance(w, 600);
    await expectTotalsMatchRows('after new transactions settled and failed');

    const restored = await w.api.post('/sandbox/workspace/snapshots/counts/restore');
    expect(restored.status, restored.text).toBe(200);
    await expectTotalsMatchRows('after the restore');

    // The console's explorer sums several statuses at once.
    const explored = await invoke(w, 'transactions/search', { status: ['FAILED', 'PENDING'], type: 'OUTGOING', limit: 5 });
    expect(explored.totalCount).toBe(counted("status IN ('FAILED', 'PENDING') AND type = 'OUTGOING'", []));
    expect((await invoke(w, 'transactions/search', { limit: 5 })).totalCount).toBe(counted('', []));
  });
});
