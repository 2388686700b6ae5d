// Approval of agents' actions: thresholds and APPROVAL_REQUIRED put an action in PENDING_APPROVAL with
// its transaction PENDING; the platform approves (POST /transactions/{id}/approve or the action routes)
// or rejects it; an approval can still fail (expired quote, insufficient funds); 404 and 409 codes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../core/api-client-types';
import { accountQuote, advance, balances, enc, externalAccount, getTx, openWorld, type World } from '../support/money-path';
import { agentOf, connectedAgent, openPolicy, transferOut, type TestAgent } from './agents-world';
import { expectError } from '../support/assertions';

let w: World;
let mxn: string;
beforeEach(async () => {
  w = await openWorld();
  mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
});
afterEach(async () => {
  await w.close();
});

const thresholdPolicy = (amount: number) => openPolicy({ approvalThresholds: { currency: 'USD', amount } });

async function quoteAndExecute(a: TestAgent, amount: number): Promise<{ quote: ApiAnswer<'POST /agents/me/quotes'>; action: ApiAnswer<'POST /agents/me/quotes/{quoteId}/execute'> }> {
  const q = await a.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, mxn, 'SENDING', amount));
  expect(q.status, q.text).toBe(201);
  const r = await a.api.post(`/agents/me/quotes/${enc(q.body.id)}/execute`);
  expect(r.status, r.text).toBe(200);
  return { quote: q.body as ApiAnswer<'POST /agents/me/quotes'>, action: r.body as ApiAnswer<'POST /agents/me/quotes/{quoteId}/execute'> };
}

describe('thresholds and approval mode', () => {
  it('an amount exactly at the threshold executes at once; one unit above waits, its transaction PENDING and marked with the agent', async () => {
    const a = await connectedAgent(w, thresholdPolicy(5_000));
    const at = await quoteAndExecute(a, 5_000);
    expect(at.action).toMatchObject({ type: 'EXECUTE_QUOTE', status: 'APPROVED', transaction: { status: 'PROCESSING', agentId: a.id } });
    const above = await quoteAndExecute(a, 5_001);
    expect(above.action).toMatchObject({ status: 'PENDING_APPROVAL', quote: { id: above.quote.id, status: 'PENDING' }, approvalReasons: [expect.stringContaining('above the approval threshold')] });
    expect(above.action).not.toHaveProperty('transaction');
    expect(await getTx(w, above.quote.transactionId)).toMatchObject({ status: 'PENDING', agentId: a.id });
    // Waiting actions are not counted; only executed ones are.
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 5_000, dailyTransactionCount: 1 });
    const queue = await w.api.get(`/agents/approvals?agentId=${enc(a.id)}`);
    expect(queue.body).toMatchObject({ totalCount: 1, data: [{ id: above.action.id, status: 'PENDING_APPROVAL' }] });
  });

  it('a threshold in another currency is compared after conversion', async () => {
    const limit = w.core.services.rates.convert(10_000, 'USD', 'EUR');
    const a = await connectedAgent(w, openPolicy({ approvalThresholds: { currency: 'EUR', amount: limit } }));
    const r1 = await transferOut(w, a, 10_000);
    expect(r1.body.status).toBe('APPROVED');
    const r2 = await transferOut(w, a, 10_100);
    expect(r2.body.status).toBe('PENDING_APPROVAL');
  });

  it('APPROVAL_REQUIRED mode (or an account rule) makes every action wait; a waiting transfer has no transaction yet', async () => {
    const a = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
    const before = await balances(w, w.seed.aliceUsd);
    const r = await transferOut(w, a, 100);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ type: 'TRANSFER_OUT', status: 'PENDING_APPROVAL', transferDetails: { amount: 100, currency: 'USD', sourceAccountId: w.seed.aliceUsd } });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    const b = await connectedAgent(w, openPolicy({ accountRestrictions: { accountRules: [{ accountId: w.seed.aliceExt['005'], executionMode: 'APPROVAL_REQUIRED' }] } }), w.seed.alice.id, 'B');
    expect((await transferOut(w, b, 100, w.seed.aliceExt['005'])).body.status).toBe('PENDING_APPROVAL');
    expect((await transferOut(w, b, 100)).body.status).toBe('APPROVED');
  });
});

