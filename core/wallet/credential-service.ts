import type { z } from 'zod';
import type { Ctx } from '../context';
import { noContent, reply } from '../api/contract';
import { conflict, invalidInput, ServiceError } from '../kernel/errors';
import type { CustomerService } from '../customers/service';
import { authMethodOf, credentialRepo, type WalletCredential } from './repo';
import { readOidcToken } from './oauth';
import { verifyRegistration, type RelyingParty } from './passkey';
import type { SessionService } from './sessions';
import type { Signed, SignedRequest, SignedRetry } from './signed-retry';
import type { OtpService } from './otp';
import type { AuthMethod, CredentialType, createCredentialSchema } from './schema';

const ACTIVITY: Record<CredentialType, string> = {
  EMAIL_OTP: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_EMAIL', SMS_OTP: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_SMS',
  OAUTH: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', PASSKEY: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS',
};

/** Wallet credentials: adding (signed retry), listing and revoking (signed retry by another credential's session). */
export class CredentialService {
  private readonly repo;

  constructor(
    private readonly ctx: Ctx,
    private readonly sessions: SessionService,
    private readonly signed: SignedRetry,
    private readonly otp: OtpService,
    private readonly customers: CustomerService,
    private readonly relyingParty: () => RelyingParty,
  ) {
    this.repo = credentialRepo(ctx.db);
  }

  /** Creates the credential a wallet is born with: EMAIL_OTP tied to its customer's email. */
  createInitial(accountId: string, email: string): AuthMethod {
    return this.insert(accountId, 'EMAIL_OTP', email, {});
  }

  /**
   * `POST /auth/credentials`: checks first (a passkey's attestation asynchronously), then the returned
   * step answers 202 or, on the signed retry, writes and answers 201 with the new credential.
   */
  async create(body: z.infer<typeof createCredentialSchema>, req: SignedRequest): Promise<() => Signed<{ status: 201; body: AuthMethod }>> {
    const wallet = this.sessions.wallet(body.accountId);
    const customer = wallet.customerId ? this.customers.get(wallet.customerId) : undefined;
    const existing = this.repo.liveOf(wallet.id);
    let nickname: string;
    let extra: Partial<WalletCredential> = {};
    let registration: string | undefined;
    switch (body.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP': {
        if (existing.some((m) => m.type === body.type)) throw new ServiceError(400, `${body.type}_CREDENTIAL_ALREADY_EXISTS`, `This wallet already has an ${body.type} credential (one per account)`);
        const contact = body.type === 'EMAIL_OTP' ? customer?.email : customer?.phoneNumber;
        if (!contact) throw invalidInput('type', `the wallet's customer has no ${body.type === 'EMAIL_OTP' ? 'email' : 'phone number'} to send codes to`);
        nickname = contact;
        break;
      }
      case 'OAUTH': {
        const claims = readOidcToken(body.oidcToken, this.ctx.clock.nowMs());
        if (existing.some((m) => m.type === 'OAUTH' && m.oauthIss === claims.iss && m.oauthSub === claims.sub)) {
          throw conflict(`This wallet already has an OAUTH credential for ${claims.iss} subject ${claims.sub}`);
        }
        nickname = claims.email ?? claims.sub;
        extra = { oauthIss: claims.iss, oauthSub: claims.sub, oauthAud: claims.aud };
        break;
      }
      case 'PASSKEY': {
        const reg = await verifyRegistration(body.attestation, body.challenge, this.relyingParty());
        this.assertChallengeUnused(reg.challenge);
        registration = reg.challenge;
        if (this.repo.passkeyRegistered(reg.credentialId)) throw new ServiceError(400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', `Passkey ${reg.credentialId} is already registered`);
        nickname = body.nickname;
        extra = { credentialId: reg.credentialId, passkeyPublicKey: reg.publicKey, passkeyCounter: reg.counter, transports: body.attestation.transports ? JSON.stringify(body.attestation.transports) : null };
        break;
      }
    }
    return () => {
      const r = this.signed.exchange(req, { accountId: wallet.id, type: body.type, activity: ACTIVITY[body.type], parameters: { accountId: wallet.id, type: body.type, nickname }, key: { kind: 'SESSION' } });
      if ('challenge' in r) return r.challenge;
      const created = this.ctx.transaction(() => {
        // Checked again here, where nothing can run in between: two registrations racing on one challenge store one passkey.
        if (registration) this.assertChallengeUnused(registration);
        const m = this.insert(wallet.id, body.type, nickname, extra);
        if (registration) this.repo.useRegistrationChallenge(registration, wallet.id, this.ctx.clock.nowMs());
        return m;
      });
      // Why: an OTP credential is activated like the first one (flow rule 7), so its creation sends the first code.
      if (created.type === 'EMAIL_OTP' || created.type === 'SMS_OTP') return reply(201, { ...created, otpEncryptionTargetBundle: this.otp.issue(this.sessions.credential(created.id)) });
      return reply(201, created);
    };
  }

  /** The live credentials of a wallet (not paginated). */
  list(accountId: string): { data: AuthMethod[] } {
    return { data: this.repo.liveOf(accountId).map(authMethodOf) };
  }

  /** `DELETE /auth/credentials/{id}`: 202, then 204 on a retry stamped by a session of a different credential. */
  revoke(id: string, req: SignedRequest): Signed<ReturnType<typeof noContent>> {
    const m = this.sessions.credential(id);
    if (this.repo.liveOf(m.accountId).length <= 1) {
      throw new ServiceError(400, 'INVALID_INPUT', 'A wallet keeps at least one credential: add another before revoking this one', { errors: [{ field: 'id', message: 'is the only credential of the wallet' }] });
    }
    const r = this.signed.exchange(req, { accountId: m.accountId, type: m.type, activity: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', parameters: { authMethodId: id }, key: { kind: 'SESSION', excludeAuthMethodId: id } });
    if ('challenge' in r) return r.challenge;
    this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      this.repo.revoke(id, now);
      this.sessions.revoke({ authMethodId: id }, 'CREDENTIAL_REVOKED');
      this.ctx.events.append('AUTH_METHOD.REVOKED', 'AuthMethod', id, { accountId: m.accountId, type: m.type });
    });
    return noContent();
  }

  private assertChallengeUnused(challenge: string): void {
    if (this.repo.registrationChallengeUsed(challenge)) {
      throw new ServiceError(400, 'PASSKEY_CHALLENGE_ALREADY_USED', 'This registration challenge was already used to register a passkey: issue a new challenge for each registration', {
        errors: [{ field: 'challenge', message: 'was already used by an earlier registration' }],
      });
    }
  }

  private insert(accountId: string, type: CredentialType, nickname: string, extra: Partial<WalletCredential>): AuthMethod {
    const now = this.ctx.clock.nowMs();
    const credential: WalletCredential = {
      id: this.ctx.ids('AuthMethod'), accountId, type, nickname, oauthIss: null, oauthSub: null, oauthAud: null,
      credentialId: null, passkeyPublicKey: null, passkeyCounter: null, transports: null, createdAt: now, updatedAt: now, ...extra,
    };
    return this.ctx.transaction(() => {
      this.repo.insert(credential);
      const m = authMethodOf(credential);
      this.ctx.events.append('AUTH_METHOD.CREATED', 'AuthMethod', credential.id, m);
      return m;
    });
  }
}
