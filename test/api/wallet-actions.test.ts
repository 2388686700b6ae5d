// Signed wallet actions beyond credentials and sessions: export (HPKE-sealed mnemonic), privacy update,
// the customer email tied to EMAIL_OTP, and executing a quote funded from the embedded wallet.
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createUsdAccount, fund, removeTempDirs } from '../support/builders';
import { expectError } from '../support/assertions';
import { fromHex, hpkeOpen, newKeyPair, stamp } from '../../core/wallet/crypto';
import {
  addWallet, createWallet, credentialsOf, enc, expect401, firstLeg, highSStamp, openWalletWorld, otpSignIn, retryHeaders, send, signed,
  type ClientSession, type WalletWorld,
} from '../support/worlds/wallet';

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

const exportPath = () => `/internal-accounts/${enc(w.wallet.id)}/export`;
const openExport = async (encrypted: string, privateKey: string) => {
  const outer = JSON.parse(encrypted) as { data: string };
  const inner = JSON.parse(new TextDecoder().decode(fromHex(outer.data))) as { encappedPublic: string; ciphertext: string; organizationId: string };
  return new TextDecoder().decode(await hpkeOpen(fromHex(inner.ciphertext), fromHex(inner.encappedPublic), privateKey));
};

describe('wallet export', () => {
  it('202, then 200 encryptedWalletCredentials whose data opens with the export client key to a 24-word mnemonic', async () => {
    const client = newKeyPair();
    const ch = await firstLeg(w.api, 'POST', exportPath(), { clientPublicKey: client.publicKeyUncompressed });
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_EXPORT_WALLET', parameters: { walletId: w.wallet.id, targetPublicKey: client.publicKeyUncompressed } });
    const r = await send(w.api, 'POST', exportPath(), { clientPublicKey: client.publicKeyUncompressed }, retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ id: w.wallet.id, encryptedWalletCredentials: expect.any(String) });
    const outer = JSON.parse(r.body.encryptedWalletCredentials);
    expect(outer).toEqual({ version: 'v1.0.0', data: expect.stringMatching(/^[0-9a-f]+$/), dataSignature: '', enclaveQuorumPublic: '' });
    expect(JSON.parse(new TextDecoder().decode(fromHex(outer.data)))).toMatchObject({ encappedPublic: expect.stringMatching(/^04[0-9a-f]{128}$/), organizationId: expect.any(String) });
    const mnemonic = await openExport(r.body.encryptedWalletCredentials, client.privateKey);
    expect(mnemonic.split(' ')).toHaveLength(24);
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true);
    await expect(openExport(r.body.encryptedWalletCredentials, newKeyPair().privateKey)).rejects.toThrow();
    const again = newKeyPair();
    const r2 = await signed(w.api, 'POST', exportPath(), { clientPublicKey: again.publicKeyUncompressed }, session.privateKey);
    expect(await openExport(r2.body.encryptedWalletCredentials, again.privateKey)).toBe(mnemonic); // the same wallet secret
  });

  it('the same Idempotency-Key on both legs still reaches the signed retry (a 202 challenge is never replayed)', async () => {
    const client = newKeyPair();
    const key = { 'Idempotency-Key': 'export-both-legs' };
    const ch = await send(w.api, 'POST', exportPath(), { clientPublicKey: client.publicKeyUncompressed }, key);
    expect(ch.status, ch.text).toBe(202);
    const r = await send(w.api, 'POST', exportPath(), { clientPublicKey: client.publicKeyUncompressed }, { ...key, ...retryHeaders(stamp(ch.body.payloadToSign, session.privateKey), ch.body.requestId) });
    expect(r.status, r.text).toBe(200);
    const replay = await send(w.api, 'POST', exportPath(), { clientPublicKey: client.publicKeyUncompressed }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(w.wallet.id);
  });

  it('export needs an uncompressed client key: a compressed one is 400 INVALID_INPUT', async () => {
    expectError(await w.api.post(exportPath(), { clientPublicKey: newKeyPair().publicKey }), 400, 'INVALID_INPUT');
  });
});

