import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import type { Page } from '../kernel/pagination';
import { noContent, reply } from '../api/contract';
import type { Signed, SignedRequest } from '../api/signed-request';
import { compressPublicKey } from './crypto';
import { credentialRepo } from './repo';
import type { SessionService } from './sessions';
import type { SignedRetry } from './signed-retry';
import { delegatedKeyRepo } from './delegated-key-repo';
import type { createDelegatedKeySchema, DelegatedKey, listDelegatedKeysQuery } from './delegated-key-schema';

/**
 * Delegated keys of embedded wallets. Adding one is a wallet action like adding a credential: a 202 with
 * the activity to stamp, then 201 on the retry stamped by an active session of the wallet. Listing and
 * revoking are platform calls (upstream answers DELETE with 204 and no signed retry).
 */
export class DelegatedKeys {
  private readonly repo;
  private readonly credentials;

  constructor(private readonly ctx: Ctx, private readonly sessions: SessionService, private readonly signed: SignedRetry) {
    this.repo = delegatedKeyRepo(ctx.db);
    this.credentials = credentialRepo(ctx.db);
  }

  /** `POST /auth/delegated-keys`: checks the request, answers the 202 challenge, then stores the key on a valid stamped retry. */
  create(body: z.infer<typeof createDelegatedKeySchema>, req: SignedRequest): Signed<{ status: 201; body: DelegatedKey }> {
    this.sessions.wallet(body.accountId);
    let publicKey: string;
    try {
      publicKey = compressPublicKey(body.publicKey.toLowerCase());
    } catch {
      throw invalidInput('publicKey', 'is not a point of the P-256 curve');
    }
    const now = this.ctx.clock.nowMs();
    const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
    if (expiresAt !== null && expiresAt <= now) throw invalidInput('expiresAt', `must be in the future (the workspace time is ${isoOf(now)})`);
    if (this.repo.liveExists(body.accountId, publicKey)) throw conflict(`This public key is already an active delegated key of ${body.accountId}`);
    // The wallet's oldest live credential names the type the 202 reports, as for the other wallet-level actions.
    const type = this.credentials.liveOf(body.accountId)[0]?.type;
    if (!type) throw new Error(`Embedded wallet ${body.accountId} has no live credential`);
    const r = this.signed.exchange(req, {
      accountId: body.accountId, type, activity: 'ACTIVITY_TYPE_CREATE_API_KEYS',
      parameters: { apiKeys: [{ apiKeyName: body.nickname ?? 'delegated key', publicKey, ...(body.expiresAt ? { expirationSeconds: String(Math.round((expiresAt! - now) / 1000)) } : {}) }] },
      key: { kind: 'SESSION' },
    });
    if ('challenge' in r) return r.challenge;
    return this.ctx.transaction(() => {
      const key = this.repo.insert(this.ctx.ids('DelegatedKey'), body.accountId, publicKey, body.nickname ?? null, expiresAt, this.ctx.clock.nowMs());
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

  /** A wallet's delegated keys, oldest first. */
  list(q: z.infer<typeof listDelegatedKeysQuery>): Page<DelegatedKey> {
    this.sessions.wallet(q.accountId);
    return this.repo.list(q);
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
}
