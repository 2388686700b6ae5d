// Ledger conservation under generated sequences of everything that moves money: fundings, quotes
// (executed at once or later), expiries and settlements by clock advances, transfers in and out, and
// card authorizations with clearings, the card network's other messages (withdrawals paid at once, credits
// cleared later, payouts, credit advices), and an agent's quotes and transfers under its policy (at once, or
// waiting for the platform to approve or reject them). After every step, each currency's entries sum to zero, every
// running balance equals its entries, and no customer account is below zero. Seeded and repeatable.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Core } from '../../core/index';
import { newCore, removeTempDirs } from '../support/builders';

/** Generated sequences and their longest length (also written in test/RELIABILITY.md). */
const SEQUENCES = 40;
const MAX_STEPS = 14;
const SEED = 424242;

afterAll(removeTempDirs);

type Step =
  | { kind: 'fund'; amount: number }
  | { kind: 'quote'; amount: number; now: boolean; delayed: boolean }
  | { kind: 'execute' }
  | { kind: 'advance'; seconds: number }
  | { kind: 'transferOut'; amount: number }
  | { kind: 'transferIn'; amount: number }
  | { kind: 'card'; amount: number; clearings: number[] }
  | { kind: 'cardNetwork'; message: 'financial_authorization' | 'credit_authorization' | 'financial_credit_authorization' | 'credit_authorization_advice'; amount: number; clearings: number[] }
  | { kind: 'agent'; action: 'quote' | 'transferOut'; amount: number; decision: 'approve' | 'reject' | 'leave' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ kind: fc.constant('quote' as const), amount: fc.integer({ min: 1, max: 200_000 }), now: fc.boolean(), delayed: fc.boolean() }),
  fc.constant({ kind: 'execute' as const }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.constantFrom(1, 30, 61, 400, 3_600, 90_000) }),
  fc.record({ kind: fc.constant('transferOut' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('transferIn' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('card' as const), amount: fc.integer({ min: 1, max: 50_000 }), clearings: fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 3 }) }),
  fc.record({
    kind: fc.constant('cardNetwork' as const),
    message: fc.constantFrom('financial_authorization' as const, 'credit_authorization' as const, 'financial_credit_authorization' as const, 'credit_authorization_advice' as const),
    amount: fc.integer({ min: 1, max: 50_000 }), clearings: fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 2 }),
  }),
  // Amounts both sides of the agent's approval threshold (AGENT_APPROVAL_ABOVE).
  fc.record({ kind: fc.constant('agent' as const), action: fc.constantFrom('quote' as const, 'transferOut' as const), amount: fc.integer({ min: 1, max: 60_000 }), decision: fc.constantFrom('approve' as const, 'reject' as const, 'leave' as const) }),
);

/** Agent actions above this many cents wait for the platform's approval. */
const AGENT_APPROVAL_ABOVE = 20_000;
/** How the agent's actions went over all sequences: the suite must have seen each path, or it proved nothing about it. */
const agentOutcomes = { automatic: 0, approve: 0, reject: 0, leave: 0 };
/** Which card network messages were accepted over all sequences, for the same reason. */
const networkMessages = { financial_authorization: 0, credit_authorization: 0, financial_credit_authorization: 0, credit_authorization_advice: 0 };

/** The world one sequence runs in: a fresh seeded workspace and the ids its steps use. */
interface World { core: Core; usd: string; usdBank: string; success: string; delayed: string; card: string; quotes: string[]; agent: { id: string; bearer: string } }

async function api(core: Core, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }> {
  const r = await core.callApi({ method: method as 'GET', path, body, headers });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBeLessThan(500);
  return r;
}

async function world(): Promise<World> {
  const core = newCore();
  const options = await core.invoke('quotes/options', {});
  if (!options.ok) throw new Error(options.error.message);
  const o = options.value as { destinations: { currency: string; scenario: string; accountId: string }[] };
  const success = o.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'SUCCESS')!.accountId;
  const delayed = o.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'DELAYED')?.accountId ?? success;
  // Everything runs on the seeded card's funding account, so cards, quotes and transfers draw on one balance.
  const card = (await api(core, 'GET', '/cards')).body.data.find((c: { state: string }) => c.state === 'ACTIVE') as { id: string; cardholderId: string; fundingSources: string[] };
  expect(card, 'the seeded active card').toBeTruthy();
  const usd = card.fundingSources[0]!;
  const bank = await api(core, 'POST', '/customers/external-accounts', {
    customerId: card.cardholderId, currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '500012345600', routingNumber: '021000021', bankName: 'Test Bank', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Conservation Test' } },
  });
  expect(bank.status).toBe(201);
  // An agent of the same customer, spending from the same account: automatic below the threshold, approved or rejected above it.
  const created = await api(core, 'POST', '/agents', {
    name: 'Conservation agent', customerId: card.cardholderId,
    policy: {
      permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES', 'CREATE_TRANSFERS'], defaultExecutionMode: 'AUTO',
      spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 }, approvalThresholds: { currency: 'USD', amount: AGENT_APPROVAL_ABOVE },
    },
  });
  expect(created.status).toBe(201);
  const redeemed = await api(core, 'POST', `/agents/device-codes/${encodeURIComponent(created.body.deviceCode.code)}/redeem`);
  expect(redeemed.status).toBe(200);
  const agent = { id: created.body.agent.id as string, bearer: `Bearer ${redeemed.body.accessToken as string}` };
  return { core, usd, usdBank: bank.body.id, success, delayed, card: card.id, quotes: [], agent };
}

