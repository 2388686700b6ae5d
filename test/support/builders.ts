// Small builders shared by the core and API suites: real workspaces in temp folders, a real loopback
// server (called through ./api-client), and request bodies with overrides. Nothing here mocks the
// database, the clock or crypto.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, API_BASE, type Core } from '../../core/index';
import type { CoreOptions } from '../../core/index';
import { ApiClient, FROZEN_AT, basicAuth, type ApiResult, type RequestOptions } from './api-client';
import { startLoopbackServer, type LoopbackServer } from '../../core/host/server';
import type { Customer } from '../../core/customers/schema';
import type { InternalAccount } from '../../core/accounts/internal-service';
import type { ExternalAccount } from '../../core/accounts/external-service';

const tempDirs: string[] = [];

/** A fresh folder under the OS temp dir; removed by `removeTempDirs` (call it in afterAll). */
export function tempDir(prefix = 'payments-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Deletes every folder made by `tempDir` in this test file. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A seeded core over a new workspace file, frozen at FROZEN_AT unless overridden. */
export function newCore(overrides: Partial<CoreOptions> = {}): Core {
  return createCore({ dataDir: tempDir(), clock: { mode: 'FROZEN', frozenAt: FROZEN_AT }, seed: { cardActivity: false }, ...overrides });
}

/** Opens an existing workspace file again, with the clock as it was persisted. */
export function reopenCore(core: Core, overrides: Partial<CoreOptions> = {}): Core {
  return createCore({ dbPath: core.workspace.dbPath, ...overrides });
}

/** The seeded token's Basic header. */
export function seededAuth(core: Core): string {
  const creds = core.workspace.initialCredentials;
  if (!creds) throw new Error('this core was not seeded with credentials in this run');
  return basicAuth(creds.clientId, creds.clientSecret);
}

/** A loopback server over a core, with a client authenticated as the seeded token. */
export interface TestServer {
  server: LoopbackServer;
  origin: string;
  /** `http://127.0.0.1:PORT/2025-10-13` */
  base: string;
  /** The seeded token's `Authorization` header value. */
  auth: string;
  api: ApiClient;
  close(): Promise<void>;
}

/** Starts the real loopback server on a free port. */
export async function startServer(core: Core, auth: string = seededAuth(core)): Promise<TestServer> {
  const server = await startLoopbackServer({ core, port: 0 });
  const base = `${server.origin}${API_BASE}`;
  return { server, origin: server.origin, base, auth, api: new ApiClient(base, auth), close: () => server.close() };
}

let serial = 0;
/** A number unique within this test file, for identifiers that must not collide. */
export function unique(): number {
  return ++serial;
}

/** Throws with the response when the status is not the expected one (for set-up steps); returns the answer. */
export function expectStatus<T>(r: ApiResult<T>, status: number, what: string): ApiResult<T> {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text}`);
  return r;
}

/** `POST /customers` body of an individual. */
export function individualBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = unique();
  return {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `test-person-${n}`,
    fullName: `Test Person ${n}`,
    email: `test.person.${n}@example.com`,
    currencies: ['USD'],
    ...overrides,
  };
}

/** `POST /customers` body of a business. */
export function businessBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = unique();
  return {
    customerType: 'BUSINESS',
    platformCustomerId: `test-business-${n}`,
    email: `ops.${n}@business.example`,
    currencies: ['USD'],
    businessInfo: { legalName: `Test Business ${n} LLC`, country: 'US', taxId: `12-34567${n}`, incorporatedOn: '2015-06-01' },
    ...overrides,
  };
}

/** Creates a customer over the API (INDIVIDUAL unless the overrides say otherwise). */
export async function createCustomer(api: ApiClient, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const body = overrides['customerType'] === 'BUSINESS' ? businessBody(overrides) : individualBody(overrides);
  const r = await api.post('/customers', body);
  expectStatus(r, 201, 'create customer');
  return r.body as Customer;
}

/** A beneficiary for external accounts. */
export function beneficiary(fullName = 'Test Beneficiary'): Record<string, unknown> {
  return { beneficiaryType: 'INDIVIDUAL', fullName };
}

/** `accountInfo` of each supported account type, with overrides. */
export const accountInfo = {
  usd: (o: Record<string, unknown> = {}) => ({ accountType: 'USD_ACCOUNT', accountNumber: `5000${String(unique()).padStart(6, '0')}00`, routingNumber: '021000021', bankName: 'Test Bank', beneficiary: beneficiary(), ...o }),
  eur: (o: Record<string, unknown> = {}) => ({ accountType: 'EUR_ACCOUNT', iban: `DE8937040044053201${String(unique()).padStart(4, '0')}00`, beneficiary: beneficiary(), ...o }),
  mxn: (o: Record<string, unknown> = {}) => ({ accountType: 'MXN_ACCOUNT', clabeNumber: `0021800000${String(unique()).padStart(6, '0')}00`, beneficiary: beneficiary(), ...o }),
  spark: (o: Record<string, unknown> = {}) => ({ accountType: 'SPARK_WALLET', address: `sp1qtestwallet${String(unique()).padStart(6, '0')}00`, beneficiary: beneficiary(), ...o }),
};

/** `POST /customers/external-accounts` body for a USD account of a customer. */
export function usdAccountBody(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { customerId, currency: 'USD', accountInfo: accountInfo.usd(), ...overrides };
}

/** Creates a USD external account of a customer over the API. */
export async function createUsdAccount(api: ApiClient, customerId: string, overrides: Record<string, unknown> = {}): Promise<ExternalAccount> {
  const r = await api.post('/customers/external-accounts', usdAccountBody(customerId, overrides));
  expectStatus(r, 201, 'create external account');
  return r.body as ExternalAccount;
}

/** The internal accounts of a customer, over the API. */
export async function internalAccountsOf(api: ApiClient, customerId: string): Promise<InternalAccount[]> {
  const r = await api.get(`/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&limit=100`);
  expectStatus(r, 200, 'list internal accounts');
  return (r.body as { data: InternalAccount[] }).data;
}

/** The customer's internal account in `currency`, over the API. */
export async function internalAccountOf(api: ApiClient, customerId: string, currency: string): Promise<InternalAccount> {
  const account = (await internalAccountsOf(api, customerId)).find((a) => a.balance.currency.code === currency);
  if (!account) throw new Error(`customer ${customerId} has no ${currency} internal account`);
  return account;
}

/** The customer's first external account whose accountInfo `matches` (by default, its first), over the API. */
export async function externalAccountOf(api: ApiClient, customerId: string, matches: (info: Record<string, unknown>) => boolean = () => true): Promise<ExternalAccount> {
  const r = await api.get(`/customers/external-accounts?customerId=${encodeURIComponent(customerId)}&limit=100`);
  expectStatus(r, 200, 'list external accounts');
  const account = (r.body as { data: ExternalAccount[] }).data.find((a) => matches(a.accountInfo as Record<string, unknown>));
  if (!account) throw new Error(`customer ${customerId} has no such external account`);
  return account;
}

/** A seeded customer by platformCustomerId, over the API. */
export async function seededCustomer(api: ApiClient, platformCustomerId: string): Promise<Customer> {
  const r = await api.get(`/customers?platformCustomerId=${encodeURIComponent(platformCustomerId)}`);
  expectStatus(r, 200, 'find seeded customer');
  const c = (r.body as { data: Customer[] }).data[0];
  if (!c) throw new Error(`no seeded customer ${platformCustomerId}`);
  return c;
}

/** Funds an internal account through the sandbox endpoint. */
export function fund(api: ApiClient, accountId: string, amount: unknown, o: RequestOptions = {}): Promise<ApiResult> {
  return api.post(`/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { amount }, o);
}

