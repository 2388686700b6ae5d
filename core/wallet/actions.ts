import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { noContent, reply } from '../api/contract';
import { conflict, invalidInput, unauthorized } from '../kernel/errors';
import type { InternalAccount, InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import { verificationStatusOf, type Customer } from '../customers/schema';
import type { TiedContacts } from '../customers/routes';
import { credentialRepo } from './repo';
import { hpkeSeal, toHex } from './crypto';
import type { CredentialService } from './credential-service';
import type { SessionService } from './sessions';
import type { Signed, SignedRequest, SignedRetry } from './signed-retry';
import type { AuthSession, CredentialType, WalletExport, exportSchema, privacySchema } from './schema';

/** Signed wallet actions beyond credentials: session refresh and revocation, export, privacy, and the tied email. */
export class WalletActions implements TiedContacts {
  private readonly repo;

  constructor(
    private readonly ctx: Ctx,
    private readonly sessions: SessionService,
    private readonly credentials: CredentialService,
    private readonly signed: SignedRetry,
    private readonly internal: InternalAccountService,
    private readonly customers: CustomerService,
    private readonly organizationId: () => string,
  ) {
    this.repo = credentialRepo(ctx.db);
  }

  /** Sandbox provisioning: an EMBEDDED_WALLET for a customer, born with an EMAIL_OTP credential tied to the customer's email. */
  createWallet(customerId: string, currency: string): InternalAccount {
    this.customers.assertLive(customerId);
    const customer = this.customers.get(customerId);
    const email = customer.email;
    if (!email) throw invalidInput('customerId', 'the customer needs an email: the wallet is born with an EMAIL_OTP credential tied to it');
    if (this.internal.findOwned(customerId, currency, 'EMBEDDED_WALLET')) {
      throw conflict(`Customer ${customerId} already has a ${currency} embedded wallet`);
    }
    return this.ctx.transaction(() => {
      const account = this.internal.provisionEmbeddedWallet(customerId, currency, verificationStatusOf(customer) === 'APPROVED' ? 'ACTIVE' : 'PENDING');
      this.repo.insertSecret(account.id, generateMnemonic(wordlist, 256), this.ctx.clock.nowMs());
      this.credentials.createInitial(account.id, email);
      return account;
    });
  }

  /** `DELETE /auth/sessions/{id}`: 202, then 204 on a retry stamped by any active session of the wallet. */
  revokeSession(id: string, req: SignedRequest): Signed<ReturnType<typeof noContent>> {
    const s = this.sessions.active(id);
    const r = this.signed.exchange(req, { accountId: s.accountId, type: s.type, activity: 'ACTIVITY_TYPE_DELETE_API_KEYS', parameters: { sessionIds: [id] }, key: { kind: 'SESSION' } });
    if ('challenge' in r) return r.challenge;
    this.sessions.revoke({ sessionId: id }, 'REVOKED_BY_CLIENT');
    return noContent();
  }

  /**
   * `POST /auth/sessions/{id}/refresh`: 202, then 201 with a new session on a retry stamped by this
   * session's key. The new key is sealed first; the returned step checks the stamp and writes.
   */
  async refreshSession(id: string, clientPublicKey: string, req: SignedRequest): Promise<() => Signed<{ status: 201; body: AuthSession }>> {
    this.activeForRefresh(id);
    const key = await this.sessions.prepareKey({ clientKey: clientPublicKey });
    return () => {
      // Checked again: the session may have been revoked while the key was being sealed.
      const s = this.activeForRefresh(id);
      const r = this.signed.exchange(req, { accountId: s.accountId, type: s.type, activity: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', parameters: { targetPublicKey: clientPublicKey, sessionId: id }, key: { kind: 'SESSION', onlySessionId: id } });
      if ('challenge' in r) return r.challenge;
      return reply(201, this.sessions.mint(this.sessions.credential(s.authMethodId), key));
    };
  }

  /**
   * `POST /internal-accounts/{id}/export`: 202, then the wallet's mnemonic sealed to the client's key.
   * The sealing comes first; the returned step checks the stamp, records the export and answers.
   */
  async exportWallet(accountId: string, body: z.infer<typeof exportSchema>, req: SignedRequest): Promise<() => Signed<{ status: 200; body: WalletExport }>> {
    const wallet = this.sessions.wallet(accountId);
    // Every embedded wallet is born with its secret (createWallet), so a missing one is a broken invariant.
    const mnemonic = this.repo.secretOf(wallet.id);
    if (mnemonic === undefined) throw new Error(`Embedded wallet ${wallet.id} has no secret`);
    const { enc, ciphertext } = await hpkeSeal(new TextEncoder().encode(mnemonic), body.clientPublicKey);
    const data = toHex(new TextEncoder().encode(JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext), organizationId: this.organizationId() })));
    return () => {
      const r = this.signed.exchange(req, { accountId, type: this.walletType(accountId), activity: 'ACTIVITY_TYPE_EXPORT_WALLET', parameters: { walletId: accountId, targetPublicKey: body.clientPublicKey }, key: { kind: 'SESSION' } });
      if ('challenge' in r) return r.challenge;
      this.ctx.transaction(() => this.ctx.events.append('INTERNAL_ACCOUNT.EXPORTED', 'InternalAccount', accountId, { sessionId: r.proof.sessionId }));
      return reply(200, { id: accountId, encryptedWalletCredentials: JSON.stringify({ version: 'v1.0.0', data, dataSignature: '', enclaveQuorumPublic: '' }) });
    };
  }

  /** `PATCH /internal-accounts/{id}`: 202, then the privacy setting applied; a patch without a change answers the wallet as it is. */
  updatePrivacy(accountId: string, body: z.infer<typeof privacySchema>, req: SignedRequest): Signed<{ status: 200; body: InternalAccount }> {
    this.sessions.wallet(accountId);
    // Why no challenge: the stamp authorizes a change, and an empty patch changes nothing (a merge patch of {}).
    if (body.privateEnabled === undefined) return reply(200, this.internal.get(accountId));
    const r = this.signed.exchange(req, { accountId, type: this.walletType(accountId), activity: 'ACTIVITY_TYPE_UPDATE_WALLET_PRIVACY', parameters: { walletId: accountId, ...body }, key: { kind: 'SESSION' } });
    if ('challenge' in r) return r.challenge;
    return reply(200, this.internal.setPrivacy(accountId, body.privateEnabled));
  }

  private activeForRefresh(id: string) {
    // Why 401 and not 404: refreshing is authentication; an inactive session fails it on either leg.
    const s = this.sessions.activeOrNull(id);
    if (!s) throw unauthorized(`Session ${id} is not active (revoked or expired): verify a credential again`);
    return s;
  }

  /** The credential type a wallet-level action reports: that of the wallet's oldest live credential (the one it was born with). */
  private walletType(accountId: string): CredentialType {
    const oldest = this.repo.liveOf(accountId)[0];
    // A wallet is born with a credential and revocation always leaves one, so this is a broken invariant.
    if (!oldest) throw new Error(`Embedded wallet ${accountId} has no live credential`);
    return oldest.type;
  }

  /** The live OTP credentials tied to a customer's contact (EMAIL_OTP to the email, SMS_OTP to the phone), oldest wallet first. */
  tiedCredentials(customerId: string, type: 'EMAIL_OTP' | 'SMS_OTP'): { accountId: string; authMethodId: string }[] {
    const wallets = this.internal.embeddedWalletIdsOf(customerId);
    const methods = this.repo.liveOfType(wallets, type);
    // In wallet order (oldest wallet first), as the signed retry names the first tied wallet.
    return wallets.flatMap((accountId) => methods.filter((m) => m.accountId === accountId).map((m) => ({ accountId, authMethodId: m.id })));
  }

  /** The contact changes of a customer patch that touch tied OTP credentials. */
  tiedChanges(customerId: string, patch: Parameters<CustomerService['update']>[1]): { type: 'EMAIL_OTP' | 'SMS_OTP'; value: string }[] {
    const current = this.customers.get(customerId);
    const changes: { type: 'EMAIL_OTP' | 'SMS_OTP'; value: string }[] = [];
    if (patch.email !== undefined && patch.email !== current['email'] && this.tiedCredentials(customerId, 'EMAIL_OTP').length) changes.push({ type: 'EMAIL_OTP', value: patch.email });
    if (patch.phoneNumber !== undefined && patch.phoneNumber !== current['phoneNumber'] && this.tiedCredentials(customerId, 'SMS_OTP').length) changes.push({ type: 'SMS_OTP', value: patch.phoneNumber });
    return changes;
  }

  /**
   * `PATCH /customers/{id}` changing an email tied to EMAIL_OTP (or a phone tied to SMS_OTP): 202, then on
   * the retry stamped by a session of the first tied wallet, the customer and every tied credential change together.
   */
  updateTiedContact(customerId: string, patch: Parameters<CustomerService['update']>[1], req: SignedRequest): Signed<{ status: 200; body: Customer }> {
    const changes = this.tiedChanges(customerId, patch);
    const first = this.tiedCredentials(customerId, changes[0]!.type)[0]!;
    const r = this.signed.exchange(req, {
      accountId: first.accountId, type: changes[0]!.type, activity: 'ACTIVITY_TYPE_UPDATE_USER_CONTACT',
      parameters: { customerId, ...Object.fromEntries(changes.map((c) => [c.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber', c.value])) }, key: { kind: 'SESSION' },
    });
    if ('challenge' in r) return r.challenge;
    return this.ctx.transaction(() => {
      const customer = this.customers.update(customerId, patch);
      for (const change of changes) {
        for (const tied of this.tiedCredentials(customerId, change.type)) {
          this.repo.rename(tied.authMethodId, change.value, this.ctx.clock.nowMs());
          this.ctx.events.append('AUTH_METHOD.UPDATED', 'AuthMethod', tied.authMethodId, { nickname: change.value });
        }
      }
      return reply(200, customer);
    });
  }
}
