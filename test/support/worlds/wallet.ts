// Embedded-wallet helpers for the API suites: a wallet world over a real loopback server, the signed-retry
// exchange, OTP / OAUTH sign-in as a client does it (real HPKE, real P-256 stamps), and a small software
// WebAuthn authenticator (real ECDSA, real CBOR). Nothing here mocks the core.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { Core } from '../../../core/index';
import type { ApiAnswer } from '../../../core/api-client-types';
import type { Customer } from '../../../core/customers/schema';
import { decodeStamp, encryptOtpBundle, newKeyPair, openSessionKey, stamp, STAMP_SCHEME, toHex } from '../../../core/wallet/crypto';
import { expectedNonce, makeOidcToken } from '../../../core/wallet/oauth';
import { expectError } from '../assertions';
import { createCustomer, expectStatus, newCore, startServer, type TestServer } from '../builders';
import { FROZEN_MS, type ApiClient, type ApiResult } from '../api-client';

export const enc = encodeURIComponent;
export const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
/** The sandbox OTP code. */
export const OTP = '000000';
/** The default OIDC audience and issuer of the test tokens. */
export const ISS = 'https://accounts.google.com';
export const AUD = 'sandbox-web-client';

/** A P-256 key pair as hex (private scalar, compressed and uncompressed public keys). */
export type KeyPair = ReturnType<typeof newKeyPair>;
/** An embedded wallet (internal account) as the sandbox answers it. */
export type Wallet = ApiAnswer<'POST /sandbox/customers/{customerId}/embedded-wallet'>;
/** One credential of a wallet. */
export type Credential = ApiAnswer<'GET /auth/credentials'>['data'][number];
/** One session of a wallet. */
export type Session = ApiAnswer<'GET /auth/sessions'>['data'][number];
/** A session the client can stamp with. */
export interface ClientSession {
  id: string;
  privateKey: string;
  /** The verify answer the session came in (its id, expiry and encrypted key). */
  body: Record<string, unknown>;
}

/** One workspace with a customer and an embedded wallet, over real HTTP. */
export interface WalletWorld {
  core: Core;
  srv: TestServer;
  api: ApiClient;
  customer: Customer;
  wallet: Wallet;
  /** The EMAIL_OTP credential the wallet is born with. */
  emailCredId: string;
  close(): Promise<void>;
}

/** POST /sandbox/customers/{id}/embedded-wallet. */
export function createWallet(api: ApiClient, customerId: string, body?: unknown): Promise<ApiResult> {
  return api.post(`/sandbox/customers/${enc(customerId)}/embedded-wallet`, body);
}

/** The live credentials of a wallet. */
export async function credentialsOf(api: ApiClient, accountId: string): Promise<Credential[]> {
  return expectStatus(await api.send('GET /auth/credentials', { query: { accountId } }), 200, 'list credentials').body.data;
}

/** The active sessions of a wallet. */
export async function sessionsOf(api: ApiClient, accountId: string): Promise<Session[]> {
  return expectStatus(await api.send('GET /auth/sessions', { query: { accountId } }), 200, 'list sessions').body.data;
}

/** A fresh core and server, a customer (with overrides) and its USDC embedded wallet. */
export async function openWalletWorld(customer: Record<string, unknown> = {}): Promise<WalletWorld> {
  const core = newCore();
  const srv = await startServer(core);
  const w = await addWallet(srv.api, customer);
  return { core, srv, api: srv.api, ...w, close: async () => { await srv.close(); core.close(); } };
}

/** Another customer with its own embedded wallet in the same workspace. */
export async function addWallet(api: ApiClient, customerOverrides: Record<string, unknown> = {}): Promise<{ customer: Customer; wallet: Wallet; emailCredId: string }> {
  const customer = await createCustomer(api, customerOverrides);
  const r = await createWallet(api, customer.id);
  expectStatus(r, 201, 'create embedded wallet');
  const creds = await credentialsOf(api, r.body.id);
  return { customer, wallet: r.body as Wallet, emailCredId: creds[0]!.id };
}

/** The workspace clock, in ms. */
export async function nowMs(api: ApiClient): Promise<number> {
  const r = await api.get('/sandbox/clock');
  expectStatus(r, 200, 'read clock');
  return Date.parse(r.body.now);
}

/** Moves the workspace clock (the only way time passes in these tests). */
export async function advance(api: ApiClient, seconds: number): Promise<void> {
  expectStatus(await api.post('/sandbox/clock/advance', { seconds }), 200, 'advance clock');
}

