import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { businessBody, createCustomer, individualBody, internalAccountsOf, storedState, type TestServer, useSeededServer } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { addWallet, enc, firstLeg, signed } from '../support/worlds/wallet';
import { FROZEN_AT, FROZEN_MS } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

describe('POST /customers', () => {
  it('creates an INDIVIDUAL as 201 with kycStatus APPROVED and an ACTIVE internal account per currency', async () => {
    const r = await srv.api.post('/customers', individualBody({ platformCustomerId: 'ind-1', fullName: 'Ada Lovelace', currencies: ['USD', 'EUR'] }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ platformCustomerId: 'ind-1', customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', fullName: 'Ada Lovelace', isDeleted: false, createdAt: FROZEN_AT });
    expect(r.body.id).toMatch(/^Customer:/);
    expect(r.body.kybStatus).toBeUndefined();
    expect(r.body.umaAddress).toBe('$ada.lovelace@demo-platform.localhost');

    const accounts = await internalAccountsOf(srv.api, r.body.id);
    expect(accounts.map((a) => a.balance.currency.code).sort()).toEqual(['EUR', 'USD']);
    for (const a of accounts) expect(a).toMatchObject({ status: 'ACTIVE', type: 'INTERNAL_FIAT', customerId: r.body.id, balance: { amount: 0 } });
  });

  it('creates a BUSINESS with kybStatus UNVERIFIED and PENDING internal accounts', async () => {
    const r = await srv.api.post('/customers', businessBody({ currencies: ['USD', 'MXN'] }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED' });
    expect(r.body.kycStatus).toBeUndefined();
    const accounts = await internalAccountsOf(srv.api, r.body.id);
    expect(accounts).toHaveLength(2);
    for (const a of accounts) expect(a.status).toBe('PENDING');
  });

  it('provisions the platform\'s first supported currency when none is given', async () => {
    const c = await createCustomer(srv.api, { currencies: undefined });
    expect((await internalAccountsOf(srv.api, c.id)).map((a) => a.balance.currency.code)).toEqual(['USD']);
  });

  it('refuses a duplicate platformCustomerId with 409 and stores nothing', async () => {
    const before = storedState(core);
    expectError(await srv.api.post('/customers', individualBody({ platformCustomerId: 'cust-alice-001' })), 409, 'CONFLICT');
    expect(storedState(core)).toEqual(before);
  });

  it('refuses a UMA address that is taken with 409 UMA_ADDRESS_EXISTS', async () => {
    await createCustomer(srv.api, { umaAddress: '$taken@demo-platform.localhost' });
    expectError(await srv.api.post('/customers', individualBody({ umaAddress: '$taken@demo-platform.localhost' })), 409, 'UMA_ADDRESS_EXISTS');
  });
});

describe('GET /customers', () => {
  it('filters by customerType, platformCustomerId and email (any case) with a matching totalCount', async () => {
    await createCustomer(srv.api, { customerType: 'BUSINESS' });
    await createCustomer(srv.api, { customerType: 'BUSINESS' });

    const business = await srv.api.get('/customers?customerType=BUSINESS');
    expect(business.body.totalCount).toBe(2);
    expect(business.body.data.map((c: { customerType: string }) => c.customerType)).toEqual(['BUSINESS', 'BUSINESS']);
    expect((await srv.api.get('/customers?customerType=INDIVIDUAL')).body.totalCount).toBe(3);

    const byPlatformId = await srv.api.get('/customers?platformCustomerId=cust-lucia-002');
    expect(byPlatformId.body.data.map((c: { fullName: string }) => c.fullName)).toEqual(['Lucía Hernández']);
    expect(byPlatformId.body.totalCount).toBe(1);

    const byEmail = await srv.api.get(`/customers?email=${encodeURIComponent('SOPHIE.MARTIN@example.com')}`);
    expect(byEmail.body.data.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(['cust-sophie-003']);
  });

  it('filters by createdAfter and createdBefore on the workspace clock', async () => {
    expect((await srv.api.post('/sandbox/clock/advance', { seconds: 3_600 })).status).toBe(200);
    const late = await createCustomer(srv.api);
    const half = new Date(FROZEN_MS + 1_800_000).toISOString();

    const after = await srv.api.get(`/customers?createdAfter=${half}`);
    expect(after.body.data.map((c: { id: string }) => c.id)).toEqual([late.id]);
    expect(after.body.totalCount).toBe(1);

    const before = await srv.api.get(`/customers?createdBefore=${half}`);
    expect(before.body.totalCount).toBe(3);
    expect(before.body.data.map((c: { id: string }) => c.id)).not.toContain(late.id);

    // both bounds are inclusive
    expect((await srv.api.get(`/customers?createdAfter=${late.createdAt}&createdBefore=${late.createdAt}`)).body.totalCount).toBe(1);
  });

  it('answers an unknown customer id with 404 USER_NOT_FOUND', async () => {
    expectError(await srv.api.get('/customers/Customer:0190aaaa-0000-7000-8000-000000000000'), 404, 'USER_NOT_FOUND');
  });
});

describe('PATCH /customers/{id}', () => {
  it('updates the given fields, keeps the others and moves updatedAt with the clock', async () => {
    const c = await createCustomer(srv.api, { fullName: 'Before Name', region: 'US' });
    await srv.api.post('/sandbox/clock/advance', { seconds: 60 });
    const r = await srv.api.patch(`/customers/${c.id}`, { fullName: 'After Name', email: 'after@example.com' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fullName: 'After Name', email: 'after@example.com', region: 'US', createdAt: FROZEN_AT, updatedAt: new Date(FROZEN_MS + 60_000).toISOString() });
    expect((await srv.api.get(`/customers/${c.id}`)).body).toEqual(r.body);
    expect((await srv.api.get('/customers?email=after@example.com')).body.totalCount).toBe(1);
  });

  it('refuses taking another customer\'s platformCustomerId with 409', async () => {
    const c = await createCustomer(srv.api);
    expectError(await srv.api.patch(`/customers/${c.id}`, { platformCustomerId: 'cust-alice-001' }), 409, 'CONFLICT');
  });
});

describe('upstream client: PATCH /customers/{id} with customerType (the update body\'s discriminator)', () => {
  it('upstream client: an individual patched with customerType INDIVIDUAL is updated; the type is not stored as a field', async () => {
    const c = await createCustomer(srv.api, { fullName: 'Before Name' });
    const r = await srv.api.patch(`/customers/${c.id}`, { customerType: 'INDIVIDUAL', fullName: 'After Name', nationality: 'PT' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', fullName: 'After Name', nationality: 'PT' });
    expect((await srv.api.get(`/customers/${c.id}`)).body).toEqual(r.body);
  });

  it('upstream client: a business patched with customerType BUSINESS merges businessInfo', async () => {
    const c = await createCustomer(srv.api, { customerType: 'BUSINESS' });
    const r = await srv.api.patch(`/customers/${c.id}`, { customerType: 'BUSINESS', businessInfo: { legalName: 'Renamed Holdings LLC' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED', businessInfo: { legalName: 'Renamed Holdings LLC', country: 'US', incorporatedOn: '2015-06-01' } });
  });

  it.each([
    ['an individual', 'INDIVIDUAL', 'BUSINESS', { fullName: 'Nobody' }],
    ['a business', 'BUSINESS', 'INDIVIDUAL', { businessInfo: { legalName: 'Nope' } }],
  ])('upstream client: %s patched with another customerType is 400 naming customerType and changes nothing', async (_what, type, other, fields) => {
    const c = await createCustomer(srv.api, { customerType: type });
    const before = storedState(core);
    expectInvalidField(await srv.api.patch(`/customers/${c.id}`, { customerType: other, ...fields }), 'customerType');
    expect(storedState(core)).toEqual(before);
    expect((await srv.api.get(`/customers/${c.id}`)).body).toEqual(c);
  });

  it('upstream client: a body holding only customerType changes nothing and is 400', async () => {
    const c = await createCustomer(srv.api);
    expectError(await srv.api.patch(`/customers/${c.id}`, { customerType: 'INDIVIDUAL' }), 400, 'INVALID_INPUT');
  });

  it('upstream client: individual fields on a business are refused, naming the field', async () => {
    const c = await createCustomer(srv.api, { customerType: 'BUSINESS' });
    expectInvalidField(await srv.api.patch(`/customers/${c.id}`, { customerType: 'BUSINESS', birthDate: '1990-01-01' }), 'birthDate');
  });

  it('upstream client: changing a wallet-tied email with customerType is the signed exchange (202, then 200)', async () => {
    const { customer } = await addWallet(srv.api);
    const path = `/customers/${enc(customer.id)}`;
    const body = { customerType: 'INDIVIDUAL', email: 'tied.renamed@example.com' };
    const ch = await firstLeg(srv.api, 'PATCH', path, body);
    expect(ch).toMatchObject({ type: 'EMAIL_OTP', requestId: expect.stringMatching(/^Request:/) });
    const r = await signed(srv.api, 'PATCH', path, body, { signature: 'sandbox-valid-signature' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: customer.id, customerType: 'INDIVIDUAL', email: 'tied.renamed@example.com' });
  });

  it('upstream client: a wrong customerType is refused before any signed-retry challenge is issued', async () => {
    const { customer } = await addWallet(srv.api);
    expectInvalidField(await srv.api.patch(`/customers/${enc(customer.id)}`, { customerType: 'BUSINESS', email: 'other@example.com' }), 'customerType');
  });
});

describe('DELETE /customers/{id}', () => {
  it('soft-deletes: isDeleted true, hidden from the list, GET still answers, PATCH is 410 CUSTOMER_DELETED', async () => {
    const c = await createCustomer(srv.api);
    const del = await srv.api.delete(`/customers/${c.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: c.id, isDeleted: true });

    const list = await srv.api.get('/customers?limit=100');
    expect(list.body.totalCount).toBe(3);
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(c.id);
    const withDeleted = await srv.api.get('/customers?limit=100&includeDeleted=true');
    expect(withDeleted.body.data.map((x: { id: string }) => x.id)).toContain(c.id);

    const get = await srv.api.get(`/customers/${c.id}`);
    expect(get.status).toBe(200);
    expect(get.body.isDeleted).toBe(true);

    expectError(await srv.api.patch(`/customers/${c.id}`, { region: 'US' }), 410, 'CUSTOMER_DELETED');
    expectError(await srv.api.delete(`/customers/${c.id}`), 410, 'CUSTOMER_DELETED');
  });

  it('frees the deleted customer\'s platformCustomerId for a new customer', async () => {
    const c = await createCustomer(srv.api, { platformCustomerId: 'reuse-me' });
    await srv.api.delete(`/customers/${c.id}`);
    const again = await createCustomer(srv.api, { platformCustomerId: 'reuse-me' });
    expect(again.id).not.toBe(c.id);
    expect((await srv.api.get('/customers?platformCustomerId=reuse-me')).body.data.map((x: { id: string }) => x.id)).toEqual([again.id]);
  });

  it('refuses new external accounts for a deleted customer with 410', async () => {
    const c = await createCustomer(srv.api);
    await srv.api.delete(`/customers/${c.id}`);
    const r = await srv.api.post('/customers/external-accounts', { customerId: c.id, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'X' } } });
    expectError(r, 410, 'CUSTOMER_DELETED');
  });
});
