import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { createCustomer, fund, internalAccountOf, seededCustomer, storedState, type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { pixChecksumValid } from '../../core/payments/pix';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

/** Top-level EMV fields of a PIX payload, id -> value. */
function emvFields(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length; i += 4 + Number(payload.slice(i + 2, i + 4))) out[payload.slice(i, i + 2)] = payload.slice(i + 4, i + 4 + Number(payload.slice(i + 2, i + 4)));
  return out;
}

function ledgerSum(accountId: string): number {
  return (core.services.ctx.db.prepare('SELECT coalesce(sum(amount), 0) AS s FROM ledger_entries WHERE account_id = ?').get(accountId) as { s: number }).s;
}

describe('GET /customers/internal-accounts', () => {
  it('lists a customer\'s accounts with balances taken from the ledger', async () => {
    const lucia = await seededCustomer(srv.api, 'cust-lucia-002');
    const r = await srv.api.get(`/customers/internal-accounts?customerId=${encodeURIComponent(lucia.id)}`);
    expect(r.status).toBe(200);
    const accounts = r.body.data as InternalAccount[];
    expect(r.body.totalCount).toBe(2);
    expect(Object.fromEntries(accounts.map((a) => [a.balance.currency.code, a.balance.amount]))).toEqual({ MXN: 8_500_000, USD: 150_000 });
    for (const a of accounts) {
      expect(a.customerId).toBe(lucia.id);
      expect(a.balance.amount).toBe(ledgerSum(a.id));
      expect(a.totalBalance).toEqual(a.balance);
      expect(a.fundingPaymentInstructions[0]!.accountOrWalletInfo.accountType).toBe(`${a.balance.currency.code}_ACCOUNT`);
    }
  });

  it('lists only customers\' accounts, filtered by currency when asked', async () => {
    const all = await srv.api.get('/customers/internal-accounts?limit=100');
    expect(all.body.totalCount).toBe(4);
    for (const a of all.body.data as InternalAccount[]) expect(a.customerId).toMatch(/^Customer:/);
    const usd = await srv.api.get('/customers/internal-accounts?currency=usd');
    expect((usd.body.data as InternalAccount[]).map((a) => a.balance.currency.code)).toEqual(['USD', 'USD']);
  });

  it('answers an unknown customerId with an empty page', async () => {
    const r = await srv.api.get('/customers/internal-accounts?customerId=Customer:0190aaaa-0000-7000-8000-000000000000');
    expect(r.body).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });
});

describe('internal accounts of deleted customers', () => {
  it('leave GET /customers/internal-accounts by default and come back with includeDeleted=true', async () => {
    const c = await createCustomer(srv.api, { currencies: ['USD', 'EUR'] });
    const mine = `/customers/internal-accounts?customerId=${encodeURIComponent(c.id)}`;
    expect((await srv.api.get(mine)).body.totalCount).toBe(2);
    expect((await srv.api.get('/customers/internal-accounts?limit=100')).body.totalCount).toBe(6);

    expect((await srv.api.delete(`/customers/${c.id}`)).status).toBe(200);
    expectError(await srv.api.patch(`/customers/${c.id}`, { region: 'US' }), 410, 'CUSTOMER_DELETED');
    const all = await srv.api.get('/customers/internal-accounts?limit=100');
    expect(all.body.totalCount).toBe(4);
    expect((all.body.data as InternalAccount[]).map((a) => a.customerId)).not.toContain(c.id);
    expect((await srv.api.get(mine)).body).toEqual({ data: [], hasMore: false, totalCount: 0 });

    const shown = await srv.api.get(`${mine}&includeDeleted=true`);
    expect((shown.body.data as InternalAccount[]).map((a) => a.balance.currency.code).sort()).toEqual(['EUR', 'USD']);
    expect((await srv.api.get('/customers/internal-accounts?limit=100&includeDeleted=true')).body.totalCount).toBe(6);
    expect((await srv.api.get('/customers/internal-accounts?limit=100&includeDeleted=false')).body.totalCount).toBe(4);
  });

  it('refuses an includeDeleted that is not true or false, naming it', async () => {
    expectInvalidField(await srv.api.get('/customers/internal-accounts?includeDeleted=yes'), 'includeDeleted');
  });
});

