import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import { reply } from '../api/contract';
import { unauthorized } from '../kernel/errors';
import { activeSessions } from './repo';
import { decodeStamp, verifyStamp } from './crypto';
import type { CredentialType, SignedRetryChallenge } from './schema';

/** Who may stamp the retry of a signed action. */
export type KeyRule =
  /** A key of an active session of the wallet; `excludeAuthMethodId` rules out sessions of that credential. */
  | { kind: 'SESSION'; excludeAuthMethodId?: string; onlySessionId?: string }
  /** Exactly this key (OTP verification: the client's freshly generated key, sealed in the OTP bundle). */
  | { kind: 'KEY'; publicKey: string };

/** One signed action as a route describes it. */
export interface SignedAction {
  accountId: string;
  /** Credential type reported in the 202 body. */
  type: CredentialType;
  /** Upstream-style activity type placed in the payload, e.g. ACTIVITY_TYPE_DELETE_API_KEYS. */
  activity: string;
  parameters: Record<string, unknown>;
  key: KeyRule;
}

/** The 202 reply of leg 1. */
export type ChallengeReply = { status: 202; body: SignedRetryChallenge };

/** A signed action's outcome: the 202 challenge, or the action's own typed reply (`reply(...)` / `noContent()`). */
export type Signed<R extends { status: number; body?: unknown }> = ChallengeReply | R;

/** What one leg of the exchange gives: the 202 reply to send (leg 1), or the proof of a valid stamp (leg 2). */
export type Exchange = { challenge: ChallengeReply } | { proof: SignedProof };

/** The request as the signed-retry check sees it. */
export interface SignedRequest {
  method: string;
  path: string;
  body: string;
  signature: string | undefined;
  requestId: string | undefined;
}

/** What a successful signed retry proves: the session (if any) whose key stamped it. */
export interface SignedProof {
  sessionId: string | null;
  publicKey: string | null;
  legacy: boolean;
}

/** The legacy sandbox header value, still accepted in place of a real stamp. */
export const LEGACY_SIGNATURE = 'sandbox-valid-signature';
/** How long a signed-retry challenge stays valid. */
export const SIGNED_RETRY_TTL_MS = 5 * 60 * 1000;

