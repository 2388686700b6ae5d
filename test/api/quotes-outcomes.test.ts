// The sandbox's quote-execution outcomes by the destination identifier's last 3 digits
// (core/payments/outcomes.ts), checked step by step on the test clock: quote and transaction status,
// failureReason, refund, the source account's balances and the trial balance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, createQuote, execute, expectBooksBalanced, externalAccount, getQuote, getTx, invoke, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

/** What must hold at `at` seconds after execute. `held`: the amount is still reserved (balance down, totalBalance not). */
interface Check {
  at: number;
  quote: string;
  tx: string;
  failureReason?: string;
  /** The transaction must carry no failureReason (a cancellation: its refund says why). */
  noFailureReason?: boolean;
  refund?: { status: string; reason: string } | null;
  money: 'HELD' | 'SENT' | 'RESTORED' | 'LOST';
  /** Seconds after execute at which the payout settled (settledAt). */
  settledAfter?: number;
}

type Destination = (w: World) => Promise<string>;
const eur = (suffix: string): Destination => (x) => externalAccount(x, x.seed.sophie.id, 'EUR', suffix);
const mxn = (suffix: string): Destination => (x) => externalAccount(x, x.seed.lucia.id, 'MXN', suffix);

const CASES: { name: string; destination: Destination; checks: Check[] }[] = [
  {
    name: 'suffix 000 (seeded IBAN …0000): success, COMPLETED 5 s after execute',
    destination: async (x) => x.seed.sophieIban['0000'],
    checks: [
      { at: 4, quote: 'PROCESSING', tx: 'PROCESSING', money: 'HELD', refund: null },
      { at: 5, quote: 'COMPLETED', tx: 'COMPLETED', money: 'SENT', refund: null, settledAfter: 5 },
    ],
  },
  {
    name: 'any other suffix (010): success, COMPLETED 5 s after execute',
    destination: mxn('010'),
    checks: [{ at: 5, quote: 'COMPLETED', tx: 'COMPLETED', money: 'SENT', refund: null, settledAfter: 5 }],
  },
  {
    name: 'suffix 002: execution fails after 2 s, refunded 10 s later',
    destination: eur('002'),
    checks: [
      { at: 1, quote: 'PROCESSING', tx: 'PROCESSING', money: 'HELD' },
      { at: 2, quote: 'FAILED', tx: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'PENDING', reason: 'TRANSACTION_FAILED' }, money: 'HELD' },
      { at: 12, quote: 'FAILED', tx: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, money: 'RESTORED' },
    ],
  },
  {
    name: 'suffix 003 (seeded CLABE …12003): completes after 6 minutes',
    destination: async (x) => x.seed.luciaClabe['12003'],
    checks: [
      { at: 359, quote: 'PROCESSING', tx: 'PROCESSING', money: 'HELD' },
      { at: 361, quote: 'COMPLETED', tx: 'COMPLETED', money: 'SENT', refund: null, settledAfter: 360 },
    ],
  },
  {
    name: 'suffix 004 (seeded IBAN …0004): counterparty delivery fails, FAILED (rejected) after 5 s and refunded',
    destination: async (x) => x.seed.sophieIban['0004'],
    checks: [
      { at: 4, quote: 'PROCESSING', tx: 'PROCESSING', money: 'HELD' },
      { at: 5, quote: 'FAILED', tx: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: { status: 'PENDING', reason: 'TRANSACTION_FAILED' }, money: 'HELD' },
      { at: 15, quote: 'FAILED', tx: 'FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, money: 'RESTORED' },
    ],
  },
  {
    name: 'suffix 005: COMPLETED after 5 s, returned by the receiving bank at 65 s (FAILED PAYOUT_RETURNED) and refunded',
    destination: eur('005'),
    checks: [
      { at: 5, quote: 'COMPLETED', tx: 'COMPLETED', money: 'SENT', refund: null, settledAfter: 5 },
      { at: 64, quote: 'COMPLETED', tx: 'COMPLETED', money: 'SENT', refund: null },
      { at: 65, quote: 'COMPLETED', tx: 'FAILED', failureReason: 'PAYOUT_RETURNED', refund: { status: 'PENDING', reason: 'TRANSACTION_FAILED' }, money: 'HELD' },
      { at: 75, quote: 'COMPLETED', tx: 'FAILED', failureReason: 'PAYOUT_RETURNED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, money: 'RESTORED' },
    ],
  },
  {
    name: 'suffix 006: user cancellation, FAILED after 5 s (upstream has no outgoing REFUNDED) with refund reason USER_CANCELLATION and no failureReason',
    destination: mxn('006'),
    checks: [
      { at: 5, quote: 'FAILED', tx: 'FAILED', noFailureReason: true, refund: { status: 'PENDING', reason: 'USER_CANCELLATION' }, money: 'HELD' },
      { at: 15, quote: 'FAILED', tx: 'FAILED', noFailureReason: true, refund: { status: 'COMPLETED', reason: 'USER_CANCELLATION' }, money: 'RESTORED' },
    ],
  },
  {
    name: 'suffix 007: payout fails after 5 s and the refund fails too; the money is not restored',
    destination: eur('007'),
    checks: [
      { at: 5, quote: 'FAILED', tx: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: { status: 'PENDING', reason: 'TRANSACTION_FAILED' }, money: 'HELD' },
      { at: 15, quote: 'FAILED', tx: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: { status: 'FAILED', reason: 'TRANSACTION_FAILED' }, money: 'LOST' },
      { at: 100, quote: 'FAILED', tx: 'FAILED', refund: { status: 'FAILED', reason: 'TRANSACTION_FAILED' }, money: 'LOST' },
    ],
  },
];

describe('quote execution outcomes by destination suffix', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const dst = await c.destination(w);
      const start = await balances(w, w.seed.aliceUsd);
      const q = await createQuote(w, accountQuote(w.seed.aliceUsd, dst, 'SENDING', 321_00));
      const S = q.totalSendingAmount;
      expect((await execute(w, q.id)).body.status).toBe('PROCESSING');
      let now = 0;
      for (const check of c.checks) {
        await advance(w, check.at - now);
        now = check.at;
        const ctx = `${c.name} at ${check.at}s`;
        const quote = await getQuote(w, q.id);
        const tx = await getTx(w, q.transactionId);
        expect({ quote: quote.status, tx: tx.status }, ctx).toEqual({ quote: check.quote, tx: check.tx });
        if (check.failureReason !== undefined) expect(tx.failureReason, ctx).toBe(check.failureReason);
        if (check.noFailureReason || check.tx === 'COMPLETED' || check.tx === 'PROCESSING') expect(tx, ctx).not.toHaveProperty('failureReason');
        if (check.refund === null) expect(tx, ctx).not.toHaveProperty('refund');
        if (check.refund) {
          expect(tx.refund, ctx).toMatchObject({ ...check.refund, reference: expect.any(String), initiatedAt: expect.any(String) });
          if (check.refund.status === 'COMPLETED') expect(tx.refund!.settledAt, ctx).toEqual(expect.any(String));
          else expect(tx.refund, ctx).not.toHaveProperty('settledAt');
        }
        if (check.settledAfter !== undefined) expect(tx.settledAt, ctx).toBe(new Date(Date.parse(q.createdAt) + check.settledAfter * 1000).toISOString());
        const expected = {
          HELD: { balance: start.balance - S, totalBalance: start.totalBalance },
          SENT: { balance: start.balance - S, totalBalance: start.totalBalance - S },
          RESTORED: start,
          LOST: { balance: start.balance - S, totalBalance: start.totalBalance - S },
        }[check.money];
        expect(await balances(w, w.seed.aliceUsd), `${ctx}: money ${check.money}`).toEqual(expected);
        await expectBooksBalanced(w);
      }
    });
  }
});

