// Real wallet keys for ownership tests: an address derived from a fresh key the way each chain derives
// it, and a signer that frames a message the way that chain's wallets sign messages (EIP-191 personal_sign,
// TRON's signMessageV2, Solana's signMessage, a Bitcoin signed message by a Spark identity key).
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base64, bech32m, createBase58check, hex } from '@scure/base';

/** A wallet key of one chain: its address and how it signs a text. */
export interface TestWallet {
  accountType: string;
  currency: string;
  address: string;
  /** The signature as that chain's wallets encode it; `header` overrides a Bitcoin header byte. */
  sign(message: string, o?: { header?: number }): string;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const rsv = (hash: Uint8Array, sk: Uint8Array) => {
  const sig = secp256k1.sign(hash, sk, { prehash: false, format: 'recovered' });
  return `0x${hex.encode(concat(sig.slice(1), Uint8Array.of(27 + sig[0]!)))}`;
};

// Why the loop: an identifier ending in 3 digits selects a sandbox outcome (105 refuses the account).
function fresh<T extends { address: string }>(make: () => T): T {
  for (;;) {
    const w = make();
    if (!/\d{3}$/.test(w.address)) return w;
  }
}

/** An Ethereum (or Polygon, Base, Plasma) wallet: EIP-191 personal_sign. */
export function evmWallet(accountType = 'ETHEREUM_WALLET', currency = 'USDC'): TestWallet {
  return fresh(() => {
    const sk = secp256k1.utils.randomSecretKey();
    const address = `0x${hex.encode(keccak_256(secp256k1.getPublicKey(sk, false).slice(1)).slice(12))}`;
    return { accountType, currency, address, sign: (m: string) => rsv(keccak_256(concat(utf8(`\x19Ethereum Signed Message:\n${utf8(m).length}`), utf8(m))), sk) };
  });
}

/** A TRON wallet: signMessageV2 (TIP-191). */
export function tronWallet(): TestWallet {
  return fresh(() => {
    const sk = secp256k1.utils.randomSecretKey();
    const address = createBase58check(sha256).encode(concat(Uint8Array.of(0x41), keccak_256(secp256k1.getPublicKey(sk, false).slice(1)).slice(12)));
    return { accountType: 'TRON_WALLET', currency: 'USDT', address, sign: (m: string) => rsv(keccak_256(concat(utf8(`\x19TRON Signed Message:\n${utf8(m).length}`), utf8(m))), sk) };
  });
}

/** A Solana wallet: ed25519 over the message bytes, base58 like Phantom's signMessage. */
export function solanaWallet(): TestWallet {
  return fresh(() => {
    const sk = ed25519.utils.randomSecretKey();
    return { accountType: 'SOLANA_WALLET', currency: 'USDC', address: base58.encode(ed25519.getPublicKey(sk)), sign: (m: string) => base58.encode(ed25519.sign(utf8(m), sk)) };
  });
}

/** A Spark wallet: its address is the bech32m of its identity key; it signs Bitcoin messages, base64. */
export function sparkWallet(): TestWallet {
  return fresh(() => {
    const sk = secp256k1.utils.randomSecretKey();
    const address = bech32m.encode('spark', bech32m.toWords(concat(Uint8Array.of(0x0a, 33), secp256k1.getPublicKey(sk, true))), 1024);
    return {
      accountType: 'SPARK_WALLET', currency: 'BTC', address,
      sign: (m: string, o = {}) => {
        const framed = concat(Uint8Array.of(24), utf8('Bitcoin Signed Message:\n'), Uint8Array.of(utf8(m).length), utf8(m));
        const sig = secp256k1.sign(sha256(sha256(framed)), sk, { prehash: false, format: 'recovered' });
        // 31-34: a compressed key's P2PKH header, the same in BIP-137 and Electrum.
        return base64.encode(concat(Uint8Array.of(o.header ?? 31 + sig[0]!), sig.slice(1)));
      },
    };
  });
}
