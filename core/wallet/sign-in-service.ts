import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { reply } from '../api/contract';
import { invalidInput, unauthorized } from '../kernel/errors';
import { authMethodOf, credentialRepo, type WalletCredential } from './repo';
import { challengeRepo } from './challenge-repo';
import { sha256Hex } from './crypto';
import { expectedNonce, readOidcToken } from './oauth';
import { LEGACY_PASSKEY_SIGNATURE, verifyAssertion, type Assertion, type RelyingParty } from './passkey';
import type { OtpService } from './otp';
import type { SessionService } from './sessions';
import type { Signed, SignedRequest, SignedRetry } from './signed-retry';
import type { AuthSession, CredentialChallenge, challengeSchema, verifyCredentialSchema } from './schema';

type SessionReply = Signed<{ status: 200; body: AuthSession }>;

/** How long a passkey challenge stays valid. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Wallet sign-in: a challenge and its verification per credential type (OTP, passkey, OAuth), ending in a session. */
export class SignInService {
  // Signs the OTP verification tokens (JWT-shaped payloads to stamp); the key lives for this core's run.
  private readonly tokenKey: KeyObject = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  private readonly challenges;
  private readonly credentials;

  constructor(
    private readonly ctx: Ctx,
    private readonly sessions: SessionService,
    private readonly signed: SignedRetry,
    private readonly otp: OtpService,
    private readonly relyingParty: () => RelyingParty,
  ) {
    this.challenges = challengeRepo(ctx.db);
    this.credentials = credentialRepo(ctx.db);
  }

