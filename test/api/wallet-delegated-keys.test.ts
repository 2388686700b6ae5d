// Delegated keys of embedded wallets: created through the signed retry like other wallet actions, listed, read and revoked.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectError } from '../support/assertions';
import { newKeyPair, stamp } from '../../core/wallet/crypto';
import { enc, expect401, firstLeg, openWalletWorld, otpSignIn, retryHeaders, send, signed, type ClientSession, type WalletWorld } from '../support/wallet';

let w: WalletWorld;
let session: ClientSession;
beforeEach(async () => {
  w = await openWalletWorld();
  session = await otpSignIn(w.api, w.emailCredId);
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const PATH = '/auth/delegated-keys';

describe('POST /auth/delegated-keys', () => {
  it('202 with the CREATE_API_KEYS activity, then 201 on the retry stamped by a session; the key is listed and readable', async () => {
    const key = newKeyPair();
    const body = { accountId: w.wallet.id, publicKey: key.publicKeyUncompressed, nickname: 'server signer' };
    const ch = await firstLeg(w.api, 'POST', PATH, body);
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_API_KEYS', parameters: { apiKeys: [{ apiKeyName: 'server signer', publicKey: key.publicKey }] } });
    const r = await send(w.api, 'POST', PATH, body, retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^DelegatedKey:/), accountId: w.wallet.id, publicKey: key.publicKey, nickname: 'server signer', status: 'ACTIVE' });
    const list = await send(w.api, 'GET', `${PATH}?accountId=${enc(w.wallet.id)}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { id: string }) => k.id)).toEqual([r.body.id]);
    expect((await send(w.api, 'GET', `${PATH}/${enc(r.body.id)}`)).body).toEqual(r.body);
  });

  it('a retry stamped by a key that is not a session of the wallet is 401, and nothing is stored', async () => {
    const body = { accountId: w.wallet.id, publicKey: newKeyPair().publicKey };
    const ch = await firstLeg(w.api, 'POST', PATH, body);
    expect401(await send(w.api, 'POST', PATH, body, retryHeaders(stamp(ch.payloadToSign, newKeyPair().privateKey), ch.requestId)), 'WALLET_SIGNATURE_INVALID');
    expect((await send(w.api, 'GET', `${PATH}?accountId=${enc(w.wallet.id)}`)).body.totalCount).toBe(0);
  });

  it('400 naming publicKey for a key off the curve, 409 for a key already active, 400 for a past expiry', async () => {
    const bad = await send(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: `02${'f'.repeat(64)}` });
    expectError(bad, 400, 'INVALID_INPUT');
    expect(bad.text).toContain('publicKey');
    const key = newKeyPair();
    expect((await signed(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: key.publicKey }, session.privateKey)).status).toBe(201);
    expectError(await send(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: key.publicKeyUncompressed }), 409, 'CONFLICT');
    const past = await send(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: newKeyPair().publicKey, expiresAt: '2000-01-01T00:00:00Z' });
    expectError(past, 400, 'INVALID_INPUT');
  });
});

describe('DELETE /auth/delegated-keys/{id}', () => {
  it('revokes at once (204, again 204), after which the same public key can be added again; unknown ids are 404', async () => {
    const key = newKeyPair();
    const created = (await signed(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: key.publicKey }, session.privateKey)).body;
    expect((await send(w.api, 'DELETE', `${PATH}/${enc(created.id)}`)).status).toBe(204);
    expect((await send(w.api, 'DELETE', `${PATH}/${enc(created.id)}`)).status).toBe(204);
    expect((await send(w.api, 'GET', `${PATH}/${enc(created.id)}`)).body.status).toBe('REVOKED');
    expect((await signed(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: key.publicKey }, session.privateKey)).status).toBe(201);
    expectError(await send(w.api, 'DELETE', `${PATH}/DelegatedKey:nope`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await send(w.api, 'GET', `${PATH}/DelegatedKey:nope`), 404, 'REFERENCE_NOT_FOUND');
  });
});
