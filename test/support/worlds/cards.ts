// The card world the cards suites share: a seeded money-path world with an ACTIVE virtual card on
// Alice's USD account, plus the simulations and reads those suites repeat.
import { expect } from 'vitest';
import type { ApiAnswer } from '../../../core/api-client-types';
import type { HandlerOutput } from '../../../core/index';
import type { ApiResult } from '../api-client';
import { expectStatus } from '../builders';
import { enc, invoke, openWorld, type World } from '../money-path';

/** A card as the API answers it. */
export type Card = ApiAnswer<'POST /cards'>;
/** A card transaction as the API answers it. */
export type CardTransaction = Extract<ApiAnswer<'GET /transactions/{transactionId}'>, { type: 'CARD' }>;
/** A card transaction's reconciliation (console handler). */
export type Reconciliation = HandlerOutput<'cards/reconciliation'>;

/** A money-path world with Alice's card already issued. */
export interface CardWorld extends World {
  card: Card;
}

/** Opens a seeded world and issues Alice an ACTIVE virtual card on her USD account. */
export async function openCardWorld(): Promise<CardWorld> {
  const w = await openWorld();
  return Object.assign(w, { card: await issueCard(w) });
}

let serial = 0;

/** Issues an ACTIVE virtual card to Alice, funded by her USD account (or the given body overrides). */
export async function issueCard(w: World, overrides: Record<string, unknown> = {}): Promise<Card> {
  const body = { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: `card-test-${++serial}-000`, ...overrides };
  return expectStatus(await w.api.post('/cards', body), 201, 'issue card').body as Card;
}

/** A merchant whose descriptor ends in the sandbox suffix `suffix`. */
export function merchant(suffix = '000'): Record<string, string> {
  return { descriptor: `CORNER COFFEE SF ${suffix}`, mcc: '5814', country: 'US' };
}

/** POST /sandbox/cards/{id}/simulate/{kind}. */
export function simulate(w: World, cardId: string, kind: string, body: Record<string, unknown>): Promise<ApiResult> {
  return w.api.post(`/sandbox/cards/${enc(cardId)}/simulate/${kind}`, body);
}

/** An approved authorization of `amount` USD cents at a merchant with `suffix`; returns the card transaction. */
export async function authorize(w: World, cardId: string, amount: number, suffix = '000'): Promise<CardTransaction> {
  return expectStatus(await simulate(w, cardId, 'authorization', { amount, currency: { code: 'USD' }, merchant: merchant(suffix) }), 202, 'authorize').body as CardTransaction;
}

/** A clearing of `amount`; returns the reply. */
export function clearing(w: World, cardId: string, cardTransactionId: string, amount: number): Promise<ApiResult> {
  return simulate(w, cardId, 'clearing', { cardTransactionId, amount });
}

/** The types of the events about one resource on the transaction stream, oldest first. */
export async function eventTypes(w: World, resourceId: string): Promise<string[]> {
  const page = await invoke(w, 'events/list', { resourceId, order: 'asc', limit: 200 });
  return page.data.filter((e) => e.resourceType === 'Transaction').map((e) => e.type);
}

/** The payloads of the events about one card transaction, oldest first. */
export async function eventPayloads(w: World, resourceId: string): Promise<Record<string, unknown>[]> {
  const page = await invoke(w, 'events/list', { resourceId, order: 'asc', limit: 200 });
  return page.data.map((e) => e.payload as Record<string, unknown>);
}

/** The reconciliation of one card transaction (console handler). */
export function reconciliation(w: World, id: string): Promise<Reconciliation> {
  return invoke(w, 'cards/reconciliation', { id });
}

/** The reconciliation's identity: what left the balance = paid to the merchant + still held − still owed. */
export async function expectReconciled(w: World, id: string): Promise<Reconciliation> {
  const r = await reconciliation(w, id);
  const t = r.totals;
  expect(t.leftBalance, JSON.stringify(t)).toBe(t.paidToMerchant + t.held - t.owed);
  expect(t.paidToMerchant).toBe(r.transaction.settledAmount!.amount - r.transaction.refundedAmount!.amount);
  return r;
}

/** Reads a card transaction through GET /transactions/{id}. */
export async function cardTx(w: World, id: string): Promise<CardTransaction> {
  const tx = expectStatus(await w.api.send('GET /transactions/{transactionId}', { params: { transactionId: id } }), 200, 'get card transaction').body;
  if (tx.type !== 'CARD') throw new Error(`${id} is a ${tx.type} transaction, not a card's`);
  return tx;
}