/** Sends a request with optional raw or JSON body and headers. */
export function send(api: ApiClient, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult> {
  return api.request(method, path, { body, headers });
}

/** The two retry headers. */
export function retryHeaders(signature: string | undefined, requestId: string | undefined): Record<string, string> {
  const h: Record<string, string> = {};
  if (signature !== undefined) h['Svc-Wallet-Signature'] = signature;
  if (requestId !== undefined) h['Request-Id'] = requestId;
  return h;
}

/** Leg 1 of a signed action: asserts 202 and returns the challenge body. */
export async function firstLeg(api: ApiClient, method: string, path: string, body?: unknown): Promise<{ type: string; payloadToSign: string; requestId: string; expiresAt: string }> {
  const r = await send(api, method, path, body);
  expectStatus(r, 202, `${method} ${path} leg 1`);
  return r.body;
}

/** The whole exchange: leg 1, then the same request stamped with `privateKey` (or `signature` verbatim). */
export async function signed(api: ApiClient, method: string, path: string, body: unknown, privateKey: string | { signature: string }): Promise<ApiResult> {
  const ch = await firstLeg(api, method, path, body);
  const signature = typeof privateKey === 'string' ? stamp(ch.payloadToSign, privateKey) : privateKey.signature;
  return send(api, method, path, body, retryHeaders(signature, ch.requestId));
}

/** The target bundle of a fresh OTP challenge. */
export async function otpChallenge(api: ApiClient, credId: string): Promise<string> {
  const r = await api.post(`/auth/credentials/${enc(credId)}/challenge`);
  expectStatus(r, 200, 'OTP challenge');
  return r.body.otpEncryptionTargetBundle;
}

/** EMAIL_OTP / SMS_OTP sign-in as flow rule 1: bundle, 202, stamped retry, 200 session held by the TEK. */
export async function otpSignIn(api: ApiClient, credId: string, type = 'EMAIL_OTP', targetBundle?: string): Promise<ClientSession> {
  const bundle = targetBundle ?? (await otpChallenge(api, credId));
  const tek = newKeyPair();
  const body = { type, encryptedOtpBundle: await encryptOtpBundle(bundle, OTP, tek.publicKeyUncompressed) };
  const r = await signed(api, 'POST', `/auth/credentials/${enc(credId)}/verify`, body, tek.privateKey);
  expectStatus(r, 200, 'OTP verify retry');
  return { id: r.body.id, privateKey: tek.privateKey, body: r.body };
}

/** OIDC claims valid at `nowS` (seconds), with overrides; a property set to undefined is dropped. */
export function oidcClaims(nowS: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const claims: Record<string, unknown> = { iss: ISS, aud: AUD, sub: 'google-oauth2|1001', iat: nowS, exp: nowS + 600, email: 'wallet.owner@gmail.com', ...overrides };
  for (const k of Object.keys(claims)) if (claims[k] === undefined) delete claims[k];
  return claims;
}

/** A fresh OIDC token at the workspace clock. */
export async function oidcToken(api: ApiClient, overrides: Record<string, unknown> = {}): Promise<string> {
  return makeOidcToken(oidcClaims(Math.floor((await nowMs(api)) / 1000), overrides));
}

/** Adds an OAUTH credential (202, then 201 stamped by `stamper`). */
export async function addOauth(api: ApiClient, accountId: string, stamper: string, overrides: Record<string, unknown> = {}): Promise<Credential> {
  const r = await signed(api, 'POST', '/auth/credentials', { type: 'OAUTH', accountId, oidcToken: await oidcToken(api, overrides) }, stamper);
  return expectStatus(r, 201, 'create OAUTH credential').body as Credential;
}

/** OAUTH verify with a fresh client key and a token carrying its nonce; opens the sealed session key. */
export async function oauthSignIn(api: ApiClient, credId: string, overrides: Record<string, unknown> = {}): Promise<ClientSession> {
  const client = newKeyPair();
  const token = await oidcToken(api, { nonce: expectedNonce(client.publicKey), ...overrides });
  const r = await api.post(`/auth/credentials/${enc(credId)}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey: client.publicKey });
  expectStatus(r, 200, 'OAUTH verify');
  return { id: r.body.id, privateKey: await openSessionKey(r.body.encryptedSessionSigningKey, client.privateKey), body: r.body };
}

/** A stamp whose DER signature has its `s` replaced by n - s (the other valid, high- or low-S form). */
export function flipS(header: string): string {
  const s = decodeStamp(header)!;
  const sig = p256.Signature.fromHex(s.signature, 'der');
  const flipped = new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s);
  return b64url(JSON.stringify({ publicKey: s.publicKey, scheme: STAMP_SCHEME, signature: flipped.toHex('der') }));
}

/** A stamp over `payload` that is high-S (flipped when the signer produced a low-S one). */
export function highSStamp(payload: string, privateKey: string): string {
  const header = stamp(payload, privateKey);
  return p256.Signature.fromHex(decodeStamp(header)!.signature, 'der').hasHighS() ? header : flipS(header);
}

/** Registration and assertion as the browser hands them over (binary fields base64url). */
export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}
export interface Assertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
}

/** What an assertion may be bent on, to rehearse each failed check. */
export interface AssertOptions {
  origin?: string;
  rpId?: string;
  flags?: number;
  counter?: number;
  /** Sign other bytes than authenticatorData ‖ SHA-256(clientDataJSON). */
  badSignature?: boolean;
}

/** A software authenticator with one ES256 credential (real P-256, real CBOR, attestation format none). */
export class SoftAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  private readonly privateKey = p256.utils.randomSecretKey();
  counter = 0;

  constructor(readonly origin = 'http://localhost:4100', readonly rpId = 'localhost') {}

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return new Uint8Array([...sha256(new TextEncoder().encode(rpId)), flags, ...count, ...(attested ?? [])]);
  }

  /** navigator.credentials.create for a base64url registration challenge. */
  register(challenge: string, o: { origin?: string; rpId?: string; flags?: number } = {}): Attestation {
    const pub = p256.getPublicKey(this.privateKey, false);
    const cose = new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, pub.slice(1, 33)], [-3, pub.slice(33, 65)]]);
    const id = Buffer.from(this.credentialId, 'base64url');
    const len = Buffer.alloc(2);
    len.writeUInt16BE(id.length);
    const attested = new Uint8Array([...new Uint8Array(16), ...len, ...id, ...isoCBOR.encode(cose)]);
    const authData = this.authData(o.rpId ?? this.rpId, o.flags ?? 0x41, this.counter, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin: o.origin ?? this.origin, crossOrigin: false });
    return { credentialId: this.credentialId, clientDataJson: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal'] };
  }

  /** navigator.credentials.get for the hex challenge of a PASSKEY challenge (its UTF-8 bytes are the WebAuthn challenge). */
  assert(hexChallenge: string, o: AssertOptions = {}): Assertion {
    const counter = o.counter ?? ++this.counter;
    const authData = this.authData(o.rpId ?? this.rpId, o.flags ?? 0x01, counter);
    const clientData = new TextEncoder().encode(JSON.stringify({ type: 'webauthn.get', challenge: b64url(hexChallenge), origin: o.origin ?? this.origin, crossOrigin: false }));
    const signed = new Uint8Array([...authData, ...sha256(clientData)]);
    if (o.badSignature) signed[0] = signed[0]! ^ 0xff;
    const signature = p256.sign(signed, this.privateKey, { format: 'der' });
    return { credentialId: this.credentialId, clientDataJson: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) };
  }
}

/** Registers a passkey through the signed retry, stamped by `stamper`; returns the 201 result. */
export async function addPasskey(api: ApiClient, accountId: string, stamper: string, auth = new SoftAuthenticator(), nickname = 'Test laptop'): Promise<ApiResult> {
  const challenge = b64url(randomBytes(32));
  return signed(api, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId, nickname, challenge, attestation: auth.register(challenge) }, stamper);
}

/** A PASSKEY challenge bound to a client key. */
export async function passkeyChallenge(api: ApiClient, credId: string, clientPublicKey: string): Promise<{ challenge: string; requestId: string; expiresAt: string; credentialId: string }> {
  const r = await api.post(`/auth/credentials/${enc(credId)}/challenge`, { clientPublicKey });
  expectStatus(r, 200, 'PASSKEY challenge');
  return r.body;
}

/** PASSKEY verify with an assertion and a Request-Id header (omitted when undefined). */
export function passkeyVerify(api: ApiClient, credId: string, assertion: unknown, requestId: string | undefined): Promise<ApiResult> {
  return send(api, 'POST', `/auth/credentials/${enc(credId)}/verify`, { type: 'PASSKEY', assertion }, retryHeaders(undefined, requestId));
}

/** A 401 with this code whose `reason` (top level and details.reason) names the failed check. */
export function expect401(r: ApiResult, code: string, reason?: RegExp | string): void {
  expectError(r, 401, code);
  expect(typeof r.body.reason, r.text).toBe('string');
  expect(r.body.details?.reason, r.text).toBe(r.body.reason);
  if (typeof reason === 'string') expect(r.body.reason, r.text).toBe(reason);
  else if (reason) expect(r.body.reason, r.text).toMatch(reason);
}

/** `Request:<uuid>`. */
export const REQUEST_ID = /^Request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** ISO instant `seconds` after the frozen start. */
export const at = (seconds: number) => new Date(FROZEN_MS + seconds * 1000).toISOString();

export { toHex };
