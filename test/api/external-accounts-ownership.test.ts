// External-account ownership as the contract has it: a wallet signs the server's text with its own key
// (real keys here, each chain's message framing), or its holder passes the sandbox's liveness check.
// Challenges expire on the workspace clock, answer once, and a newer one replaces an open one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, enc, invoke, openWorld, type World } from '../support/money-path';
import { evmWallet, solanaWallet, sparkWallet, tronWallet, type TestWallet } from '../support/wallet-keys';
import { FROZEN_MS } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

/** A customer (Alice) account for a wallet, by its address. */
async function walletAccount(wallet: Pick<TestWallet, 'accountType' | 'currency' | 'address'>, path = '/customers/external-accounts'): Promise<string> {
  const body = { ...(path.startsWith('/customers') ? { customerId: w.seed.alice.id } : {}), currency: wallet.currency, ownershipType: 'FIRST_PARTY', accountInfo: { accountType: wallet.accountType, address: wallet.address } };
  const r = await w.api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const challenge = (id: string, method: string, base = '/customers/external-accounts') => w.api.post(`${base}/${enc(id)}/challenge`, { method });
const verify = (id: string, body: Record<string, unknown>, base = '/customers/external-accounts') => w.api.post(`${base}/${enc(id)}/verify`, body);

describe('WALLET_SIGNATURE', () => {
  it.each([
    ['an Ethereum wallet (EIP-191 personal_sign)', () => evmWallet()],
    ['a Plasma wallet (EIP-191, the EVM chain of USDT)', () => evmWallet('PLASMA_WALLET', 'USDT')],
    ['a TRON wallet (signMessageV2)', () => tronWallet()],
    ['a Solana wallet (ed25519, base58)', () => solanaWallet()],
    ['a Spark wallet (Bitcoin signed message by the identity key)', () => sparkWallet()],
  ])('%s proves itself with its key, once; another key is a 400 naming signature', async (_name, make) => {
    const wallet = make();
    const id = await walletAccount(wallet);
    const c = await challenge(id, 'WALLET_SIGNATURE');
    expect(c.status, c.text).toBe(201);
    expect(c.body).toEqual({ method: 'WALLET_SIGNATURE', messageToSign: expect.stringContaining(wallet.address), expiresAt: new Date(FROZEN_MS + 15 * 60_000).toISOString() });
    const impostor = { ...make(), address: wallet.address };
    expectInvalidField(await verify(id, { signature: impostor.sign(c.body.messageToSign) }), 'signature');
    const ok = await verify(id, { signature: wallet.sign(c.body.messageToSign) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ id, status: 'ACTIVE', accountInfo: { accountType: wallet.accountType, address: wallet.address } });
    const again = await verify(id, { signature: wallet.sign(c.body.messageToSign) });
    expectError(again, 409, 'CONFLICT');
    expect(again.body.message).toContain('already used');
  });

  it('a signature that is not in the chain\'s encoding is a 400 that says which encoding', async () => {
    const wallet = evmWallet();
    const id = await walletAccount(wallet);
    await challenge(id, 'WALLET_SIGNATURE');
    const r = await verify(id, { signature: 'H3sandbox-signature' });
    expectInvalidField(r, 'signature');
    expect(r.body.message).toContain('EIP-191');
  });

  it('Spark: BIP-137 reads a segwit header (39-42), Electrum refuses it and says so', async () => {
    const wallet = sparkWallet();
    const id = await walletAccount(wallet);
    const c = await challenge(id, 'WALLET_SIGNATURE');
    // The header's low bits carry the recovery id, so try the four segwit headers until one recovers the key.
    const tries = [39, 40, 41, 42].map((header) => wallet.sign(c.body.messageToSign, { header }));
    const electrum = await verify(id, { signature: tries[0], signatureScheme: 'electrum' });
    expectInvalidField(electrum, 'signature');
    expect(electrum.body.message).toContain('signatureScheme bip137');
    const answers = [];
    for (const signature of tries) answers.push((await verify(id, { signature, signatureScheme: 'bip137' })).status);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
  });

  it('expires after 15 minutes on the workspace clock; a newer challenge replaces the open one', async () => {
    const wallet = solanaWallet();
    const id = await walletAccount(wallet);
    const first = await challenge(id, 'WALLET_SIGNATURE');
    await advance(w, 15 * 60);
    const late = await verify(id, { signature: wallet.sign(first.body.messageToSign) });
    expectError(late, 409, 'CONFLICT');
    expect(late.body.details).toMatchObject({ reason: 'CHALLENGE_EXPIRED' });
    const second = await challenge(id, 'WALLET_SIGNATURE');
    const third = await challenge(id, 'WALLET_SIGNATURE');
    expect(third.body.messageToSign).not.toBe(second.body.messageToSign);
    expectInvalidField(await verify(id, { signature: wallet.sign(second.body.messageToSign) }), 'signature');
    expect((await verify(id, { signature: wallet.sign(third.body.messageToSign) })).status).toBe(200);
  });

  it('is refused, naming method, for a wallet whose address encodes no key and for Lightning; a bank account cannot be challenged', async () => {
    const placeholder = await walletAccount({ accountType: 'SPARK_WALLET', currency: 'BTC', address: 'sp1qplaceholderwalletaa' });
    const r = await challenge(placeholder, 'WALLET_SIGNATURE');
    expectInvalidField(r, 'method');
    expect(r.body.message).toContain('use LIVENESS');
    const lightning = await w.api.post('/customers/external-accounts', { customerId: w.seed.alice.id, currency: 'BTC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'LIGHTNING', lightningAddress: 'alice@wallet.example' } });
    expect(lightning.status, lightning.text).toBe(201);
    expectInvalidField(await challenge(lightning.body.id, 'WALLET_SIGNATURE'), 'method');
    expectInvalidField(await challenge(w.seed.aliceExt['000'], 'LIVENESS'), 'externalAccountId');
    expectInvalidField(await challenge(placeholder, 'MICRO_DEPOSITS'), 'method');
    expectError(await verify(placeholder, { signature: 'x' }), 409, 'CONFLICT');
  });

  it('the platform path proves platform wallets and does not see customer ones', async () => {
    const wallet = tronWallet();
    const id = await walletAccount(wallet, '/platform/external-accounts');
    const c = await challenge(id, 'WALLET_SIGNATURE', '/platform/external-accounts');
    expect(c.status, c.text).toBe(201);
    expect((await verify(id, { signature: wallet.sign(c.body.messageToSign) }, '/platform/external-accounts')).status).toBe(200);
    expectError(await challenge(id, 'WALLET_SIGNATURE'), 404, 'REFERENCE_NOT_FOUND');
    expectError(await challenge(w.seed.aliceExt['000'], 'LIVENESS', '/platform/external-accounts'), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe('LIVENESS', () => {
  it("the sandbox's check passes: its token sent back as signature proves the wallet; the console reads the states", async () => {
    const id = await walletAccount({ accountType: 'SPARK_WALLET', currency: 'BTC', address: 'sp1qhostedwalletbb' });
    const keyed = await walletAccount(sparkWallet());
    const before = await invoke(w, 'verifications/ownership', { accountIds: [id, keyed, w.seed.aliceExt['000']] });
    expect(before).toEqual([
      { accountId: id, provable: true, methods: ['LIVENESS'] },
      { accountId: keyed, provable: true, methods: ['WALLET_SIGNATURE', 'LIVENESS'], signatureFormat: expect.stringContaining('Bitcoin') },
      { accountId: w.seed.aliceExt['000'], provable: false, methods: [] },
    ]);
    const c = await challenge(id, 'LIVENESS');
    expect(c.status, c.text).toBe(201);
    expect(c.body).toEqual({ method: 'LIVENESS', verificationLink: expect.stringMatching(/^https:\/\/liveness\.sandbox\.invalid\/session\//), token: expect.stringMatching(/^lvs_/), expiresAt: expect.any(String) });
    const open = (await invoke(w, 'verifications/ownership', { accountIds: [id] }))[0];
    expect(open!.open).toEqual({ method: 'LIVENESS', verificationLink: c.body.verificationLink, expiresAt: c.body.expiresAt });
    expectInvalidField(await verify(id, { signature: 'lvs_not-the-token' }), 'signature');
    const ok = await verify(id, { signature: c.body.token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.id).toBe(id);
    const after = (await invoke(w, 'verifications/ownership', { accountIds: [id] }))[0];
    expect(after!.proven).toEqual({ method: 'LIVENESS', at: expect.any(String) });
    expect(after!.open).toBeUndefined();
  });
});
