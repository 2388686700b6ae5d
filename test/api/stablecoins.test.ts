// Stablecoins: provider account links (with their 404), registration, mints and burns on the workspace clock, and the withdrawal-fee estimate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, expectError, expectInvalidField, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const link = (extra: Record<string, unknown> = {}) => w.api.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client_1', apiClientSecret: 's3cret', ...extra });
const register = (extra: Record<string, unknown> = {}) => w.api.post('/stablecoins', { symbol: 'ACMEUSD', name: 'Acme Dollar', network: 'SOLANA', ...extra });
const mint = (id: string, amount: number) => w.api.post(`/stablecoins/${enc(id)}/mints`, { amount });
const burn = (id: string, amount: number) => w.api.post(`/stablecoins/${enc(id)}/burns`, { amount });
const MISSING = 'Stablecoin:019542f5-b3e7-1d02-0000-000000000099';

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

describe('stablecoins, mints and burns', () => {
  it("registers the contract's body (providerTokenIdentifier, networkTokenIdentifier, network SPARK; no symbol): symbol and name default to the provider's identifier", async () => {
    await link();
    const r = await w.api.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k', network: 'SPARK' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ symbol: 'ACME', name: 'ACME', network: 'SPARK', contractAddress: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k' });
    expectError(await w.api.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1other', network: 'SPARK' }), 409, 'CONFLICT');
    expectInvalidField(await w.api.post('/stablecoins', { network: 'SPARK' }), 'providerTokenIdentifier');
  });

  it('registers on the only ACTIVE link; mints move PENDING → PROCESSING → COMPLETED on the clock and raise the supply; burns lower it', async () => {
    const acct = (await link()).body;
    const r = await register();
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ symbol: 'ACMEUSD', network: 'SOLANA', decimals: 6, totalSupply: 0, stablecoinProviderAccountId: acct.id, contractAddress: expect.any(String) });
    const coin = r.body.id as string;
    const m = await mint(coin, 5_000_000);
    expect(m.status, m.text).toBe(201);
    expect(m.body).toMatchObject({ type: 'MINT', status: 'PENDING', amount: 5_000_000 });
    await advance(w, 2);
    expect((await w.api.get(`/stablecoin-operations/${enc(m.body.id)}`)).body.status).toBe('PROCESSING');
    await advance(w, 10);
    const done = (await w.api.get(`/stablecoin-operations/${enc(m.body.id)}`)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), completedAt: expect.any(String) });
    expect((await w.api.get(`/stablecoins/${enc(coin)}`)).body.totalSupply).toBe(5_000_000);
    const b = await burn(coin, 2_000_000);
    expect(b.status).toBe(201);
    // A burn under way holds its coins: a second burn beyond what is left is refused.
    expectError(await burn(coin, 3_000_001), 400, 'INVALID_AMOUNT');
    await advance(w, 12);
    expect((await w.api.get(`/stablecoins/${enc(coin)}`)).body.totalSupply).toBe(3_000_000);
    expect((await w.api.get(`/stablecoins/${enc(coin)}/operations?operationType=MINT`)).body.data.map((o: { id: string }) => o.id)).toEqual([m.body.id]);
    const ops = await w.api.get(`/stablecoins/${enc(coin)}/operations?type=BURN`);
    expect(ops.body.data.map((o: { id: string }) => o.id)).toEqual([b.body.id]);
    expect((await w.api.get('/stablecoins')).body.totalCount).toBe(1);
  });

  it('registration errors: no link (400), several links and none chosen (400 SELECTION_REQUIRED), unknown link (404), duplicate symbol (409)', async () => {
    expectError(await register(), 400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID');
    const a = (await link({ providerAccountId: 'a' })).body;
    await link({ providerAccountId: 'b' });
    expectError(await register(), 400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED');
    expectError(await register({ stablecoinProviderAccountId: 'StablecoinProviderAccount:nope' }), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
    expect((await register({ stablecoinProviderAccountId: a.id })).status).toBe(201);
    expectError(await register({ stablecoinProviderAccountId: a.id }), 409, 'CONFLICT');
    expectInvalidField(await register({ symbol: 'acme usd' }), 'symbol');
  });

  it('unknown stablecoins and operations are 404 REFERENCE_NOT_FOUND; a bad amount names the field', async () => {
    expectError(await w.api.get(`/stablecoins/${enc(MISSING)}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await mint(MISSING, 1), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.get(`/stablecoins/${enc(MISSING)}/operations`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await w.api.get('/stablecoin-operations/StablecoinOperation:nope'), 404, 'REFERENCE_NOT_FOUND');
    await link();
    const coin = (await register()).body.id;
    expectInvalidField(await mint(coin, 0), 'amount');
    expectError(await burn(coin, 1), 400, 'INVALID_AMOUNT');
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
