// What an agent does with its bearer token: scoped to its own customer (anything else is a 404),
// idempotent quote creation, its transactions paged with totalCount, its accounts, its actions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, enc, externalAccount, getTx, openWorld, type World } from '../support/money-path';
import { connectedAgent, transferOut } from './agents-world';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

describe('scoping to the agent\'s customer', () => {
  it('another customer\'s transaction, quote, accounts and actions are 404', async () => {
    const a = await connectedAgent(w);
    const sophie = await connectedAgent(w, undefined, w.seed.sophie.id, 'Sophie agent');
    const theirs = await w.api.post('/transfer-out', { source: { accountId: w.seed.sophieEur }, destination: { accountId: w.seed.sophieIban['0000'] }, amount: 100 });
    expectError(await a.api.get(`/agents/me/transactions/${enc(theirs.body.id)}`), 404, 'TRANSACTION_NOT_FOUND');
    expect((await sophie.api.get(`/agents/me/transactions/${enc(theirs.body.id)}`)).status).toBe(200);
    expectError(await a.api.post('/agents/me/transfer-out', { source: { accountId: w.seed.sophieEur }, destination: { accountId: w.seed.sophieIban['0000'] }, amount: 100 }), 404, 'REFERENCE_NOT_FOUND');
    expectError(await a.api.post('/agents/me/quotes', accountQuote(w.seed.sophieEur, w.seed.aliceExt['000'], 'SENDING', 1000)), 404, 'REFERENCE_NOT_FOUND');
    expectError(await a.api.get(`/agents/me/external-accounts/${enc(w.seed.sophieIban['0000'])}`), 404, 'REFERENCE_NOT_FOUND');
    const q = await sophie.api.post('/agents/me/quotes', accountQuote(w.seed.sophieEur, await externalAccount(w, w.seed.sophie.id, 'USD', '000'), 'SENDING', 1000));
    expect(q.status, q.text).toBe(201);
    expectError(await a.api.get(`/agents/me/quotes/${enc(q.body.id)}`), 404, 'QUOTE_NOT_FOUND');
    expectError(await a.api.post(`/agents/me/quotes/${enc(q.body.id)}/execute`), 404, 'QUOTE_NOT_FOUND');
    const act = await transferOut(w, a, 100);
    expectError(await sophie.api.get(`/agents/me/actions/${enc(act.body.id)}`), 404, 'REFERENCE_NOT_FOUND');
    const accounts = (await a.api.get('/agents/me/internal-accounts')).body;
    expect(accounts.data.every((x: { customerId: string }) => x.customerId === w.seed.alice.id)).toBe(true);
    expect(accounts.totalCount).toBeGreaterThan(0);
    expectError(await a.api.post('/agents/me/external-accounts', { customerId: w.seed.sophie.id, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'X' } } }), 404, 'USER_NOT_FOUND');
  });

  it('manages its customer\'s external accounts (customerId inferred)', async () => {
    const a = await connectedAgent(w);
    const made = await a.api.post('/agents/me/external-accounts', { currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '777000111000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' } } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.customerId).toBe(w.seed.alice.id);
    expect((await a.api.get('/agents/me/external-accounts')).body.data.map((x: { id: string }) => x.id)).toContain(made.body.id);
    expect((await a.api.delete(`/agents/me/external-accounts/${enc(made.body.id)}`)).status).toBe(204);
    expectError(await a.api.get(`/agents/me/external-accounts/${enc(made.body.id)}`), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe('POST /agents/me/quotes', () => {
  it('the same Idempotency-Key replays the first quote; another body with it is 409', async () => {
    const a = await connectedAgent(w);
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const body = accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 2_500);
    const first = await a.api.post('/agents/me/quotes', body, { headers: { 'Idempotency-Key': 'agent-quote-1' } });
    expect(first.status, first.text).toBe(201);
    const again = await a.api.post('/agents/me/quotes', body, { headers: { 'Idempotency-Key': 'agent-quote-1' } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await a.api.post('/agents/me/quotes', { ...body, lockedCurrencyAmount: 2_600 }, { headers: { 'Idempotency-Key': 'agent-quote-1' } }), 409, 'CONFLICT');
    expect((await a.api.get('/agents/me/transactions?status=PENDING')).body.totalCount).toBe(1);
    expect(await getTx(w, first.body.transactionId)).toMatchObject({ agentId: a.id, status: 'PENDING' });
  });

  it('immediatelyExecute submits the quote as an action at once', async () => {
    const a = await connectedAgent(w);
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const r = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 2_500, { immediatelyExecute: true }));
    expect(r.status, r.text).toBe(201);
    expect(r.body.status).toBe('PROCESSING');
    expect((await a.api.get('/agents/me/actions')).body).toMatchObject({ totalCount: 1, data: [{ type: 'EXECUTE_QUOTE', status: 'APPROVED', quote: { id: r.body.id } }] });
  });
});

describe('events of an agent\'s payments', () => {
  it('name the agent from the very first one, for a quote and for a transfer', async () => {
    const a = await connectedAgent(w);
    const mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
    const quote = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', 2_500, { immediatelyExecute: true }));
    expect(quote.status, quote.text).toBe(201);
    const moved = await transferOut(w, a, 100);
    expect(moved.status, moved.text).toBe(201);
    const transfer = (await a.api.get('/agents/me/transactions?limit=10')).body.data.find((t: { id: string }) => t.id !== quote.body.transactionId);
    for (const txId of [quote.body.transactionId as string, transfer.id as string]) {
      const events = w.core.services.ctx.db.prepare("SELECT type, payload FROM events WHERE resource_id = ? ORDER BY seq").all(txId) as { type: string; payload: string }[];
      expect(events.length, txId).toBeGreaterThan(0);
      for (const e of events) expect(JSON.parse(e.payload).agentId, `${e.type} of ${txId}`).toBe(a.id);
    }
  });
});

describe('GET /agents/me/transactions', () => {
  it('pages its customer\'s transactions with limit, cursor, totalCount and hasMore, in either order', async () => {
    const a = await connectedAgent(w);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await transferOut(w, a, 100 + i)).body.transaction.id);
    await w.api.post('/transfer-out', { source: { accountId: w.seed.sophieEur }, destination: { accountId: w.seed.sophieIban['0000'] }, amount: 100 });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await a.api.get(`/agents/me/transactions?limit=2&sortOrder=asc${cursor ? `&cursor=${enc(cursor)}` : ''}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.totalCount).toBe(5);
      if (r.body.hasMore) expect(r.body.nextCursor).toEqual(expect.any(String));
      else expect(r.body).not.toHaveProperty('nextCursor');
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    const desc = await a.api.get('/agents/me/transactions?limit=1');
    expect(desc.body.data[0].id).toBe(ids[4]);
    expect((await a.api.get('/agents/me/transactions?type=INCOMING')).body.totalCount).toBe(0);
    expectError(await a.api.get('/agents/me/transactions?limit=101'), 400, 'INVALID_INPUT');
  });
});