describe('funding payment instructions', () => {
  it('upstream client: BRL funding instructions carry a PIX qrCode whose CRC checks and which names the account reference', async () => {
    const accounts = (await srv.api.get('/platform/internal-accounts')).body.data as InternalAccount[];
    const brl = accounts.find((a) => a.balance.currency.code === 'BRL')!;
    const [instruction] = brl.fundingPaymentInstructions;
    expect(instruction!.accountOrWalletInfo.accountType).toBe('BRL_ACCOUNT');
    const qr = instruction!.accountOrWalletInfo.qrCode!;
    expect(pixChecksumValid(qr)).toBe(true);
    const f = emvFields(qr);
    expect(f['00']).toBe('01');
    expect(f['26']).toContain('br.gov.bcb.pix');
    expect(f['53']).toBe('986');
    expect(f).not.toHaveProperty('54'); // no amount: the payer chooses how much to add
    const reference = /FUND-[0-9A-F]{10}/.exec(instruction!.instructionsNotes ?? '')![0];
    expect(f['62']).toContain(reference.replace('-', ''));
  });

  it('upstream client: bank funding instructions list every rail of the account type and the reference', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const usd = await internalAccountOf(srv.api, alice.id, 'USD');
    expect(usd.fundingPaymentInstructions[0]!.accountOrWalletInfo).toMatchObject({
      accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], reference: expect.stringMatching(/^FUND-/), routingNumber: '021000021',
    });
    expect(usd.fundingPaymentInstructions[0]!.isPlatformAccount).toBe(false);
  });

  it('keeps an account\'s funding details the same on every read', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const first = await internalAccountOf(srv.api, alice.id, 'USD');
    expect((await internalAccountOf(srv.api, alice.id, 'USD')).fundingPaymentInstructions).toEqual(first.fundingPaymentInstructions);
  });
});

describe('GET /platform/internal-accounts', () => {
  it('lists the platform\'s own accounts, without a customerId, and ignores a customerId filter', async () => {
    const r = await srv.api.get('/platform/internal-accounts');
    expect(r.status).toBe(200);
    const accounts = r.body.data as InternalAccount[];
    expect(accounts.map((a) => a.balance.currency.code).sort()).toEqual(['BRL', 'EUR', 'MXN', 'USD']);
    for (const a of accounts) {
      expect(a.customerId).toBeUndefined();
      expect(a.fundingPaymentInstructions[0]!.isPlatformAccount).toBe(true);
      expect(a.balance.amount).toBe(ledgerSum(a.id));
    }
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const filtered = await srv.api.get(`/platform/internal-accounts?customerId=${encodeURIComponent(alice.id)}`);
    expect(filtered.body.totalCount).toBe(4);
  });
});

describe('POST /sandbox/internal-accounts/{id}/fund', () => {
  it('raises the balance by exactly the amount and returns the account', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const before = await internalAccountOf(srv.api, alice.id, 'USD');
    const r = await fund(srv.api, before.id, 12_345);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: before.id, balance: { amount: before.balance.amount + 12_345 }, totalBalance: { amount: before.totalBalance.amount + 12_345 } });
    expect((await internalAccountOf(srv.api, alice.id, 'USD')).balance.amount).toBe(before.balance.amount + 12_345);
    expect(ledgerSum(before.id)).toBe(before.balance.amount + 12_345);
  });

  it('accepts the maximum of 100000000000 and refuses one more', async () => {
    const c = await createCustomer(srv.api);
    const account = await internalAccountOf(srv.api, c.id, 'USD');
    expect((await fund(srv.api, account.id, 100_000_000_000)).body.balance.amount).toBe(100_000_000_000);
    expectInvalidField(await fund(srv.api, account.id, 100_000_000_001), 'amount');
  });

  it.each([[0], [-100], [1.25], ['100']])('refuses the amount %s with 400 naming amount and changes no balance', async (amount) => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    const before = storedState(core);
    expectInvalidField(await fund(srv.api, account.id, amount), 'amount');
    expect(storedState(core)).toEqual(before);
  });

  it('answers an unknown account with 404', async () => {
    expectError(await fund(srv.api, 'InternalAccount:0190aaaa-0000-7000-8000-000000000000', 100), 404, 'REFERENCE_NOT_FOUND');
  });

  it('keeps the trial balance at zero after funding', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    await fund(srv.api, (await internalAccountOf(srv.api, alice.id, 'USD')).id, 999);
    for (const sum of Object.values(core.services.ledger.trialBalance())) expect(sum).toBe(0);
  });

  it('records a BALANCE_UPDATED event with the new balance', async () => {
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    await fund(srv.api, account.id, 50);
    const r = await core.invoke('events/list', { type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', resourceId: account.id, limit: 1 });
    expect(r).toMatchObject({ ok: true, value: { data: [{ payload: { reason: 'SANDBOX_FUND', amount: 50, balance: account.balance.amount + 50 } }] } });
  });
});
