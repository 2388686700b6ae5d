import type { ApiRequest, ApiResponse } from '../../core/index';
import type { InternalAccount } from '../../core/accounts/internal-service';
import type { AuthMethod, AuthSession } from '../../core/wallet/schema';
import { compressPublicKey, decodeStamp, fromHex, hpkeOpen, newKeyPair, sealSessionKey, targetBundle, verifyStamp } from '../../core/wallet/crypto';
import { expectedNonce, readOidcToken } from '../../core/wallet/oauth';
import { fakeBridge } from './fake-bridge';
import { T0 } from './money-fixtures';

/** The embedded wallet every wallet test works on. */
export const ACCOUNT = 'InternalAccount:0193f0c2-0000-7000-8000-00000000a11c';
/** Its initial EMAIL_OTP credential. */
export const EMAIL_CREDENTIAL: AuthMethod = {
  id: 'AuthMethod:email', accountId: ACCOUNT, type: 'EMAIL_OTP', nickname: 'alice.johnson@example.com',
  createdAt: new Date(T0).toISOString(), updatedAt: new Date(T0).toISOString(),
};
/** A second credential (OAUTH) for revocation and OAuth sign-in. */
export const OAUTH_CREDENTIAL: AuthMethod = { ...EMAIL_CREDENTIAL, id: 'AuthMethod:oauth', type: 'OAUTH' };

const iso = (ms: number) => new Date(ms).toISOString();
const ok = (status: number, body: unknown): ApiResponse => ({ status, headers: {}, body });
const refuse = (status: number, code: string, message: string): ApiResponse => ok(status, { status, code, message, reason: message });

interface Pending {
  method: string;
  path: string;
  body: string;
  payload: string;
  /** The one key allowed to stamp (OTP: the TEK), or a rule over the held sessions. */
  key: { publicKey: string } | { excludeAuthMethodId?: string };
  done: () => Promise<ApiResponse>;
}

/**
 * A bridge that answers the wallet calls the way the core does, with the core's own isomorphic
 * cryptography: real HPKE target bundles and sealed session keys, real stamp verification over the
 * exact payload issued, single-use request ids bound to method, path and body. The clock is frozen at T0.
 */
