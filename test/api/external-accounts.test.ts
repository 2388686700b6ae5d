import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import { accountInfo, createCustomer, createUsdAccount, newCore, removeTempDirs, startServer, storedState, usdAccountBody, type TestServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';

let core: Core;
let srv: TestServer;
let customer: Customer;
beforeEach(async () => {
  core = newCore();
  srv = await startServer(core);
  customer = await createCustomer(srv.api, { currencies: ['USD', 'EUR', 'MXN', 'BTC'] });
});
afterEach(async () => {
  await srv.close();
  core.close();
});
afterAll(removeTempDirs);

describe('POST /customers/external-accounts', () => {
  it.each([
    ['USD_ACCOUNT', 'USD', () => accountInfo.usd({ accountNumber: '123456789000' }), 'accountNumber'],
    ['EUR_ACCOUNT', 'EUR', () => accountInfo.eur({ iban: 'DE89370400440532013000' }), 'iban'],
    ['MXN_ACCOUNT', 'MXN', () => accountInfo.mxn({ clabeNumber: '002180000000012000' }), 'clabeNumber'],
    ['SPARK_WALLET', 'BTC', () => accountInfo.spark({ address: 'sp1qexamplewallet000' }), 'address'],
  ])('creates a %s as 201 ACTIVE with its accountInfo', async (accountType, currency, info, primary) => {
    const body = { customerId: customer.id, currency, accountInfo: info() };
    const r = await srv.api.post('/customers/external-accounts', body);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ customerId: customer.id, currency, status: 'ACTIVE', ownershipType: 'THIRD_PARTY', defaultUmaDepositAccount: false, beneficiaryVerificationStatus: 'MATCHED' });
    expect(r.body.id).toMatch(/^ExternalAccount:/);
    expect(r.body.accountInfo).toMatchObject({ accountType, [primary]: (body.accountInfo as Record<string, unknown>)[primary] });
    expect((await srv.api.get(`/customers/external-accounts/${r.body.id}`)).body).toEqual(r.body);
  });

  it.each([
    ['accountInfo.accountNumber', 'USD', () => accountInfo.usd({ accountNumber: 'not a number!' })],
    ['accountInfo.routingNumber', 'USD', () => accountInfo.usd({ routingNumber: '1234' })],
    ['accountInfo.iban', 'EUR', () => accountInfo.eur({ iban: 'de00' })],
    ['accountInfo.clabeNumber', 'MXN', () => accountInfo.mxn({ clabeNumber: '12345' })],
    ['accountInfo.address', 'BTC', () => accountInfo.spark({ address: 'short' })],
    ['accountInfo.beneficiary.fullName', 'USD', () => accountInfo.usd({ beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: '' } })],
  ])('refuses an invalid field with 400 naming %s and stores nothing', async (field, currency, info) => {
    const before = storedState(core);
    expectInvalidField(await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency, accountInfo: info() }), field);
    expect(storedState(core)).toEqual(before);
  });

  it.each([
    ['USD_ACCOUNT', 'EUR', () => accountInfo.usd()],
    ['EUR_ACCOUNT', 'MXN', () => accountInfo.eur()],
    ['SPARK_WALLET', 'USD', () => accountInfo.spark()],
  ])('refuses a %s held in %s with 400 naming currency', async (_type, currency, info) => {
    expectInvalidField(await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency, accountInfo: info() }), 'currency');
  });

  it('refuses an identifier ending in 105 with 400 INVALID_BANK_ACCOUNT and stores nothing', async () => {
    const before = storedState(core);
    const r = await srv.api.post('/customers/external-accounts', usdAccountBody(customer.id, { accountInfo: accountInfo.usd({ accountNumber: '123456789105' }) }));
    expectError(r, 400, 'INVALID_BANK_ACCOUNT');
    expect(r.body.details).toEqual({ field: 'accountInfo.accountNumber' });
    expect(storedState(core)).toEqual(before);
  });

  it.each([
    ['102', 'NOT_MATCHED'],
    ['103', 'PARTIAL_MATCH'],
    ['104', 'PENDING'],
    ['106', 'UNSUPPORTED'],
    ['107', 'CHECKED_BY_RECEIVING_FI'],
    ['000', 'MATCHED'],
  ])('sets beneficiaryVerificationStatus for the suffix %s to %s', async (suffix, status) => {
    const account = await createUsdAccount(srv.api, customer.id, { accountInfo: accountInfo.usd({ accountNumber: `987654321${suffix}` }) });
    expect(account.beneficiaryVerificationStatus).toBe(status);
  });

  it('reads the suffix of an IBAN too', async () => {
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'EUR', accountInfo: accountInfo.eur({ iban: 'FR7630006000011234567890103' }) });
    expect(r.body.beneficiaryVerificationStatus).toBe('PARTIAL_MATCH');
  });

  it('refuses a duplicate account of the same customer with 409', async () => {
    const info = accountInfo.usd({ accountNumber: '555555555000' });
    await createUsdAccount(srv.api, customer.id, { accountInfo: info });
    const before = storedState(core);
    expectError(await srv.api.post('/customers/external-accounts', usdAccountBody(customer.id, { accountInfo: info })), 409, 'CONFLICT');
    expect(storedState(core)).toEqual(before);
    // the same number for another customer is a different account
    const other = await createCustomer(srv.api);
    expect((await srv.api.post('/customers/external-accounts', usdAccountBody(other.id, { accountInfo: info }))).status).toBe(201);
  });

  it('upstream client: without customerId the platform owns the account (the contract\'s documented default), read back on the platform path', async () => {
    const { customerId: _omit, ...body } = usdAccountBody(customer.id);
    const r = await srv.api.post('/customers/external-accounts', body);
    expect(r.status, r.text).toBe(201);
    expect(r.body).not.toHaveProperty('customerId');
    expect((await srv.api.get(`/platform/external-accounts/${r.body.id}`)).body.id).toBe(r.body.id);
    expectError(await srv.api.get(`/customers/external-accounts/${r.body.id}`), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe('upstream client: wallets without a beneficiary', () => {
  // Ends in a letter: an identifier ending in three digits is read as a sandbox suffix (…105 is refused as invalid).
  let n = 0;
  const solana = () => ({ accountType: 'SOLANA_WALLET', address: `7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJos${String(++n).padStart(3, '1')}Z` });

  it('a SOLANA_WALLET (or SPARK_WALLET) without a beneficiary is created when the platform asks for no counterparty data', async () => {
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'USDC', accountInfo: solana() });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ currency: 'USDC', accountInfo: { accountType: 'SOLANA_WALLET' } });
    expect(r.body.accountInfo).not.toHaveProperty('beneficiary');
    const spark = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'BTC', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qexamplewallet000' } });
    expect(spark.status, spark.text).toBe(201);
  });

  it("a wallet without a beneficiary is 400 naming accountInfo.beneficiary where the platform's counterparty rules require a field", async () => {
    const config = (await srv.api.get('/config')).body;
    const supportedCurrencies = config.supportedCurrencies.map((c: { currencyCode: string }) =>
      (c.currencyCode === 'USDC' ? { ...c, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }] } : c));
    expect((await srv.api.patch('/config', { supportedCurrencies })).status).toBe(200);
    const before = storedState(core);
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'USDC', accountInfo: solana() });
    expectInvalidField(r, 'accountInfo.beneficiary');
    expect(r.body.message).toContain('FULL_NAME');
    expect(storedState(core)).toEqual(before);
    const named = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'USDC', accountInfo: { ...solana(), beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' } } });
    expect(named.status, named.text).toBe(201);
  });

  it('a rule about the payment or the receiving institution (PURPOSE_OF_PAYMENT, FI_ADDRESS) asks for no beneficiary', async () => {
    const config = (await srv.api.get('/config')).body;
    const supportedCurrencies = config.supportedCurrencies.map((c: { currencyCode: string }) =>
      (c.currencyCode === 'USDC' ? { ...c, requiredCounterpartyFields: [{ name: 'PURPOSE_OF_PAYMENT', mandatory: true }, { name: 'FI_ADDRESS', mandatory: true }] } : c));
    const patched = await srv.api.patch('/config', { supportedCurrencies });
    expect(patched.status, patched.text).toBe(200);
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'USDC', accountInfo: solana() });
    expect(r.status, r.text).toBe(201);
  });
});

