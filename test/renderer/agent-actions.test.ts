import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../core/agents/schema';
import { actionWords, agentNameProblem } from '../../renderer/lib/agent-actions';
import { customerFacts, externalAccountFacts, internalAccountFacts, type MoneyStoryContext } from '../../renderer/lib/money-story';
import { quote } from './money-fixtures';
import { ALICE, ALICE_BANK, ALICE_USD, SOPHIE, SOPHIE_IBAN } from './story-fixtures';

// An agent's waiting payment read as the payment it would make: names, masked accounts and the rail, never ids.
const context: MoneyStoryContext = {
  customers: { [ALICE.id]: customerFacts(ALICE), [SOPHIE.id]: customerFacts(SOPHIE) },
  internalAccounts: { [ALICE_USD.id]: internalAccountFacts(ALICE_USD) },
  externalAccounts: Object.fromEntries([ALICE_BANK, SOPHIE_IBAN].map((a) => [a.id, externalAccountFacts(a)])),
};
const currencyOf = (code: string) => ({ code, decimals: code === 'JPY' ? 0 : 2 });
const action = (over: Partial<AgentAction>): AgentAction => ({
  id: 'AgentAction:1', agentId: 'Agent:1', customerId: ALICE.id, platformCustomerId: 'cust-alice-001', type: 'TRANSFER_OUT', status: 'PENDING_APPROVAL',
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over,
});

describe('an agent action in words', () => {
  it('a transfer-out says who pays whom, how much and over which rail, with the account masked', () => {
    const w = actionWords(action({ transferDetails: { amount: 25_000, currency: 'USD', sourceAccountId: ALICE_USD.id, destinationAccountId: ALICE_BANK.id } }), currencyOf, context, 'ACH');
    expect(w.amount).toBe('Pay out 250.00 USD');
    expect(w.sentence).toBe('Pay out 250.00 USD from Alice Johnson · USD balance to Alice Johnson · Sandbox Bank N.A. · •••• 1000 over ACH');
    expect(w.sentence).not.toMatch(/Account:/);
  });

  it('a quote payment names the beneficiary and the quote’s rail, and both amounts', () => {
    const w = actionWords(action({ type: 'EXECUTE_QUOTE', quote: quote() }), currencyOf, context);
    expect(w.amount).toBe('Pay 25.00 USD for 21.75 EUR');
    expect(w.to).toMatchObject({ name: 'Sophie Martin', account: '•••• 0000', rail: 'SEPA Instant' });
  });

  it('a transfer-in pulls from the bank account into the balance, with no rail', () => {
    const w = actionWords(action({ type: 'TRANSFER_IN', transferDetails: { amount: 5_000, currency: 'USD', sourceAccountId: ALICE_BANK.id, destinationAccountId: ALICE_USD.id } }), currencyOf, context, null);
    expect(w.sentence).toBe('Pull 50.00 USD from Alice Johnson · Sandbox Bank N.A. to Alice Johnson · USD balance');
  });

  it('an account the console has not loaded still reads as words, not an id', () => {
    const w = actionWords(action({ transferDetails: { amount: 100, currency: 'USD', sourceAccountId: ALICE_USD.id, destinationAccountId: 'ExternalAccount:unknown' } }), currencyOf, {}, null);
    expect(w.to?.name).toBe('External account');
    expect(w.sentence).not.toContain('ExternalAccount:unknown');
  });
});

describe('an agent name as typed', () => {
  it('is required and at most 200 characters', () => {
    expect(agentNameProblem('  ')).toMatch(/^Enter a name/);
    expect(agentNameProblem('x'.repeat(201))).toBe('At most 200 characters (this one has 201)');
    expect(agentNameProblem('Rent payer')).toBeNull();
  });
});
