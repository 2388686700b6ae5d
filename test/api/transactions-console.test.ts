// Console handlers of the transaction explorer: 'transactions/detail' (the whole story of one
// transaction) and 'transactions/search' (whatever support staff paste finds it).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, createQuote, execute, externalAccount, getTx, identifierOf, invoke, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const search = async (q: string, extra: Record<string, unknown> = {}) => ((await invoke(w, 'transactions/search', { q, ...extra })).data as { id: string }[]).map((t) => t.id);

describe('transactions/detail', () => {
  it('returns the transaction, its history with each status change and cause, ledger entries, the quote and the API calls that touched it', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 200_00));
    expect((await execute(w, q.id)).status).toBe(200);
    await advance(w, 5);
    const d = await invoke(w, 'transactions/detail', { id: q.transactionId });
    expect(d.transaction).toEqual(await getTx(w, q.transactionId));
    expect(d.history.map((h: { status: string; cause: string }) => [h.status, h.cause])).toEqual([
      ['PENDING', 'QUOTE_CREATED'], ['PROCESSING', 'QUOTE_EXECUTED'], ['COMPLETED', 'SANDBOX_DELIVERED'],
    ]);
    expect(d.history.map((h: { at: string }) => h.at)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:05.000Z']);
    expect(d.quote).toMatchObject({ id: q.id, status: 'COMPLETED', transactionId: q.transactionId, totalSendingAmount: 200_00 });
    // Hold (available -> held) then settlement (held -> payout edge), each balanced.
    const lines = d.ledger.map((e) => [e.kind, e.accountId, e.bucket, e.amount]);
    expect(lines).toEqual([
      ['QUOTE_EXECUTED', w.seed.aliceUsd, 'AVAILABLE', -200_00], ['QUOTE_EXECUTED', w.seed.aliceUsd, 'HELD', 200_00],
      ['PAYMENT_SETTLED', w.seed.aliceUsd, 'HELD', -200_00], ['PAYMENT_SETTLED', expect.stringMatching(/^edge:payout:USD$/), 'AVAILABLE', 200_00],
    ]);
    const calls = d.apiCalls.map((c: { method: string; path: string; status: number }) => `${c.method} ${c.path} ${c.status}`);
    expect(calls).toEqual(expect.arrayContaining([expect.stringMatching(/^POST \/[\d-]+\/quotes 201$/), `POST /2025-10-13/quotes/${q.id}/execute 200`]));
    expect(d.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['QUOTE.CREATED', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']));
  });

  it('tells the failure story: failure reason, refund initiation and settlement, and the money back', async () => {
    const dst = await externalAccount(w, w.seed.sophie.id, 'EUR', '002');
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, dst, 'SENDING', 50_00));
    await execute(w, q.id);
    await advance(w, 12);
    const d = await invoke(w, 'transactions/detail', { id: q.transactionId });
    expect(d.history.map((h: { status: string; cause: string }) => [h.status, h.cause])).toEqual([
      ['PENDING', 'QUOTE_CREATED'], ['PROCESSING', 'QUOTE_EXECUTED'], ['FAILED', 'SANDBOX_FAILED'], ['FAILED', 'REFUND_INITIATED'], ['FAILED', 'REFUND_COMPLETED'],
    ]);
    expect(d.history[2]!.details).toEqual({ failureReason: 'QUOTE_EXECUTION_FAILED' });
    expect(d.scenario).toBe('QUOTE:002');
    const net = d.ledger.filter((e: { accountId: string; bucket: string }) => e.accountId === w.seed.aliceUsd && e.bucket === 'AVAILABLE').reduce((s: number, e: { amount: number }) => s + e.amount, 0);
    expect(net).toBe(0);
  });

  it('an unknown transaction is an error 404 TRANSACTION_NOT_FOUND returned as data', async () => {
    const r = await w.core.invoke('transactions/detail', { id: 'Transaction:019b76da-a800-7000-8000-000000000000' });
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ status: 404, code: 'TRANSACTION_NOT_FOUND' }) });
  });
});

