// Ownership signatures checked against vectors published by others (web3.js's accounts.sign, the
// bitcoinjs-message README, RFC 8032), so the message framing is the chains' own and not only
// consistent with our test signer.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32m, createBase58check, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../core/kernel/errors';
import { verifyWalletSignature } from '../../core/accounts/wallet-signature';

const check = (accountType: string, address: string, message: string, signature: string, scheme: 'bip137' | 'electrum' = 'bip137') =>
  verifyWalletSignature({ accountType, address, message, signature, scheme, field: 'signature' });
const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return e instanceof ServiceError ? `${e.status} ${e.message}` : String(e);
  }
  return 'accepted';
};

describe('wallet signatures of a text', () => {
  it("EIP-191: web3.js's accounts.sign('Some data') by 0x2c75…5c23", () => {
    const sig = '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c';
    expect(refusal(() => check('ETHEREUM_WALLET', '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', 'Some data', sig))).toBe('accepted');
    expect(refusal(() => check('BASE_WALLET', '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', 'Some data!', sig))).toMatch(/^400 signature: is not a signature/);
  });

  it('Bitcoin signed message (bitcoinjs-message README) by the key a Spark address names', () => {
    const wif = createBase58check(sha256).decode('L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1');
    const pub = secp256k1.getPublicKey(wif.slice(1, 33), true);
    const address = bech32m.encode('spark', bech32m.toWords(Uint8Array.from([0x0a, 33, ...pub])), 1024);
    const sig = 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=';
    expect(refusal(() => check('SPARK_WALLET', address, 'This is an example of a signed message.', sig))).toBe('accepted');
    expect(refusal(() => check('SPARK_WALLET', address, 'This is an example of a signed message.', sig, 'electrum'))).toBe('accepted');
    expect(refusal(() => check('SPARK_WALLET', address, 'This is another message.', sig))).toMatch(/^400 signature: is not a signature/);
  });

  it('ed25519 (RFC 8032 test 2) by the Solana address of its key', () => {
    const address = base58.encode(hex.decode('3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c'));
    const sig = '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00';
    expect(refusal(() => check('SOLANA_WALLET', address, 'r', sig))).toBe('accepted');
    expect(refusal(() => check('SOLANA_WALLET', address, 'r', base58.encode(hex.decode(sig))))).toBe('accepted');
    expect(refusal(() => check('SOLANA_WALLET', address, 's', sig))).toMatch(/^400 signature: is not a signature/);
    expect(refusal(() => check('SOLANA_WALLET', address, 'r', 'not base58 0OIl'))).toMatch(/^400 signature: must be an ed25519 signature/);
  });
});
