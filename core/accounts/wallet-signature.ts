import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base64, bech32m, createBase58check, hex } from '@scure/base';
import { invalidInput } from '../kernel/errors';

// Proof that someone holds a wallet's key: the signature of a server-issued text, checked the way each
// chain's own wallets sign messages. Nothing here is hand-rolled cryptography: @noble/curves verifies,
// @noble/hashes hashes, @scure/base decodes; this module only knows each chain's message framing.

/** How a chain's wallets sign a text message. */
export type SigningFamily = 'EVM' | 'TRON' | 'SOLANA' | 'SPARK';

/** Bitcoin message-signature header conventions (the contract's OwnershipVerifyRequest.signatureScheme). */
export type BitcoinSignatureScheme = 'bip137' | 'electrum';

const FAMILY: Record<string, SigningFamily> = {
  ETHEREUM_WALLET: 'EVM', POLYGON_WALLET: 'EVM', BASE_WALLET: 'EVM', PLASMA_WALLET: 'EVM',
  TRON_WALLET: 'TRON', SOLANA_WALLET: 'SOLANA', SPARK_WALLET: 'SPARK',
};

/** What a signature of each family looks like, in words (error messages and the console). */
export const SIGNATURE_FORMAT: Record<SigningFamily, string> = {
  EVM: 'an EIP-191 personal_sign signature: 65 bytes r, s, v in hex (0x…)',
  TRON: 'a TIP-191 signMessageV2 signature: 65 bytes r, s, v in hex (0x…)',
  SOLANA: 'an ed25519 signature of the message bytes: 64 bytes in base58, hex or base64',
  SPARK: 'a Bitcoin signed message (BIP-137 or Electrum) by the identity key: 65 bytes in base64 or hex',
};

const tronAddress = createBase58check(sha256);
const SPARK_PREFIXES = new Set(['sp', 'spt', 'sprt', 'sps', 'spl', 'spark', 'sparkt', 'sparkrt', 'sparks', 'sparkl']);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** The signing family of an account type; undefined for accounts no key can sign for (banks, Lightning). */
export function signingFamilyOf(accountType: string): SigningFamily | undefined {
  return FAMILY[accountType];
}

/** The key an address commits to, or why the address names none (a sandbox placeholder, a typo). */
function addressKey(family: SigningFamily, address: string): Uint8Array | string {
  try {
    if (family === 'EVM') return /^0x[0-9a-fA-F]{40}$/.test(address) ? hex.decode(address.slice(2).toLowerCase()) : 'is not an address of 0x and 40 hex digits';
    if (family === 'TRON') {
      const raw = tronAddress.decode(address);
      return raw.length === 21 && raw[0] === 0x41 ? raw.slice(1) : 'is not a TRON address (T…, base58check of 0x41 and 20 bytes)';
    }
    if (family === 'SOLANA') {
      const key = base58.decode(address);
      return key.length === 32 ? key : 'is not a Solana address (the base58 of a 32-byte ed25519 key)';
    }
    // A Spark address is the bech32m of a protobuf whose field 1 holds the 33-byte identity key.
    const { prefix, words } = bech32m.decode(address as `${string}1${string}`, 1024);
    const payload = bech32m.fromWords(words);
    if (!SPARK_PREFIXES.has(prefix) || payload[0] !== 0x0a || payload[1] !== 33) return 'is not a Spark address (bech32m of an identity public key)';
    const key = payload.slice(2, 35);
    secp256k1.Point.fromBytes(key);
    return key;
  } catch {
    return `is not a valid ${family === 'EVM' ? 'EVM' : family.toLowerCase()} address`;
  }
}

/**
 * Throws 400 naming `field` unless a signature by this account's key could be checked: the account type
 * must belong to a chain whose wallets sign messages, and the address must encode its key or key hash.
 */
export function assertSignable(accountType: string, address: string, field: string): SigningFamily {
  const family = signingFamilyOf(accountType);
  if (!family) throw invalidInput(field, `WALLET_SIGNATURE needs a wallet whose key signs messages (Ethereum, Polygon, Base, Plasma, TRON, Solana or Spark); a ${accountType} cannot sign: use LIVENESS`);
  const key = addressKey(family, address);
  if (typeof key === 'string') throw invalidInput(field, `WALLET_SIGNATURE: the account's address ${address} ${key}, so no signature can prove it: use LIVENESS`);
  return family;
}