describe('approval and rejection', () => {
  it('POST /transactions/{id}/approve executes the waiting quote, counts it, and a second approval is 409', async () => {
    const a = await connectedAgent(w, thresholdPolicy(1_000));
    const { quote, action } = await quoteAndExecute(a, 2_000);
    const r = await w.api.post(`/transactions/${enc(quote.transactionId)}/approve`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: quote.transactionId, status: 'PROCESSING', agentId: a.id });
    expect((await a.api.get(`/agents/me/actions/${enc(action.id)}`)).body).toMatchObject({ status: 'APPROVED', transaction: { id: quote.transactionId } });
    expect((await agentOf(w, a)).usage).toMatchObject({ dailySpend: 2_000, dailyTransactionCount: 1 });
    expectError(await w.api.post(`/transactions/${enc(quote.transactionId)}/approve`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    await advance(w, 5);
    expect(await getTx(w, quote.transactionId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('the action routes approve and reject; rejection moves nothing and cannot be repeated', async () => {
    const a = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
    const before = await balances(w, w.seed.aliceUsd);
    const t1 = (await transferOut(w, a, 300)).body;
    const t2 = (await transferOut(w, a, 400)).body;
    const ok = await w.api.post(`/agents/${enc(a.id)}/actions/${enc(t1.id)}/approve`);
    expect(ok.body).toMatchObject({ status: 'APPROVED', transaction: { type: 'OUTGOING', agentId: a.id, sentAmount: { amount: 300 } } });
    const no = await w.api.post(`/agents/${enc(a.id)}/actions/${enc(t2.id)}/reject`, { reason: 'Not this one' });
    expect(no.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Not this one' });
    expect(no.body).not.toHaveProperty('transaction');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 300, totalBalance: before.totalBalance });
    expectError(await w.api.post(`/agents/${enc(a.id)}/actions/${enc(t2.id)}/reject`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    expectError(await w.api.post(`/agents/${enc(a.id)}/actions/${enc(t2.id)}/approve`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('POST /transactions/{id}/reject rejects a waiting quote; the quote is never executed and expires', async () => {
    const a = await connectedAgent(w, thresholdPolicy(1_000));
    const { quote, action } = await quoteAndExecute(a, 2_000);
    const r = await w.api.post(`/transactions/${enc(quote.transactionId)}/reject`, { reason: 'Too large' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: quote.transactionId, status: 'PENDING' });
    expect((await a.api.get(`/agents/me/actions/${enc(action.id)}`)).body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Too large' });
    expectError(await a.api.post(`/agents/me/quotes/${enc(quote.id)}/execute`), 409, 'CONFLICT');
    await advance(w, 301);
    expect(await getTx(w, quote.transactionId)).toMatchObject({ status: 'EXPIRED' });
  });

  it('approval of an expired quote fails: the action ends FAILED saying so and nothing moves', async () => {
    const a = await connectedAgent(w, thresholdPolicy(1_000));
    const { quote, action } = await quoteAndExecute(a, 2_000);
    const before = await balances(w, w.seed.aliceUsd);
    await advance(w, 301);
    const r = await w.api.post(`/agents/${enc(a.id)}/actions/${enc(action.id)}/approve`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('QUOTE_EXPIRED') });
    expect(await getTx(w, quote.transactionId)).toMatchObject({ status: 'EXPIRED' });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    expect((await agentOf(w, a)).usage.dailySpend).toBe(0);
  });

  it('approval fails on insufficient funds, and when a limit is now exceeded', async () => {
    const rich = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 100_000_000 } }), w.seed.alice.id, 'Rich');
    const { body: big } = await transferOut(w, rich, 50_000_000);
    const failed = await w.api.post(`/agents/${enc(rich.id)}/actions/${enc(big.id)}/approve`);
    expect(failed.body).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('INSUFFICIENT_FUNDS') });
    const a = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, dailyLimit: 5_000 } }));
    const first = (await transferOut(w, a, 4_000)).body;
    const second = (await transferOut(w, a, 4_000)).body;
    expect((await w.api.post(`/agents/${enc(a.id)}/actions/${enc(first.id)}/approve`)).body.status).toBe('APPROVED');
    const over = await w.api.post(`/agents/${enc(a.id)}/actions/${enc(second.id)}/approve`);
    expect(over.body).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('Daily limit') });
  });

  it('404 for unknown transactions and actions, or an action of another agent; 409 for a transaction no agent made', async () => {
    const a = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
    const b = await connectedAgent(w, openPolicy(), w.seed.alice.id, 'Other');
    const t = (await transferOut(w, a, 100)).body;
    expectError(await w.api.post('/transactions/Transaction:019a0000-0000-7000-8000-000000000000/approve'), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await w.api.post('/transactions/Transaction:019a0000-0000-7000-8000-000000000000/reject'), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await w.api.post(`/agents/${enc(b.id)}/actions/${enc(t.id)}/approve`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.post(`/agents/${enc(a.id)}/actions/AgentAction:nope/approve`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await b.api.get(`/agents/me/actions/${enc(t.id)}`), 404, 'REFERENCE_NOT_FOUND');
    const plain = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 100 });
    expectError(await w.api.post(`/transactions/${enc(plain.body.id)}/approve`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('approving needs TRANSACT: a VIEW-only token gets 403', async () => {
    const a = await connectedAgent(w, thresholdPolicy(1_000));
    const { quote } = await quoteAndExecute(a, 2_000);
    const token = await w.api.post('/tokens', { name: 'viewer', permissions: ['VIEW'] });
    const viewer = w.api.as(`Basic ${Buffer.from(`${token.body.clientId}:${token.body.clientSecret}`).toString('base64')}`);
    expectError(await viewer.post(`/transactions/${enc(quote.transactionId)}/approve`), 403, 'FORBIDDEN');
    expect((await viewer.get('/agents/approvals')).body.totalCount).toBeGreaterThanOrEqual(1);
  });
});
