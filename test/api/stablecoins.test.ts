// Stablecoins in the contract's shapes: provider account links (with their 404), registration, mints and burns on the workspace clock with their ledger effects, and the withdrawal-fee estimate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, balances, enc, expectBooksBalanced, invoke, openWorld, type World } from '../support/money-path';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const link = (extra: Record<string, unknown> = {}) => w.api.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client_1', apiClientSecret: 's3cret', ...extra });
const MISSING = 'Stablecoin:019542f5-b3e7-1d02-0000-000000000099';
const TOKEN = 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k';
const register = (extra: Record<string, unknown> = {}) => w.api.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: TOKEN, network: 'SPARK', ...extra });
const op = async (id: string) => (await w.api.get(`/stablecoin-operations/${enc(id)}`)).body;
const supply = async (coin: string) => (await w.api.get(`/stablecoins/${enc(coin)}`)).body.totalSupply;
let wallets = 0;
/** A SPARK_WALLET of Alice's, where minted coins can go. */
async function sparkWallet(): Promise<string> {
  const accountInfo = { accountType: 'SPARK_WALLET', address: `sp1qstablecoinwallet${String(++wallets).padStart(6, '0')}00`, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Holder' } };
  const r = await w.api.post('/customers/external-accounts', { customerId: w.seed.alice.id, currency: 'BTC', accountInfo });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}
/** A linked provider and a registered coin (ACME on SPARK). */
async function coin(): Promise<string> {
  expect((await link()).status).toBe(201);
  const r = await register();
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}
const fromAlice = (amount: string, destination: string) => ({ amount, fundingSource: { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd }, destination: { accountId: destination } });
const toAliceBank = (amount: string, source: Record<string, unknown>, suffix: '000' | '005' = '000') => ({ amount, source, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: w.seed.aliceExt[suffix], rail: 'ACH_CREDIT' } });