describe('transactions/search', () => {
  it('finds a transaction by its id, its quote id, its reference (any case), customer id, platform customer id, external account id and account number', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00));
    const other = await createQuote(w, accountQuote(w.seed.luciaMxn, w.seed.sophieIban['0004'], 'SENDING', 500_00));
    const ref = (await getTx(w, q.transactionId)).reconciliationInstructions!.reference!;
    const iban = await identifierOf(w, w.seed.sophieIban['0000']);
    expect(await search(q.transactionId)).toEqual([q.transactionId]);
    expect(await search(q.id)).toEqual([q.transactionId]);
    expect(await search(ref)).toEqual([q.transactionId]);
    expect(await search(ref.toLowerCase())).toEqual([q.transactionId]);
    expect(await search(w.seed.alice.id)).toEqual([q.transactionId]);
    expect(await search('cust-alice-001')).toEqual([q.transactionId]);
    expect(await search(w.seed.sophieIban['0000'])).toEqual([q.transactionId]);
    expect(await search(iban)).toEqual([q.transactionId]);
    expect(await search(w.seed.aliceUsd)).toEqual([q.transactionId]);
    expect(await search(`  ${q.id}  `)).toEqual([q.transactionId]);
    expect(await search(w.seed.lucia.id)).toEqual([other.transactionId]);
    expect(await search('nothing-matches-this')).toEqual([]);
  });

  it('finds transfers in both directions by the external account id and by its account number', async () => {
    const outTx = (await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 1_000 })).body.id as string;
    const inTx = (await w.api.post('/transfer-in', { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd }, amount: 2_000 })).body.id as string;
    const number = await identifierOf(w, w.seed.aliceExt['000']);
    expect((await search(number)).sort()).toEqual([outTx, inTx].sort());
    expect((await search(w.seed.aliceExt['000'])).sort()).toEqual([outTx, inTx].sort());
  });

  it('combines the search text with status, type and date filters', async () => {
    const a = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00));
    await execute(w, a.id);
    await advance(w, 10);
    const b = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00));
    expect(await search(w.seed.alice.id, { status: ['COMPLETED'] })).toEqual([a.transactionId]);
    expect(await search(w.seed.alice.id, { status: ['PENDING', 'COMPLETED'], sortOrder: 'asc' })).toEqual([a.transactionId, b.transactionId]);
    expect(await search(w.seed.alice.id, { from: '2026-01-01T00:00:10.000Z' })).toEqual([b.transactionId]);
    expect(await search(w.seed.alice.id, { type: 'INCOMING' })).toEqual([]);
    const r = await w.core.invoke('transactions/search', { q: 'x', status: ['DONE'] });
    expect(r.ok).toBe(false);
  });

  it('pages through matches with a cursor', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00 + i))).transactionId);
    const first = await invoke(w, 'transactions/search', { q: w.seed.alice.id, limit: 2, sortOrder: 'asc' });
    const second = await invoke(w, 'transactions/search', { q: w.seed.alice.id, limit: 2, sortOrder: 'asc', cursor: first.nextCursor });
    expect(first.totalCount).toBe(5);
    expect([...first.data, ...second.data].map((t: { id: string }) => t.id)).toEqual(made.slice(0, 4));
    expect([first.hasMore, second.hasMore]).toEqual([true, true]);
  });

  it('finds what support staff are told: words of the description, an amount as written, a customer name', async () => {
    const rent = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 250_00, { description: 'October rent for the Lyon flat' }));
    const gift = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 123_45, { description: 'Birthday gift' }));
    expect(await search('rent for the Lyon')).toEqual([rent.transactionId]);
    expect(await search('lyon')).toEqual([rent.transactionId]); // any letter case, part of a word
    expect(await search('birthday')).toEqual([gift.transactionId]);
    expect(await search('123.45')).toEqual([gift.transactionId]);
    expect(await search('250.00 USD')).toContain(rent.transactionId);
    const byName = await search('Alice');
    expect(byName).toEqual(expect.arrayContaining([rent.transactionId, gift.transactionId]));
    expect(await search('no such words here')).toEqual([]);
    const hits = await invoke(w, 'search/query', { q: 'Lyon flat' });
    expect(hits).toEqual([expect.objectContaining({ kind: 'TRANSACTION', id: rent.transactionId, subtitle: expect.stringContaining('October rent for the Lyon flat') })]);
  });
});