describe('upstream client: accountInfo.paymentRails', () => {
  it.each([
    ['USD', () => accountInfo.usd(), ['ACH', 'WIRE', 'RTP', 'FEDNOW']],
    ['MXN', () => accountInfo.mxn(), ['SPEI']],
    ['EUR', () => accountInfo.eur(), ['SEPA_INSTANT', 'SEPA']],
  ])('upstream client: a %s account created without paymentRails gets every rail of its type, on create and on read', async (currency, info, rails) => {
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency, accountInfo: info() });
    expect(r.status, r.text).toBe(201);
    expect(r.body.accountInfo.paymentRails).toEqual(rails);
    expect((await srv.api.get(`/customers/external-accounts/${r.body.id}`)).body.accountInfo.paymentRails).toEqual(rails);
  });

  it('upstream client: paymentRails given by the caller are kept', async () => {
    const r = await srv.api.post('/customers/external-accounts', usdAccountBody(customer.id, { accountInfo: accountInfo.usd({ paymentRails: ['WIRE'] }) }));
    expect(r.status, r.text).toBe(201);
    expect(r.body.accountInfo.paymentRails).toEqual(['WIRE']);
  });

  it('upstream client: an unknown rail is 400 naming accountInfo.paymentRails.0', async () => {
    expectInvalidField(await srv.api.post('/customers/external-accounts', usdAccountBody(customer.id, { accountInfo: accountInfo.usd({ paymentRails: ['TELEGRAPH'] }) })), 'accountInfo.paymentRails.0');
  });

  it('upstream client: a wallet has no paymentRails', async () => {
    const r = await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'BTC', accountInfo: accountInfo.spark() });
    expect(r.status, r.text).toBe(201);
    expect(r.body.accountInfo).not.toHaveProperty('paymentRails');
  });

  it('upstream client: every seeded bank account, of customers and of the platform, carries paymentRails', async () => {
    const accounts = [
      ...(await srv.api.get('/customers/external-accounts?limit=100')).body.data,
      ...(await srv.api.get('/platform/external-accounts')).body.data,
    ] as { accountInfo: { accountType: string; paymentRails?: string[] } }[];
    expect(accounts).toHaveLength(8);
    for (const a of accounts) expect(a.accountInfo.paymentRails?.length, a.accountInfo.accountType).toBeGreaterThan(0);
    // stored with the rails, not only shown with them: quotes and transfers read the stored row
    const rows = core.services.ctx.db.prepare('SELECT account_info FROM external_accounts').all() as { account_info: string }[];
    for (const r of rows) expect(JSON.parse(r.account_info).paymentRails.length).toBeGreaterThan(0);
  });

  it('upstream client: an account stored before rails were defaulted gets them on read', async () => {
    const account = await createUsdAccount(srv.api, customer.id);
    const db = core.services.ctx.db;
    const stored = JSON.parse((db.prepare('SELECT account_info FROM external_accounts WHERE id = ?').get(account.id) as { account_info: string }).account_info) as Record<string, unknown>;
    delete stored['paymentRails'];
    db.prepare('UPDATE external_accounts SET account_info = ? WHERE id = ?').run(JSON.stringify(stored), account.id);
    expect((await srv.api.get(`/customers/external-accounts/${account.id}`)).body.accountInfo.paymentRails).toEqual(['ACH', 'WIRE', 'RTP', 'FEDNOW']);
    const listed = (await srv.api.get(`/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}`)).body.data[0];
    expect(listed.accountInfo.paymentRails).toEqual(['ACH', 'WIRE', 'RTP', 'FEDNOW']);
  });
});