/** Creates an API token with these permissions and returns its credentials and Basic header. */
export async function createToken(api: ApiClient, permissions: string[], name = `test token ${unique()}`): Promise<{ id: string; clientSecret: string; auth: string }> {
  const r = await api.post('/tokens', { name, permissions });
  expectStatus(r, 201, 'create token');
  const body = r.body as { id: string; clientId: string; clientSecret: string };
  return { id: body.id, clientSecret: body.clientSecret, auth: basicAuth(body.clientId, body.clientSecret) };
}

/** Row counts (and the config row) that any mutating call would change: compare before/after a refused call. */
export function storedState(core: Core): Record<string, unknown> {
  const db = core.services.ctx.db;
  const n = (sql: string) => (db.prepare(sql).get() as { n: number | null }).n;
  return {
    customers: n('SELECT count(*) AS n FROM customers'),
    liveCustomers: n('SELECT count(*) AS n FROM customers WHERE is_deleted = 0'),
    customersUpdated: n('SELECT max(updated_at) AS n FROM customers'),
    internalAccounts: n('SELECT count(*) AS n FROM internal_accounts'),
    externalAccounts: n('SELECT count(*) AS n FROM external_accounts WHERE deleted_at IS NULL'),
    ledgerEntries: n('SELECT count(*) AS n FROM ledger_entries'),
    tokens: n('SELECT count(*) AS n FROM api_tokens WHERE deleted_at IS NULL'),
    events: n('SELECT count(*) AS n FROM events'),
    config: (db.prepare('SELECT data FROM platform_config').get() as { data: string } | undefined)?.data,
  };
}

/**
 * Registers the usual per-test lifecycle: a fresh seeded core on a temp SQLite file and a loopback
 * server for each test, both closed afterwards, temp folders removed at the end. `use` receives them.
 */
export function useSeededServer(use: (core: Core, srv: TestServer) => void): void {
  let core: Core | undefined;
  let srv: TestServer | undefined;
  beforeEach(async () => {
    core = newCore();
    srv = await startServer(core);
    use(core, srv);
  });
  afterEach(async () => {
    await srv?.close();
    core?.close();
  });
  afterAll(removeTempDirs);
}
