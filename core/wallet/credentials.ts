import type { z } from 'zod';
import type { Ctx } from '../context';
import { noContent, reply } from '../api/contract';
import { conflict, invalidInput, ServiceError } from '../kernel/errors';
import { authMethodFromRow, authMethodsOf, insertAuthMethod, type AuthMethodRow } from './repo';
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
  constructor(
    private readonly ctx: Ctx,
    private readonly sessions: SessionService,
    private readonly signed: SignedRetry,
    private readonly otp: OtpService,
    private readonly relyingParty: () => RelyingParty,
  ) {}

  /** Creates the credential a wallet is born with: EMAIL_OTP tied to its customer's email. */
  createInitial(accountId: string, email: string): AuthMethod {
    return this.insert(accountId, 'EMAIL_OTP', email, {});
  }

  /** `POST /auth/credentials`: checks first, then 202 and, on the signed retry, 201 with the new credential. */
  async create(body: z.infer<typeof createCredentialSchema>, req: SignedRequest): Promise<Signed<{ status: 201; body: AuthMethod }>> {
    const wallet = this.sessions.wallet(body.accountId);
    const customer = wallet.customer_id ? this.ctx.db.prepare('SELECT email, phone_number FROM customers WHERE id = ?').get(wallet.customer_id) as { email: string | null; phone_number: string | null } : undefined;
    const existing = authMethodsOf(this.ctx.db, wallet.id);
    let nickname: string;
    let extra: Partial<AuthMethodRow> = {};
    switch (body.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP': {
        if (existing.some((m) => m.type === body.type)) throw new ServiceError(400, `${body.type}_CREDENTIAL_ALREADY_EXISTS`, `This wallet already has an ${body.type} credential (one per account)`);
        const contact = body.type === 'EMAIL_OTP' ? customer?.email : customer?.phone_number;
        if (!contact) throw invalidInput('type', `the wallet's customer has no ${body.type === 'EMAIL_OTP' ? 'email' : 'phone number'} to send codes to`);
        nickname = contact;
        break;
      }
      case 'OAUTH': {
        const claims = readOidcToken(body.oidcToken, this.ctx.clock.nowMs());
        if (existing.some((m) => m.type === 'OAUTH' && m.oauth_iss === claims.iss && m.oauth_sub === claims.sub)) {
          throw conflict(`This wallet already has an OAUTH credential for ${claims.iss} subject ${claims.sub}`);
        }
        nickname = claims.email ?? claims.sub;
        extra = { oauth_iss: claims.iss, oauth_sub: claims.sub, oauth_aud: claims.aud };
        break;
      }
      case 'PASSKEY': {
        const reg = await verifyRegistration(body.attestation, body.challenge, this.relyingParty());
        const dup = this.ctx.db.prepare('SELECT id FROM auth_methods WHERE credential_id = ? AND revoked_at IS NULL').get(reg.credentialId);
        if (dup) throw new ServiceError(400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', `Passkey ${reg.credentialId} is already registered`);
        nickname = body.nickname;
        extra = { credential_id: reg.credentialId, passkey_public_key: reg.publicKey, passkey_counter: reg.counter, transports: body.attestation.transports ? JSON.stringify(body.attestation.transports) : null };
        break;
      }
    }
    const r = this.signed.exchange(req, { accountId: wallet.id, type: body.type, activity: ACTIVITY[body.type], parameters: { accountId: wallet.id, type: body.type, nickname }, key: { kind: 'SESSION' } });
    if ('challenge' in r) return r.challenge;
    const created = this.insert(wallet.id, body.type, nickname, extra);
    // Why: an OTP credential is activated like the first one (flow rule 7), so its creation sends the first code.
    if (created.type === 'EMAIL_OTP' || created.type === 'SMS_OTP') return reply(201, { ...created, otpEncryptionTargetBundle: this.otp.issue(this.sessions.credential(created.id)) });
    return reply(201, created);
  }

  /** The live credentials of a wallet (not paginated). */
  list(accountId: string): { data: AuthMethod[] } {
    return { data: authMethodsOf(this.ctx.db, accountId).map(authMethodFromRow) };
  }

  /** `DELETE /auth/credentials/{id}`: 202, then 204 on a retry stamped by a session of a different credential. */
  revoke(id: string, req: SignedRequest): Signed<ReturnType<typeof noContent>> {
    const m = this.sessions.credential(id);
    if (authMethodsOf(this.ctx.db, m.account_id).length <= 1) {
      throw new ServiceError(400, 'INVALID_INPUT', 'A wallet keeps at least one credential: add another before revoking this one', { errors: [{ field: 'id', message: 'is the only credential of the wallet' }] });
    }
    const r = this.signed.exchange(req, { accountId: m.account_id, type: m.type, activity: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', parameters: { authMethodId: id }, key: { kind: 'SESSION', excludeAuthMethodId: id } });
    if ('challenge' in r) return r.challenge;
    this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      this.ctx.db.prepare('UPDATE auth_methods SET revoked_at = ?, updated_at = ? WHERE id = ?').run(now, now, id);
      this.sessions.revoke({ authMethodId: id }, 'CREDENTIAL_REVOKED');
      this.ctx.events.append('AUTH_METHOD.REVOKED', 'AuthMethod', id, { accountId: m.account_id, type: m.type });
    });
    return noContent();
  }

  private insert(accountId: string, type: CredentialType, nickname: string, extra: Partial<AuthMethodRow>): AuthMethod {
    const now = this.ctx.clock.nowMs();
    const row: AuthMethodRow = {
      id: this.ctx.ids('AuthMethod'), account_id: accountId, type, nickname, oauth_iss: null, oauth_sub: null, oauth_aud: null,
      credential_id: null, passkey_public_key: null, passkey_counter: null, transports: null, created_at: now, updated_at: now, revoked_at: null, ...extra,
    };
    return this.ctx.transaction(() => {
      insertAuthMethod(this.ctx.db, row);
      const m = authMethodFromRow(row);
      this.ctx.events.append('AUTH_METHOD.CREATED', 'AuthMethod', row.id, m);
      return m;
    });
  }
}
