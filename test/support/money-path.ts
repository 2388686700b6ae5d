// Helpers of the money-path suites (quotes, transactions, transfers, receivers, sandbox payments).
// Every world is a real seeded SQLite workspace in a temp folder, frozen at FROZEN_AT, served over
// real HTTP on 127.0.0.1; time moves only through POST /sandbox/clock/advance.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { createCore, API_BASE, type Core, type HandlerInput, type HandlerName, type HandlerOutput } from '../../core/index';
import type { ApiAnswer } from '../../core/api-client-types';
import { startLoopbackServer, type LoopbackServer } from '../../core/host/server';
import { ApiClient, FROZEN_AT, basicAuth, type ApiResult } from './api-client';
import { expectStatus } from './builders';
import { endChild } from './child-process';

export const SANDBOX_UMA = 'sandbox.uma.example';
const ROOT = resolve(import.meta.dirname, '../..');

/** The seeded workspace's customers and accounts (see core/seed.ts). */
export interface Seeded {
  alice: { id: string; umaAddress: string };
  lucia: { id: string; umaAddress: string };
  sophie: { id: string; umaAddress: string };
  aliceUsd: string;
  luciaMxn: string;
  luciaUsd: string;
  sophieEur: string;
  /** Alice's USD external accounts by the last 3 digits of the account number. */
  aliceExt: Record<'000' | '002' | '005', string>;
  /** Lucía's MXN external accounts by the last 5 digits of the CLABE. */
  luciaClabe: Record<'12000' | '12003', string>;
  /** Sophie's EUR external accounts by the last 4 digits of the IBAN. */
  sophieIban: Record<'0000' | '0004', string>;
}

/** A running workspace with its server and a client authenticated as the seeded token. */
export interface World {
  core: Core;
  server: LoopbackServer;
  api: ApiClient<string>;
  seed: Seeded;
  close(): Promise<void>;
}

