import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import { reply } from '../api/contract';
import { unauthorized } from '../kernel/errors';
import type { ChallengeReply, CredentialType, SignedRequest } from '../api/signed-request';
import { sessionRepo } from './session-repo';
import { signedRequestRepo, type KeyRule } from './signed-request-repo';
import { decodeStamp, verifyStamp } from './crypto';

/** Who may stamp the retry (declared with the stored exchange in signed-request-repo.ts). */
export type { KeyRule } from './signed-request-repo';
/** The HTTP side of the exchange (declared in api/signed-request.ts, where any area's route can use it). */
export type { ChallengeReply, Signed, SignedRequest } from '../api/signed-request';

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

/** What one leg of the exchange gives: the 202 reply to send (leg 1), or the proof of a valid stamp (leg 2). */
export type Exchange = { challenge: ChallengeReply } | { proof: SignedProof };

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
  private readonly requests;
  private readonly sessions;

  constructor(private readonly ctx: Ctx, private readonly organizationId: () => string) {
    this.requests = signedRequestRepo(ctx.db);
    this.sessions = sessionRepo(ctx.db);
  }

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
   * The exchange for an action whose leg-1 payload is made asynchronously (a signed token): the payload
   * is made first, and the returned step stores the leg (leg 1) or checks the stamp (leg 2), so that it
   * can run with the request's other writes.
   */
  async exchangeWithPayload(req: SignedRequest, action: SignedAction, payload: (requestId: string, expiresAt: number) => Promise<string>): Promise<() => Exchange> {
    if (!this.isRetry(req)) {
      const leg = this.newLeg();
      const text = await payload(leg.requestId, leg.expiresAt);
      return () => ({ challenge: this.issue(req, action, leg, text) });
    }
    return () => ({ proof: this.verify(req, action) });
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
    const pending = this.requests.find(req.requestId);
    if (pending && pending.usedAt !== null) throw unauthorized(`Request-Id ${req.requestId} has already been used; start the exchange again`, 'REQUEST_ID_REUSED');
  }

  private newLeg(): { requestId: string; now: number; expiresAt: number } {
    const now = this.ctx.clock.nowMs();
    return { requestId: this.ctx.ids('Request'), now, expiresAt: now + SIGNED_RETRY_TTL_MS };
  }

  private issue(req: SignedRequest, action: SignedAction, leg: { requestId: string; now: number; expiresAt: number }, payload: string): ChallengeReply {
    this.requests.insert({
      requestId: leg.requestId, accountId: action.accountId, method: req.method, path: req.path, bodyHash: bodyHash(req.body),
      kind: action.activity, payload, keyRule: action.key, createdAt: leg.now, expiresAt: leg.expiresAt,
    });
    return reply(202, { type: action.type, payloadToSign: payload, requestId: leg.requestId, expiresAt: new Date(leg.expiresAt).toISOString() });
  }

  private verify(req: SignedRequest, action: SignedAction): SignedProof {
    const row = req.requestId === undefined ? undefined : this.requests.find(req.requestId);
    if (!row) throw unauthorized(`Request-Id ${req.requestId} was not issued by a signed-retry challenge`, 'UNAUTHORIZED');
    if (row.usedAt !== null) throw unauthorized(`Request-Id ${req.requestId} has already been used; start the exchange again`, 'REQUEST_ID_REUSED');
    if (this.ctx.clock.nowMs() >= row.expiresAt) throw unauthorized(`The signed-retry challenge expired at ${new Date(row.expiresAt).toISOString()}; start the exchange again`, 'UNAUTHORIZED');
    if (row.method !== req.method || row.path !== req.path || row.accountId !== action.accountId || row.kind !== action.activity) {
      throw unauthorized(`Request-Id ${req.requestId} was issued for ${row.method} ${row.path}, not for ${req.method} ${req.path}`, 'WALLET_SIGNATURE_BODY_MISMATCH');
    }
    if (row.bodyHash !== bodyHash(req.body)) throw unauthorized('The retry body differs from the body of the first request', 'WALLET_SIGNATURE_BODY_MISMATCH');
    const proof = this.check(req.signature!, row.payload, row.keyRule, action.accountId);
    this.requests.use(row.requestId, this.ctx.clock.nowMs());
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
      const session = this.sessions.activeOf(accountId, this.ctx.clock.nowMs()).find(
        (s) => s.publicKey === stamp.publicKey && s.authMethodId !== rule.excludeAuthMethodId && (!rule.onlySessionId || s.id === rule.onlySessionId),
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
