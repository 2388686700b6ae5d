// Requests the upstream contract (and its command-line client) sends that we used to refuse or ignore:
// each is now accepted with the effect a caller of the production API expects. Every answer is checked
// against our declared schemas by the shared client.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, openWorld, type World } from '../support/money-path';
import { connectedAgent } from './agents-world';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const business = (extra: Record<string, unknown> = {}) => ({
  customerType: 'BUSINESS', businessInfo: { legalName: 'Harbor Freight Ltd', country: 'SG', taxId: '201912345K', incorporatedOn: '2019-03-01' }, ...extra,
});
const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);
const transferOut = (amount: number) =>
  w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount });

describe('customers', () => {
  it("POST /customers for a business accepts the contract's top-level address (without a city), kept and answered on reads", async () => {
    const address = { line1: '1 Harbourfront Ave', postalCode: '098632', country: 'SG' };
    const r = await w.api.post('/customers', business({ address }));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ customerType: 'BUSINESS', address });
    expect((await w.api.get(`/customers/${enc(r.body.id)}`)).body.address).toEqual(address);
    const patched = await w.api.patch(`/customers/${enc(r.body.id)}`, { customerType: 'BUSINESS', address: { ...address, line2: 'Level 3' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.address).toEqual({ ...address, line2: 'Level 3' });
  });

  it('PATCH /customers accepts currencies: the list is replaced and each added currency gets its internal account', async () => {
    const before = (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.seed.alice.id)}&limit=100`)).body.data as { balance: { currency: { code: string } } }[];
    expect(before.map((a) => a.balance.currency.code)).not.toContain('EUR');
    const r = await w.api.patch(`/customers/${enc(w.seed.alice.id)}`, { customerType: 'INDIVIDUAL', currencies: ['USD', 'EUR'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.currencies).toEqual(['USD', 'EUR']);
    const after = (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.seed.alice.id)}&currency=EUR`)).body.data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'ACTIVE', balance: { amount: 0, currency: { code: 'EUR' } } });
    expectInvalidField(await w.api.patch(`/customers/${enc(w.seed.alice.id)}`, { currencies: ['XXX'] }), 'currencies.0');
  });

  it("endUserTermsConsent in the contract's names (termsVersion, ipAddress, acceptanceMethod) is kept and answered; the old {version} is 400", async () => {
    const endUserTermsConsent = { acceptedAt: '2026-01-01T00:00:00Z', ipAddress: '198.51.100.24', termsVersion: 'V1', acceptanceMethod: 'CHECKBOX' };
    const r = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Terms Reader', endUserTermsConsent });
    expect(r.status, r.text).toBe(201);
    expect(r.body.endUserTermsConsent).toEqual(endUserTermsConsent);
    const p = await w.api.patch(`/customers/${enc(r.body.id)}`, { endUserTermsConsent: { ...endUserTermsConsent, acceptanceMethod: 'CLICK_TO_ACCEPT' } });
    expect(p.body.endUserTermsConsent.acceptanceMethod).toBe('CLICK_TO_ACCEPT');
    expectInvalidField(await w.api.post('/customers', { customerType: 'INDIVIDUAL', endUserTermsConsent: { version: 'V1', acceptedAt: '2026-01-01T00:00:00Z' } }), 'endUserTermsConsent');
  });

  it("an individual's due-diligence answers (the contract's CustomerEdd) are kept and answered; a business is told they are an individual's", async () => {
    const edd = {
      sourceOfFundsCategories: ['SALARY', 'OTHER'], sourceOfFundsOtherDescription: 'Contest winnings', sourceOfWealthCategories: ['INVESTMENTS'],
      purposeOfAccount: 'P2P_TRANSFERS', expectedMonthlyTransactionCount: 'COUNT_10_TO_100', expectedMonthlyTransactionVolume: 'VOLUME_UNDER_10K',
      annualIncomeRange: 'RANGE_50K_100K', netWorthRange: 'RANGE_100K_500K', pepStatus: 'NONE',
    };
    const r = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Due Diligent', ...edd });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject(edd);
    const p = await w.api.patch(`/customers/${enc(r.body.id)}`, { customerType: 'INDIVIDUAL', pepStatus: 'DOMESTIC' });
    expect((await w.api.get(`/customers/${enc(r.body.id)}`)).body).toMatchObject({ ...edd, pepStatus: 'DOMESTIC' });
    expect(p.status).toBe(200);
    expectInvalidField(await w.api.post('/customers', { customerType: 'INDIVIDUAL', pepStatus: 'MAYBE' }), 'pepStatus');
    const biz = await w.api.post('/customers', business());
    expectInvalidField(await w.api.patch(`/customers/${enc(biz.body.id)}`, { pepStatus: 'NONE' }), 'pepStatus');
  });

  it('kycStatus / kybStatus a platform states are applied: accounts wait while PENDING and open on APPROVED; the other type\'s field is 400', async () => {
    const accountsOf = async (id: string) => (await w.api.get(`/customers/internal-accounts?customerId=${enc(id)}`)).body.data.map((a: { status: string }) => a.status);
    const person = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Pending Person', kycStatus: 'PENDING' });
    expect(person.status, person.text).toBe(201);
    expect(person.body.kycStatus).toBe('PENDING');
    expect(await accountsOf(person.body.id)).toEqual(['PENDING']);
    const approved = await w.api.patch(`/customers/${enc(person.body.id)}`, { customerType: 'INDIVIDUAL', kycStatus: 'APPROVED' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.kycStatus).toBe('APPROVED');
    expect(await accountsOf(person.body.id)).toEqual(['ACTIVE']);
    const biz = await w.api.post('/customers', business({ kybStatus: 'APPROVED' }));
    expect(biz.body.kybStatus).toBe('APPROVED');
    expect(await accountsOf(biz.body.id)).toEqual(['ACTIVE']);
    expectInvalidField(await w.api.patch(`/customers/${enc(biz.body.id)}`, { kycStatus: 'APPROVED' }), 'kycStatus');
    const wrongType = await w.api.post('/customers', { customerType: 'INDIVIDUAL', kybStatus: 'APPROVED' });
    expectError(wrongType, 400, 'INVALID_INPUT');
    expect(wrongType.body.message).toContain('kybStatus');
  });

  it('GET /customers?currency=… lists the customers holding that currency', async () => {
    const r = await w.api.get('/customers?currency=MXN&limit=100');
    expect(r.status, r.text).toBe(200);
    expect(ids(r)).toContain(w.seed.lucia.id);
    expect(ids(r)).not.toContain(w.seed.alice.id);
    expect(r.body.data.every((c: { currencies: string[] }) => c.currencies.includes('MXN'))).toBe(true);
  });

  it("GET /customers?isIncludingDeleted=true (upstream's name) lists deleted customers; includeDeleted is still read", async () => {
    const c = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Gone Soon' });
    expect((await w.api.delete(`/customers/${enc(c.body.id)}`)).status).toBe(200);
    expect(ids(await w.api.get('/customers?limit=100'))).not.toContain(c.body.id);
    expect(ids(await w.api.get('/customers?limit=100&isIncludingDeleted=true'))).toContain(c.body.id);
    expect(ids(await w.api.get('/customers?limit=100&includeDeleted=true'))).toContain(c.body.id);
    expect(ids(await w.api.get('/customers?limit=100&isIncludingDeleted=false'))).not.toContain(c.body.id);
  });
});