/** Opens a new seeded workspace in a temp folder and serves it on a free loopback port. */
export async function openWorld(): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'money-path-'));
  const core = createCore({ dataDir: dir, clock: { mode: 'FROZEN', frozenAt: FROZEN_AT }, seed: { cardActivity: false } });
  const creds = core.workspace.initialCredentials!;
  const server = await startLoopbackServer({ core, port: 0 });
  const api = new ApiClient(`${server.origin}${API_BASE}`, basicAuth(creds.clientId, creds.clientSecret));
  const customer = async (pid: string) => (expectStatus(await api.get(`/customers?platformCustomerId=${pid}`), 200, pid).body.data[0]) as { id: string; umaAddress: string };
  const [alice, lucia, sophie] = [await customer('cust-alice-001'), await customer('cust-lucia-002'), await customer('cust-sophie-003')];
  const internal = async (customerId: string, cur: string) =>
    (expectStatus(await api.get(`/customers/internal-accounts?customerId=${enc(customerId)}`), 200, 'internal').body.data as { id: string; balance: { currency: { code: string } } }[])
      .find((a) => a.balance.currency.code === cur)!.id;
  const external = async (customerId: string) =>
    expectStatus(await api.get(`/customers/external-accounts?customerId=${enc(customerId)}&limit=100`), 200, 'external').body.data as { id: string; accountInfo: Record<string, string> }[];
  const bySuffix = (list: { id: string; accountInfo: Record<string, string> }[], field: string, suffix: string) => list.find((a) => a.accountInfo[field]!.endsWith(suffix))!.id;
  const [aExt, lExt, sExt] = [await external(alice.id), await external(lucia.id), await external(sophie.id)];
  const seed: Seeded = {
    alice, lucia, sophie,
    aliceUsd: await internal(alice.id, 'USD'), luciaMxn: await internal(lucia.id, 'MXN'), luciaUsd: await internal(lucia.id, 'USD'), sophieEur: await internal(sophie.id, 'EUR'),
    aliceExt: { '000': bySuffix(aExt, 'accountNumber', '000'), '002': bySuffix(aExt, 'accountNumber', '002'), '005': bySuffix(aExt, 'accountNumber', '005') },
    luciaClabe: { '12000': bySuffix(lExt, 'clabeNumber', '12000'), '12003': bySuffix(lExt, 'clabeNumber', '12003') },
    sophieIban: { '0000': bySuffix(sExt, 'iban', '0000'), '0004': bySuffix(sExt, 'iban', '0004') },
  };
  return {
    core, server, api, seed,
    async close() {
      await server.close();
      core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Percent-encodes an id for a path segment. */
export function enc(id: string): string {
  return encodeURIComponent(id);
}

/** Advances the workspace clock (running the jobs that fall due). */
export async function advance(w: World, seconds: number): Promise<void> {
  expectStatus(await w.api.post('/sandbox/clock/advance', { seconds }), 200, `advance ${seconds}s`);
}

/** Spendable balance and totalBalance of an internal account, read over the API. */
export async function balances(w: World, accountId: string): Promise<{ balance: number; totalBalance: number }> {
  for (const path of ['/customers/internal-accounts?limit=100', '/platform/internal-accounts?limit=100']) {
    const list = expectStatus(await w.api.get(path), 200, 'list internal accounts').body.data as { id: string; balance: { amount: number }; totalBalance: { amount: number } }[];
    const a = list.find((x) => x.id === accountId);
    if (a) return { balance: a.balance.amount, totalBalance: a.totalBalance.amount };
  }
  throw new Error(`no internal account ${accountId}`);
}

let serial = 0;
/** Creates an external account whose primary identifier ends in `suffix` (unique per call). */
export async function externalAccount(w: World, customerId: string, currency: 'USD' | 'EUR' | 'MXN', suffix: string, extra: Record<string, unknown> = {}): Promise<string> {
  const n = String(++serial).padStart(6, '0');
  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Test Beneficiary' };
  const accountInfo = {
    USD: { accountType: 'USD_ACCOUNT', accountNumber: `5000${n}${suffix}`, routingNumber: '021000021', beneficiary },
    EUR: { accountType: 'EUR_ACCOUNT', iban: `FR76300060000112${n}${suffix}`, beneficiary },
    MXN: { accountType: 'MXN_ACCOUNT', clabeNumber: `002180000${n}${suffix}`, beneficiary },
  }[currency];
  const r = await w.api.post('/customers/external-accounts', { customerId, currency, accountInfo: { ...accountInfo, ...extra } });
  return expectStatus(r, 201, 'create external account').body.id as string;
}

/** The primary identifier of an external account. */
export async function identifierOf(w: World, externalAccountId: string): Promise<string> {
  const a = expectStatus(await w.api.get(`/customers/external-accounts/${enc(externalAccountId)}`), 200, 'external account').body as { accountInfo: Record<string, string> };
  return a.accountInfo['accountNumber'] ?? a.accountInfo['iban'] ?? a.accountInfo['clabeNumber']!;
}

/** A POST /quotes body from an internal account to an external account. */
export function accountQuote(sourceId: string, destinationId: string, side: 'SENDING' | 'RECEIVING', amount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { source: { sourceType: 'ACCOUNT', accountId: sourceId }, destination: { destinationType: 'ACCOUNT', accountId: destinationId }, lockedCurrencySide: side, lockedCurrencyAmount: amount, ...extra };
}

/** A quote as the API answers it. */
export type Quote = ApiAnswer<'GET /quotes/{quoteId}'>;
/** A payment transaction (INCOMING or OUTGOING) as the API answers it. */
export type Transaction = ApiAnswer<'POST /transactions/{transactionId}/approve'>;

/** Creates a quote and returns the Quote (asserting 201). */
export async function createQuote(w: World, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Quote> {
  return expectStatus(await w.api.post('/quotes', body, { headers }), 201, 'create quote').body as Quote;
}

/** A quote by id (asserting 200). */
export async function getQuote(w: World, id: string): Promise<Quote> {
  return expectStatus(await w.api.send('GET /quotes/{quoteId}', { params: { quoteId: id } }), 200, 'get quote').body;
}

/** A payment transaction (INCOMING or OUTGOING, never a card's) by id, asserting 200. */
export async function getTx(w: World, id: string): Promise<Transaction> {
  const tx = expectStatus(await w.api.send('GET /transactions/{transactionId}', { params: { transactionId: id } }), 200, 'get transaction').body;
  if (tx.type === 'CARD') throw new Error(`${id} is a card transaction, not a payment`);
  return tx;
}

/** POST /quotes/{quoteId}/execute (the answer is not asserted: suites check refusals too). */
export function execute(w: World, quoteId: string, headers: Record<string, string> = {}): Promise<ApiResult> {
  return w.api.post(`/quotes/${enc(quoteId)}/execute`, undefined, { headers });
}

/** Runs a console handler and returns its value (throws with the error body otherwise). */
export async function invoke<K extends HandlerName>(w: World, name: K, input: HandlerInput<K> | Record<string, never> = {}): Promise<HandlerOutput<K>> {
  const r = await w.core.invoke(name, input);
  if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
  return r.value as HandlerOutput<K>;
}

/**
 * The double-entry invariant: the trial balance is 0 in every currency, and each seeded internal
 * account's reported balances equal the sums of its ledger entries (AVAILABLE, and all buckets).
 */
export async function expectBooksBalanced(w: World): Promise<void> {
  const tb = (await invoke(w, 'accounts/trialBalance')) as Record<string, number>;
  expect(Object.keys(tb).length).toBeGreaterThan(0);
  for (const [cur, sum] of Object.entries(tb)) expect(sum, `trial balance in ${cur}`).toBe(0);
  for (const accountId of [w.seed.aliceUsd, w.seed.luciaMxn, w.seed.luciaUsd, w.seed.sophieEur]) {
    const sums: Record<string, number> = { AVAILABLE: 0, PENDING: 0, HELD: 0 };
    let account: { balance: { amount: number }; totalBalance: { amount: number } } | undefined;
    let cursor: string | undefined;
    do {
      const v = await invoke(w, 'accounts/ledger', { accountId, limit: 200, ...(cursor ? { cursor } : {}) });
      account = v.account;
      for (const e of v.entries.data as { bucket: string; amount: number }[]) sums[e.bucket] = (sums[e.bucket] ?? 0) + e.amount;
      cursor = v.entries.nextCursor;
    } while (cursor);
    expect({ balance: account!.balance.amount, totalBalance: account!.totalBalance.amount }, `${accountId} against its ledger entries`)
      .toEqual({ balance: sums['AVAILABLE'], totalBalance: sums['AVAILABLE']! + sums['PENDING']! + sums['HELD']! });
  }
}

/** Round half away from zero, written independently of core/kernel/money.ts. */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5);
}

/**
 * pricing.ts's documented rule, re-derived from a quote's own fields: m (receiving minor units per
 * sending minor unit) comes from exchangeRate (sending major per receiving major) and the decimals.
 */
export function pricingRule(q: Quote) {
  const m = 10 ** (q.receivingCurrency.decimals - q.sendingCurrency.decimals) / q.exchangeRate;
  const { svcApiVariableFeeRate: v, svcApiFixedFee: F, counterpartyFixedFee: Fr } = q.rateDetails;
  const forward = (S: number) => {
    const V = roundHalfAway(S * v);
    const C = S - F - V;
    return { V, C, R: roundHalfAway(C * m) - Fr };
  };
  return { m, forward, feesIncluded: (S: number) => F + forward(S).V + roundHalfAway(Fr / m) };
}

/** A UMA receiver lookup (asserting 200). */
export async function umaLookup(w: World, address: string): Promise<ApiAnswer<'GET /receiver/uma/{receiverUmaAddress}'>> {
  return expectStatus(await w.api.send('GET /receiver/uma/{receiverUmaAddress}', { params: { receiverUmaAddress: address } }), 200, `lookup ${address}`).body;
}

const CHILD_SERVER = `
const { createCore, API_BASE } = await import(process.env.MP_CORE);
const { startLoopbackServer } = await import(process.env.MP_SERVER);
const core = createCore({ dataDir: process.env.MP_DIR, clock: { mode: 'FROZEN', frozenAt: '${FROZEN_AT}' } });
const srv = await startLoopbackServer({ core, port: 0 });
process.stdout.write(JSON.stringify({ base: srv.origin + API_BASE, creds: core.workspace.initialCredentials }) + '\\n');
`;

/**
 * The same workspace and loopback server in a child process, for requests that may block the
 * server's event loop: the test keeps its own loop free and, with `kill`, ends the child (SIGKILL, waited for)
 * and removes its workspace folder afterwards.
 */
export async function spawnServerProcess(): Promise<{ api: ApiClient<string>; kill(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'money-path-child-'));
  const env = { ...process.env, MP_DIR: dir, MP_CORE: join(ROOT, 'core/index.ts'), MP_SERVER: join(ROOT, 'core/host/server.ts') };
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const line = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) res(out.split('\n')[0]!);
    });
    child.once('exit', (code) => rej(new Error(`child server exited (${code}): ${err}`)));
  });
  const info = JSON.parse(line) as { base: string; creds: { clientId: string; clientSecret: string } };
  return {
    api: new ApiClient(info.base, basicAuth(info.creds.clientId, info.creds.clientSecret)),
    async kill() {
      await endChild(child, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs an ES module snippet (TypeScript imports allowed through tsx) in a child process that is
 * killed when it has not finished after `limitMs`; returns whether it finished and its stdout.
 */
export function runModuleInChild(code: string, limitMs: number): { finished: boolean; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, timeout: limitMs, killSignal: 'SIGKILL', encoding: 'utf8' });
  return { finished: r.status === 0 && r.signal === null, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Absolute path of a core module, for child-process snippets. */
export function coreModule(rel: string): string {
  return join(ROOT, 'core', rel);
}