describe('quotes/options console handler', () => {
  it('names the sandbox scenario of every destination by its suffix and lists the UMA recipients', async () => {
    const ext = await externalAccount(w, w.seed.sophie.id, 'EUR', '006');
    const o = await invoke(w, 'quotes/options');
    const scenarioOf = (id: string) => o.destinations.find((d: { accountId: string }) => d.accountId === id)?.scenario;
    expect(scenarioOf(w.seed.sophieIban['0000'])).toBe('SUCCESS');
    expect(scenarioOf(w.seed.luciaClabe['12003'])).toBe('DELAYED');
    expect(scenarioOf(w.seed.sophieIban['0004'])).toBe('COUNTERPARTY_DELIVERY_FAILED');
    expect(scenarioOf(w.seed.aliceExt['002'])).toBe('EXECUTION_FAILED');
    expect(scenarioOf(w.seed.aliceExt['005'])).toBe('RETURNED');
    expect(scenarioOf(ext)).toBe('USER_CANCELLED');
    expect(o.sources.map((s: { accountId: string }) => s.accountId)).toEqual(expect.arrayContaining([w.seed.aliceUsd, w.seed.luciaMxn, w.seed.sophieEur]));
    expect(o.umaRecipients.map((r: { umaAddress: string }) => r.umaAddress)).toEqual(expect.arrayContaining(['$success.mxn@sandbox.uma.example', '$fail.compliance.usd@sandbox.uma.example']));
  });
});