export function walletFake(credentials: AuthMethod[] = [EMAIL_CREDENTIAL]) {
  const clockMs = T0 + 60_000;
  const sessions: (AuthSession & { publicKey: string })[] = [];
  const pending = new Map<string, Pending>();
  const issuedPayloads: string[] = [];
  const sealedKeys: string[] = [];
  let enclave: ReturnType<typeof newKeyPair> | null = null;
  let n = 0;

  const account = {
    id: ACCOUNT, customerId: 'Customer:alice', type: 'EMBEDDED_WALLET', status: 'ACTIVE',
    balance: { amount: 0, currency: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
    totalBalance: { amount: 0, currency: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
    fundingPaymentInstructions: [], privateEnabled: false, createdAt: iso(T0), updatedAt: iso(T0),
  } as InternalAccount;
  const publicSessions = (): AuthSession[] => sessions.map(({ publicKey: _k, ...s }) => s);

  function mint(m: AuthMethod, publicKey: string): AuthSession & { publicKey: string } {
    const base = { id: `Session:${++n}`, accountId: ACCOUNT, nickname: m.nickname, authMethodId: m.id, createdAt: iso(clockMs), updatedAt: iso(clockMs), expiresAt: iso(clockMs + 15 * 60_000), publicKey };
    const s: AuthSession & { publicKey: string } = m.type === 'PASSKEY' ? { ...base, type: m.type, credentialId: m.credentialId } : { ...base, type: m.type };
    sessions.push(s);
    return s;
  }

  function challenge(req: ApiRequest, key: Pending['key'], done: Pending['done'], type: string): ApiResponse {
    const requestId = `Request:${++n}`;
    const payload = JSON.stringify({ organizationId: 'org', parameters: { requestId }, timestampMs: String(clockMs), type: 'ACTIVITY_TYPE_TEST' });
    issuedPayloads.push(payload);
    pending.set(requestId, { method: req.method, path: req.path, body: JSON.stringify(req.body ?? null), payload, key, done });
    return ok(202, { type, payloadToSign: payload, requestId, expiresAt: iso(clockMs + 300_000) });
  }

  /** Leg 2 of the signed retry: the pending request, same method, path and body, stamped by an allowed key. */
  async function retry(req: ApiRequest): Promise<ApiResponse> {
    const headers = req.headers ?? {};
    const p = pending.get(headers['Request-Id'] ?? '');
    if (!p) return refuse(401, 'UNAUTHORIZED', 'unknown Request-Id');
    pending.delete(headers['Request-Id']!);
    if (p.method !== req.method || p.path !== req.path || p.body !== JSON.stringify(req.body ?? null)) return refuse(401, 'WALLET_SIGNATURE_BODY_MISMATCH', 'retry differs');
    const stamp = decodeStamp(headers['Svc-Wallet-Signature'] ?? '');
    if (!stamp || !verifyStamp(stamp, p.payload)) return refuse(401, 'WALLET_SIGNATURE_INVALID', 'The stamp does not verify over payloadToSign');
    const allowed = 'publicKey' in p.key
      ? stamp.publicKey === p.key.publicKey
      : sessions.some((s) => s.publicKey === stamp.publicKey && s.authMethodId !== (p.key as { excludeAuthMethodId?: string }).excludeAuthMethodId);
    if (!allowed) return refuse(401, 'WALLET_SIGNATURE_INVALID', "The stamp's public key is not allowed to sign this");
    return p.done();
  }

  async function api(sent: ApiRequest): Promise<ApiResponse> {
    // As the real router does, path parameters are read decoded (the client percent-encodes ids).
    const req = { ...sent, path: decodeURIComponent(sent.path) };
    if (req.headers?.['Request-Id'] && req.headers['Svc-Wallet-Signature']) return retry(req);
    const m = /^\/auth\/credentials\/([^/]+)(?:\/(challenge|verify))?$/.exec(req.path);
    const cred = credentials.find((c) => c.id === m?.[1]);
    if (!m || !cred) return refuse(404, 'NOT_FOUND', `no ${req.method} ${req.path}`);
    if (m[2] === 'challenge') {
      enclave = newKeyPair();
      return ok(200, { ...cred, otpEncryptionTargetBundle: targetBundle(enclave.publicKeyUncompressed, 'org', ACCOUNT) });
    }
    if (m[2] === 'verify') {
      const body = req.body as { type: string; encryptedOtpBundle?: string; oidcToken?: string; clientPublicKey?: string };
      if (body.type === 'OAUTH') {
        try {
          const claims = readOidcToken(body.oidcToken ?? '', clockMs);
          if (claims.nonce !== expectedNonce(body.clientPublicKey ?? '')) return refuse(401, 'UNAUTHORIZED', 'OIDC nonce must be the SHA-256 of clientPublicKey');
        } catch (err) {
          const e = err as { status: number; code: string; message: string };
          return refuse(e.status, e.code, e.message);
        }
        const pair = newKeyPair();
        sealedKeys.push(pair.privateKey);
        return ok(200, { ...mint(cred, pair.publicKey), publicKey: undefined, encryptedSessionSigningKey: await sealSessionKey(pair.privateKey, body.clientPublicKey!) });
      }
      if (!enclave) return refuse(401, 'UNAUTHORIZED', 'No code is pending');
      const sealed = JSON.parse(body.encryptedOtpBundle ?? '{}') as { encappedPublic: string; ciphertext: string };
      const plain = JSON.parse(new TextDecoder().decode(await hpkeOpen(fromHex(sealed.ciphertext), fromHex(sealed.encappedPublic), enclave.privateKey))) as { otp_code: string; public_key: string };
      if (plain.otp_code !== '000000') return refuse(401, 'UNAUTHORIZED', 'Invalid OTP code');
      const tek = compressPublicKey(plain.public_key);
      return challenge(req, { publicKey: tek }, async () => {
        const { publicKey: _k, ...s } = mint(cred, tek);
        return ok(200, s);
      }, cred.type);
    }
    if (req.method === 'DELETE') {
      return challenge(req, { excludeAuthMethodId: cred.id }, async () => {
        credentials = credentials.filter((c) => c.id !== cred.id);
        for (let i = sessions.length - 1; i >= 0; i--) if (sessions[i]!.authMethodId === cred.id) sessions.splice(i, 1);
        return ok(204, null);
      }, cred.type);
    }
    return refuse(404, 'NOT_FOUND', `no ${req.method} ${req.path}`);
  }

  const fake = fakeBridge({
    'clock/get': () => ({ mode: 'FROZEN' as const, now: iso(clockMs), offsetSeconds: 0, pendingJobs: 0, nextJobDueAt: null }),
    'wallets/list': () => [{ account, customerName: 'Alice Johnson', email: 'alice.johnson@example.com', credentials: credentials.length, activeSessions: sessions.length }],
    'wallets/detail': () => ({ account, customerId: 'Customer:alice', credentials, sessions: publicSessions(), relyingParty: { rpId: 'localhost', origins: ['http://localhost:3000'] } }),
  }, api);
  return { ...fake, clockMs, sessions, issuedPayloads, sealedKeys };
}