describe('wallet privacy', () => {
  it('PATCH /internal-accounts/{id} {privateEnabled: true}: 202, then 200 InternalAccount with privateEnabled true', async () => {
    const r = await signed(w.api, 'PATCH', `/internal-accounts/${enc(w.wallet.id)}`, { privateEnabled: true }, session.privateKey);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: w.wallet.id, type: 'EMBEDDED_WALLET', privateEnabled: true });
    const listed = (await w.api.get(`/customers/internal-accounts?customerId=${enc(w.customer.id)}`)).body.data.find((a: { id: string }) => a.id === w.wallet.id);
    expect(listed.privateEnabled).toBe(true);
  });
});

describe('customer email tied to EMAIL_OTP', () => {
  it('PATCH /customers/{id} with a new email: 202 (nothing changed yet), then 200 with the customer email and the credential nickname changed together', async () => {
    const path = `/customers/${enc(w.customer.id)}`;
    const ch = await firstLeg(w.api, 'PATCH', path, { email: 'renamed.owner@example.com' });
    expect(ch.type).toBe('EMAIL_OTP');
    expect((await w.api.get(path)).body.email).toBe(w.customer.email);
    const r = await send(w.api, 'PATCH', path, { email: 'renamed.owner@example.com' }, retryHeaders(stamp(ch.payloadToSign, session.privateKey), ch.requestId));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: w.customer.id, email: 'renamed.owner@example.com' });
    expect((await w.api.get(path)).body.email).toBe('renamed.owner@example.com');
    expect((await credentialsOf(w.api, w.wallet.id))[0]).toMatchObject({ id: w.emailCredId, type: 'EMAIL_OTP', nickname: 'renamed.owner@example.com' });
  });

  it('an unsigned email change of a customer with a tied wallet is not applied (401 on a bad retry)', async () => {
    const path = `/customers/${enc(w.customer.id)}`;
    const ch = await firstLeg(w.api, 'PATCH', path, { email: 'x@example.com' });
    expect401(await send(w.api, 'PATCH', path, { email: 'x@example.com' }, retryHeaders(stamp(ch.payloadToSign, newKeyPair().privateKey), ch.requestId)), 'WALLET_SIGNATURE_INVALID');
    expect((await w.api.get(path)).body.email).toBe(w.customer.email);
    expect((await credentialsOf(w.api, w.wallet.id))[0]!.nickname).toBe(w.customer.email);
  });

  it('a fresh OTP challenge after the email change names the new email (the credential followed the customer)', async () => {
    await signed(w.api, 'PATCH', `/customers/${enc(w.customer.id)}`, { email: 'moved@example.com' }, session.privateKey);
    expect((await w.api.post(`/auth/credentials/${enc(w.emailCredId)}/challenge`)).body.nickname).toBe('moved@example.com');
  });

  it('a customer with two embedded wallets has both EMAIL_OTP credentials follow the new email', async () => {
    const btc = await createWallet(w.api, w.customer.id, { currency: 'BTC' });
    expect(btc.status, btc.text).toBe(201);
    const r = await signed(w.api, 'PATCH', `/customers/${enc(w.customer.id)}`, { email: 'both.wallets@example.com' }, { signature: 'sandbox-valid-signature' });
    expect(r.status, r.text).toBe(200);
    expect((await credentialsOf(w.api, w.wallet.id))[0]!.nickname).toBe('both.wallets@example.com');
    expect((await credentialsOf(w.api, btc.body.id))[0]!.nickname).toBe('both.wallets@example.com');
  });

  it('changing the phone number tied to an SMS_OTP credential is signed too and moves the credential nickname (upstream-facts 2.6)', async () => {
    const other = await addWallet(w.api, { phoneNumber: '+14155550100' });
    const s = await otpSignIn(w.api, other.emailCredId);
    const sms = await signed(w.api, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: other.wallet.id }, s.privateKey);
    expect(sms.status, sms.text).toBe(201);
    const path = `/customers/${enc(other.customer.id)}`;
    const leg1 = await w.api.patch(path, { phoneNumber: '+14155550199' });
    expect(leg1.status, leg1.text).toBe(202);
    expect((await w.api.get(path)).body.phoneNumber).toBe('+14155550100');
    const r = await send(w.api, 'PATCH', path, { phoneNumber: '+14155550199' }, retryHeaders(stamp(leg1.body.payloadToSign, s.privateKey), leg1.body.requestId));
    expect(r.status, r.text).toBe(200);
    expect((await credentialsOf(w.api, other.wallet.id)).find((c) => c.type === 'SMS_OTP')!.nickname).toBe('+14155550199');
  });

  it('without a tied wallet, or for fields other than email, PATCH /customers/{id} is a plain 200', async () => {
    const plain = await createCustomer(w.api);
    const r = await w.api.patch(`/customers/${enc(plain.id)}`, { email: 'plain.new@example.com' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.email).toBe('plain.new@example.com');
    const named = await w.api.patch(`/customers/${enc(w.customer.id)}`, { fullName: 'Renamed Owner' });
    expect(named.status, named.text).toBe(200);
    expect(named.body.fullName).toBe('Renamed Owner');
  });
});