  /** `POST /auth/credentials/{id}/challenge`: a fresh OTP target bundle, or a passkey challenge bound to clientPublicKey. */
  challenge(id: string, body: z.infer<typeof challengeSchema>): CredentialChallenge {
    const m = this.sessions.credential(id);
    const method = authMethodOf(m);
    if (method.type === 'EMAIL_OTP' || method.type === 'SMS_OTP') return { ...method, otpEncryptionTargetBundle: this.otp.issue(m) };
    if (method.type !== 'PASSKEY') throw invalidInput('id', 'OAUTH credentials need no challenge: verify with a fresh OIDC token');
    if (!body?.clientPublicKey) throw invalidInput('clientPublicKey', 'is required to challenge a PASSKEY credential');
    this.otp.rateLimit('passkey_challenges', m.id);
    const requestId = this.ctx.ids('Request');
    const now = this.ctx.clock.nowMs();
    // The challenge commits to the session the assertion will create, including the client's key.
    const challenge = sha256Hex(JSON.stringify({ authMethodId: m.id, clientPublicKey: body.clientPublicKey, requestId, type: 'PASSKEY' }));
    this.challenges.insertPasskey({ requestId, authMethodId: m.id, challenge, clientPublicKey: body.clientPublicKey, issuedAt: now, expiresAt: now + PASSKEY_CHALLENGE_TTL_MS });
    return { ...method, challenge, requestId, expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS).toISOString() };
  }

  /**
   * `POST /auth/credentials/{id}/verify` for every type. The checks and crypto run first; the returned
   * step consumes what the sign-in uses up and mints the session, in one go with the request's answer.
   */
  async verify(id: string, body: z.infer<typeof verifyCredentialSchema>, req: SignedRequest): Promise<() => SessionReply> {
    const m = this.sessions.credential(id);
    if (body.type !== m.type) throw invalidInput('type', `is ${body.type} but credential ${id} is ${m.type}`);
    switch (body.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP':
        return this.verifyOtp(m, body.encryptedOtpBundle, req);
      case 'OAUTH':
        return this.verifyOauth(m, body.oidcToken, body.clientPublicKey);
      case 'PASSKEY':
        return this.verifyPasskey(m, body.assertion, req.requestId);
    }
  }

  private async verifyOtp(m: WalletCredential, bundle: string, req: SignedRequest): Promise<() => SessionReply> {
    this.signed.assertNotReused(req);
    const opened = await this.otp.open(m, bundle);
    const exchange = await this.signed.exchangeWithPayload(
      req,
      { accountId: m.accountId, type: m.type, activity: 'ACTIVITY_TYPE_OTP_LOGIN', parameters: {}, key: { kind: 'KEY', publicKey: opened.publicKey } },
      (requestId, expiresAt) => this.verificationToken({ requestId, authMethodId: m.id, publicKey: opened.publicKey }, expiresAt),
    );
    const key = await this.sessions.prepareKey({ sessionPublicKey: opened.publicKey });
    return () => {
      const r = exchange();
      if ('challenge' in r) return r.challenge;
      this.otp.consume(opened.challengeId);
      return reply(200, this.sessions.mint(m, key));
    };
  }

  private async verifyOauth(m: WalletCredential, token: string, clientPublicKey: string): Promise<() => SessionReply> {
    const claims = readOidcToken(token, this.ctx.clock.nowMs());
    if (claims.iss !== m.oauthIss || claims.sub !== m.oauthSub || claims.aud !== m.oauthAud) throw unauthorized('OIDC iss, aud and sub must match the credential');
    if (claims.nonce !== expectedNonce(clientPublicKey)) throw unauthorized('OIDC nonce must be the SHA-256 (lowercase hex) of the exact clientPublicKey sent');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    this.assertOidcTokenUnused(tokenHash);
    const key = await this.sessions.prepareKey({ clientKey: clientPublicKey });
    return () => {
      // Checked again where nothing runs in between: two sign-ins racing with one token make one session.
      this.assertOidcTokenUnused(tokenHash);
      this.challenges.useOidcToken(tokenHash, this.ctx.clock.nowMs());
      return reply(200, this.sessions.mint(m, key));
    };
  }

  private assertOidcTokenUnused(tokenHash: string): void {
    if (this.challenges.oidcTokenUsed(tokenHash)) throw unauthorized('This OIDC token was already used: each verify needs a fresh token');
  }

  private async verifyPasskey(m: WalletCredential, assertion: Assertion, requestId: string | undefined): Promise<() => SessionReply> {
    if (!requestId) throw unauthorized('Request-Id (from the passkey challenge) is required', 'REQUEST_ID_MISSING');
    const ch = this.openPasskeyChallenge(m, requestId);
    const counter = assertion.signature === LEGACY_PASSKEY_SIGNATURE
      ? undefined
      : await verifyAssertion(assertion, ch.challenge, { credentialId: m.credentialId!, publicKey: m.passkeyPublicKey!, counter: m.passkeyCounter ?? 0 }, this.relyingParty());
    const key = await this.sessions.prepareKey({ clientKey: ch.clientPublicKey });
    return () => {
      // Checked again where nothing runs in between: one challenge signs in once.
      this.openPasskeyChallenge(m, requestId);
      const now = this.ctx.clock.nowMs();
      if (counter !== undefined) this.credentials.setPasskeyCounter(m.id, counter, now);
      this.challenges.usePasskey(requestId, now);
      return reply(200, this.sessions.mint(m, key));
    };
  }

  private openPasskeyChallenge(m: WalletCredential, requestId: string) {
    const ch = this.challenges.passkeyChallenge(requestId, m.id);
    if (!ch) throw unauthorized(`Request-Id ${requestId} is not a challenge of this credential`);
    if (ch.usedAt !== null) throw unauthorized(`Request-Id ${requestId} has already been used`, 'REQUEST_ID_REUSED');
    if (ch.expiresAt <= this.ctx.clock.nowMs()) throw unauthorized('The passkey challenge has expired: request a new one');
    return ch;
  }

  /** An ES256 verification token (a JWT) bound to the client's key, expiring with the challenge: the payload the OTP retry stamps. */
  private verificationToken(claims: { requestId: string; authMethodId: string; publicKey: string }, expiresAtMs: number): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'svc-sandbox' }).setExpirationTime(Math.floor(expiresAtMs / 1000)).sign(this.tokenKey);
  }
}
