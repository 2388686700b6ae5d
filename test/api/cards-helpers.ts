// Helpers of the cards suites: a card on Alice's USD account, simulations, and the events a card transaction emitted.
import { expect } from 'vitest';
import { enc, invoke, type Reply, type World } from '../support/money-path';

let serial = 0;

function ok(r: Reply, status: number, what: string): Reply {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text}`);
  return r;
}

/** Issues an ACTIVE virtual card to Alice, funded by her USD account (or the given body overrides). */
export async function issueCard(w: World, overrides: Record<string, unknown> = {}): Promise<any> {
  const body = { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: `card-test-${++serial}-000`, ...overrides };
  return ok(await w.api.post('/cards', body), 201, 'issue card').body;
}

/** A merchant whose descriptor ends in the sandbox suffix `suffix`. */
export function merchant(suffix = '000'): Record<string, string> {
  return { descriptor: `CORNER COFFEE SF ${suffix}`, mcc: '5814', country: 'US' };
}

/** POST /sandbox/cards/{id}/simulate/{kind}. */
export function simulate(w: World, cardId: string, kind: string, body: Record<string, unknown>): Promise<Reply> {
  return w.api.post(`/sandbox/cards/${enc(cardId)}/simulate/${kind}`, body);
}

/** An approved authorization of `amount` USD cents at a merchant with `suffix`; returns the card transaction. */
export async function authorize(w: World, cardId: string, amount: number, suffix = '000'): Promise<any> {
  return ok(await simulate(w, cardId, 'authorization', { amount, currency: { code: 'USD' }, merchant: merchant(suffix) }), 202, 'authorize').body;
}

/** A clearing of `amount`; returns the reply. */
export function clearing(w: World, cardId: string, cardTransactionId: string, amount: number): Promise<Reply> {
  return simulate(w, cardId, 'clearing', { cardTransactionId, amount });
}

/** The types of the events about one resource on the transaction stream, oldest first. */
export async function eventTypes(w: World, resourceId: string): Promise<string[]> {
  const page = await invoke(w, 'events/list', { resourceId, order: 'asc', limit: 200 });
  return (page.data as { type: string; resourceType: string }[]).filter((e) => e.resourceType === 'Transaction').map((e) => e.type);
}

/** The payloads of the events about one card transaction, oldest first. */
export async function eventPayloads(w: World, resourceId: string): Promise<any[]> {
  const page = await invoke(w, 'events/list', { resourceId, order: 'asc', limit: 200 });
  return (page.data as { payload: unknown }[]).map((e) => e.payload);
}

/** The reconciliation of one card transaction (console handler). */
export function reconciliation(w: World, id: string): Promise<any> {
  return invoke(w, 'cards/reconciliation', { id });
}

/** The reconciliation's identity: what left the balance = paid to the merchant + still held − still owed. */
export async function expectReconciled(w: World, id: string): Promise<any> {
  const r = await reconciliation(w, id);
  const t = r.totals;
  expect(t.leftBalance, JSON.stringify(t)).toBe(t.paidToMerchant + t.held - t.owed);
  expect(t.paidToMerchant).toBe(r.transaction.settledAmount.amount - r.transaction.refundedAmount.amount);
  return r;
}

/** Reads a card transaction through GET /transactions/{id}. */
export async function cardTx(w: World, id: string): Promise<any> {
  return ok(await w.api.get(`/transactions/${enc(id)}`), 200, 'get card transaction').body;
}
