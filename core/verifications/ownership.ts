import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput } from '../kernel/errors';
import { randomHex } from '../kernel/ids';
import type { ExternalAccount, ExternalAccountService } from '../accounts/external-service';
import { assertSignable, SIGNATURE_FORMAT, signingFamilyOf, verifyWalletSignature } from '../accounts/wallet-signature';
import { ownershipRepo, type ProofMethod, type ProofRow } from './ownership-repo';

/** How long a challenge can be answered, on the workspace clock. */
export const OWNERSHIP_CHALLENGE_TTL_SECONDS = 15 * 60;
/** Where the sandbox's liveness sessions "live": a reserved name, so nothing is ever fetched from it. */
export const SANDBOX_LIVENESS_ORIGIN = 'https://liveness.sandbox.invalid';

const METHODS = ['WALLET_SIGNATURE', 'LIVENESS'] as const;
const expiresAt = z.iso.datetime().meta({ description: 'After this (workspace clock) the challenge cannot be answered: start a new one' });

/** `POST .../challenge` body. */
export const ownershipChallengeRequestSchema = z.object({
  method: z.enum(METHODS).meta({ description: 'WALLET_SIGNATURE: sign a text with the wallet key; LIVENESS: a liveness check of the holder' }),
}).meta({ id: 'OwnershipChallengeRequest' });

/** The OwnershipChallenge resource: what the customer must do to prove they control the account. */
export const ownershipChallengeSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('WALLET_SIGNATURE'),
    messageToSign: z.string().meta({ example: 'I verify that I control this wallet: 0x52908400098527886E0F7030069857D2E4169EE7. Nonce: 019542f5-b3e7-7d02-9a3b-4c5d6e7f8a9b' }),
    expiresAt,
  }).meta({ id: 'WalletSignatureChallenge' }),
  z.object({
    method: z.literal('LIVENESS'),
    verificationLink: z.url().meta({ description: 'Where the holder takes the liveness check (sandbox: a reserved .invalid name, the check counts as passed)' }),
    token: z.string().optional().meta({ description: "The session's token, shown once: send it as `signature` to verify" }),
    expiresAt,
  }).meta({ id: 'LivenessChallenge' }),
]).meta({ id: 'OwnershipChallenge', description: 'What proves that the customer controls an external wallet' });

/** The OwnershipChallenge resource. */
export type OwnershipChallenge = z.infer<typeof ownershipChallengeSchema>;

/** `POST .../verify` body. */
export const ownershipVerifySchema = z.object({
  signature: z.string().min(1).max(1000).meta({ description: "WALLET_SIGNATURE: the wallet's signature of messageToSign; LIVENESS: the challenge's token" }),
  signatureScheme: z.enum(['bip137', 'electrum']).optional().meta({ description: 'How a Bitcoin (Spark) signature header reads; default bip137' }),
}).meta({ id: 'OwnershipVerifyRequest' });

/** An account's ownership as the console shows it: the latest proof and the challenge still open. */
export interface OwnershipState {
  accountId: string;
  /** False for bank accounts, which are checked by the beneficiary name check instead. */
  provable: boolean;
  /** The methods this account can be proven by (WALLET_SIGNATURE only where its address names a key). */
  methods: ('WALLET_SIGNATURE' | 'LIVENESS')[];
  /** How a signature of this wallet is encoded, in words; absent when it cannot sign. */
  signatureFormat?: string;
  proven?: { method: ProofMethod; at: string };
  open?: { method: ProofMethod; messageToSign?: string; verificationLink?: string; expiresAt: string };
}

// Why a try: assertSignable's refusal is the API's 400; here it only means "offer LIVENESS alone".
function canSign(accountType: string, address: string): boolean {
  try {
    assertSignable(accountType, address, 'method');
    return true;
  } catch {
    return false;
  }
}
const isWallet = (accountType: string) => accountType.endsWith('_WALLET') || accountType === 'LIGHTNING';
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const typeOf = (a: ExternalAccount) => String(a.accountInfo.accountType);
const addressOf = (a: ExternalAccount) => String((a.accountInfo as Record<string, unknown>)['address'] ?? '');

/**
 * External-account ownership (upstream's challenge and verify): the holder of a wallet signs a text the
 * server issued with the wallet's key (checked for real, per chain), or passes a liveness check. The
 * sandbox's liveness check always passes: the challenge's `token` sent back as `signature` completes it.
 * A challenge lasts 15 minutes on the workspace clock, answers once, and a newer one replaces it.
 */
