// Delegated keys in the contract's flow: the platform names a card and the embedded wallet funding it, the
// wallet's session authorizes (202, then 201 on the stamped retry), and the server generates and keeps the
// key, which then stamps for that card. Listed (every filter optional), read and revoked.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/builders';
import { expectError, expectInvalidField } from '../support/assertions';
import { decodeStamp, newKeyPair, stamp, verifyStamp } from '../../core/wallet/crypto';
import { fundingIneligible } from '../../core/cards/sandbox';
import { addWallet, enc, expect401, firstLeg, openWalletWorld, otpSignIn, retryHeaders, send, signed, type ClientSession, type WalletWorld } from '../support/worlds/wallet';

let w: WalletWorld;
let session: ClientSession;
let cardId: string;
beforeEach(async () => {
  // A wallet whose random id ends in a sandbox suffix that cannot fund a card (1 in 2,048) is opened again.
  for (;;) {
    w = await openWalletWorld();
    if (!fundingIneligible(w.wallet.id)) break;
    await w.close();
  }
  session = await otpSignIn(w.api, w.emailCredId);
  const card = await w.api.post('/cards', { cardholderId: w.customer.id, form: 'VIRTUAL', fundingSources: [w.wallet.id] });
  expect(card.status, card.text).toBe(201);
  cardId = card.body.id;
});
afterEach(async () => {
  await w.close();
});
afterAll(removeTempDirs);

const PATH = '/auth/delegated-keys';
const body = (extra: Record<string, unknown> = {}) => ({ cardId, internalAccountId: w.wallet.id, nickname: 'Card payments key', ...extra });

describe('POST /auth/delegated-keys', () => {
  it('202 with the CREATE_API_KEYS activity for the card and wallet, then 201 with a key the server generated; listed and readable', async () => {
    const ch = await firstLeg(w.api, 'POST', PATH, body());
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_API_KEYS', parameters: { apiKeys: [{ apiKeyName: 'Card payments key' }], cardId, walletId: w.wallet.id } });
    const r = await send(w.api, 'POST', PATH, body(), retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^DelegatedKey:/), cardId, accountId: w.wallet.id, fundingSourceId: expect.stringMatching(/^CardFundingSource:/),
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/), nickname: 'Card payments key', status: 'ACTIVE',
    });
    expect(r.text).not.toMatch(/privateKey/i);
    for (const q of [`accountId=${enc(w.wallet.id)}`, `cardId=${enc(cardId)}`, `fundingSourceId=${enc(r.body.fundingSourceId)}`, '']) {
      const list = await send(w.api, 'GET', `${PATH}?${q}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((k: { id: string }) => k.id), q).toEqual([r.body.id]);
    }
    expect((await send(w.api, 'GET', `${PATH}/${enc(r.body.id)}`)).body).toEqual(r.body);
  });

  it('the server-generated key stamps a payload in the Svc-Wallet-Signature format, and the stamp verifies against the public key it answered', async () => {
    const key = (await signed(w.api, 'POST', PATH, body(), session.privateKey)).body;
    const payload = JSON.stringify({ type: 'ACTIVITY_TYPE_CARD_DEBIT', parameters: { cardId, walletId: w.wallet.id, amount: '2500' } });
    const s = decodeStamp(w.core.services.delegatedKeys.stamp(key.id, payload))!;
    expect(s.publicKey).toBe(key.publicKey);
    expect(verifyStamp(s, payload)).toBe(true);
    expect(verifyStamp(s, payload.replace('2500', '2501'))).toBe(false);
    expect((await send(w.api, 'DELETE', `${PATH}/${enc(key.id)}`)).status).toBe(204);
    expect(() => w.core.services.delegatedKeys.stamp(key.id, payload)).toThrow(/not an active key/);
  });

  it('a second key for the same card and wallet is a new pair under the same fundingSourceId', async () => {
    const first = (await signed(w.api, 'POST', PATH, body(), session.privateKey)).body;
    const second = (await signed(w.api, 'POST', PATH, body({ nickname: 'Backup' }), session.privateKey)).body;
    expect(second.fundingSourceId).toBe(first.fundingSourceId);
    expect(second.publicKey).not.toBe(first.publicKey);
  });

  it('a retry stamped by a key that is not a session of the wallet is 401, and nothing is stored', async () => {
    const ch = await firstLeg(w.api, 'POST', PATH, body());
    expect401(await send(w.api, 'POST', PATH, body(), retryHeaders(stamp(ch.payloadToSign, newKeyPair().privateKey), ch.requestId)), 'WALLET_SIGNATURE_INVALID');
    expect((await send(w.api, 'GET', `${PATH}?accountId=${enc(w.wallet.id)}`)).body.totalCount).toBe(0);
  });

  it('400 naming internalAccountId for a wallet that does not fund the card or an account that is no wallet, 404 for an unknown card, 400 for a missing field', async () => {
    const other = await addWallet(w.api);
    expectInvalidField(await send(w.api, 'POST', PATH, body({ internalAccountId: other.wallet.id })), 'internalAccountId');
    const fiat = (await send(w.api, 'GET', `/customers/internal-accounts?customerId=${enc(w.customer.id)}`)).body.data.find((a: { type: string }) => a.type === 'INTERNAL_FIAT');
    expectInvalidField(await send(w.api, 'POST', PATH, body({ internalAccountId: fiat.id })), 'internalAccountId');
    expectError(await send(w.api, 'POST', PATH, body({ cardId: 'Card:019542f5-b3e7-1d02-0000-000000000099' })), 404, 'REFERENCE_NOT_FOUND');
    expectInvalidField(await send(w.api, 'POST', PATH, { cardId, internalAccountId: w.wallet.id }), 'nickname');
    // The older flow (a client-supplied public key) is not the contract's: its fields are refused by name.
    expectInvalidField(await send(w.api, 'POST', PATH, { accountId: w.wallet.id, publicKey: newKeyPair().publicKey }), 'cardId');
  });
});

describe('GET /auth/delegated-keys', () => {
  it('every filter is optional; accountId must name an embedded wallet', async () => {
    expect((await send(w.api, 'GET', PATH)).body).toMatchObject({ data: [], totalCount: 0 });
    const fiat = (await send(w.api, 'GET', `/customers/internal-accounts?customerId=${enc(w.customer.id)}`)).body.data.find((a: { type: string }) => a.type === 'INTERNAL_FIAT');
    expectInvalidField(await send(w.api, 'GET', `${PATH}?accountId=${enc(fiat.id)}`), 'accountId');
  });
});

describe('DELETE /auth/delegated-keys/{id}', () => {
  it('revokes at once (204, again 204); unknown ids are 404', async () => {
    const created = (await signed(w.api, 'POST', PATH, body(), session.privateKey)).body;
    expect((await send(w.api, 'DELETE', `${PATH}/${enc(created.id)}`)).status).toBe(204);
    expect((await send(w.api, 'DELETE', `${PATH}/${enc(created.id)}`)).status).toBe(204);
    expect((await send(w.api, 'GET', `${PATH}/${enc(created.id)}`)).body.status).toBe('REVOKED');
    expect((await send(w.api, 'GET', `${PATH}?status=ACTIVE`)).body.totalCount).toBe(0);
    expectError(await send(w.api, 'DELETE', `${PATH}/DelegatedKey:nope`), 404, 'REFERENCE_NOT_FOUND');
    expectError(await send(w.api, 'GET', `${PATH}/DelegatedKey:nope`), 404, 'REFERENCE_NOT_FOUND');
  });
});
