import type { Ctx } from '../context';
import { ServiceError, unauthorized } from '../kernel/errors';
import { challengeRepo } from './challenge-repo';
import type { WalletCredential } from './repo';
import { compressPublicKey, fromHex, hpkeOpen, newKeyPair, targetBundle } from './crypto';

/** The code every OTP challenge carries in the sandbox (delivery is skipped; the cryptography is real). */
export const SANDBOX_OTP_CODE = '000000';
/** How long an issued code and its target bundle stay valid. */
export const OTP_TTL_MS = 5 * 60 * 1000;
/** Challenge re-issue limit: this many issuances per credential within the window, then 429. */
export const CHALLENGE_LIMIT = { count: 3, windowMs: 60_000 };

/** OTP challenges: a fresh HPKE target key per issuance, rate limited, and opening of the client's sealed code. */
export class OtpService {
  private readonly challenges;

  constructor(private readonly ctx: Ctx, private readonly organizationId: () => string) {
    this.challenges = challengeRepo(ctx.db);
  }

  /** Throws 429 RATE_LIMITED (with Retry-After) when a credential's challenges were re-issued too often. */
  rateLimit(table: 'otp_challenges' | 'passkey_challenges', authMethodId: string): void {
    const now = this.ctx.clock.nowMs();
    const recent = this.challenges.issuedSince(table, authMethodId, now - CHALLENGE_LIMIT.windowMs);
    if (recent.length >= CHALLENGE_LIMIT.count) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + CHALLENGE_LIMIT.windowMs - now) / 1000));
      throw new ServiceError(429, 'RATE_LIMITED', `Too many challenges for this credential; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
    }
  }

  /** Issues a code with a fresh enclave key and returns the `otpEncryptionTargetBundle` for it. */
  issue(m: WalletCredential): string {
    this.rateLimit('otp_challenges', m.id);
    const enclave = newKeyPair();
    const now = this.ctx.clock.nowMs();
    this.challenges.insertOtp({ id: this.ctx.ids('Request'), authMethodId: m.id, enclavePrivateKey: enclave.privateKey, issuedAt: now, expiresAt: now + OTP_TTL_MS });
    return targetBundle(enclave.publicKeyUncompressed, this.organizationId(), m.accountId);
  }

  /**
   * Opens an `encryptedOtpBundle` with the latest live challenge of the credential and checks the code.
   * Returns the client's key (compressed) that will stamp the retry, and the challenge to consume.
   */
  async open(m: WalletCredential, encryptedOtpBundle: string): Promise<{ publicKey: string; challengeId: string }> {
    const row = this.challenges.latestOpenOtp(m.id);
    if (!row) throw unauthorized('No code is pending for this credential: call POST /auth/credentials/{id}/challenge first');
    if (row.expiresAt <= this.ctx.clock.nowMs()) throw unauthorized('The code has expired: request a new challenge');
    let plain: { otp_code?: unknown; public_key?: unknown };
    try {
      const bundle = JSON.parse(encryptedOtpBundle) as { encappedPublic?: string; ciphertext?: string };
      if (typeof bundle.encappedPublic !== 'string' || typeof bundle.ciphertext !== 'string') throw new Error('fields');
      const opened = await hpkeOpen(fromHex(bundle.ciphertext), fromHex(bundle.encappedPublic), row.enclavePrivateKey);
      plain = JSON.parse(new TextDecoder().decode(opened)) as typeof plain;
    } catch {
      throw unauthorized('encryptedOtpBundle could not be opened with the current challenge (sealed to another target bundle, or malformed)');
    }
    if (plain.otp_code !== SANDBOX_OTP_CODE) throw unauthorized('Invalid OTP code');
    if (typeof plain.public_key !== 'string') throw unauthorized('The OTP bundle carries no public_key');
    let publicKey: string;
    try {
      publicKey = compressPublicKey(plain.public_key);
    } catch {
      throw unauthorized('The OTP bundle public_key is not a P-256 point');
    }
    return { publicKey, challengeId: row.id };
  }

  /** Marks a challenge used (after the signed retry succeeded). */
  consume(challengeId: string): void {
    this.challenges.useOtp(challengeId, this.ctx.clock.nowMs());
  }
}