interface PendingRow {
  request_id: string;
  account_id: string;
  method: string;
  path: string;
  body_hash: string;
  kind: string;
  payload: string;
  key_rule: string;
  expires_at: number;
  used_at: number | null;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

/** Hash of a body for binding the two legs: JSON compared by value (key order and spacing ignored), other text byte for byte. */
export function bodyHash(body: string): string {
  let text = body.trim();
  try {
    text = text === '' ? '' : JSON.stringify(canonical(JSON.parse(text)));
  } catch {
    // not JSON: compare the raw text
  }
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The signed-retry exchange, one mechanism for every signed wallet action. Leg 1 (no signature
 * headers) stores the request and answers 202 with `payloadToSign`, `requestId` and `expiresAt`;
 * leg 2 must repeat the same method, path and body with `Svc-Wallet-Signature` and `Request-Id`, before
 * `expiresAt`, once. Each failure has its own 401 code.
 */
export class SignedRetry {
  constructor(private readonly ctx: Ctx, private readonly organizationId: () => string) {}

  /** Runs the exchange: on leg 1 the 202 reply with the activity JSON to sign, on leg 2 the proof of a valid stamp. */
  exchange(req: SignedRequest, action: SignedAction): Exchange {
    if (!this.isRetry(req)) {
      const leg = this.newLeg();
      const payload = JSON.stringify({ organizationId: this.organizationId(), parameters: { ...action.parameters, requestId: leg.requestId }, timestampMs: String(leg.now), type: action.activity });
      return { challenge: this.issue(req, action, leg, payload) };
    }
    return { proof: this.verify(req, action) };
  }

  /**
   * The same exchange for a payload made asynchronously from the request id and expiry (OTP verification
   * signs a token with jose, which is async). Nothing is stored before the payload exists.
   */
  async exchangeWithPayload(req: SignedRequest, action: SignedAction, payload: (requestId: string, expiresAt: number) => Promise<string>): Promise<Exchange> {
    if (!this.isRetry(req)) {
      const leg = this.newLeg();
      return { challenge: this.issue(req, action, leg, await payload(leg.requestId, leg.expiresAt)) };
    }
    return { proof: this.verify(req, action) };
  }

  /** Leg 1 carries neither header; leg 2 both (either alone is its own 401). */
  private isRetry(req: SignedRequest): boolean {
    if (req.signature === undefined && req.requestId === undefined) return false;
    if (req.signature === undefined) throw unauthorized('Svc-Wallet-Signature is required on the signed retry', 'WALLET_SIGNATURE_MISSING');
    if (req.requestId === undefined) throw unauthorized('Request-Id is required on the signed retry (the requestId of the 202 answer)', 'REQUEST_ID_MISSING');
    return true;
  }

  /** Refuses a Request-Id that was already used, before any other work on the request (401 REQUEST_ID_REUSED). */
  assertNotReused(req: SignedRequest): void {
    if (!req.requestId) return;
    const row = this.ctx.db.prepare('SELECT used_at FROM signed_requests WHERE request_id = ?').get(req.requestId) as { used_at: number | null } | undefined;
    if (row && row.used_at !== null) throw unauthorized(`Request-Id ${req.requestId} has already been used; start the exchange again`, 'REQUEST_ID_REUSED');
  }

  private newLeg(): { requestId: string; now: number; expiresAt: number } {
    const now = this.ctx.clock.nowMs();
    return { requestId: this.ctx.ids('Request'), now, expiresAt: now + SIGNED_RETRY_TTL_MS };
  }

  private issue(req: SignedRequest, action: SignedAction, leg: { requestId: string; now: number; expiresAt: number }, payload: string): ChallengeReply {
    this.ctx.db
      .prepare(`INSERT INTO signed_requests (request_id, account_id, method, path, body_hash, kind, payload, key_rule, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(leg.requestId, action.accountId, req.method, req.path, bodyHash(req.body), action.activity, payload, JSON.stringify(action.key), leg.now, leg.expiresAt);
    return reply(202, { type: action.type, payloadToSign: payload, requestId: leg.requestId, expiresAt: new Date(leg.expiresAt).toISOString() });
  }

  private verify(req: SignedRequest, action: SignedAction): SignedProof {
    const row = this.ctx.db.prepare('SELECT * FROM signed_requests WHERE request_id = ?').get(req.requestId) as PendingRow | undefined;
    if (!row) throw unauthorized(`Request-Id ${req.requestId} was not issued by a signed-retry challenge`, 'UNAUTHORIZED');
    if (row.used_at !== null) throw unauthorized(`Request-Id ${req.requestId} has already been used; start the exchange again`, 'REQUEST_ID_REUSED');
    if (this.ctx.clock.nowMs() >= row.expires_at) throw unauthorized(`The signed-retry challenge expired at ${new Date(row.expires_at).toISOString()}; start the exchange again`, 'UNAUTHORIZED');
    if (row.method !== req.method || row.path !== req.path || row.account_id !== action.accountId || row.kind !== action.activity) {
      throw unauthorized(`Request-Id ${req.requestId} was issued for ${row.method} ${row.path}, not for ${req.method} ${req.path}`, 'WALLET_SIGNATURE_BODY_MISMATCH');
    }
    if (row.body_hash !== bodyHash(req.body)) throw unauthorized('The retry body differs from the body of the first request', 'WALLET_SIGNATURE_BODY_MISMATCH');
    const proof = this.check(req.signature!, row.payload, JSON.parse(row.key_rule) as KeyRule, action.accountId);
    this.ctx.db.prepare('UPDATE signed_requests SET used_at = ? WHERE request_id = ?').run(this.ctx.clock.nowMs(), row.request_id);
    return proof;
  }

  /** Checks a stamp over `payload` against a key rule (also used by quote execution, which has no Request-Id). */
  check(signature: string, payload: string, rule: KeyRule, accountId: string): SignedProof {
    if (signature === LEGACY_SIGNATURE) return { sessionId: null, publicKey: null, legacy: true };
    const stamp = decodeStamp(signature);
    if (!stamp) throw unauthorized('Svc-Wallet-Signature is not a base64url JSON stamp {publicKey (compressed P-256 hex), scheme, signature (DER hex)}', 'WALLET_SIGNATURE_MALFORMED');
    let sessionId: string | null = null;
    if (rule.kind === 'KEY') {
      if (stamp.publicKey !== rule.publicKey) throw unauthorized('The stamp was not made with the key sealed in the OTP bundle', 'WALLET_SIGNATURE_INVALID');
    } else {
      const session = activeSessions(this.ctx.db, accountId, this.ctx.clock.nowMs()).find(
        (s) => s.public_key === stamp.publicKey && s.auth_method_id !== rule.excludeAuthMethodId && (!rule.onlySessionId || s.id === rule.onlySessionId),
      );
      if (!session) {
        const why = rule.excludeAuthMethodId ? 'an active session of a different credential of this wallet' : rule.onlySessionId ? `the session ${rule.onlySessionId}` : 'an active session of this wallet';
        throw unauthorized(`The stamp's public key does not belong to ${why}`, 'WALLET_SIGNATURE_INVALID');
      }
      sessionId = session.id;
    }
    if (!verifyStamp(stamp, payload)) throw unauthorized('The stamp does not verify over payloadToSign', 'WALLET_SIGNATURE_INVALID');
    return { sessionId, publicKey: stamp.publicKey, legacy: false };
  }
}