describe('beneficial owners and verifications', () => {
  it("the contract's roles (COMPANY_OFFICER, TRUSTEE, GENERAL_PARTNER) are accepted on create and update", async () => {
    const owner = await w.api.post('/customers', business());
    const r = await w.api.post('/beneficial-owners', { customerId: owner.body.id, roles: ['COMPANY_OFFICER', 'TRUSTEE'], personalInfo: { firstName: 'Dana', lastName: 'Tan' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.roles).toEqual(['COMPANY_OFFICER', 'TRUSTEE']);
    const p = await w.api.patch(`/beneficial-owners/${enc(r.body.id)}`, { roles: ['GENERAL_PARTNER'] });
    expect(p.status, p.text).toBe(200);
    expect(p.body.roles).toEqual(['GENERAL_PARTNER']);
    expectInvalidField(await w.api.patch(`/beneficial-owners/${enc(r.body.id)}`, { roles: ['OWNER'] }), 'roles.0');
  });

  it("GET /verifications?verificationStatus=… (the contract's name) filters; status is still read", async () => {
    const owner = await w.api.post('/customers', business());
    const v = await w.api.post('/verifications', { customerId: owner.body.id });
    expect(v.status, v.text).toBe(200);
    const other = v.body.status === 'APPROVED' ? 'REJECTED' : 'APPROVED';
    expect(ids(await w.api.get(`/verifications?verificationStatus=${v.body.status}`))).toContain(v.body.id);
    expect(ids(await w.api.get(`/verifications?verificationStatus=${other}`))).not.toContain(v.body.id);
    expect(ids(await w.api.get(`/verifications?status=${other}`))).not.toContain(v.body.id);
  });

  it('an address without a city is accepted (the contract leaves city optional)', async () => {
    const owner = await w.api.post('/customers', business());
    const address = { line1: '1 Harbourfront Ave', postalCode: '098632', country: 'SG' };
    const r = await w.api.post('/beneficial-owners', {
      customerId: owner.body.id, roles: ['UBO'], ownershipPercentage: 60,
      personalInfo: { firstName: 'Dana', lastName: 'Tan', birthDate: '1980-02-03', nationality: 'SG', address },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.personalInfo.address).toEqual(address);
  });
});

describe('POST /quotes', () => {
  it("platformFeeOverride prices this one quote with its fees instead of the configured schedule; remittanceInformation travels on the transaction", async () => {
    const body = { source: { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd }, destination: { destinationType: 'ACCOUNT', accountId: w.seed.sophieIban['0000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100_00 };
    const usual = await w.api.post('/quotes', body);
    expect(usual.status, usual.text).toBe(201);
    const overridden = await w.api.post('/quotes', { ...body, remittanceInformation: 'INV-2026-001', platformFeeOverride: { platformFixedFee: { amount: 50, currency: 'USD' }, platformVariableFeeBps: 30 } });
    expect(overridden.status, overridden.text).toBe(201);
    expect(overridden.body.rateDetails).toMatchObject({ svcApiFixedFee: 50, svcApiVariableFeeRate: 0.003, svcApiVariableFeeAmount: 30 });
    expect(usual.body.rateDetails.svcApiFixedFee).not.toBe(50);
    const tx = await w.api.get(`/transactions/${enc(overridden.body.transactionId)}`);
    expect(tx.body.remittanceInformation).toBe('INV-2026-001');
    expectInvalidField(await w.api.post('/quotes', { ...body, platformFeeOverride: { platformFixedFee: { amount: 50, currency: 'EUR' }, platformVariableFeeBps: 30 } }), 'platformFeeOverride.platformFixedFee.currency');
    expectInvalidField(await w.api.post('/quotes', { ...body, remittanceInformation: 'x'.repeat(81) }), 'remittanceInformation');
  });
});

describe('GET /cards', () => {
  it("accountId (the contract's name) lists the cards an internal account funds; sortOrder=asc lists oldest first", async () => {
    const issue = (platformCardId: string) => w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId });
    const first = await issue('contract-card-0001');
    expect(first.status, first.text).toBe(201);
    await advance(w, 1);
    const second = await issue('contract-card-0002');
    const funded = await w.api.get(`/cards?accountId=${enc(w.seed.aliceUsd)}&sortOrder=asc&limit=100`);
    expect(funded.status, funded.text).toBe(200);
    // The seeded workspace may hold older cards on this account; the two new ones come last, oldest first.
    expect(ids(funded).slice(-2)).toEqual([first.body.id, second.body.id]);
    const newestFirst = ids(await w.api.get(`/cards?accountId=${enc(w.seed.aliceUsd)}&limit=100`));
    expect(newestFirst).toEqual([...ids(funded)].reverse());
    expect(ids(await w.api.get(`/cards?fundingAccountId=${enc(w.seed.aliceUsd)}&limit=100`))).toEqual(newestFirst);
    expect(ids(await w.api.get(`/cards?accountId=${enc(w.seed.luciaUsd)}&limit=100`))).not.toContain(first.body.id);
  });
});

describe('GET /tokens filters', () => {
  it('name (whole name, any letter case) and the created/updated bounds, date-time or date-only, narrow the list', async () => {
    const first = await w.api.post('/tokens', { name: 'Reporting job', permissions: ['VIEW'] });
    await advance(w, 86_400);
    const second = await w.api.post('/tokens', { name: 'Payout worker', permissions: ['VIEW'] });
    expect(ids(await w.api.get('/tokens?name=payout%20WORKER'))).toEqual([second.body.id]);
    expect(ids(await w.api.get('/tokens?name=Payout'))).toEqual([]);
    expect(ids(await w.api.get(`/tokens?createdAfter=${enc(second.body.createdAt)}`))).toEqual([second.body.id]);
    // 2026-01-01 is the day the workspace starts (the seeded token and the first one); the second is a day later.
    const firstDay = ids(await w.api.get('/tokens?createdBefore=2026-01-01&limit=100'));
    expect(firstDay).toContain(first.body.id);
    expect(firstDay).not.toContain(second.body.id);
    expect(ids(await w.api.get('/tokens?updatedAfter=2026-01-02'))).toEqual([second.body.id]);
    expectInvalidField(await w.api.get('/tokens?createdAfter=yesterday'), 'createdAfter');
  });
});

describe('GET /transactions', () => {
  it('accountIdentifier=ExternalAccount:… finds the transactions paying that external account (recorded by its account number)', async () => {
    const paid = await transferOut(10_00);
    expect(paid.status, paid.text).toBe(201);
    const other = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['002'] }, amount: 10_00 });
    const found = await w.api.get(`/transactions?accountIdentifier=${enc(w.seed.aliceExt['000'])}`);
    expect(found.status, found.text).toBe(200);
    expect(ids(found)).toEqual([paid.body.id]);
    expect(ids(found)).not.toContain(other.body.id);
    expect(ids(await w.api.get(`/transactions?receiverAccountIdentifier=${enc(w.seed.aliceExt['000'])}`))).toEqual([paid.body.id]);
    expect(ids(await w.api.get(`/transactions?senderAccountIdentifier=${enc(w.seed.aliceExt['000'])}`))).toEqual([]);
  });

  it('date-only startDate/endDate are whole UTC days: 23:59:59 of endDate is kept, the next day is not', async () => {
    await advance(w, 86_399); // 2026-01-01T23:59:59Z
    const late = await transferOut(1_00);
    expect(late.body.createdAt).toBe('2026-01-01T23:59:59.000Z');
    await advance(w, 2); // 2026-01-02T00:00:01Z
    const next = await transferOut(2_00);
    const on = (q: string) => w.api.get(`/transactions?accountIdentifier=${enc(w.seed.aliceExt['000'])}&${q}`);
    expect(ids(await on('startDate=2026-01-01&endDate=2026-01-01'))).toEqual([late.body.id]);
    expect(ids(await on('startDate=2026-01-02'))).toEqual([next.body.id]);
    expect(ids(await on('endDate=2026-01-02&sortOrder=asc'))).toEqual([late.body.id, next.body.id]);
    expect(ids(await on('startDate=2026-01-01T23:59:59Z&endDate=2026-01-01T23:59:59Z'))).toEqual([late.body.id]);
    expectInvalidField(await on('endDate=2026-13-01'), 'endDate');
    const agent = await connectedAgent(w);
    expect(ids(await agent.api.get(`/agents/me/transactions?accountIdentifier=${enc(w.seed.aliceExt['000'])}&startDate=2026-01-02&endDate=2026-01-02`))).toEqual([next.body.id]);
  });

  it('date-only bounds apply to every list that takes them: customers, agent approvals', async () => {
    await advance(w, 86_400);
    const c = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Second Day' });
    expect(ids(await w.api.get('/customers?createdAfter=2026-01-02'))).toEqual([c.body.id]);
    expect(ids(await w.api.get('/customers?createdBefore=2026-01-01&limit=100'))).not.toContain(c.body.id);
    const approvals = await w.api.get('/agents/approvals?startDate=2026-01-02&endDate=2026-01-02');
    expect(approvals.status, approvals.text).toBe(200);
    expectError(await w.api.get('/agents/approvals?startDate=01/02/2026'), 400, 'INVALID_INPUT');
  });
});