describe('stablecoin provider accounts', () => {
  it('links credentials (never echoing the secret), lists and gets them; 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for an unknown link', async () => {
    const r = await link({ providerAccountId: 'acct_1' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^StablecoinProviderAccount:/), provider: 'BRALE', providerAccountId: 'acct_1', providerEnvironment: 'SANDBOX', status: 'ACTIVE' });
    expect(r.text).not.toContain('s3cret');
    expect((await w.api.get(`/stablecoin-provider-accounts/${enc(r.body.id)}`)).body).toEqual(r.body);
    expect((await w.api.get('/stablecoin-provider-accounts?status=ACTIVE')).body.totalCount).toBe(1);
    expectError(await w.api.get('/stablecoin-provider-accounts/StablecoinProviderAccount:nope'), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
  });

  it('refuses bad credentials (400 STABLECOIN_PROVIDER_ACCOUNT_INVALID), a second link of one account (409), and a bad body (400 naming the field)', async () => {
    expectError(await link({ apiClientSecret: 'invalid-secret' }), 400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID');
    expect((await link({ providerAccountId: 'acct_1' })).status).toBe(201);
    expectError(await link({ providerAccountId: 'acct_1' }), 409, 'CONFLICT');
    expectInvalidField(await link({ provider: 'OTHER' }), 'provider');
  });
});

describe('stablecoins', () => {
  it("registers the contract's body: symbol and name from the provider's identifier, USD-backed, PROVISIONED and ENABLED; lists by the contract's filters", async () => {
    const acct = (await link()).body;
    const r = await register();
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^Stablecoin:/), name: 'ACME', symbol: 'ACME', currency: 'ACME', baseCurrency: 'USD', network: 'SPARK', decimals: 6,
      issuanceStatus: 'PROVISIONED', svcOperationsStatus: 'ENABLED', networkTokenIdentifier: TOKEN, providerTokenIdentifier: 'ACME', provider: 'BRALE',
      stablecoinProviderAccountId: acct.id, providerEnvironment: 'SANDBOX', totalSupply: '0', createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    expect((await w.api.get('/stablecoins?issuanceStatus=PROVISIONED&svcOperationsStatus=ENABLED&provider=BRALE')).body.data.map((c: { id: string }) => c.id)).toEqual([r.body.id]);
    expect((await w.api.get('/stablecoins?issuanceStatus=PENDING_REVIEW')).body).toMatchObject({ data: [], hasMore: false });
    expectError(await register({ networkTokenIdentifier: 'btkn1other' }), 409, 'CONFLICT');
    expectInvalidField(await w.api.post('/stablecoins', { providerTokenIdentifier: 'ACME', network: 'SPARK' }), 'networkTokenIdentifier');
    expectInvalidField(await register({ network: 'SOLANA' }), 'network');
    expectInvalidField(await register({ providerTokenIdentifier: 'acme usd' }), 'providerTokenIdentifier');
  });

  it('registration errors: no link (400), several links and none chosen (400 SELECTION_REQUIRED), unknown link (404)', async () => {
    expectError(await register(), 400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID');
    const a = (await link({ providerAccountId: 'a' })).body;
    await link({ providerAccountId: 'b' });
    expectError(await register(), 400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED');
    expectError(await register({ stablecoinProviderAccountId: 'StablecoinProviderAccount:nope' }), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
    expect((await register({ stablecoinProviderAccountId: a.id })).status).toBe(201);
  });
});

describe('mints and burns', () => {
  it('a mint from an internal account holds its dollars at once, funds the reserve and keeps the coins in its custody; a burn from that custody pays the reserve out to a bank account', async () => {
    const id = await coin();
    const before = await balances(w, w.seed.aliceUsd);
    const m = await w.api.post(`/stablecoins/${enc(id)}/mints`, { ...fromAlice('25000000', w.seed.aliceUsd), description: 'Program funding' });
    expect(m.status, m.text).toBe(201);
    expect(m.body).toMatchObject({
      operationType: 'MINT', status: 'PENDING_PROVIDER', amount: '25000000', provider: 'BRALE', providerEnvironment: 'SANDBOX', providerStatus: 'pending',
      source: { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceUsd }, description: 'Program funding',
    });
    // 25.000000 ACME cost 25.00 USD, held from the moment the mint is accepted.
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 25_00, totalBalance: before.totalBalance });
    await advance(w, 2);
    expect((await op(m.body.id)).status).toBe('PROCESSING');
    await advance(w, 10);
    expect(await op(m.body.id)).toMatchObject({ status: 'COMPLETED', providerStatus: 'complete', transactionHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await supply(id)).toBe('25000000');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 25_00, totalBalance: before.totalBalance - 25_00 });
    const updates = await invoke(w, 'events/list', { type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', resourceId: w.seed.aliceUsd });
    expect(updates.data.map((e) => (e.payload as { reason?: string }).reason)).toEqual(expect.arrayContaining(['STABLECOIN_MINT_HOLD', 'STABLECOIN_MINT_FUNDED']));

    // More than the custody holds is refused; what it holds burns, with the payout's estimate.
    expectError(await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('30000000', { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd })), 400, 'INVALID_AMOUNT');
    const b = await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('10000000', { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd }));
    expect(b.status, b.text).toBe(201);
    expect(b.body).toMatchObject({ operationType: 'BURN', status: 'PENDING_PROVIDER', destination: { accountId: w.seed.aliceExt['000'], rail: 'ACH_CREDIT' }, estimatedDelivery: { rail: 'ACH_CREDIT', amount: '1000', currency: 'USD', timing: '1-3 business days' } });
    // The held coins cannot be burned twice.
    expectError(await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('20000000', { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd })), 400, 'INVALID_AMOUNT');
    await advance(w, 12);
    expect((await op(b.body.id)).status).toBe('COMPLETED');
    expect(await supply(id)).toBe('15000000');
    expect((await w.api.get(`/stablecoins/${enc(id)}/operations?operationType=MINT`)).body.data.map((o: { id: string }) => o.id)).toEqual([m.body.id]);
    expect((await w.api.get(`/stablecoins/${enc(id)}/operations?type=BURN`)).body.data.map((o: { id: string }) => o.id)).toEqual([b.body.id]);
    await expectBooksBalanced(w);
  });

  it('a wire mint waits PENDING_FUNDING with instructions until the sandbox wire arrives; a burn from a wallet waits for the coins; a payout to a failing account FAILS and frees the reserve', async () => {
    const id = await coin();
    const wallet = await sparkWallet();
    const m = await w.api.post(`/stablecoins/${enc(id)}/mints`, { amount: '5000000', fundingSource: { type: 'WIRE' }, destination: { accountId: wallet } });
    expect(m.status, m.text).toBe(201);
    expect(m.body).toMatchObject({ status: 'PENDING_FUNDING', providerStatus: 'awaiting_funds', expiresAt: '2026-01-08T00:00:00.000Z', fundingInstructions: { rail: 'WIRE', valueType: 'USD', amount: '500', reference: expect.stringMatching(/^MINT-/) } });
    await advance(w, 29);
    expect((await op(m.body.id)).status).toBe('PENDING_FUNDING');
    await advance(w, 1);
    expect(await op(m.body.id)).toMatchObject({ status: 'PENDING_PROVIDER' });
    expect((await op(m.body.id)).expiresAt).toBeUndefined();
    await advance(w, 12);
    expect((await op(m.body.id)).status).toBe('COMPLETED');
    expect(await supply(id)).toBe('5000000');

    const fails = await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('5000000', { type: 'EXTERNAL_ACCOUNT', externalAccountId: wallet }, '005'));
    expect(fails.status, fails.text).toBe(201);
    expect(fails.body).toMatchObject({ status: 'PENDING_FUNDING', source: { type: 'EXTERNAL_ACCOUNT', externalAccountId: wallet }, fundingInstructions: { rail: 'SPARK', network: 'SPARK', address: expect.stringMatching(/^spark1/), valueType: 'ACME' } });
    // The whole reserve is earmarked for that burn.
    expectError(await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('10000', { type: 'PROVIDER_INTERNAL_BALANCE' })), 400, 'INVALID_AMOUNT');
    await advance(w, 42);
    expect(await op(fails.body.id)).toMatchObject({ status: 'FAILED', failureReason: 'PROVIDER_TRANSFER_FAILED', completedAt: expect.any(String) });
    expect(await supply(id)).toBe('5000000');
    const again = await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('5000000', { type: 'PROVIDER_INTERNAL_BALANCE' }));
    expect(again.status, again.text).toBe(201);
    await advance(w, 12);
    expect((await op(again.body.id)).status).toBe('COMPLETED');
    expect(await supply(id)).toBe('0');
    await expectBooksBalanced(w);
  });

  it('bad bodies are 400 naming the field, unknown coins and accounts 404, a burn beyond the supply INVALID_AMOUNT, an unaffordable mint INVALID_AMOUNT', async () => {
    const id = await coin();
    const mint = (body: unknown) => w.api.post(`/stablecoins/${enc(id)}/mints`, body);
    const wallet = await sparkWallet();
    expectInvalidField(await mint({ ...fromAlice('1', wallet), amount: 1_000_000 }), 'amount');
    expectInvalidField(await mint(fromAlice('1234', wallet)), 'amount');
    expectInvalidField(await mint(fromAlice('0', wallet)), 'amount');
    expectInvalidField(await mint({ amount: '1000000', destination: { accountId: wallet } }), 'fundingSource');
    expectInvalidField(await mint({ ...fromAlice('1000000', wallet), fundingSource: { type: 'ACH_DEBIT' } }), 'fundingSource.externalAccountId');
    expectInvalidField(await mint(fromAlice('1000000', w.seed.aliceExt['000'])), 'destination.accountId');
    expectInvalidField(await mint({ ...fromAlice('1000000', wallet), fundingSource: { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.sophieEur } }), 'fundingSource.accountId');
    expectInvalidField(await mint({ ...fromAlice('1000000', wallet), fundingSource: { type: 'ACH_DEBIT', externalAccountId: wallet } }), 'fundingSource.externalAccountId');
    expectError(await mint(fromAlice('100000000000000', wallet)), 400, 'INVALID_AMOUNT');
    expectError(await mint(fromAlice('1000000', 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000099')), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.post(`/stablecoins/${enc(MISSING)}/mints`, fromAlice('1000000', wallet)), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.post(`/stablecoins/${enc(id)}/burns`, toAliceBank('10000', { type: 'PROVIDER_INTERNAL_BALANCE' })), 400, 'INVALID_AMOUNT');
    expectInvalidField(await w.api.post(`/stablecoins/${enc(id)}/burns`, { ...toAliceBank('10000', { type: 'PROVIDER_INTERNAL_BALANCE' }), destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: w.seed.aliceExt['000'], rail: 'SWIFT' } }), 'destination.rail');
    expectError(await w.api.get(`/stablecoins/${enc(MISSING)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.get(`/stablecoins/${enc(MISSING)}/operations`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.get('/stablecoin-operations/StablecoinOperation:nope'), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe('POST /crypto/estimate-withdrawal-fee', () => {
  it('answers the contract body (cryptoNetwork, internalAccountId, destinationAddress) with the fee and what arrives', async () => {
    const r = await w.api.post('/crypto/estimate-withdrawal-fee', { currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 10_000_000, destinationAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ networkFee: 1_000, networkFeeAsset: 'USDC', applicationFee: 0, totalFee: 1_000, netAmount: 9_999_000 });
  });

  it('400 for a network the currency does not use, an amount the fee would take, or an account of another currency; 404 for an unknown account', async () => {
    expectInvalidField(await w.api.post('/crypto/estimate-withdrawal-fee', { currency: 'BTC', cryptoNetwork: 'SOLANA', amount: 10_000 }), 'cryptoNetwork');
    expectError(await w.api.post('/crypto/estimate-withdrawal-fee', { currency: 'USDC', cryptoNetwork: 'ETHEREUM', amount: 100 }), 400, 'AMOUNT_OUT_OF_RANGE');
    expectInvalidField(await w.api.post('/crypto/estimate-withdrawal-fee', { internalAccountId: w.seed.aliceUsd, currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 10_000 }), 'internalAccountId');
    expectError(await w.api.post('/crypto/estimate-withdrawal-fee', { internalAccountId: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000099', currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 10_000 }), 404, 'REFERENCE_NOT_FOUND');
  });
});
