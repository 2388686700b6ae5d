import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { accountInfo, businessBody, fund, individualBody, internalAccountOf, newCore, removeTempDirs, seededCustomer, startServer, storedState, usdAccountBody, type TestServer } from '../support/builders';
import { expectClientError, expectInvalidField } from '../support/assertions';

// One workspace for the file: every request here is refused, which the stored-state checks prove.
let core: Core;
let srv: TestServer;
let alice: Customer;
let aliceUsd: InternalAccount;
beforeAll(async () => {
  core = newCore();
  srv = await startServer(core);
  alice = await seededCustomer(srv.api, 'cust-alice-001');
  aliceUsd = await internalAccountOf(srv.api, alice.id, 'USD');
});
afterAll(async () => {
  await srv.close();
  core.close();
  removeTempDirs();
});

const HUGE = 'x'.repeat(300_000);

describe('schema violations', () => {
  it.each([
    ['email', individualBody({ email: 'not-an-email' })],
    ['customerType', individualBody({ customerType: 'ROBOT' })],
    ['phoneNumber', individualBody({ phoneNumber: '555-0100' })],
    ['region', individualBody({ region: 'USA' })],
    ['currencies.0', individualBody({ currencies: ['ZZZ'] })],
    ['address.country', individualBody({ address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' } })],
    ['fullName', individualBody({ fullName: 42 })],
    ['businessInfo', businessBody({ businessInfo: undefined })],
    ['businessInfo.incorporatedOn', businessBody({ businessInfo: { legalName: 'X Ltd', country: 'GB', taxId: '1', incorporatedOn: 'last year' } })],
  ])('POST /customers names the invalid field %s in the message and details', async (field, body) => {
    expectInvalidField(await srv.api.post('/customers', body), field);
  });

  it('POST /customers/external-accounts names accountInfo.routingNumber when it is missing', async () => {
    const { routingNumber: _omit, ...info } = accountInfo.usd();
    expectInvalidField(await srv.api.post('/customers/external-accounts', usdAccountBody(alice.id, { accountInfo: info })), 'accountInfo.routingNumber');
  });

  it('funding names amount when it is not a positive integer', async () => {
    expectInvalidField(await fund(srv.api, aliceUsd.id, -5), 'amount');
  });

  it("details.errors[].constraint is upstream's FieldConstraint object: the enum, format or length the field broke", async () => {
    const r = await srv.api.post('/customers', individualBody({ email: 'not-an-email', fullName: '', region: 'USA' }));
    expect(r.status).toBe(400);
    const byField = Object.fromEntries((r.body.details.errors as { field: string; constraint?: unknown }[]).map((e) => [e.field, e.constraint]));
    expect(byField).toEqual({ region: { maxLength: 2 }, email: { format: 'email' }, fullName: { minLength: 1 } });
    const q = await srv.api.get('/customers?customerType=ROBOT');
    expect(q.body.details.errors[0]).toMatchObject({ field: 'customerType', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } });
  });

  it.each([
    ['/customers?customerType=ROBOT', 'customerType'],
    ['/customers?createdAfter=yesterday', 'createdAfter'],
    ['/customers?limit=ten', 'limit'],
    ['/customers/internal-accounts?type=SAVINGS', 'type'],
    ['/exchange-rates?sendingAmount=-1', 'sendingAmount'],
  ])('GET %s names the invalid query parameter', async (path, field) => {
    expectInvalidField(await srv.api.get(path), field);
  });
});

/** A refused request; a body given as a function is built when the test runs (it needs the seeded ids). */
type Case = [label: string, method: string, path: () => string, body: unknown, headers?: Record<string, string>];

const customerCases: Case[] = [
  ['empty body', 'POST', () => '/customers', ''],
  ['JSON null', 'POST', () => '/customers', 'null'],
  ['JSON array', 'POST', () => '/customers', '[]'],
  ['JSON string', 'POST', () => '/customers', '"INDIVIDUAL"'],
  ['truncated JSON', 'POST', () => '/customers', '{"customerType":'],
  ['lower-case enum', 'POST', () => '/customers', individualBody({ customerType: 'individual' })],
  ['unknown field (strict)', 'POST', () => '/customers', individualBody({ isAdmin: true })],
  ['__proto__ key', 'POST', () => '/customers', '{"customerType":"INDIVIDUAL","__proto__":{"isAdmin":true}}'],
  ['huge fullName', 'POST', () => '/customers', individualBody({ fullName: HUGE })],
  ['huge platformCustomerId', 'POST', () => '/customers', individualBody({ platformCustomerId: HUGE })],
  ['currencies not an array', 'POST', () => '/customers', individualBody({ currencies: 'USD' })],
  ['no currencies', 'POST', () => '/customers', individualBody({ currencies: [] })],
  ['email as array', 'POST', () => '/customers', individualBody({ email: ['a@example.com'] })],
  ['business fields on an individual', 'POST', () => '/customers', individualBody({ businessInfo: { legalName: 'X' } })],
  ['empty patch', 'PATCH', () => `/customers/${alice.id}`, {}],
  ['patch changing the type', 'PATCH', () => `/customers/${alice.id}`, { customerType: 'BUSINESS' }],
  ['patch with null email', 'PATCH', () => `/customers/${alice.id}`, { email: null }],
  ['patch with blank name', 'PATCH', () => `/customers/${alice.id}`, { fullName: '   ' }],
  ['patch of businessInfo on an individual', 'PATCH', () => `/customers/${alice.id}`, { businessInfo: { legalName: 'Nope' } }],
  ['patch of an unknown customer', 'PATCH', () => '/customers/Customer:0190aaaa-0000-7000-8000-000000000000', { region: 'US' }],
];

const moneyCases: Case[] = [
  ['negative amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: -1 }],
  ['zero amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: 0 }],
  ['fractional amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: 1.5 }],
  ['amount as string', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: '100' }],
  ['amount above the funding limit', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: 100_000_000_001 }],
  ['astronomic amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, '{"amount": 1e300}'],
  ['null amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: null }],
  ['extra field next to amount', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: 100, memo: 'x' }],
  ['no body', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, undefined],
  ['unknown account', 'POST', () => '/sandbox/internal-accounts/InternalAccount:0190aaaa-0000-7000-8000-000000000000/fund', { amount: 100 }],
  ['idempotency key too long', 'POST', () => `/sandbox/internal-accounts/${aliceUsd.id}/fund`, { amount: 100 }, { 'Idempotency-Key': 'k'.repeat(300) }],
];

const accountCases: Case[] = [
  ['missing accountInfo', 'POST', () => '/customers/external-accounts', () => ({ customerId: alice.id, currency: 'USD' })],
  ['unknown accountType', 'POST', () => '/customers/external-accounts', () => usdAccountBody(alice.id, { accountInfo: { accountType: 'ZZZ_ACCOUNT' } })],
  ['currency code too long', 'POST', () => '/customers/external-accounts', () => usdAccountBody(alice.id, { currency: 'DOLLARS' })],
  ['unknown customer', 'POST', () => '/customers/external-accounts', () => usdAccountBody('Customer:0190aaaa-0000-7000-8000-000000000000')],
  ['huge iban', 'POST', () => '/customers/external-accounts', () => ({ customerId: alice.id, currency: 'EUR', accountInfo: accountInfo.eur({ iban: `DE89${'1'.repeat(100_000)}` }) })],
  ['beneficiary of an unknown type', 'POST', () => '/customers/external-accounts', () => usdAccountBody(alice.id, { accountInfo: accountInfo.usd({ beneficiary: { beneficiaryType: 'ALIEN' } }) })],
  ['platform account with a customerId', 'POST', () => '/platform/external-accounts', () => usdAccountBody(alice.id)],
];

const adminCases: Case[] = [
  ['blank config name', 'PATCH', () => '/config', { name: '' }],
  ['no supported currencies', 'PATCH', () => '/config', { supportedCurrencies: [] }],
  ['fee rate above 10%', 'PATCH', () => '/config', { fees: { variableFeeRate: 5, fixedFees: {} } }],
  ['unknown config field', 'PATCH', () => '/config', { theme: 'dark' }],
  ['blank token name', 'POST', () => '/tokens', { name: '' }],
  ['unknown permission', 'POST', () => '/tokens', { name: 'x', permissions: ['ROOT'] }],
  ['no permissions', 'POST', () => '/tokens', { name: 'x', permissions: [] }],
  ['zero seconds', 'POST', () => '/sandbox/clock/advance', { seconds: 0 }],
  ['seconds as text', 'POST', () => '/sandbox/clock/advance', { seconds: 'ten' }],
  ['more than a year', 'POST', () => '/sandbox/clock/advance', { seconds: 400 * 86_400 }],
];

describe('every bad input', () => {
  it.each([...customerCases, ...moneyCases, ...accountCases, ...adminCases])('(%s) gets a 4xx error object, never a 500, and changes nothing stored', async (label, method, path, body, headers) => {
    const before = storedState(core);
    const r = await srv.api.request(method, path(), { body: typeof body === 'function' ? (body as () => unknown)() : body, headers });
    expectClientError(r, label);
    expect(storedState(core)).toEqual(before);
  });

  it('leaves the customer it tried to patch unchanged', async () => {
    const after = await srv.api.get(`/customers/${alice.id}`);
    expect(after.body).toEqual(alice);
  });
});
