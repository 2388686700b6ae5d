// Requests racing over real HTTP: one quote executed twenty times at once runs once, and spends racing
// for one balance never overdraw it.
import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { fund, internalAccountOf, seededCustomer, type TestServer, useSeededServer } from '../support/builders';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

async function setup(balance: number) {
  const alice = await seededCustomer(srv.api, 'cust-alice-001');
  const usd = await internalAccountOf(srv.api, alice.id, 'USD');
  // Bring the account to exactly `balance`.
  const have = usd.balance.amount;
  if (have < balance) await fund(srv.api, usd.id, balance - have);
  const eur = (await srv.api.get('/customers/external-accounts?currency=EUR')).body.data[0];
  expect(eur, 'a seeded EUR external account').toBeTruthy();
  return { usd: usd.id, eur: eur.id as string, alice: alice.id };
}

const available = async (customerId: string, accountId: string) =>
  (await srv.api.get(`/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`)).body.data.find((a: { id: string }) => a.id === accountId).balance.amount as number;

describe('concurrent requests', () => {
  it('executes one quote once when twenty executes race: one 200, the rest refused, the money moved once', async () => {
    const { usd, eur, alice } = await setup(1_000_000);
    const before = await available(alice, usd);
    const quote = await srv.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: eur },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000,
    });
    expect(quote.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => srv.api.post(`/quotes/${encodeURIComponent(quote.body.id)}/execute`, {})));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ status: 409, code: expect.any(String) });
    }
    expect(before - (await available(alice, usd))).toBe(quote.body.totalSendingAmount);
    expect(core.services.ledger.driftedBalances()).toEqual([]);
  });

  it('never overdraws one balance when thirty spends race for it', async () => {
    const { usd, eur, alice } = await setup(50_000);
    const start = await available(alice, usd);
    // Each spend is about a tenth of the balance: at most ten of the thirty can be paid.
    const tenth = Math.floor(start / 10);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => srv.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: eur },
      lockedCurrencySide: 'SENDING', lockedCurrencyAmount: tenth + i, immediatelyExecute: true,
    })));
    const spent = answers.filter((a) => a.status === 201).reduce((sum, a) => sum + (a.body.totalSendingAmount as number), 0);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(10);
    expect(answers.some((a) => a.status !== 201)).toBe(true);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.status).toBeLessThan(500);
    const left = await available(alice, usd);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(start - left).toBe(spent);
    for (const [currency, sum] of Object.entries(core.services.ledger.trialBalance())) expect(sum, currency).toBe(0);
  });
});