describe('quote funded from the embedded wallet', () => {
  let extId: string;
  beforeEach(async () => {
    expect((await fund(w.api, w.wallet.id, 500_000_000)).status).toBe(200);
    extId = (await createUsdAccount(w.api, w.customer.id)).id;
  });
  const quoteBody = (extra: Record<string, unknown> = {}) => ({
    source: { sourceType: 'ACCOUNT', accountId: w.wallet.id }, destination: { destinationType: 'ACCOUNT', accountId: extId },
    lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100_000_000, ...extra,
  });
  const newQuote = async () => {
    const r = await w.api.post('/quotes', quoteBody());
    expect(r.status, r.text).toBe(201);
    const instruction = r.body.paymentInstructions.find((i: { accountOrWalletInfo: { accountType: string } }) => i.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET');
    return { id: r.body.id as string, payloadToSign: instruction.accountOrWalletInfo.payloadToSign as string };
  };
  const execute = (id: string, signature?: string) => w.api.post(`/quotes/${enc(id)}/execute`, {}, { headers: retryHeaders(signature, undefined) });
  const status = async (id: string) => (await w.api.get(`/quotes/${enc(id)}`)).body.status;

  it('the quote carries an EMBEDDED_WALLET instruction; its payloadToSign stamped by an active session executes it (200 PROCESSING)', async () => {
    const q = await newQuote();
    expect(JSON.parse(q.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', parameters: { signWith: w.wallet.id } });
    const r = await execute(q.id, stamp(q.payloadToSign, session.privateKey));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: q.id, status: 'PROCESSING' });
  });

  it('execution without Svc-Wallet-Signature is 401 WALLET_SIGNATURE_MISSING and the quote stays PENDING', async () => {
    const q = await newQuote();
    expect401(await execute(q.id), 'WALLET_SIGNATURE_MISSING');
    expect(await status(q.id)).toBe('PENDING');
  });

  it('a stamp by a revoked session, by another wallet, or over another payload is 401 WALLET_SIGNATURE_INVALID', async () => {
    const q = await newQuote();
    const other = await otpSignIn(w.api, (await addWallet(w.api)).emailCredId);
    expect401(await execute(q.id, stamp(q.payloadToSign, other.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect401(await execute(q.id, stamp(`${q.payloadToSign}\n`, session.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect((await signed(w.api, 'DELETE', `/auth/sessions/${enc(session.id)}`, undefined, session.privateKey)).status).toBe(204);
    expect401(await execute(q.id, stamp(q.payloadToSign, session.privateKey)), 'WALLET_SIGNATURE_INVALID');
    expect(await status(q.id)).toBe('PENDING');
  });

  it('the legacy header value sandbox-valid-signature executes it too', async () => {
    const q = await newQuote();
    expect((await execute(q.id, 'sandbox-valid-signature')).status).toBe(200);
  });

  it('a high-S stamp of the instruction payload executes it', async () => {
    const q = await newQuote();
    expect((await execute(q.id, highSStamp(q.payloadToSign, session.privateKey))).status).toBe(200);
  });

  it('immediatelyExecute with an embedded-wallet source is 400 and creates no quote', async () => {
    const before = (w.core.services.ctx.db.prepare('SELECT count(*) AS n FROM quotes').get() as { n: number }).n;
    expectError(await w.api.post('/quotes', quoteBody({ immediatelyExecute: true })), 400, 'INVALID_INPUT');
    expect((w.core.services.ctx.db.prepare('SELECT count(*) AS n FROM quotes').get() as { n: number }).n).toBe(before);
  });
});