describe('external account lists, reads and deletes', () => {
  it('lists a customer\'s accounts, filtered by customerId and currency', async () => {
    const usd = await createUsdAccount(srv.api, customer.id);
    const eur = (await srv.api.post('/customers/external-accounts', { customerId: customer.id, currency: 'EUR', accountInfo: accountInfo.eur() })).body;
    const mine = await srv.api.get(`/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}`);
    expect(mine.body.data.map((a: { id: string }) => a.id)).toEqual([eur.id, usd.id]);
    expect(mine.body.totalCount).toBe(2);
    const onlyEur = await srv.api.get(`/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}&currency=eur`);
    expect(onlyEur.body.data.map((a: { id: string }) => a.id)).toEqual([eur.id]);
  });

  it('deletes a customer\'s account with 204; it then answers 404 and leaves the list', async () => {
    const account = await createUsdAccount(srv.api, customer.id);
    const del = await srv.api.delete(`/customers/external-accounts/${account.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectError(await srv.api.get(`/customers/external-accounts/${account.id}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await srv.api.delete(`/customers/external-accounts/${account.id}`), 404, 'REFERENCE_NOT_FOUND');
    expect((await srv.api.get(`/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}`)).body.totalCount).toBe(0);
  });

  it('creates, lists, reads and deletes platform accounts on the platform path', async () => {
    const r = await srv.api.post('/platform/external-accounts', { currency: 'USD', ownershipType: 'FIRST_PARTY', platformAccountId: 'ops-1', accountInfo: accountInfo.usd() });
    expect(r.status, r.text).toBe(201);
    expect(r.body.customerId).toBeUndefined();
    expect(r.body).toMatchObject({ platformAccountId: 'ops-1', ownershipType: 'FIRST_PARTY' });
    const list = await srv.api.get('/platform/external-accounts');
    expect(list.body.totalCount).toBe(2);
    expect(list.body.data[0].id).toBe(r.body.id);
    expect((await srv.api.get(`/platform/external-accounts/${r.body.id}`)).body).toEqual(r.body);
    expect((await srv.api.delete(`/platform/external-accounts/${r.body.id}`)).status).toBe(204);
    expect((await srv.api.get('/platform/external-accounts')).body.totalCount).toBe(1);
  });

  it('answers 404 for a platform account on the customers path, and for a customer account on the platform path', async () => {
    const platformAccount = (await srv.api.get('/platform/external-accounts')).body.data[0];
    const customerAccount = await createUsdAccount(srv.api, customer.id);
    expectError(await srv.api.get(`/customers/external-accounts/${platformAccount.id}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await srv.api.delete(`/customers/external-accounts/${platformAccount.id}`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await srv.api.get(`/platform/external-accounts/${customerAccount.id}`), 404, 'REFERENCE_NOT_FOUND');
    expect((await srv.api.get(`/platform/external-accounts/${platformAccount.id}`)).status).toBe(200);
    const ids = (await srv.api.get('/customers/external-accounts?limit=100')).body.data.map((a: { id: string }) => a.id);
    expect(ids).not.toContain(platformAccount.id);
  });
});

describe("upstream client: accountInfo as the contract's variants have it", () => {
  const person = { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' };
  const create = (currency: string, accountInfo: Record<string, unknown>) => srv.api.post('/customers/external-accounts', { customerId: customer.id, currency, accountInfo });

  it.each([
    ['INR bank account (accountNumber + ifsc, no vpa)', 'INR', { accountType: 'INR_ACCOUNT', accountNumber: '123456789012', ifsc: 'HDFC0001234', beneficiary: person }],
    ['Lightning address under its contract name', 'BTC', { accountType: 'LIGHTNING', lightningAddress: 'ada@wallet.example' }],
    ['Lightning BOLT11 invoice', 'BTC', { accountType: 'LIGHTNING', invoice: 'lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfq' }],
    ['PKR account by IBAN only', 'PKR', { accountType: 'PKR_ACCOUNT', bankName: 'Meezan Bank', iban: 'PK36SCBL0000001123456702', beneficiary: person }],
    ['CNY account by phone only', 'CNY', { accountType: 'CNY_ACCOUNT', bankName: 'Bank of China', phoneNumber: '+8613800138000', beneficiary: person }],
    ['COP account without bankAccountType', 'COP', { accountType: 'COP_ACCOUNT', bankName: 'Bancolombia', accountNumber: '00123456789', beneficiary: person }],
    ['SGD account without bankName', 'SGD', { accountType: 'SGD_ACCOUNT', accountNumber: '1234567890', swiftCode: 'DBSSSGSG', beneficiary: person }],
    ['HTG mobile money without provider', 'HTG', { accountType: 'HTG_ACCOUNT', phoneNumber: '+50937000000', beneficiary: person }],
    ['SLV account (El Salvador, in dollars) by phone', 'USD', { accountType: 'SLV_ACCOUNT', phoneNumber: '+50370000000', beneficiary: person, paymentRails: ['BANK_TRANSFER', 'MOBILE_MONEY'] }],
    ['PLASMA_WALLET holding USDT', 'USDT', { accountType: 'PLASMA_WALLET', address: '0x52908400098527886E0F7030069857D2E4169EE7' }],
    ['SWIFT account by IBAN', 'USD', { accountType: 'SWIFT_ACCOUNT', iban: 'GB33BUKB20201555555555', swiftCode: 'BUKBGB22', bankName: 'Barclays', country: 'GB', beneficiary: person }],
  ])('%s is created, its fields kept', async (_label, currency, info) => {
    const r = await create(currency, info);
    expect(r.status, r.text).toBe(201);
    expect(r.body.accountInfo).toMatchObject(info);
  });

  it('an SLV account created without paymentRails gets its rails (BANK_TRANSFER, MOBILE_MONEY)', async () => {
    const r = await create('USD', { accountType: 'SLV_ACCOUNT', accountNumber: '1234567890', beneficiary: person });
    expect(r.status, r.text).toBe(201);
    expect(r.body.accountInfo.paymentRails).toEqual(['BANK_TRANSFER', 'MOBILE_MONEY']);
  });

  it("a wallet's vaspName and a USD account's intermediary bank are kept, not dropped", async () => {
    const wallet = await create('USDC', { accountType: 'BASE_WALLET', address: '0x52908400098527886E0F7030069857D2E4169EE7', vaspName: 'Coinbase' });
    expect(wallet.status, wallet.text).toBe(201);
    expect(wallet.body.accountInfo.vaspName).toBe('Coinbase');
    const usd = await create('USD', accountInfo.usd({ intermediaryBankName: 'Citibank', intermediaryRoutingNumber: '021000089' }));
    expect(usd.status, usd.text).toBe(201);
    expect(usd.body.accountInfo).toMatchObject({ intermediaryBankName: 'Citibank', intermediaryRoutingNumber: '021000089' });
  });

  it('an account with none of its identifiers is 400 naming the first, and stores nothing', async () => {
    const before = storedState(core);
    const r = await create('CNY', { accountType: 'CNY_ACCOUNT', bankName: 'Bank of China', beneficiary: person });
    expectInvalidField(r, 'accountInfo.accountNumber');
    expect(r.body.message).toContain('phoneNumber');
    expectInvalidField(await create('BTC', { accountType: 'LIGHTNING' }), 'accountInfo.lightningAddress');
    expectInvalidField(await create('INR', { accountType: 'INR_ACCOUNT', beneficiary: person }), 'accountInfo.vpa');
    expect(storedState(core)).toEqual(before);
  });
});
