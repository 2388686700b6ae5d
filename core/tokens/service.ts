import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../context';
import { invalidInput, notFound, unauthorized } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { Authenticator, Permission, Principal } from '../api/types';
import { tokenRepo, type TokenSecret } from './repo';
import type { ApiToken, CreatedApiToken, TokenFilter } from './schema';

// Why SHA-256 and not a slow KDF: secrets are 256-bit random values, so brute force is hopeless and
// a per-request KDF would only slow every API call. The salt keeps equal secrets from hashing alike.
function hashSecret(secret: string, salt: string): string {
  return createHash('sha256').update(salt).update(secret).digest('hex');
}

/** How long a verified Basic credential is trusted without looking it up and hashing it again. */
const VERIFIED_FOR_MS = 5_000;
/** How stale a token's lastUsedAt may be (on the workspace clock) before a call writes it again. */
const TOUCH_EVERY_MS = 1_000;

/** API tokens: creation (secret shown once), listing, revocation, and Basic-auth verification. */
export class TokenService implements Authenticator {
  private readonly repo;
  // Why a cache: every API call used to look the token up, hash its secret and write lastUsedAt.
  // Entries live a few seconds and are dropped at once when their token is deleted.
  private readonly verified = new Map<string, { principal: Principal; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(private readonly ctx: Ctx) {
    this.repo = tokenRepo(ctx.db);
  }

  /** Creates a token; `id` and `secret` may be given (seeding from SVC_CLIENT_ID/SVC_CLIENT_SECRET). */
  create(name: string, permissions: Permission[], fixed?: { id: string; secret: string }): CreatedApiToken {
    const id = fixed?.id ?? this.ctx.ids('Token');
    const secret = fixed?.secret ?? randomBytes(32).toString('base64url');
    const salt = randomBytes(16).toString('hex');
    const now = this.ctx.clock.nowMs();
    this.ctx.transaction(() => {
      this.repo.insert({ id, name, secretHash: hashSecret(secret, salt), secretSalt: salt, permissions: [...new Set(permissions)], atMs: now });
      this.ctx.events.append('TOKEN.CREATED', 'Token', id, { name, permissions });
    });
    return { ...this.get(id), clientSecret: secret };
  }

  /** One live token. */
  get(id: string): ApiToken {
    const found = this.repo.findLive(id);
    if (!found) throw notFound('TOKEN_NOT_FOUND', `Token ${id} not found`);
    return found.token;
  }

  /** Live tokens, newest first. */
  list(f: Partial<TokenFilter> & { limit: number }): Page<ApiToken> {
    return this.repo.list(f);
  }

  /** Revokes a token; later calls with it are 401. */
  delete(id: string): void {
    this.get(id);
    this.ctx.transaction(() => {
      this.repo.delete(id, this.ctx.clock.nowMs());
      this.ctx.events.append('TOKEN.DELETED', 'Token', id, {});
    });
    for (const [header, v] of this.verified) if (v.principal.id === id) this.verified.delete(header);
    this.touched.delete(id);
  }

  /** Number of live tokens. */
  count(): number {
    return this.repo.count();
  }

  /** The principal of a live token, for a console call sent as it; unknown or revoked is a 400 naming `asToken`. */
  tokenPrincipal(id: string): Principal {
    const row = this.repo.findLive(id);
    if (!row) throw invalidInput('asToken', `no live API token has the id ${id} (it is unknown or was revoked)`);
    this.touch(id);
    return { kind: 'TOKEN', id, permissions: [...row.token.permissions] };
  }

  /** Verifies an `Authorization: Basic` header value and returns the calling principal. */
  authenticate(header: string | undefined): Principal {
    const hit = header === undefined ? undefined : this.verified.get(header);
    if (hit && hit.until > performance.now()) {
      this.touch(hit.principal.id);
      return { ...hit.principal, permissions: [...hit.principal.permissions] };
    }
    if (!header) throw unauthorized('Missing Authorization header: use HTTP Basic with your client id and client secret');
    const m = /^Basic\s+(.+)$/i.exec(header.trim());
    if (!m) throw unauthorized('Authorization must use the Basic scheme with your client id and client secret');
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    // Why several split points: client ids look like `Token:<uuid>` (a colon inside the user part) and
    // fixed secrets may contain colons too, so the split is the one whose left side names a live token.
    let row: TokenSecret | undefined;
    let secret = '';
    for (let i = decoded.lastIndexOf(':'); i > 0; i = decoded.lastIndexOf(':', i - 1)) {
      row = this.repo.findLive(decoded.slice(0, i));
      if (row) {
        secret = decoded.slice(i + 1);
        break;
      }
    }
    if (!decoded.includes(':')) throw unauthorized('Basic credentials must be "clientId:clientSecret"');
    const expected = row ? Buffer.from(row.secretHash, 'hex') : Buffer.alloc(32);
    const actual = Buffer.from(hashSecret(secret, row?.secretSalt ?? 'absent'), 'hex');
    if (!row || !timingSafeEqual(expected, actual)) throw unauthorized('Invalid client id or client secret');
    const id = row.token.id;
    this.touch(id);
    if (this.verified.size >= 1_000) this.verified.clear();
    this.verified.set(header, { principal: { kind: 'TOKEN', id, permissions: [...row.token.permissions] }, until: performance.now() + VERIFIED_FOR_MS });
    return { kind: 'TOKEN', id, permissions: row.token.permissions };
  }

  /** Records the token's use, at most once per TOUCH_EVERY_MS of workspace time (a write per call cost more than the call). */
  private touch(id: string): void {
    const now = this.ctx.clock.nowMs();
    const last = this.touched.get(id);
    if (last !== undefined && now >= last && now - last < TOUCH_EVERY_MS) return;
    this.touched.set(id, now);
    this.repo.touch(id, now);
  }
}