async function run(w: World, s: Step): Promise<void> {
  const { core } = w;
  switch (s.kind) {
    case 'fund':
      await api(core, 'POST', `/sandbox/internal-accounts/${encodeURIComponent(w.usd)}/fund`, { amount: s.amount });
      return;
    case 'quote': {
      const r = await api(core, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: w.usd }, destination: { destinationType: 'ACCOUNT', accountId: s.delayed ? w.delayed : w.success },
        lockedCurrencySide: 'SENDING', lockedCurrencyAmount: s.amount, immediatelyExecute: s.now,
      });
      if (r.status === 201 && !s.now) w.quotes.push(r.body.id);
      return;
    }
    case 'execute': {
      const id = w.quotes.shift();
      if (id) await api(core, 'POST', `/quotes/${encodeURIComponent(id)}/execute`, {});
      return;
    }
    case 'advance':
      await api(core, 'POST', '/sandbox/clock/advance', { seconds: s.seconds });
      return;
    case 'transferOut':
      await api(core, 'POST', '/transfer-out', { source: { accountId: w.usd }, destination: { accountId: w.usdBank }, amount: s.amount });
      return;
    case 'transferIn':
      await api(core, 'POST', '/transfer-in', { source: { accountId: w.usdBank }, destination: { accountId: w.usd }, amount: s.amount });
      return;
    case 'card': {
      const auth = await api(core, 'POST', `/sandbox/cards/${encodeURIComponent(w.card)}/simulate/authorization`, {
        amount: s.amount, currency: { code: 'USD' }, merchant: { descriptor: 'CONSERVATION TEST SHOP' },
      });
      if (auth.status !== 202) return;
      for (const amount of s.clearings) {
        await api(core, 'POST', `/sandbox/cards/${encodeURIComponent(w.card)}/simulate/clearing`, { cardTransactionId: auth.body.id, amount });
      }
      return;
    }
    case 'cardNetwork': {
      const sent = await api(core, 'POST', `/sandbox/cards/${encodeURIComponent(w.card)}/simulate/${s.message}`, {
        amount: s.amount, currency: { code: 'USD' }, merchant: { descriptor: 'CONSERVATION TEST NETWORK' },
      });
      if (sent.status !== 202) return;
      networkMessages[s.message]++;
      for (const amount of s.clearings) {
        await api(core, 'POST', `/sandbox/cards/${encodeURIComponent(w.card)}/simulate/clearing`, { cardTransactionId: sent.body.id, amount });
      }
      return;
    }
    case 'agent': {
      const as = { authorization: w.agent.bearer };
      let action: { status: number; body: any };
      if (s.action === 'quote') {
        const q = await api(core, 'POST', '/agents/me/quotes', {
          // An agent pays only to its own customer's accounts.
          source: { sourceType: 'ACCOUNT', accountId: w.usd }, destination: { destinationType: 'ACCOUNT', accountId: w.usdBank },
          lockedCurrencySide: 'SENDING', lockedCurrencyAmount: s.amount,
        }, as);
        if (q.status !== 201) return;
        action = await api(core, 'POST', `/agents/me/quotes/${encodeURIComponent(q.body.id)}/execute`, {}, as);
      } else {
        action = await api(core, 'POST', '/agents/me/transfer-out', { source: { accountId: w.usd }, destination: { accountId: w.usdBank }, amount: s.amount }, as);
      }
      if (action.status >= 300) return; // refused (funds, limits): nothing moved, which the books check
      if (action.body.status === 'APPROVED') {
        agentOutcomes.automatic++;
        return;
      }
      expect(action.body.status).toBe('PENDING_APPROVAL');
      const actionId = action.body.id as string;
      agentOutcomes[s.decision]++;
      if (s.decision !== 'leave') {
        const decided = await api(core, 'POST', `/agents/${encodeURIComponent(w.agent.id)}/actions/${encodeURIComponent(actionId)}/${s.decision}`, {});
        expect(decided.status).toBe(200);
      }
      return;
    }
  }
}

function expectBooksBalanced(core: Core, after: string): void {
  for (const [currency, sum] of Object.entries(core.services.ledger.trialBalance())) expect(sum, `${currency} after ${after}`).toBe(0);
  expect(core.services.ledger.driftedBalances(), `drift after ${after}`).toEqual([]);
  const negative = core.services.ctx.db.prepare(`SELECT b.account_id, b.bucket, b.amount FROM account_balances b
    JOIN internal_accounts a ON a.id = b.account_id WHERE a.customer_id IS NOT NULL AND b.amount < 0`).all();
  expect(negative, `negative customer balances after ${after}`).toEqual([]);
}

describe(`ledger conservation (${SEQUENCES} generated sequences of up to ${MAX_STEPS} steps, seed ${SEED})`, () => {
  it('keeps every currency summing to zero and every balance equal to its entries after each step', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: MAX_STEPS }), async (sequence) => {
        const w = await world();
        try {
          for (const [i, s] of sequence.entries()) {
            await run(w, s);
            steps++;
            expectBooksBalanced(w.core, `step ${i + 1} (${JSON.stringify(s)})`);
          }
        } finally {
          w.core.close();
        }
      }),
      { seed: SEED, numRuns: SEQUENCES, endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(SEQUENCES);
    for (const [path, n] of Object.entries(agentOutcomes)) expect(n, `agent actions that went "${path}"`).toBeGreaterThan(0);
    for (const [message, n] of Object.entries(networkMessages)) expect(n, `accepted card ${message} messages`).toBeGreaterThan(0);
  }, 240_000);
});