/** Bytes of a signature sent in one of the encodings wallets use, or undefined. */
function decodeSignature(text: string, length: number, encodings: ('hex' | 'base58' | 'base64')[]): Uint8Array | undefined {
  const s = text.trim();
  for (const e of encodings) {
    try {
      const bytes = e === 'hex' ? (/^(0x)?[0-9a-fA-F]+$/.test(s) ? hex.decode(s.replace(/^0x/, '').toLowerCase()) : undefined)
        : e === 'base58' ? base58.decode(s) : base64.decode(s);
      if (bytes?.length === length) return bytes;
    } catch {
      // Not this encoding: try the next one.
    }
  }
  return undefined;
}

/** A Bitcoin CompactSize length prefix. */
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};

/** Signed-message digests as each chain's wallets compute them. */
const digest = {
  evm: (m: Uint8Array) => keccak_256(concat(utf8(`\x19Ethereum Signed Message:\n${m.length}`), m)),
  tron: (m: Uint8Array) => keccak_256(concat(utf8(`\x19TRON Signed Message:\n${m.length}`), m)),
  bitcoin: (m: Uint8Array) => sha256(sha256(concat(varint(24), utf8('Bitcoin Signed Message:\n'), varint(m.length), m))),
};

/** The point recovered from r, s and a recovery id over a digest, or undefined when none is. */
function recover(rs: Uint8Array, recovery: number, hash: Uint8Array) {
  try {
    return secp256k1.Signature.fromBytes(rs, 'compact').addRecoveryBit(recovery).recoverPublicKey(hash);
  } catch {
    return undefined;
  }
}

/** An r, s, v signature's recovery id (v is 27/28 as wallets send it, or 0/1), or undefined. */
function recoveryOfV(v: number): number | undefined {
  if (v === 27 || v === 28) return v - 27;
  return v === 0 || v === 1 ? v : undefined;
}

/**
 * Checks that `signature` signs `message` with the key of the wallet at `address`; throws 400 naming
 * `field` (the signature's encoding, or a key that is not the wallet's). `scheme` reads Bitcoin headers.
 */
export function verifyWalletSignature(o: { accountType: string; address: string; message: string; signature: string; scheme: BitcoinSignatureScheme; field: string }): void {
  const family = assertSignable(o.accountType, o.address, o.field);
  const key = addressKey(family, o.address) as Uint8Array;
  const msg = utf8(o.message);
  const malformed = () => invalidInput(o.field, `must be ${SIGNATURE_FORMAT[family]}`);
  const wrongKey = () => invalidInput(o.field, `is not a signature of the challenge's messageToSign by the key of ${o.address}: sign exactly that text with that wallet, before the challenge expires`);
  if (family === 'SOLANA') {
    const sig = decodeSignature(o.signature, 64, ['hex', 'base58', 'base64']);
    if (!sig) throw malformed();
    if (!ed25519.verify(sig, msg, key)) throw wrongKey();
    return;
  }
  if (family === 'EVM' || family === 'TRON') {
    const sig = decodeSignature(o.signature, 65, ['hex']);
    const recovery = sig && recoveryOfV(sig[64]!);
    if (!sig || recovery === undefined) throw malformed();
    const point = recover(sig.slice(0, 64), recovery, family === 'EVM' ? digest.evm(msg) : digest.tron(msg));
    const hash = point && keccak_256(point.toBytes(false).slice(1)).slice(12);
    if (!hash || hex.encode(hash) !== hex.encode(key)) throw wrongKey();
    return;
  }
  // Spark: a Bitcoin signed message. BIP-137 headers 27-42 say compressed or not and which address type;
  // Electrum's stay within 27-34 for every address type. Either way the recovered key must be the identity key.
  const sig = decodeSignature(o.signature, 65, ['base64', 'hex']);
  if (!sig) throw malformed();
  const header = sig[0]!;
  const highest = o.scheme === 'electrum' ? 34 : 42;
  if (header < 27 || header > highest) {
    throw invalidInput(o.field, `has header byte ${header}, outside ${o.scheme}'s 27-${highest}${o.scheme === 'electrum' && header <= 42 ? ' (a BIP-137 segwit header: send signatureScheme bip137)' : ''}`);
  }
  const point = recover(sig.slice(1), (header - 27) & 3, digest.bitcoin(msg));
  if (!point || !point.equals(secp256k1.Point.fromBytes(key))) throw wrongKey();
}
