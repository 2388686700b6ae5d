// Keyed requests whose handlers wait on crypto (signed wallet actions) or run in slices (the clock
// advance): a failure between their writes and their stored answer must leave both or neither, so the
// retry with the same key and the same stamp runs once and answers, instead of a 401 for a stamp the
// lost attempt already used up or a clock that moves twice.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { removeTempDirs } from '../support/builders';
import { newKeyPair, openSessionKey, stamp } from '../../core/wallet/crypto';
import { enc, firstLeg, openWalletWorld, otpSignIn, retryHeaders, send, type ClientSession, type WalletWorld } from '../support/worlds/wallet';

let w: WalletWorld;
let a: ClientSession;
/** The key a refresh or export seals to (a new one per test). */
let clientKey = newKeyPair();
beforeEach(async () => {
  clientKey = newKeyPair();
  w = await openWalletWorld();
  a = await otpSignIn(w.api, w.emailCredId);
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const db = () => w.core.services.ctx.db;
const count = (table: string) => (db().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
/** What a signed action may change: sessions, credentials, used stamps and events. */
const walletState = () => ({
  sessions: count('wallet_sessions'),
  revoked: (db().prepare('SELECT count(*) AS n FROM wallet_sessions WHERE revoked_at IS NOT NULL').get() as { n: number }).n,
  credentials: count('auth_methods'),
  usedStamps: (db().prepare('SELECT count(*) AS n FROM signed_requests WHERE used_at IS NOT NULL').get() as { n: number }).n,
  events: count('events'),
  privacy: (db().prepare('SELECT private_enabled AS p FROM internal_accounts WHERE id = ?').get(w.wallet.id) as { p: number | null }).p,
});

/** Makes storing an answer fail as a full disk would, at the moment the answer is written. */
const refuseAnswers = () => db().exec("CREATE TRIGGER refuse_answer BEFORE UPDATE OF status ON idempotency_keys BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
const allowAnswers = () => db().exec('DROP TRIGGER refuse_answer');

/** Sends the stamped leg 2 with an Idempotency-Key through plain fetch (the shared client refuses every 5xx). */
async function rawRetry(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(`${w.srv.base}${path}`, { method, headers: { authorization: w.srv.auth, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe.each([
  {
    name: 'session refresh (the new key is sealed asynchronously)',
    method: 'POST', path: () => `/auth/sessions/${enc(a.id)}/refresh`, body: () => ({ clientPublicKey: clientKey.publicKey }), status: 201,
    check: async (body: { encryptedSessionSigningKey: string }) => expect(await openSessionKey(body.encryptedSessionSigningKey, clientKey.privateKey)).toMatch(/^[0-9a-f]{64}$/),
  },
  {
    name: 'wallet export (the mnemonic is sealed asynchronously)',
    method: 'POST', path: () => `/internal-accounts/${enc(w.wallet.id)}/export`, body: () => ({ clientPublicKey: clientKey.publicKeyUncompressed }), status: 200,
    check: async (body: { id: string }) => expect(body.id).toBe(w.wallet.id),
  },
  {
    name: 'privacy update (synchronous after the body is read)',
    method: 'PATCH', path: () => `/internal-accounts/${enc(w.wallet.id)}`, body: () => ({ privateEnabled: true }), status: 200,
    check: async (body: { privateEnabled: boolean }) => expect(body.privateEnabled).toBe(true),
  },
])('a keyed signed retry: $name', ({ method, path, body, status, check }) => {
  it('fails whole when its answer cannot be stored, and the same retry then runs once and replays after', async () => {
    const ch = await firstLeg(w.api, method, path(), body());
    const headers = { ...retryHeaders(stamp(ch.payloadToSign, a.privateKey), ch.requestId), 'Idempotency-Key': `signed-${method}-${status}` };
    const before = walletState();

    refuseAnswers();
    const failed = await rawRetry(method, path(), body(), headers);
    expect(failed.status).toBe(500);
    expect(walletState()).toEqual(before);
    allowAnswers();

    const retry = await send(w.api, method, path(), body(), headers);
    expect(retry.status, retry.text).toBe(status);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    await check(retry.body);
    expect(walletState().usedStamps).toBe(before.usedStamps + 1);

    const again = await send(w.api, method, path(), body(), headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.status).toBe(status);
    expect(walletState().usedStamps).toBe(before.usedStamps + 1);
  });
});

describe('a keyed clock advance left unfinished by a process that died', () => {
  it('resumes to the instant the first attempt aimed at: the clock moves once in all', async () => {
    const route = 'POST /2025-10-13/sandbox/clock/advance';
    const body = JSON.stringify({ seconds: 7_200 });
    const start = Date.parse((await w.api.get('/sandbox/clock')).body.now);
    // What a process killed in the middle of a keyed advance leaves: the key started with its target
    // noted, and the clock part of the way there.
    const principal = w.core.workspace.initialCredentials!.clientId;
    db().prepare('INSERT INTO idempotency_keys (principal, route, key, request_hash, created_at, owner, progress) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(principal, route, 'advance-crashed', createHash('sha256').update(body).digest('hex'), start, 'an-earlier-run', JSON.stringify({ targetMs: start + 7_200_000 }));
    const partway = await w.api.post('/sandbox/clock/advance', { seconds: 3_000 });
    expect(partway.status).toBe(200);

    const retry = await w.api.request('POST', '/sandbox/clock/advance', { body: { seconds: 7_200 }, headers: { 'Idempotency-Key': 'advance-crashed' } });
    expect(retry.status, retry.text).toBe(200);
    expect(Date.parse(retry.body.now)).toBe(start + 7_200_000);
    const again = await w.api.request('POST', '/sandbox/clock/advance', { body: { seconds: 7_200 }, headers: { 'Idempotency-Key': 'advance-crashed' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Date.parse((await w.api.get('/sandbox/clock')).body.now)).toBe(start + 7_200_000);
  });

  it('notes its target under the key before moving, so a fresh keyed advance moves by the seconds asked', async () => {
    const start = Date.parse((await w.api.get('/sandbox/clock')).body.now);
    const r = await w.api.request('POST', '/sandbox/clock/advance', { body: { seconds: 60 }, headers: { 'Idempotency-Key': 'advance-fresh' } });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.now)).toBe(start + 60_000);
    const row = db().prepare("SELECT progress FROM idempotency_keys WHERE key = 'advance-fresh'").get() as { progress: string };
    expect(JSON.parse(row.progress)).toEqual({ targetMs: start + 60_000 });
  });
});
