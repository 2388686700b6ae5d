// Card transactions as the CARD kind of GET /transactions, GET /transactions/{id}, the console explorer and search.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enc, invoke } from '../support/money-path';
import { authorize, type Card, type CardWorld, clearing, eventPayloads, openCardWorld } from '../support/worlds/cards';
import { expectInvalidField } from '../support/assertions';

let w: CardWorld;
let card: Card;
beforeEach(async () => {
  w = await openCardWorld();
  card = w.card;
});
afterEach(async () => {
  await w.close();
});

const list = async (query: string) => (await w.api.get(`/transactions?${query}`)).body;

describe('card transactions in the transaction lists', () => {
  it('GET /transactions merges CARD items with payments in creation order, and pages across both kinds with one cursor', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await authorize(w, card.id, 100 + i)).id);
      const out = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 50 + i });
      made.push(out.body.id);
      await w.api.post('/sandbox/clock/advance', { seconds: 1 });
    }
    const all = await list('limit=100&customerId=' + enc(w.seed.alice.id));
    expect(all.totalCount).toBe(6);
    expect(all.data.map((t: { id: string }) => t.id)).toEqual([...made].reverse());
    expect(all.data.filter((t: { type: string }) => t.type === 'CARD')).toHaveLength(3);

    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(`limit=4&sortOrder=${order}&customerId=${enc(w.seed.alice.id)}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.totalCount).toBe(6);
        expect(page.data.length).toBeLessThanOrEqual(4);
        seen.push(...page.data.map((t: { id: string }) => t.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(order === 'desc' ? [...made].reverse() : made);
    }
  });

  it('filters: type=CARD, a card status, the funding account, the card id, a payment status excludes cards, and dates', async () => {
    const a = await authorize(w, card.id, 1_000);
    const b = await authorize(w, card.id, 2_000);
    await clearing(w, card.id, b.id, 2_000);
    await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 10 });
    expect((await list('type=CARD')).data.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
    expect((await list('type=OUTGOING')).data.every((t: { type: string }) => t.type === 'OUTGOING')).toBe(true);
    expect((await list('status=SETTLED')).data.map((t: { id: string }) => t.id)).toEqual([b.id]);
    expect((await list('status=AUTHORIZED')).data.map((t: { id: string }) => t.id)).toEqual([a.id]);
    expect((await list('status=PENDING')).data.some((t: { type: string }) => t.type === 'CARD')).toBe(false);
    expect((await list(`accountIdentifier=${enc(card.id)}`)).totalCount).toBe(2);
    expect((await list(`senderAccountIdentifier=${enc(w.seed.aliceUsd)}&type=CARD`)).totalCount).toBe(2);
    expect((await list(`platformCustomerId=cust-alice-001&type=CARD`)).totalCount).toBe(2);
    expect((await list(`customerId=${enc(w.seed.lucia.id)}&type=CARD`)).totalCount).toBe(0);
    expect((await list('type=CARD&startDate=2030-01-01T00:00:00Z')).totalCount).toBe(0);
    expect((await list(`reference=${a.issuerTransactionToken}`)).data.map((t: { id: string }) => t.id)).toEqual([a.id]);
    expectInvalidField(await w.api.get('/transactions?status=MAYBE'), 'status');
    expectInvalidField(await w.api.get('/transactions?type=CASH'), 'type');
  });

  it('GET /transactions/{id} answers a card transaction; every event payload on the stream is the card transaction as it then stood', async () => {
    const tx = await authorize(w, card.id, 1_000);
    const cleared = (await clearing(w, card.id, tx.id, 400)).body;
    expect((await w.api.get(`/transactions/${enc(tx.id)}`)).body).toEqual(cleared);
    const payloads = await eventPayloads(w, tx.id);
    expect(payloads.map((p) => p.status)).toEqual(['AUTHORIZED', 'PARTIALLY_SETTLED']);
    expect(payloads[1]).toEqual(cleared);
  });

  it('the console explorer and the global search find card transactions by merchant, amount, id and status', async () => {
    const tx = await authorize(w, card.id, 4_321);
    await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 10 });
    const byMerchant = await invoke(w, 'transactions/search', { q: 'corner coffee' });
    expect(byMerchant.data.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    expect((await invoke(w, 'transactions/search', { q: '43.21' })).data.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    expect((await invoke(w, 'transactions/search', { type: 'CARD' })).totalCount).toBe(1);
    expect((await invoke(w, 'transactions/search', { status: ['AUTHORIZED'] })).data.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    expect((await invoke(w, 'transactions/search', { status: ['PENDING'] })).data.some((t: { type: string }) => t.type === 'CARD')).toBe(false);
    const hits = await invoke(w, 'search/query', { q: tx.id });
    expect(hits.map((h: { id: string }) => h.id)).toContain(tx.id);
    const cardTxs = await invoke(w, 'cards/transactions', { cardId: card.id });
    expect(cardTxs.data.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    const cards = await invoke(w, 'cards/list', {});
    expect(cards.data.find((c: { card: { id: string } }) => c.card.id === card.id)).toMatchObject({ cardholderName: 'Alice Johnson', funding: [{ id: w.seed.aliceUsd, currency: 'USD' }] });
  });
});
