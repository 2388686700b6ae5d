import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, type JWTPayload } from 'jose';
import { invalidInput, unauthorized } from '../kernel/errors';
import { sha256Hex } from './crypto';

/** Issuers the sandbox accepts OIDC tokens from. */
export const SUPPORTED_ISSUERS = ['https://accounts.google.com', 'accounts.google.com', 'https://appleid.apple.com'];
/** How old `iat` may be (plus the clock skew). */
export const MAX_TOKEN_AGE_S = 60;
/** Clock skew tolerated on either side of `iat`. */
export const CLOCK_SKEW_S = 5;

/** The claims the service relies on. */
export interface OidcClaims {
  iss: string;
  aud: string;
  sub: string;
  iat: number;
  exp: number;
  email?: string;
  nonce?: string;
}

/**
 * Reads a JWT-shaped OIDC token and checks its claims against the workspace clock. A token that is not
 * JWT-shaped is 400 INVALID_INPUT; a failed check is 401 UNAUTHORIZED with a reason naming it.
 */
export function readOidcToken(token: string, nowMs: number): OidcClaims {
  // jose decodes without verifying on purpose: the sandbox accepts any signature segment (spec, sandbox
  // rule 4). The claim checks stay ours: their windows and the one-element aud array are the spec's rules.
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) {
    throw invalidInput('oidcToken', 'is not a JWT (three base64url segments: header.payload.signature)');
  }
  let claims: JWTPayload;
  try {
    decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    throw invalidInput('oidcToken', 'has a header or payload segment that is not base64url JSON');
  }
  const now = nowMs / 1000;
  const iss = claims['iss'];
  if (typeof iss !== 'string' || !SUPPORTED_ISSUERS.includes(iss)) throw unauthorized(`OIDC iss ${JSON.stringify(iss)} is not a supported issuer (${SUPPORTED_ISSUERS.join(', ')})`);
  const audRaw = claims['aud'];
  const aud = Array.isArray(audRaw) && audRaw.length === 1 ? audRaw[0] : audRaw;
  if (typeof aud !== 'string' || aud === '') throw unauthorized('OIDC aud must be a non-empty string or a single-element array of one');
  const sub = claims['sub'];
  if (typeof sub !== 'string' || sub === '') throw unauthorized('OIDC sub must be a non-empty string');
  const iat = claims['iat'];
  if (typeof iat !== 'number') throw unauthorized('OIDC iat must be a number');
  if (iat < now - MAX_TOKEN_AGE_S - CLOCK_SKEW_S) throw unauthorized(`OIDC iat is more than ${MAX_TOKEN_AGE_S} seconds old; get a fresh token`);
  if (iat > now + CLOCK_SKEW_S) throw unauthorized('OIDC iat is in the future');
  const exp = claims['exp'];
  if (typeof exp !== 'number') throw unauthorized('OIDC exp must be a number');
  if (exp <= now) throw unauthorized('OIDC token has expired (exp)');
  const out: OidcClaims = { iss, aud, sub, iat, exp };
  if (typeof claims['email'] === 'string') out.email = claims['email'];
  if (typeof claims['nonce'] === 'string') out.nonce = claims['nonce'];
  return out;
}

/** The nonce a verify token must carry: lowercase hex SHA-256 of the exact clientPublicKey hex string. */
export function expectedNonce(clientPublicKey: string): string {
  return sha256Hex(clientPublicKey);
}

/**
 * Plays the identity provider for tests and the console's rehearsal: a signed JWT carrying exactly these
 * claims (none added or checked, so a test can send a bad one). The key is thrown away: the sandbox
 * checks claims, not the provider's signature, so the token only needs to be a real JWS.
 */
export async function makeOidcToken(claims: Record<string, unknown>): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'sandbox' }).sign(privateKey);
}