export class OwnershipChallenges {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly external: ExternalAccountService) {
    this.repo = ownershipRepo(ctx.db);
  }

  /** Starts a challenge for a wallet of that owner (404 when it is not one of theirs). */
  challenge(accountId: string, owner: 'CUSTOMER' | 'PLATFORM', method: 'WALLET_SIGNATURE' | 'LIVENESS'): OwnershipChallenge {
    const account = this.external.get(accountId, owner);
    const type = typeOf(account);
    if (!isWallet(type)) {
      throw invalidInput('externalAccountId', `is a ${type}: ownership challenges prove control of a wallet; a bank account's holder is checked by the beneficiary name check`);
    }
    if (method === 'WALLET_SIGNATURE') assertSignable(type, addressOf(account), 'method');
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('OwnershipChallenge');
    const nonce = id.slice(id.indexOf(':') + 1);
    const expires = now + OWNERSHIP_CHALLENGE_TTL_SECONDS * 1000;
    // The text names the wallet so a signature cannot be replayed to prove another one.
    const message = method === 'WALLET_SIGNATURE' ? `I verify that I control this wallet: ${addressOf(account)}. Nonce: ${nonce}` : `${SANDBOX_LIVENESS_ORIGIN}/session/${nonce}`;
    const token = method === 'LIVENESS' ? `lvs_${randomHex(16)}${randomHex(16)}` : undefined;
    this.ctx.transaction(() => {
      this.repo.insert({ id, accountId, method, message, tokenHash: token ? sha256hex(token) : null, atMs: now, expiresAt: expires });
      this.ctx.events.append('EXTERNAL_ACCOUNT.OWNERSHIP_CHALLENGED', 'ExternalAccount', accountId, { challengeId: id, method });
    });
    return method === 'WALLET_SIGNATURE'
      ? { method, messageToSign: message, expiresAt: isoOf(expires) }
      : { method, verificationLink: message, token: token!, expiresAt: isoOf(expires) };
  }

  /** Answers the account's open challenge; the account once proven. */
  verify(accountId: string, owner: 'CUSTOMER' | 'PLATFORM', body: { signature: string; signatureScheme?: 'bip137' | 'electrum' | undefined }): ExternalAccount {
    const account = this.external.get(accountId, owner);
    const c = this.openChallenge(accountId);
    if (c.method === 'LIVENESS') {
      if (sha256hex(body.signature.trim()) !== c.token_hash) throw invalidInput('signature', "must be the LIVENESS challenge's token (the sandbox's liveness check passes: send back the token the challenge returned)");
    } else {
      verifyWalletSignature({ accountType: typeOf(account), address: addressOf(account), message: c.message, signature: body.signature, scheme: body.signatureScheme ?? 'bip137', field: 'signature' });
    }
    this.ctx.transaction(() => {
      if (!this.repo.verify(c.id, this.ctx.clock.nowMs())) throw conflict(`The ownership challenge of ${accountId} was answered or replaced meanwhile`, 'CONFLICT');
      this.ctx.events.append('EXTERNAL_ACCOUNT.OWNERSHIP_VERIFIED', 'ExternalAccount', accountId, { challengeId: c.id, method: c.method });
    });
    return this.external.get(accountId, owner);
  }

  /** The pending, unexpired challenge of an account, or 409 saying why there is none. */
  private openChallenge(accountId: string): ProofRow {
    const c = this.repo.latest(accountId);
    const start = 'start one with POST …/challenge';
    if (!c) throw conflict(`External account ${accountId} has no ownership challenge: ${start}`, 'CONFLICT', { reason: 'NO_OPEN_CHALLENGE' });
    if (c.status !== 'PENDING') {
      throw conflict(`External account ${accountId} has no open ownership challenge (the last one was ${c.status === 'VERIFIED' ? 'already used' : 'replaced'}): ${start}`, 'CONFLICT', { reason: 'NO_OPEN_CHALLENGE' });
    }
    if (c.expires_at <= this.ctx.clock.nowMs()) {
      throw conflict(`The ownership challenge of ${accountId} expired at ${isoOf(c.expires_at)}: ${start}`, 'CONFLICT', { reason: 'CHALLENGE_EXPIRED', expiredAt: isoOf(c.expires_at) });
    }
    return c;
  }

  /** Each account's ownership (the console's drawer): proven by what and when, or the challenge still open. */
  states(accountIds: string[]): OwnershipState[] {
    const now = this.ctx.clock.nowMs();
    return accountIds.map((id) => {
      const a = this.external.get(id);
      const type = typeOf(a);
      const family = signingFamilyOf(type);
      const provable = isWallet(type);
      const signable = family !== undefined && canSign(type, addressOf(a));
      const state: OwnershipState = { accountId: a.id, provable, methods: provable ? [...(signable ? ['WALLET_SIGNATURE' as const] : []), 'LIVENESS'] : [] };
      if (signable) state.signatureFormat = SIGNATURE_FORMAT[family];
      const done = this.repo.latestVerified(a.id);
      if (done?.verified_at) state.proven = { method: done.method, at: isoOf(done.verified_at) };
      const last = this.repo.latest(a.id);
      if (last?.status === 'PENDING' && last.expires_at > now) {
        state.open = { method: last.method, expiresAt: isoOf(last.expires_at), ...(last.method === 'LIVENESS' ? { verificationLink: last.message } : { messageToSign: last.message }) };
      }
      return state;
    });
  }
}
