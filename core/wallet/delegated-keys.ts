import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { noContent, reply } from '../api/contract';
import type { Signed, SignedRequest } from '../api/signed-request';
import { newKeyPair, stamp } from './crypto';
import { credentialRepo } from './repo';
import type { SessionService } from './sessions';
import type { SignedRetry } from './signed-retry';
import { delegatedKeyRepo } from './delegated-key-repo';
import type { createDelegatedKeySchema, DelegatedKey, listDelegatedKeysQuery } from './delegated-key-schema';

/**
 * Delegated keys of embedded wallets, in the contract's flow: the platform names a card and the embedded
 * wallet that funds it; the wallet's owner authorizes with a session stamp (202, then 201 on the retry);
 * the server then generates the P-256 pair, keeps the private scalar and answers the public key. The key
 * stamps that card's debits of the wallet (`stamp`), so they need no session of the owner. Listing and
 * revoking are platform calls (upstream answers DELETE with 204 and no signed retry).
 */
export class DelegatedKeys {
  private readonly repo;
  private readonly credentials;

  /** `cardOf` answers a card's state and funding accounts, 404 REFERENCE_NOT_FOUND when unknown (cards sit above wallets, so it is passed in). */
  constructor(
    private readonly ctx: Ctx,
    private readonly sessions: SessionService,
    private readonly signed: SignedRetry,
    private readonly cardOf: (id: string) => { state: string; fundingSources: readonly string[] },
  ) {
    this.repo = delegatedKeyRepo(ctx.db);
    this.credentials = credentialRepo(ctx.db);
  }

  /** `POST /auth/delegated-keys`: checks the card and wallet, answers the 202 challenge, then creates the key on a valid stamped retry. */
  create(body: z.infer<typeof createDelegatedKeySchema>, req: SignedRequest): Signed<{ status: 201; body: DelegatedKey }> {
    const wallet = this.walletOf(body.internalAccountId);
    const card = this.cardOf(body.cardId);
    if (!card.fundingSources.includes(wallet.id)) {
      throw invalidInput('internalAccountId', `${wallet.id} is not a funding source of card ${body.cardId} (its sources: ${card.fundingSources.join(', ')})`);
    }
    if (card.state === 'CLOSED') throw invalidInput('cardId', `card ${body.cardId} is CLOSED`);
    // The wallet's oldest live credential names the type the 202 reports, as for the other wallet-level actions.
    const type = this.credentials.liveOf(wallet.id)[0]?.type;
    if (!type) throw new Error(`Embedded wallet ${wallet.id} has no live credential`);
    // The owner authorizes a key for this card and wallet; its public key exists only once they have.
    const r = this.signed.exchange(req, {
      accountId: wallet.id, type, activity: 'ACTIVITY_TYPE_CREATE_API_KEYS',
      parameters: { apiKeys: [{ apiKeyName: body.nickname }], cardId: body.cardId, walletId: wallet.id },
      key: { kind: 'SESSION' },
    });
    if ('challenge' in r) return r.challenge;
    const pair = newKeyPair();
    return this.ctx.transaction(() => {
      // One funding source id per card and wallet pair, time-ordered like every id (its uuid from a fresh id).
      const fundingSourceId = this.repo.fundingSourceOf(body.cardId, wallet.id) ?? `CardFundingSource:${this.ctx.ids('DelegatedKey').slice('DelegatedKey:'.length)}`;
      const key = this.repo.insert({
        id: this.ctx.ids('DelegatedKey'), cardId: body.cardId, accountId: wallet.id, fundingSourceId, publicKey: pair.publicKey,
        privateKey: pair.privateKey, nickname: body.nickname, atMs: this.ctx.clock.nowMs(),
      });
      this.ctx.events.append('DELEGATED_KEY.CREATED', 'DelegatedKey', key.id, key);
      return reply(201, key);
    });
  }

  /** One delegated key (404 REFERENCE_NOT_FOUND). */
  get(id: string): DelegatedKey {
    const k = this.repo.find(id);
    if (!k) throw notFound('REFERENCE_NOT_FOUND', `Delegated key ${id} not found`);
    return k;
  }

  /** Delegated keys, oldest first; a wallet named by accountId must be an embedded wallet. */
  list(q: z.infer<typeof listDelegatedKeysQuery>): Page<DelegatedKey> {
    if (q.accountId !== undefined) this.walletOf(q.accountId, 'accountId');
    return this.repo.list(q);
  }

  /**
   * A stamp over `payload` by an ACTIVE delegated key, in the Svc-Wallet-Signature format (what the
   * card's wallet debits carry instead of a session's stamp); 404 for an unknown or revoked key.
   */
  stamp(id: string, payload: string): string {
    const privateKey = this.repo.signingKey(id);
    if (!privateKey) throw notFound('REFERENCE_NOT_FOUND', `Delegated key ${id} is not an active key`);
    return stamp(payload, privateKey);
  }

  /** Revokes a key at once (revoking a revoked key is a no-op, still 204). */
  revoke(id: string): ReturnType<typeof noContent> {
    this.ctx.transaction(() => {
      const k = this.get(id);
      if (k.status === 'REVOKED') return;
      this.repo.revoke(id, this.ctx.clock.nowMs());
      this.ctx.events.append('DELEGATED_KEY.REVOKED', 'DelegatedKey', id, this.get(id));
    });
    return noContent();
  }

  /** The embedded wallet an id names (400 naming the field otherwise; 404 when no account has it). */
  private walletOf(id: string, field = 'internalAccountId') {
    try {
      return this.sessions.wallet(id);
    } catch (e) {
      // sessions.wallet names `accountId`; this request calls the field by the contract's name.
      if (e instanceof ServiceError && e.status === 400) throw invalidInput(field, `${id} is not an EMBEDDED_WALLET account`);
      throw e;
    }
  }
}
